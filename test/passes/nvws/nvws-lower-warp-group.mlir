// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(nvws-lower-warp-group)' | FileCheck %s --implicit-check-not=nvws.

// A first group with the module's 4 warps becomes the default region and
// keeps its results; scalars and memory descriptors from above become
// captures (block arguments of each partition), each once.

#sh = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @default_with_results
  // CHECK: %[[R:.*]]:2 = ttg.warp_specialize(%arg1, %arg0, %arg3)
  // CHECK-NEXT: default {
  // CHECK-NEXT: %[[S:.*]] = arith.muli %arg0, %arg0 : i32
  // CHECK-NEXT: ttg.warp_yield %[[S]], %arg2 : i32, f32
  // CHECK-NEXT: }
  // CHECK-NEXT: partition0(%[[B:.*]]: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %[[X:.*]]: i32, %[[P:.*]]: !tt.ptr<i32>) num_warps(2) {
  // CHECK-NEXT: ttng.arrive_barrier %[[B]], 1
  // CHECK-NEXT: %[[Y:.*]] = arith.addi %[[X]], %[[X]] : i32
  // CHECK-NEXT: tt.store %[[P]], %[[Y]]
  // CHECK-NEXT: ttng.arrive_barrier %[[B]], 2
  // CHECK-NEXT: ttg.warp_return
  // CHECK-NEXT: }
  // CHECK-NEXT: partition1(%[[B1:.*]]: !ttg.memdesc<1xi64, #shared, #smem, mutable>, %{{.*}}: i32, %{{.*}}: !tt.ptr<i32>) num_warps(4) {
  // CHECK-NEXT: ttng.arrive_barrier %[[B1]], 3
  // CHECK-NEXT: ttg.warp_return
  // CHECK-NEXT: } : (!ttg.memdesc<1xi64, #shared, #smem, mutable>, i32, !tt.ptr<i32>) -> (i32, f32)
  // CHECK-NEXT: tt.return %[[R]]#0, %[[R]]#1
  tt.func @default_with_results(%x: i32, %bar: !ttg.memdesc<1xi64, #sh, #smem, mutable>, %f: f32, %out: !tt.ptr<i32>) -> (i32, f32) {
    %r:2 = nvws.warp_group
    partition0 num_warps(4) {
      %s = arith.muli %x, %x : i32
      nvws.warp_group.yield %s, %f : i32, f32
    }
    partition1 num_warps(2) {
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #sh, #smem, mutable>
      %y = arith.addi %x, %x : i32
      tt.store %out, %y : !tt.ptr<i32>
      ttng.arrive_barrier %bar, 2 : !ttg.memdesc<1xi64, #sh, #smem, mutable>
      nvws.warp_group.return
    }
    partition2 num_warps(4) {
      ttng.arrive_barrier %bar, 3 : !ttg.memdesc<1xi64, #sh, #smem, mutable>
      nvws.warp_group.return
    }
    tt.return %r#0, %r#1 : i32, f32
  }
}

// -----

// A first group of another size: the default region is empty and every
// group is a partition. Constants and pure tensor ops are recomputed in
// each partition (what they use is captured); a tensor made by an op with
// effects goes through shared memory in its register order.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[SH:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
  // CHECK-LABEL: @captured_tensors
  // CHECK: %[[V:.*]] = tt.load %arg1
  // CHECK-NEXT: %[[PBUF:.*]] = ttg.local_alloc %arg1 : (tensor<16x16x!tt.ptr<f32>, #blocked>) -> !ttg.memdesc<16x16x!tt.ptr<f32>, #[[SH]], #smem>
  // CHECK-NEXT: %[[VBUF:.*]] = ttg.local_alloc %[[V]] : (tensor<16x16xf32, #blocked>) -> !ttg.memdesc<16x16xf32, #[[SH]], #smem>
  // CHECK-NEXT: ttg.warp_specialize(%arg2, %arg0, %[[PBUF]], %[[VBUF]])
  // CHECK-NEXT: default {
  // CHECK-NEXT: ttg.warp_yield
  // CHECK-NEXT: }
  // CHECK-NEXT: partition0(%[[OUT:.*]]: !tt.ptr<f32>, %[[X0:.*]]: f32, %{{.*}}: !ttg.memdesc<16x16x!tt.ptr<f32>, #[[SH]], #smem>, %{{.*}}: !ttg.memdesc<16x16xf32, #[[SH]], #smem>) num_warps(2) {
  // CHECK-NEXT: tt.store %[[OUT]], %[[X0]] : !tt.ptr<f32>
  // CHECK-NEXT: ttg.warp_return
  // CHECK-NEXT: }
  // CHECK-NEXT: partition1(%{{.*}}: !tt.ptr<f32>, %[[PX:.*]]: f32, %[[PB:.*]]: !ttg.memdesc<16x16x!tt.ptr<f32>, #[[SH]], #smem>, %{{.*}}: !ttg.memdesc<16x16xf32, #[[SH]], #smem>) num_warps(4) {
  // CHECK-NEXT: %[[CST:.*]] = arith.constant dense<1.000000e+00> : tensor<16x16xf32, #blocked>
  // CHECK-NEXT: %[[PTRS:.*]] = ttg.local_load %[[PB]] : !ttg.memdesc<16x16x!tt.ptr<f32>, #[[SH]], #smem> -> tensor<16x16x!tt.ptr<f32>, #blocked>
  // CHECK-NEXT: %[[SPLAT:.*]] = tt.splat %[[PX]] : f32 -> tensor<16x16xf32, #blocked>
  // CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[SPLAT]], %[[CST]]
  // CHECK-NEXT: tt.store %[[PTRS]], %[[SUM]]
  // CHECK-NEXT: ttg.warp_return
  // CHECK-NEXT: }
  // CHECK-NEXT: partition2(%{{.*}}: !tt.ptr<f32>, %{{.*}}: f32, %[[QB:.*]]: !ttg.memdesc<16x16x!tt.ptr<f32>, #[[SH]], #smem>, %[[QV:.*]]: !ttg.memdesc<16x16xf32, #[[SH]], #smem>) num_warps(4) {
  // CHECK-NEXT: %[[QPTRS:.*]] = ttg.local_load %[[QB]]
  // CHECK-NEXT: %[[QVAL:.*]] = ttg.local_load %[[QV]]
  // CHECK-NEXT: tt.store %[[QPTRS]], %[[QVAL]]
  // CHECK-NEXT: ttg.warp_return
  tt.func @captured_tensors(%x: f32, %p: tensor<16x16x!tt.ptr<f32>, #blocked>, %out: !tt.ptr<f32>) {
    %v = tt.load %p : tensor<16x16x!tt.ptr<f32>, #blocked>
    %one = arith.constant dense<1.0> : tensor<16x16xf32, #blocked>
    %splat = tt.splat %x : f32 -> tensor<16x16xf32, #blocked>
    %sum = arith.addf %splat, %one : tensor<16x16xf32, #blocked>
    nvws.warp_group
    partition0 num_warps(2) {
      tt.store %out, %x : !tt.ptr<f32>
      nvws.warp_group.return
    }
    partition1 num_warps(4) {
      tt.store %p, %sum : tensor<16x16x!tt.ptr<f32>, #blocked>
      nvws.warp_group.return
    }
    partition2 num_warps(4) {
      tt.store %p, %v : tensor<16x16x!tt.ptr<f32>, #blocked>
      nvws.warp_group.return
    }
    tt.return
  }
}

// -----

// Constants the partitions share are cloned into each, at the top.
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @cloned_constants
  // CHECK: ttg.warp_specialize(%arg0)
  // CHECK: partition0(%[[P0:.*]]: !tt.ptr<i32>) num_warps(1) {
  // CHECK-NEXT: %[[C0:.*]] = arith.constant 7 : i32
  // CHECK-NEXT: tt.store %[[P0]], %[[C0]]
  // CHECK: partition1(%[[P1:.*]]: !tt.ptr<i32>) num_warps(2) {
  // CHECK-NEXT: %[[C1:.*]] = arith.constant 7 : i32
  // CHECK-NEXT: %[[T1:.*]] = arith.constant true
  // CHECK-NEXT: tt.atomic_rmw add, relaxed, gpu, %[[P1]], %[[C1]], %[[T1]]
  tt.func @cloned_constants(%p: !tt.ptr<i32>) {
    %c7 = arith.constant 7 : i32
    %true = arith.constant true
    nvws.warp_group
    partition0 num_warps(1) {
      tt.store %p, %c7 : !tt.ptr<i32>
      nvws.warp_group.return
    }
    partition1 num_warps(2) {
      %old = tt.atomic_rmw add, relaxed, gpu, %p, %c7, %true : (!tt.ptr<i32>, i32, i1) -> i32
      nvws.warp_group.return
    }
    tt.return
  }
}

// tritongpu-remove-layout-conversions: a tensor a loop carries and converts
// to other layouts every iteration (a block's row offsets, advanced by a
// scalar step and used in the layouts of several loads) is also carried in
// each of those layouts, advanced by the same cheap ops in each; a read of
// shared memory (ttg.local_load) is done again in the layout a conversion
// of its value wants. Triton's backward rematerialization does both; in
// flex attention's backward, tile converted the offsets in the loop through
// 256 bytes of scratch, which put its shared memory 256 bytes above
// Triton's once the loop's register loads were pipelined.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s

#a = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#c = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @offsets_in_two_layouts
  // CHECK: scf.for {{.*}} -> (tensor<256xi32, #[[A:blocked[0-9]*]]>, tensor<256xi32, #[[B:blocked[0-9]*]]>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[NEXT_A:.+]] = arith.addi %{{.+}} : tensor<256xi32, #[[A]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[NEXT_B:.+]] = arith.addi %{{.+}} : tensor<256xi32, #[[B]]>
  // CHECK-NEXT: scf.yield %[[NEXT_A]], %[[NEXT_B]]
  tt.func @offsets_in_two_layouts(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %start: i32, %step: i32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #a>
    %s = tt.splat %start : i32 -> tensor<256xi32, #a>
    %init = arith.addi %s, %range : tensor<256xi32, #a>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #a>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%offs = %init) -> (tensor<256xi32, #a>) : i32 {
      %px = tt.addptr %xs, %offs : tensor<256x!tt.ptr<f32>, #a>, tensor<256xi32, #a>
      %vx = tt.load %px : tensor<256x!tt.ptr<f32>, #a>
      %vx2 = arith.addf %vx, %vx : tensor<256xf32, #a>
      tt.store %px, %vx2 : tensor<256x!tt.ptr<f32>, #a>
      %offs_b = ttg.convert_layout %offs : tensor<256xi32, #a> -> tensor<256xi32, #b>
      %py = tt.addptr %ys, %offs_b : tensor<256x!tt.ptr<f32>, #b>, tensor<256xi32, #b>
      %vy = tt.load %py : tensor<256x!tt.ptr<f32>, #b>
      %vy2 = arith.mulf %vy, %vy : tensor<256xf32, #b>
      tt.store %py, %vy2 : tensor<256x!tt.ptr<f32>, #b>
      %d = tt.splat %step : i32 -> tensor<256xi32, #a>
      %next = arith.addi %offs, %d : tensor<256xi32, #a>
      scf.yield %next : tensor<256xi32, #a>
    }
    tt.return
  }

  // Used only in two other layouts: carried in both, and the advance in
  // the old layout is dropped (the loop yields its argument unchanged; the
  // canonicalizer removes it).
  // CHECK-LABEL: tt.func @offsets_only_converted
  // CHECK: scf.for {{.*}} iter_args(%[[OLD:[^ ]+]] = {{.*}} -> (tensor<256xi32, #{{[^>]+}}>, tensor<256xi32, #{{[^>]+}}>, tensor<256xi32, #{{[^>]+}}>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: %[[NEXT_1:.+]] = arith.addi
  // CHECK-NEXT: %[[NEXT_2:.+]] = arith.addi
  // CHECK-NEXT: scf.yield %[[OLD]], %[[NEXT_2]], %[[NEXT_1]]
  tt.func @offsets_only_converted(%y: !tt.ptr<f32>, %z: !tt.ptr<f32>, %start: i32, %step: i32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #a>
    %s = tt.splat %start : i32 -> tensor<256xi32, #a>
    %init = arith.addi %s, %range : tensor<256xi32, #a>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b>
    %zs = tt.splat %z : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #c>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%offs = %init) -> (tensor<256xi32, #a>) : i32 {
      %offs_b = ttg.convert_layout %offs : tensor<256xi32, #a> -> tensor<256xi32, #b>
      %py = tt.addptr %ys, %offs_b : tensor<256x!tt.ptr<f32>, #b>, tensor<256xi32, #b>
      %vy = tt.load %py : tensor<256x!tt.ptr<f32>, #b>
      tt.store %py, %vy : tensor<256x!tt.ptr<f32>, #b>
      %offs_c = ttg.convert_layout %offs : tensor<256xi32, #a> -> tensor<256xi32, #c>
      %pz = tt.addptr %zs, %offs_c : tensor<256x!tt.ptr<f32>, #c>, tensor<256xi32, #c>
      %vz = tt.load %pz : tensor<256x!tt.ptr<f32>, #c>
      tt.store %pz, %vz : tensor<256x!tt.ptr<f32>, #c>
      %d = tt.splat %step : i32 -> tensor<256xi32, #a>
      %next = arith.addi %offs, %d : tensor<256xi32, #a>
      scf.yield %next : tensor<256xi32, #a>
    }
    tt.return
  }

  // A value the loop advances from another carried value stays converted.
  // CHECK-LABEL: tt.func @advanced_by_carried_value
  // CHECK: scf.for
  // CHECK: ttg.convert_layout
  tt.func @advanced_by_carried_value(%y: !tt.ptr<f32>, %init: tensor<256xi32, #a>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%offs = %init, %delta = %init) -> (tensor<256xi32, #a>, tensor<256xi32, #a>) : i32 {
      %offs_b = ttg.convert_layout %offs : tensor<256xi32, #a> -> tensor<256xi32, #b>
      %py = tt.addptr %ys, %offs_b : tensor<256x!tt.ptr<f32>, #b>, tensor<256xi32, #b>
      %vy = tt.load %py : tensor<256x!tt.ptr<f32>, #b>
      tt.store %py, %vy : tensor<256x!tt.ptr<f32>, #b>
      %next = arith.addi %offs, %delta : tensor<256xi32, #a>
      %delta2 = arith.addi %delta, %delta : tensor<256xi32, #a>
      scf.yield %next, %delta2 : tensor<256xi32, #a>, tensor<256xi32, #a>
    }
    tt.return
  }
}

// -----

#a = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @local_load_in_converted_layout
  // CHECK: %[[V:.+]] = ttg.local_load %{{.+}} -> tensor<256xf32, #[[B:blocked[0-9]*]]>
  // CHECK-NEXT: %[[W:.+]] = arith.mulf %[[V]], %[[V]] : tensor<256xf32, #[[B]]>
  // CHECK-NEXT: tt.store %{{.+}}, %[[W]] : tensor<256x!tt.ptr<f32>, #[[B]]>
  tt.func @local_load_in_converted_layout(%buf: !ttg.memdesc<256xf32, #s, #smem, mutable>, %q: tensor<256x!tt.ptr<f32>, #b>) {
    %v = ttg.local_load %buf : !ttg.memdesc<256xf32, #s, #smem, mutable> -> tensor<256xf32, #a>
    %w = arith.mulf %v, %v : tensor<256xf32, #a>
    %c = ttg.convert_layout %w : tensor<256xf32, #a> -> tensor<256xf32, #b>
    tt.store %q, %c : tensor<256x!tt.ptr<f32>, #b>
    tt.return
  }
}

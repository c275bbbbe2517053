// RUN: %mlir-tile %s -split-input-file | %mlir-tile -split-input-file | FileCheck %s
// RUN: %mlir-tile %s -split-input-file --mlir-print-op-generic | %mlir-tile -split-input-file | FileCheck %s

// Round trip of every nvws type, attribute and op in the form Triton 3.6
// prints them: printed, parsed back (also from the generic form) and
// printed again.

#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @aref_stages
  // CHECK-SAME: !nvws.aref<[!ttg.memdesc<3x32x32xf16, #shared, #smem, mutable>, !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>]>
  tt.func @aref_stages(%a: !ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>,
                       %b: !ttg.memdesc<3x1xi64, #bar, #smem, mutable>,
                       %unused: !nvws.aref<[!ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<3x1xi64, #bar, #smem, mutable>]>,
                       %s: i32, %p: i32) {
    // CHECK: %[[AREF:.*]] = nvws.aref.create %arg0, %arg1 : <[!ttg.memdesc<3x32x32xf16, #shared, #smem, mutable>, !ttg.memdesc<3x1xi64, #shared1, #smem, mutable>]>
    %aref = nvws.aref.create %a, %b : <[!ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<3x1xi64, #bar, #smem, mutable>]>
    // With and without the stage and phase operands.
    // CHECK: %[[PUT:.*]]:2, %[[PTOK:.*]] = nvws.aref.put.enter %[[AREF]][%arg3, %arg4] : <[{{.*}}]> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.async.token
    %put:3 = nvws.aref.put.enter %aref[%s, %p] : <[!ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<3x1xi64, #bar, #smem, mutable>]> -> !ttg.memdesc<32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.async.token
    // CHECK: nvws.aref.buffer %[[AREF]][%arg3], %[[PTOK]] : <[{{.*}}]>, !ttg.async.token -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %again:2 = nvws.aref.buffer %aref[%s], %put#2 : <[!ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<3x1xi64, #bar, #smem, mutable>]>, !ttg.async.token -> !ttg.memdesc<32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: nvws.aref.put.exit %[[AREF]][%arg3], %[[PTOK]] [#nvws.async_op<tma_load>, #nvws.async_op<cp_async>] : <[{{.*}}]>, !ttg.async.token
    nvws.aref.put.exit %aref[%s], %put#2 [#nvws.async_op<tma_load>, #nvws.async_op<cp_async>] : <[!ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<3x1xi64, #bar, #smem, mutable>]>, !ttg.async.token
    // CHECK: %[[GET:.*]]:2, %[[GTOK:.*]] = nvws.aref.get.enter %[[AREF]] : <[{{.*}}]> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.async.token
    %get:3 = nvws.aref.get.enter %aref : <[!ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<3x1xi64, #bar, #smem, mutable>]> -> !ttg.memdesc<32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.async.token
    // CHECK: nvws.aref.buffer %[[AREF]], %[[GTOK]] : <[{{.*}}]>, !ttg.async.token -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %b2:2 = nvws.aref.buffer %aref, %get#2 : <[!ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<3x1xi64, #bar, #smem, mutable>]>, !ttg.async.token -> !ttg.memdesc<32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: nvws.aref.get.exit %[[AREF]], %[[GTOK]] [#nvws.async_op<wgmma>, #nvws.async_op<tmem_copy>] {tag = 1 : i32} : <[{{.*}}]>, !ttg.async.token
    nvws.aref.get.exit %aref, %get#2 [#nvws.async_op<wgmma>, #nvws.async_op<tmem_copy>] {tag = 1 : i32} : <[!ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>, !ttg.memdesc<3x1xi64, #bar, #smem, mutable>]>, !ttg.async.token
    // The stage buffers may be freed.
    // CHECK: ttg.local_dealloc %arg0
    ttg.local_dealloc %a : !ttg.memdesc<3x32x32xf16, #sh, #smem, mutable>
    tt.return
  }

  // CHECK-LABEL: @descriptor_loads
  tt.func @descriptor_loads(%d: !tt.tensordesc<tensor<32x32xf16, #sh>>, %i: i32,
                            %x: tensor<32xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>,
                            %buf: !ttg.memdesc<32x32xf16, #sh, #smem, mutable>) {
    // CHECK: nvws.descriptor_load %arg0[%arg1, %arg1] 2048 %arg3 : !tt.tensordesc<tensor<32x32xf16, #shared>>, i32, i32, !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    nvws.descriptor_load %d[%i, %i] 2048 %buf : !tt.tensordesc<tensor<32x32xf16, #sh>>, i32, i32, !ttg.memdesc<32x32xf16, #sh, #smem, mutable>
    // CHECK: nvws.descriptor_load %arg0[%arg1, %arg1] 2048 %arg3 cacheModifier = cg evictionPolicy = evict_last : !tt.tensordesc
    nvws.descriptor_load %d[%i, %i] 2048 %buf evictionPolicy = evict_last cacheModifier = cg : !tt.tensordesc<tensor<32x32xf16, #sh>>, i32, i32, !ttg.memdesc<32x32xf16, #sh, #smem, mutable>
    // CHECK: nvws.descriptor_gather %arg0[%arg2, %arg1] 2048 %arg3 : !tt.tensordesc<tensor<32x32xf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    nvws.descriptor_gather %d[%x, %i] 2048 %buf : !tt.tensordesc<tensor<32x32xf16, #sh>>, tensor<32xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>, i32, !ttg.memdesc<32x32xf16, #sh, #smem, mutable>
    tt.return
  }
}

// -----

// Warp groups: regions use values from above; the first region's yield
// gives the results.
// CHECK-LABEL: @warp_groups
tt.func @warp_groups(%a: i32, %b: f32) -> (i32, f32) {
  // CHECK: %[[R:.*]]:2 = nvws.warp_group attributes {tag = 7 : i32}
  // CHECK-NEXT: partition0 num_warps(4) {
  // CHECK-NEXT: %[[S:.*]] = arith.addi %arg0, %arg0 : i32
  // CHECK-NEXT: nvws.warp_group.yield %[[S]], %arg1 : i32, f32
  // CHECK-NEXT: }
  // CHECK-NEXT: partition1 num_warps(2) {
  // CHECK-NEXT: nvws.warp_group.return
  // CHECK-NEXT: }
  %r:2 = nvws.warp_group attributes {tag = 7 : i32}
  partition0 num_warps(4) {
    %s = arith.addi %a, %a : i32
    nvws.warp_group.yield %s, %b : i32, f32
  }
  partition1 num_warps(2) {
    nvws.warp_group.return
  }
  // CHECK: tt.return %[[R]]#0, %[[R]]#1
  tt.return %r#0, %r#1 : i32, f32
}

// CHECK-LABEL: @empty_warp_group
tt.func @empty_warp_group() {
  // CHECK-NEXT: nvws.warp_group
  // CHECK-NEXT: tt.return
  nvws.warp_group
  tt.return
}

// -----

// Token channels: the load type prints as its i32 value.
// CHECK-LABEL: @tokens
tt.func @tokens(%i: i32, %phase: i1) {
  // CHECK: %[[T:.*]] = nvws.create_token {loadType = 2 : i32, numBuffers = 4 : i32} : tensor<4x!nvws.token>
  %t = nvws.create_token {loadType = 2 : i32, numBuffers = 4 : i32} : tensor<4x!nvws.token>
  // CHECK: nvws.producer_acquire %[[T]], %arg0, %arg1 : tensor<4x!nvws.token>, i32, i1
  nvws.producer_acquire %t, %i, %phase : tensor<4x!nvws.token>, i32, i1
  // CHECK: nvws.producer_commit %[[T]], %arg0 : tensor<4x!nvws.token>, i32
  nvws.producer_commit %t, %i : tensor<4x!nvws.token>, i32
  // CHECK: nvws.consumer_wait %[[T]], %arg0, %arg1 : tensor<4x!nvws.token>, i32, i1
  nvws.consumer_wait %t, %i, %phase : tensor<4x!nvws.token>, i32, i1
  // CHECK: nvws.consumer_release %[[T]], %arg0 : tensor<4x!nvws.token>, i32
  nvws.consumer_release %t, %i : tensor<4x!nvws.token>, i32
  tt.return
}

// -----

// TMEM scale buffers are not sliced: a stage has the whole type.
#scales = #ttng.tensor_memory_scales_encoding<>
// CHECK-LABEL: @tmem_scales_stage
tt.func @tmem_scales_stage(%a: !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>) {
  // CHECK: nvws.aref.put.enter %{{.*}} : <[!ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>]> -> !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.async.token
  %aref = nvws.aref.create %a : <[!ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>]>
  %buf, %tok = nvws.aref.put.enter %aref : <[!ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>]> -> !ttg.memdesc<128x4xi8, #scales, #ttng.tensor_memory, mutable>, !ttg.async.token
  tt.return
}

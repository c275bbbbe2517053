// convert-triton-gpu-to-llvm of mbarriers and TMA copies (sm_90):
//  * a descriptor kernel parameter is a CUtensorMap passed by value: a
//    pointer with byval [128 x i8], align 64 and nvvm.grid_constant; the
//    kernel lists Triton's tensordesc_meta of each (box 128x64: the 128-byte
//    swizzle holds 64 f16; swizzle mode 3 = 128B; element type 6 = f16);
//  * thread 0 initializes, arms (expect_tx) and invalidates mbarriers;
//    every thread waits on the phase;
//  * a 128x128 block with a 128-byte swizzle takes two boxes of 128x64:
//    two copies, from warps 0 and 1 (one elected lane each), the second at
//    column + 64 and 16 KiB further into the buffer, innermost coordinate
//    first;
//  * a TMA store joins a bulk group that async_tma_store_wait waits on.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @load(
  // CHECK-SAME: %arg0: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}
  // CHECK-SAME: tile.tensordesc_meta = [{block_size = array<i32: 128, 64>, elem_size = 2 : i32, elem_type = 6 : i32, fp4_padded = false, swizzle = 3 : i32}]
  // CHECK: nvvm.mbarrier.init %{{.*}}, %{{.*}}, predicate = %{{.*}} : !llvm.ptr<3>, i32, i1
  // CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %{{.*}}, predicate = %{{.*}} : !llvm.ptr<3>, i32, i1
  // CHECK: nvvm.elect.sync
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST0:.*]], %arg0, %{{.*}}, box[%arg1, %arg1] predicate
  // CHECK: %[[DST1:.*]] = llvm.getelementptr %{{.*}}[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: %[[COL:.*]] = llvm.add %arg1, %{{.*}} : i32
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST1]], %arg0, %{{.*}}, box[%[[COL]], %arg1] predicate
  // CHECK: nvvm.mbarrier.try_wait.parity
  // CHECK: mbarrier.inval.shared::cta.b64
  tt.func public @load(%d: !tt.tensordesc<tensor<128x128xf16, #shared>>, %i: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %bar, 32768, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %bar, %true : !tt.tensordesc<tensor<128x128xf16, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @store(
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %{{.*}}, box[%arg1, %arg1]
  // CHECK-NOT: nvvm.cp.async.bulk.tensor.global.shared.cta
  // CHECK: nvvm.cp.async.bulk.commit.group
  // CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
  tt.func public @store(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %d[%i, %i] %buf : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// A rank-reducing copy: a 1x128x128 block (rank-3 encoding) into and out of
// a 128x128 buffer in the same encoding at rank 2, which lays the elements
// out as the block (Triton's buffer for a load that drops the block's
// leading unit dimension). The copies are the block's: 3-D boxes of 1x128x64,
// the batch coordinate last, the second box 16 KiB further into the buffer.
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @rank_reducing(
  // CHECK-SAME: tile.tensordesc_meta = [{block_size = array<i32: 1, 128, 64>, elem_size = 2 : i32, elem_type = 6 : i32, fp4_padded = false, swizzle = 3 : i32}]
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg0, %{{.*}}, box[%arg2, %arg2, %arg1] predicate
  // CHECK: %[[DST1:.*]] = llvm.getelementptr %{{.*}}[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: %[[COL:.*]] = llvm.add %arg2, %{{.*}} : i32
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST1]], %arg0, %{{.*}}, box[%[[COL]], %arg2, %arg1] predicate
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %{{.*}}, box[%arg2, %arg2, %arg1], predicate
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %arg0, %{{.*}}, box[%{{.*}}, %arg2, %arg1], predicate
  tt.func public @rank_reducing(%d: !tt.tensordesc<tensor<1x128x128xf16, #shared3>>, %b: i32, %i: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %bar, 32768, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %d[%b, %i, %i] %buf, %bar, %true : !tt.tensordesc<tensor<1x128x128xf16, #shared3>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %d[%b, %i, %i] %buf : !tt.tensordesc<tensor<1x128x128xf16, #shared3>>, !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

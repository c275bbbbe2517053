// triton-nvidia-mma-lowering readies tcgen05 MMAs: a synchronous MMA waits
// on an mbarrier of its own; block scales in shared memory are copied into
// tensor memory; a commit right after an MMA becomes one of its completion
// barriers.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(triton-nvidia-mma-lowering)' | FileCheck %s

#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // A synchronous MMA arrives on a fresh mbarrier, waited on at phase 0
  // under the MMA's predicate, then invalidated.
  // CHECK-LABEL: tt.func @synchronous
  // CHECK-DAG: %[[PHASE:.*]] = arith.constant 0 : i32
  // CHECK-DAG: %[[TRUE:.*]] = arith.constant true
  // CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #{{.*}}, #smem, mutable>
  // CHECK-NEXT: ttng.init_barrier %[[BAR]], 1
  // CHECK-NEXT: ttng.tc_gen5_mma %arg0, %arg1, %arg2, %arg3, %arg4, %[[BAR]][%[[TRUE]]] {is_async}
  // CHECK-NEXT: ttng.wait_barrier %[[BAR]], %[[PHASE]], %arg4
  // CHECK-NEXT: ttng.inval_barrier %[[BAR]]
  tt.func @synchronous(%a: !ttg.memdesc<128x64xf16, #nv, #ttg.shared_memory>, %b: !ttg.memdesc<64x128xf16, #nv, #ttg.shared_memory>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %useD: i1, %pred: i1) {
    ttng.tc_gen5_mma %a, %b, %d, %useD, %pred : !ttg.memdesc<128x64xf16, #nv, #ttg.shared_memory>, !ttg.memdesc<64x128xf16, #nv, #ttg.shared_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#plain = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // Shared scales go to tensor memory: one row per row of M (128) for A's,
  // of N (64) for B's.
  // CHECK-LABEL: tt.func @scales
  // CHECK: %[[AS:.*]] = ttng.tmem_alloc : () -> !ttg.memdesc<128x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>
  // CHECK-NEXT: ttng.tmem_copy %arg3, %[[AS]] :
  // CHECK-NEXT: %[[BS:.*]] = ttng.tmem_alloc : () -> !ttg.memdesc<64x8xi8, #tmem_scales, #ttng.tensor_memory, mutable>
  // CHECK-NEXT: ttng.tmem_copy %arg4, %[[BS]] :
  // CHECK-NEXT: ttng.tc_gen5_mma_scaled %arg0, %arg1, %arg2, %[[AS]], %[[BS]], %arg6, %arg6 lhs = e4m3 rhs = e4m3, %arg5[%arg6] {is_async}
  tt.func @scales(%a: !ttg.memdesc<128x256xf8E4M3FN, #nv, #ttg.shared_memory>, %b: !ttg.memdesc<256x64xf8E4M3FN, #nv, #ttg.shared_memory>, %d: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<128x8xi8, #plain, #ttg.shared_memory>, %bs: !ttg.memdesc<64x8xi8, #plain, #ttg.shared_memory>, %bar: !ttg.memdesc<1xi64, #bar, #ttg.shared_memory, mutable>, %p: i1) {
    ttng.tc_gen5_mma_scaled %a, %b, %d, %as, %bs, %p, %p lhs = e4m3 rhs = e4m3, %bar[%p] {is_async} : !ttg.memdesc<128x256xf8E4M3FN, #nv, #ttg.shared_memory>, !ttg.memdesc<256x64xf8E4M3FN, #nv, #ttg.shared_memory>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x8xi8, #plain, #ttg.shared_memory>, !ttg.memdesc<64x8xi8, #plain, #ttg.shared_memory>, !ttg.memdesc<1xi64, #bar, #ttg.shared_memory, mutable>
    tt.return
  }
}

// -----

#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // An MMA that always runs takes the commits after it (the ring slot's
  // index moves above it; a commit without predicate arrives always); one
  // under %q takes only the commit under %q; an impure op in between
  // (the wait) stops the merging.
  // CHECK-LABEL: tt.func @commits
  // CHECK: %[[TRUE:.*]] = arith.constant true
  // CHECK: %[[RING:.*]] = ttg.local_alloc
  // CHECK-NEXT: %[[SLOT:.*]] = ttg.memdesc_index %[[RING]]
  // CHECK-NEXT: ttng.tc_gen5_mma %arg0, %arg1, %arg2, %[[TRUE]], %[[TRUE]], %arg3[%arg4], %[[SLOT]][%[[TRUE]]] {is_async}
  // CHECK-NEXT: ttng.tc_gen5_mma %arg0, %arg1, %arg2, %[[TRUE]], %arg4, %arg3[%arg4] {is_async}
  // CHECK-NEXT: ttng.tc_gen5_commit %arg3 :
  // CHECK-NEXT: ttng.tc_gen5_mma %arg0, %arg1, %arg2, %[[TRUE]], %[[TRUE]] {is_async} :
  // CHECK-NEXT: ttng.wait_barrier
  // CHECK-NEXT: ttng.tc_gen5_commit %arg3 :
  tt.func @commits(%a: !ttg.memdesc<128x64xf16, #nv, #smem>, %b: !ttg.memdesc<64x128xf16, #nv, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %q: i1) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #bar, #smem, mutable>
    ttng.tc_gen5_mma %a, %b, %d, %true, %true {is_async} : !ttg.memdesc<128x64xf16, #nv, #smem>, !ttg.memdesc<64x128xf16, #nv, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_commit %bar, %q : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %slot = ttg.memdesc_index %ring[%c0] : !ttg.memdesc<2x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.tc_gen5_commit %slot : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.tc_gen5_mma %a, %b, %d, %true, %q {is_async} : !ttg.memdesc<128x64xf16, #nv, #smem>, !ttg.memdesc<64x128xf16, #nv, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.tc_gen5_commit %bar, %q : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.tc_gen5_mma %a, %b, %d, %true, %true {is_async} : !ttg.memdesc<128x64xf16, #nv, #smem>, !ttg.memdesc<64x128xf16, #nv, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// gpu.barrier, which Triton writes into TTIR for tl.debug_barrier(), lowers
// to the CTA barrier (bar.sync 0); the barrier analysis counts it as one, so no second barrier is inserted
// between a shared-memory access before it and one after it.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not=gpu.barrier

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @debug_barrier
  // CHECK: nvvm.barrier0
  // CHECK-NEXT: nvvm.barrier0
  // CHECK-NEXT: llvm.return
  tt.func public @debug_barrier() {
    gpu.barrier
    gpu.barrier
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // The local_load after the local_store needs a barrier; the gpu.barrier
  // between them is it.
  // CHECK-LABEL: llvm.func @debug_barrier_orders_shared_memory
  // CHECK: llvm.store
  // CHECK: nvvm.barrier0
  // CHECK-NOT: nvvm.barrier0
  // CHECK: llvm.load
  tt.func public @debug_barrier_orders_shared_memory(%x: tensor<128xf32, #b>, %p: tensor<128x!tt.ptr<f32>, #b>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #s, #smem, mutable>
    ttg.local_store %x, %a : tensor<128xf32, #b> -> !ttg.memdesc<128xf32, #s, #smem, mutable>
    gpu.barrier
    %y = ttg.local_load %a : !ttg.memdesc<128xf32, #s, #smem, mutable> -> tensor<128xf32, #b>
    tt.store %p, %y : tensor<128x!tt.ptr<f32>, #b>
    tt.return
  }
}

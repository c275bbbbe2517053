// triton-nvidia-tma-lowering on sm_90: a descriptor load becomes a TMA copy
// into a buffer of the descriptor's layout, completing on a fresh mbarrier
// armed for the block's bytes (128 x 64 f16 = 16384), waited on at phase 0,
// then read back; a descriptor store writes its value to such a buffer,
// fences it for the async proxy, copies it out and waits for the copy to
// have read the buffer. Below sm_90 nothing changes.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(triton-nvidia-tma-lowering)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @load
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  // CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  // CHECK: ttng.init_barrier %[[BAR]], 1
  // CHECK: ttng.barrier_expect %[[BAR]], 16384, %true
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1] %[[BUF]], %[[BAR]], %true
  // CHECK: ttng.wait_barrier %[[BAR]], %c0_i32
  // CHECK: ttng.inval_barrier %[[BAR]]
  // CHECK: %[[V:.*]] = ttg.local_load %[[BUF]] : {{.*}} -> tensor<128x64xf16, #blocked>
  // CHECK-NOT: tt.descriptor_load
  // CHECK: tt.return %[[V]]
  tt.func @load(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32) -> tensor<128x64xf16, #blocked> {
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    tt.return %v : tensor<128x64xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @store
  // CHECK: %[[BUF:.*]] = ttg.local_alloc %arg2 : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%arg1, %arg1] %[[BUF]]
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NOT: tt.descriptor_store
  tt.func @store(%d: !tt.tensordesc<tensor<128x128xf16, #shared>>, %i: i32, %v: tensor<128x128xf16, #blocked>) {
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @sm80_unchanged
  // CHECK: tt.descriptor_load
  // CHECK-NOT: ttng.
  tt.func @sm80_unchanged(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32) -> tensor<128x64xf16, #blocked> {
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    tt.return %v : tensor<128x64xf16, #blocked>
  }
}

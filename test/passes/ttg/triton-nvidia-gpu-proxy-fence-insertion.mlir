// triton-nvidia-gpu-proxy-fence-insertion: a ttng.fence_async_shared before
// each TMA load whose destination bytes the generic proxy read or wrote
// since the last fence, through control flow.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(allocate-shared-memory,triton-nvidia-gpu-proxy-fence-insertion)' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(triton-nvidia-gpu-proxy-fence-insertion)' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(triton-nvidia-gpu-proxy-fence-insertion{compute-capability=80})' \
// RUN:   | FileCheck %s --check-prefix=SM80

// SM80-LABEL: tt.func @write_after_generic_read
// SM80-NOT: ttng.fence_async_shared
// SM80: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  // The threads read the buffer, then TMA overwrites it: fence between.
  // CHECK-LABEL: tt.func @write_after_generic_read
  // CHECK: ttg.local_load
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local
  tt.func @write_after_generic_read(%desc: !tt.tensordesc<tensor<32x64xf32, #shared>>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) -> tensor<32x64xf32, #blocked> {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> tensor<32x64xf32, #blocked>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    tt.return %v : tensor<32x64xf32, #blocked>
  }

  // Async after async, or a fence already in place: nothing to add.
  // CHECK-LABEL: tt.func @nothing_to_fence
  // CHECK: ttng.async_tma_copy_global_to_local
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local
  // CHECK-NEXT: tt.return
  tt.func @nothing_to_fence(%desc: !tt.tensordesc<tensor<32x64xf32, #shared>>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %x: tensor<32x64xf32, #blocked>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    ttg.local_store %x, %buf : tensor<32x64xf32, #blocked> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    tt.return
  }

  // The read at the bottom of one iteration precedes the load at the top of
  // the next: the fence goes inside the loop, before the load.
  // CHECK-LABEL: tt.func @across_iterations
  // CHECK: scf.for
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local
  // CHECK-NEXT: ttg.local_load
  tt.func @across_iterations(%desc: !tt.tensordesc<tensor<32x64xf32, #shared>>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
      %v = ttg.local_load %buf : !ttg.memdesc<32x64xf32, #shared, #smem, mutable> -> tensor<32x64xf32, #blocked>
      tt.print ": " {hex = false, isSigned = array<i32: 0>} : %v : tensor<32x64xf32, #blocked>
    }
    tt.return
  }
}

// triton-nvidia-gpu-fence-insertion: a ttng.fence_async_shared before each
// ttng.warp_group_dot / ttng.tc_gen5_mma that reads a buffer written by ordinary stores,
// hoisted out of the loops that do not write it.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(triton-nvidia-gpu-fence-insertion)' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(triton-nvidia-gpu-fence-insertion{compute-capability=80})' \
// RUN:   | FileCheck %s --check-prefix=SM80

// SM80-NOT: ttng.fence_async_shared

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Operands stored from registers: fenced right before the dot.
  // CHECK-LABEL: tt.func @stored_operands
  // CHECK: ttg.local_alloc %{{.+}} : (tensor<64x64xf16, #blocked>)
  // CHECK-NEXT: ttg.local_alloc %{{.+}} : (tensor<64x64xf16, #blocked>)
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  tt.func @stored_operands(%x: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %b = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }

  // Buffers filled by cp.async need no fence.
  // CHECK-LABEL: tt.func @copied_operands
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @copied_operands(%p: tensor<64x64x!tt.ptr<f16>, #blocked>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %a : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %w = ttg.async_wait %t {num = 0 : i32}
    %d = ttng.warp_group_dot %a, %a, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }

  // Written once before the loop: one fence, before the loop.
  // CHECK-LABEL: tt.func @hoisted
  // CHECK: ttg.local_alloc %
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @hoisted(%x: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }

  // A local_store in the loop: the fence stays inside, after the store.
  // CHECK-LABEL: tt.func @stored_in_loop
  // CHECK: scf.for
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: ttng.warp_group_dot
  tt.func @stored_in_loop(%x: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (tensor<64x64xf32, #mma>) : i32 {
      ttg.local_store %x, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// tcgen05.mma reads through the async proxy too. Partition arguments are
// traced to the captures: %filled was stored from registers, %empty never
// was. Both MMAs of the loop fence before it, and the second fence, right
// after the first, is dropped.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 64, blockN = 64, colStride = 1>
module attributes {ttg.target = "cuda:100", "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @tcgen05_in_partitions
  // CHECK: partition0
  // CHECK: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: scf.for
  // CHECK-NEXT: ttng.tc_gen5_mma
  // CHECK-NEXT: ttng.tc_gen5_mma
  // CHECK: partition1
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.tc_gen5_mma
  // CHECK: tt.return
  tt.func @tcgen05_in_partitions(%x: tensor<64x64xf16, #blocked>) {
    %filled = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, mutable>
    ttg.warp_specialize(%filled, %empty, %acc)
    default {
      ttg.warp_yield
    }
    partition0(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %d: !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, mutable>) num_warps(4) {
      %true = arith.constant true
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      scf.for %i = %c0 to %c8 step %c1 : i32 {
        ttng.tc_gen5_mma %a, %b, %d, %true, %true : !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, mutable>
        ttng.tc_gen5_mma %b, %a, %d, %true, %true : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, mutable>
      }
      ttg.warp_return
    }
    partition1(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %d: !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, mutable>) num_warps(4) {
      %true = arith.constant true
      ttng.tc_gen5_mma %b, %b, %d, %true, %true : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf32, #tmem, #ttng.tensor_memory, mutable>) -> ()
    tt.return
  }
}

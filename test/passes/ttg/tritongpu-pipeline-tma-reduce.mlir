// tritongpu-pipeline on sm_90 leaves the TMA reductions of loops with more
// than one stage in flight, as it does TMA stores: each
// tt.descriptor_reduce writes a buffer allocated before its loop (signless,
// for a signed descriptor), waiting for the previous store or reduction
// only right before that write, then reduces it with ttng.async_tma_reduce
// of the same kind; a store and a reduction of one block shape and element
// type share the buffer; one wait after the loop drains them.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-pipeline{num-stages=3})' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reduce_loop
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<16x64xi32, #shared, #smem, mutable>
  // CHECK-NOT: ttg.local_alloc
  // CHECK: scf.for
  // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF]]
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_reduce max, %arg0[%{{.*}}, %{{.*}}] %[[BUF]] : !tt.tensordesc<tensor<16x64xsi32, #shared>>, !ttg.memdesc<16x64xi32, #shared, #smem, mutable>
  // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF]]
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg1[%{{.*}}, %{{.*}}] %[[BUF]]
  // CHECK-NOT: tt.descriptor_reduce
  // CHECK-NOT: tt.descriptor_store
  // CHECK: }
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_dealloc %[[BUF]]
  tt.func @reduce_loop(%max: !tt.tensordesc<tensor<16x64xsi32, #shared>>, %out: !tt.tensordesc<tensor<16x64xi32, #shared>>, %v: tensor<16x64xi32, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c16 = arith.constant 16 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %row = arith.muli %i, %c16 : i32
      tt.descriptor_reduce max, %max[%row, %c0], %v : !tt.tensordesc<tensor<16x64xsi32, #shared>>, tensor<16x64xi32, #blocked>
      tt.descriptor_store %out[%row, %c0], %v : !tt.tensordesc<tensor<16x64xi32, #shared>>, tensor<16x64xi32, #blocked>
    }
    tt.return
  }
}

// tritongpu-pipeline on sm_90 leaves the TMA stores of loops with more than
// one stage in flight: each descriptor store writes a buffer allocated
// before its loop, waiting for the previous store only right before that
// write; stores of one block shape and element type share the buffer; one
// wait after the loop drains them before the buffers are released. Stores
// of nested loops belong to the nested loop; a loop of one stage and a
// target below sm_90 keep their stores.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-pipeline{num-stages=3})' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tile_loop
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  // CHECK: scf.for
  // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF]]
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%{{.*}}, %{{.*}}] %[[BUF]]
  // CHECK-NOT: tt.descriptor_store
  // CHECK: }
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_dealloc %[[BUF]]
  tt.func @tile_loop(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %row = arith.muli %i, %c64 : i32
      tt.descriptor_store %desc[%row, %c0], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    }
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Two 64x64 stores (also under an scf.if) share a buffer; a 64x32 one
  // gets its own.
  // CHECK-LABEL: tt.func @shared_buffers
  // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16
  // CHECK: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16
  // CHECK-NOT: ttg.local_alloc
  // CHECK: scf.for
  // CHECK: ttng.async_tma_copy_local_to_global %arg0[{{.*}}] %[[A]]
  // CHECK: scf.if
  // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_store %{{.*}}, %[[A]]
  // CHECK: ttng.async_tma_copy_local_to_global %arg1[{{.*}}] %[[A]]
  // CHECK: ttng.async_tma_copy_local_to_global %arg2[{{.*}}] %[[B]]
  // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-DAG: ttg.local_dealloc %[[A]]
  // CHECK-DAG: ttg.local_dealloc %[[B]]
  tt.func @shared_buffers(%d0: !tt.tensordesc<tensor<64x64xf16, #shared>>, %d1: !tt.tensordesc<tensor<64x64xf16, #shared>>, %d2: !tt.tensordesc<tensor<64x32xf16, #shared1>>, %v: tensor<64x64xf16, #blocked>, %w: tensor<64x32xf16, #blocked>, %n: i32, %c: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      tt.descriptor_store %d0[%i, %c0], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
      scf.if %c {
        tt.descriptor_store %d1[%i, %c0], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
      }
      tt.descriptor_store %d2[%i, %c0], %w : !tt.tensordesc<tensor<64x32xf16, #shared1>>, tensor<64x32xf16, #blocked>
    }
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // The inner loop's store is the inner loop's: its buffer is allocated in
  // the outer loop's body, before the inner loop.
  // CHECK-LABEL: tt.func @nested
  // CHECK: scf.for
  // CHECK-NEXT: %[[BUF:.*]] = ttg.local_alloc
  // CHECK-NEXT: scf.for
  // CHECK: ttng.async_tma_copy_local_to_global %arg0[{{.*}}] %[[BUF]]
  // CHECK: }
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: ttg.local_dealloc %[[BUF]]
  tt.func @nested(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      scf.for %j = %c0 to %n step %c1 : i32 {
        tt.descriptor_store %desc[%i, %j], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
      }
    }
    tt.return
  }

  // CHECK-LABEL: tt.func @one_stage
  // CHECK-NOT: ttg.local_alloc
  // CHECK: tt.descriptor_store
  // CHECK-NOT: ttng.async_tma_store_wait
  // CHECK: tt.return
  tt.func @one_stage(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      tt.descriptor_store %desc[%i, %c0], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    } {tt.num_stages = 1 : i32}
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @below_sm90
  // CHECK-NOT: ttg.local_alloc
  // CHECK: tt.descriptor_store
  tt.func @below_sm90(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      tt.descriptor_store %desc[%i, %c0], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    }
    tt.return
  }
}

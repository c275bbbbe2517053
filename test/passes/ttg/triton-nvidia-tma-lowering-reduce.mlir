// triton-nvidia-tma-lowering on sm_90, reductions: a tt.descriptor_reduce
// stores its value to a buffer of the descriptor's layout, fences it for
// the async proxy, reduces it into memory with ttng.async_tma_reduce of the
// same kind and waits for the reduction to have read the buffer. A signed
// descriptor (si32, as Triton marks int32) reduces a signless tensor
// through a signless buffer; the sign stays on the descriptor.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(triton-nvidia-tma-lowering)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reduce_add_f32
  // CHECK: %[[BUF:.*]] = ttg.local_alloc %arg3 : (tensor<32x64xf32, #blocked>) -> !ttg.memdesc<32x64xf32, #shared, #smem>
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_reduce add, %arg0[%arg1, %arg2] %[[BUF]] : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<32x64xf32, #shared, #smem>
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: tt.return
  tt.func @reduce_add_f32(%d: !tt.tensordesc<tensor<32x64xf32, #shared>>, %i: i32, %j: i32, %v: tensor<32x64xf32, #blocked>) {
    tt.descriptor_reduce add, %d[%i, %j], %v : !tt.tensordesc<tensor<32x64xf32, #shared>>, tensor<32x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reduce_min_si32
  // CHECK: %[[BUF:.*]] = ttg.local_alloc %arg2 : (tensor<16x64xi32, #blocked>) -> !ttg.memdesc<16x64xi32, #shared, #smem>
  // CHECK-NEXT: ttng.fence_async_shared
  // CHECK-NEXT: ttng.async_tma_reduce min, %arg0[%arg1, %arg1] %[[BUF]] : !tt.tensordesc<tensor<16x64xsi32, #shared>>, !ttg.memdesc<16x64xi32, #shared, #smem>
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-LABEL: tt.func @reduce_max_si32
  // CHECK: ttng.async_tma_reduce max, %arg0[%arg1, %arg1]
  tt.func @reduce_min_si32(%d: !tt.tensordesc<tensor<16x64xsi32, #shared>>, %i: i32, %v: tensor<16x64xi32, #blocked>) {
    tt.descriptor_reduce min, %d[%i, %i], %v : !tt.tensordesc<tensor<16x64xsi32, #shared>>, tensor<16x64xi32, #blocked>
    tt.return
  }
  tt.func @reduce_max_si32(%d: !tt.tensordesc<tensor<16x64xsi32, #shared>>, %i: i32, %v: tensor<16x64xi32, #blocked>) {
    tt.descriptor_reduce max, %d[%i, %i], %v : !tt.tensordesc<tensor<16x64xsi32, #shared>>, tensor<16x64xi32, #blocked>
    tt.return
  }
}

// -----

// Every kind the PTX instruction has, on an element type it takes.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared16 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared64 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @every_kind
  // CHECK: ttng.async_tma_reduce inc, %arg0
  // CHECK: ttng.async_tma_reduce dec, %arg0
  // CHECK: ttng.async_tma_reduce and, %arg1
  // CHECK: ttng.async_tma_reduce or, %arg1
  // CHECK: ttng.async_tma_reduce xor, %arg0
  // CHECK: ttng.async_tma_reduce max, %arg2{{.*}} : !tt.tensordesc<tensor<16x64xbf16, #[[BF:shared[0-9]*]]>>, !ttg.memdesc<16x64xbf16, #[[BF]], #smem>
  // CHECK-NOT: tt.descriptor_reduce
  tt.func @every_kind(%u: !tt.tensordesc<tensor<16x64xi32, #shared>>, %l: !tt.tensordesc<tensor<16x16xsi64, #shared64>>, %h: !tt.tensordesc<tensor<16x64xbf16, #shared16>>, %i: i32, %v: tensor<16x64xi32, #blocked>, %w: tensor<16x16xi64, #blocked>, %b: tensor<16x64xbf16, #blocked>) {
    tt.descriptor_reduce inc, %u[%i, %i], %v : !tt.tensordesc<tensor<16x64xi32, #shared>>, tensor<16x64xi32, #blocked>
    tt.descriptor_reduce dec, %u[%i, %i], %v : !tt.tensordesc<tensor<16x64xi32, #shared>>, tensor<16x64xi32, #blocked>
    tt.descriptor_reduce and, %l[%i, %i], %w : !tt.tensordesc<tensor<16x16xsi64, #shared64>>, tensor<16x16xi64, #blocked>
    tt.descriptor_reduce or, %l[%i, %i], %w : !tt.tensordesc<tensor<16x16xsi64, #shared64>>, tensor<16x16xi64, #blocked>
    tt.descriptor_reduce xor, %u[%i, %i], %v : !tt.tensordesc<tensor<16x64xi32, #shared>>, tensor<16x64xi32, #blocked>
    tt.descriptor_reduce max, %h[%i, %i], %b : !tt.tensordesc<tensor<16x64xbf16, #shared16>>, tensor<16x64xbf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @sm80_unchanged
  // CHECK: tt.descriptor_reduce add
  // CHECK-NOT: ttng.
  tt.func @sm80_unchanged(%d: !tt.tensordesc<tensor<32x64xf32, #shared>>, %i: i32, %v: tensor<32x64xf32, #blocked>) {
    tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<32x64xf32, #shared>>, tensor<32x64xf32, #blocked>
    tt.return
  }
}

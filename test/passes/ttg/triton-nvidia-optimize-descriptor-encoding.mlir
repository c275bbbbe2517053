// triton-nvidia-optimize-descriptor-encoding: a descriptor whose loaded
// block is stored for a dot takes that buffer's #ttg.nvmma_shared (here a
// 64-byte swizzle, what a 32-column f16 operand gets); one only stored
// through gets Triton's default for its block (128-byte swizzle for 64 f16
// columns); the function type follows. Descriptors that already have an
// encoding keep it.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(triton-nvidia-optimize-descriptor-encoding)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[SW64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
  // CHECK: #[[SW128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-LABEL: tt.func @from_users
  // CHECK-SAME: %arg0: !tt.tensordesc<tensor<128x32xf16, #[[SW64]]>>
  // CHECK-SAME: %arg2: !tt.tensordesc<tensor<64x64xf16, #[[SW128]]>>
  tt.func @from_users(%a: !tt.tensordesc<tensor<128x32xf16>>, %i: i32, %c: !tt.tensordesc<tensor<64x64xf16>>, %v: tensor<64x64xf16, #blocked>) {
    %x = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<128x32xf16>> -> tensor<128x32xf16, #blocked>
    %m = ttg.local_alloc %x : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
    tt.descriptor_store %c[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[SW32:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 32
  // CHECK-LABEL: tt.func @kept
  // CHECK-SAME: !tt.tensordesc<tensor<64x64xf16, #[[SW32]]>>
  tt.func @kept(%a: !tt.tensordesc<tensor<64x64xf16, #shared>>) {
    tt.return
  }
}

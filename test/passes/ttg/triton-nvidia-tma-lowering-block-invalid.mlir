// Descriptor blocks TMA cannot move, and the TMA ops sm_90 lacks, get a
// diagnostic naming the op and the limit (or the target), and the pass
// fails before rewriting anything.
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(triton-nvidia-tma-lowering)'

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @row_under_16_bytes(%d: !tt.tensordesc<tensor<32x4xf16, #shared>>, %i: i32, %v: tensor<32x4xf16, #blocked>) {
    // expected-error @+1 {{'tt.descriptor_store' op cannot move its blocks by TMA: a TMA box row must span a multiple of 16 bytes, got 4 elements of 2 bytes}}
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<32x4xf16, #shared>>, tensor<32x4xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @i1_elements(%d: !tt.tensordesc<tensor<32x128xi1, #shared>>, %i: i32) -> tensor<32x128xi1, #blocked> {
    // expected-error @+1 {{'tt.descriptor_load' op cannot move its blocks by TMA: TMA has no element type for i1: it moves 8-, 16-, 32- and 64-bit integers and floats}}
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<32x128xi1, #shared>> -> tensor<32x128xi1, #blocked>
    tt.return %v : tensor<32x128xi1, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @layout_for_other_width(%d: !tt.tensordesc<tensor<32x128xf32, #shared>>, %i: i32, %v: tensor<32x128xf32, #blocked>) {
    // expected-error @+1 {{'tt.descriptor_store' op cannot move its blocks by TMA: the #ttg.nvmma_shared buffer is laid out for 16-bit elements, the block's are f32}}
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<32x128xf32, #shared>>, tensor<32x128xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @transposed(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    // expected-error @+1 {{'tt.descriptor_store' op cannot move its blocks by TMA: TMA writes the block's last dimension contiguously; a transposed #ttg.nvmma_shared buffer holds the first one contiguously}}
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fp4_padded(%d: !tt.tensordesc<tensor<32x128xi8, #shared>>, %i: i32) -> tensor<32x128xi8, #blocked> {
    // expected-error @+1 {{'tt.descriptor_load' op cannot move its blocks by TMA: a #ttg.nvmma_shared buffer with fp4Padded needs TMA's padded 4-bit element type (.b4x16_p64), which sm_90 lacks}}
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<32x128xi8, #shared>> -> tensor<32x128xi8, #blocked>
    tt.return %v : tensor<32x128xi8, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scatter(%d: !tt.tensordesc<tensor<1x128xf16, #shared>>, %xs: tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, %y: i32, %v: tensor<32x128xf16, #blocked>) {
    // expected-error @+1 {{'tt.descriptor_scatter' op needs TMA gather/scatter (.tile::gather4), which sm_90 lacks: ptxas accepts it from sm_100 on}}
    tt.descriptor_scatter %d[%xs, %y], %v : !tt.tensordesc<tensor<1x128xf16, #shared>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, i32, tensor<32x128xf16, #blocked>
    tt.return
  }
}

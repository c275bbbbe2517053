// Descriptor accesses TMA cannot serve are rewritten by
// triton-nvidia-tma-lowering all the same, as Triton's pass does;
// convert-triton-gpu-to-llvm then diagnoses the TMA op, naming the limit
// (or the target), before rewriting anything. The functions are private:
// a kernel's descriptor arguments are checked first.
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(triton-nvidia-tma-lowering,convert-triton-gpu-to-llvm)'

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @row_under_16_bytes(%d: !tt.tensordesc<tensor<32x4xf16, #shared>>, %i: i32, %v: tensor<32x4xf16, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op cannot be lowered: a TMA box row must span a multiple of 16 bytes, got 4 elements of 2 bytes}}
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<32x4xf16, #shared>>, tensor<32x4xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @i1_elements(%d: !tt.tensordesc<tensor<32x128xi1, #shared>>, %i: i32) -> tensor<32x128xi1, #blocked> {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op cannot be lowered: TMA has no element type for i1: it moves 8-, 16-, 32- and 64-bit integers and floats}}
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<32x128xi1, #shared>> -> tensor<32x128xi1, #blocked>
    tt.return %v : tensor<32x128xi1, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @layout_for_other_width(%d: !tt.tensordesc<tensor<32x128xf32, #shared>>, %i: i32, %v: tensor<32x128xf32, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op cannot be lowered: the #ttg.nvmma_shared buffer is laid out for 16-bit elements, the block's are f32}}
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<32x128xf32, #shared>>, tensor<32x128xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @transposed(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op cannot be lowered: TMA writes the block's last dimension contiguously; a transposed #ttg.nvmma_shared buffer holds the first one contiguously}}
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @fp4_padded(%d: !tt.tensordesc<tensor<32x128xi8, #shared>>, %i: i32) -> tensor<32x128xi8, #blocked> {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op cannot be lowered: a #ttg.nvmma_shared buffer with fp4Padded needs TMA's padded 4-bit element type (.b4x16_p64), which sm_90 lacks}}
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<32x128xi8, #shared>> -> tensor<32x128xi8, #blocked>
    tt.return %v : tensor<32x128xi8, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @scatter(%d: !tt.tensordesc<tensor<1x128xf16, #shared>>, %xs: tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, %y: i32, %v: tensor<32x128xf16, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_scatter' op needs TMA gather/scatter (.tile::gather4), which sm_90 lacks: ptxas accepts it from sm_100 on}}
    tt.descriptor_scatter %d[%xs, %y], %v : !tt.tensordesc<tensor<1x128xf16, #shared>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, i32, tensor<32x128xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @gather(%d: !tt.tensordesc<tensor<1x128xf16, #shared>>, %xs: tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, %y: i32) -> tensor<32x128xf16, #blocked> {
    // expected-error @+1 {{'ttng.async_tma_gather' op needs TMA gather/scatter (.tile::gather4), which sm_90 lacks: ptxas accepts it from sm_100 on}}
    %v = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<tensor<1x128xf16, #shared>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, i32) -> tensor<32x128xf16, #blocked>
    tt.return %v : tensor<32x128xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @narrow_rows(%d: !tt.tensordesc<tensor<64x32xf16, #shared>>, %i: i32) -> tensor<64x32xf16, #blocked> {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op cannot be lowered: the block's rows (32 elements) are narrower than the buffer's 128-byte swizzle}}
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x32xf16, #shared>> -> tensor<64x32xf16, #blocked>
    tt.return %v : tensor<64x32xf16, #blocked>
  }
}

// -----

// The verifiers, as Triton's, take any number of indices; the copy needs
// one per block dimension.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @three_indices(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) -> tensor<64x64xf16, #blocked> {
    // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op needs one coordinate per block dimension (2), got 3}}
    %v = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @one_index(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op needs one coordinate per block dimension (2), got 1}}
    tt.descriptor_store %d[%i], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

// A copy into a buffer that drops a block dimension of more than one
// element, or keeps the shape in another encoding, does not hold the block.
#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @drops_a_batch_of_two(%d: !tt.tensordesc<tensor<2x64x64xf16, #shared3>>, %i: i32, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    %true = arith.constant true
    // expected-error-re @+1 {{'ttng.async_tma_copy_global_to_local' op copies a '!ttg.memdesc<64x64xf16, {{.*}}>' buffer through a descriptor of 'tensor<2x64x64xf16, {{.*}}>'; TMA needs the block's shape (or the block without leading unit dimensions), type and encoding}}
    ttng.async_tma_copy_global_to_local %d[%i, %i, %i] %buf, %bar, %true : !tt.tensordesc<tensor<2x64x64xf16, #shared3>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
#shared64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @other_swizzle(%d: !tt.tensordesc<tensor<1x64x64xf16, #shared3>>, %i: i32, %buf: !ttg.memdesc<64x64xf16, #shared64, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    %true = arith.constant true
    // expected-error @+1 {{TMA needs the block's shape (or the block without leading unit dimensions), type and encoding}}
    ttng.async_tma_copy_global_to_local %d[%i, %i, %i] %buf, %bar, %true : !tt.tensordesc<tensor<1x64x64xf16, #shared3>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared64, #smem, mutable>
    tt.return
  }
}

// -----

// An unswizzled #ttg.swizzled_shared layout, which Triton's tensor maps take
// (swizzle none), is not one the copies take yet.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @swizzled_shared(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op cannot be lowered: TMA moves blocks only into #ttg.nvmma_shared buffers}}
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

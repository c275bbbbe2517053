// TMA reductions the lowering cannot express get a diagnostic naming the
// op (and for a kind PTX lacks for the element type, the kind and the
// type) before anything is rewritten.
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)'

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @and_f32(%d: !tt.tensordesc<tensor<32x64xf32, #shared>>, %i: i32, %buf: !ttg.memdesc<32x64xf32, #shared, #smem>) {
    // expected-error @+1 {{'ttng.async_tma_reduce' op cannot be lowered: TMA cannot reduce f32 elements with and: cp.reduce.async.bulk.tensor's and takes 32- and 64-bit integers}}
    ttng.async_tma_reduce and, %d[%i, %i] %buf : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<32x64xf32, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dec_i64(%d: !tt.tensordesc<tensor<8x16xi64, #shared>>, %i: i32, %buf: !ttg.memdesc<8x16xi64, #shared, #smem>) {
    // expected-error @+1 {{'ttng.async_tma_reduce' op cannot be lowered: TMA cannot reduce i64 elements with dec: cp.reduce.async.bulk.tensor's dec takes unsigned 32-bit integers (i32, ui32)}}
    ttng.async_tma_reduce dec, %d[%i, %i] %buf : !tt.tensordesc<tensor<8x16xi64, #shared>>, !ttg.memdesc<8x16xi64, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @add_f64(%d: !tt.tensordesc<tensor<8x16xf64, #shared>>, %i: i32, %buf: !ttg.memdesc<8x16xf64, #shared, #smem>) {
    // expected-error @+1 {{'ttng.async_tma_reduce' op cannot be lowered: TMA cannot reduce f64 elements with add}}
    ttng.async_tma_reduce add, %d[%i, %i] %buf : !tt.tensordesc<tensor<8x16xf64, #shared>>, !ttg.memdesc<8x16xf64, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mismatch(%d: !tt.tensordesc<tensor<32x64xf32, #shared>>, %i: i32, %buf: !ttg.memdesc<32x64xf32, #shared64, #smem>) {
    // expected-error @+1 {{'ttng.async_tma_reduce' op copies a '!ttg.memdesc<32x64xf32, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>, #ttg.shared_memory>' buffer through a descriptor of 'tensor<32x64xf32, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>>'; TMA needs the block's shape (or the block without leading unit dimensions), type and encoding}}
    ttng.async_tma_reduce add, %d[%i, %i] %buf : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<32x64xf32, #shared64, #smem>
    tt.return
  }
}

// A tt.descriptor_reduce that cp.reduce.async.bulk.tensor cannot do is
// rewritten by triton-nvidia-tma-lowering all the same (as Triton's pass
// does); convert-triton-gpu-to-llvm then diagnoses the ttng.async_tma_reduce,
// naming the kind and the element type, before rewriting anything. The
// functions are private: a kernel's descriptor arguments are checked first.
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(triton-nvidia-tma-lowering,convert-triton-gpu-to-llvm)'

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @xor_f32(%d: !tt.tensordesc<tensor<32x64xf32, #shared>>, %i: i32, %v: tensor<32x64xf32, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_reduce' op cannot be lowered: TMA cannot reduce f32 elements with xor: cp.reduce.async.bulk.tensor's xor takes 32- and 64-bit integers}}
    tt.descriptor_reduce xor, %d[%i, %i], %v : !tt.tensordesc<tensor<32x64xf32, #shared>>, tensor<32x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @min_f32(%d: !tt.tensordesc<tensor<32x64xf32, #shared>>, %i: i32, %v: tensor<32x64xf32, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_reduce' op cannot be lowered: TMA cannot reduce f32 elements with min: cp.reduce.async.bulk.tensor's min takes 32- and 64-bit integers, f16 and bf16}}
    tt.descriptor_reduce min, %d[%i, %i], %v : !tt.tensordesc<tensor<32x64xf32, #shared>>, tensor<32x64xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 64}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @add_si64(%d: !tt.tensordesc<tensor<16x16xsi64, #shared>>, %i: i32, %v: tensor<16x16xi64, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_reduce' op cannot be lowered: TMA cannot reduce si64 elements with add: cp.reduce.async.bulk.tensor's add takes 32-bit integers, unsigned 64-bit integers (i64, ui64), f32, f16 and bf16}}
    tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<16x16xsi64, #shared>>, tensor<16x16xi64, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @inc_si32(%d: !tt.tensordesc<tensor<16x64xsi32, #shared>>, %i: i32, %v: tensor<16x64xi32, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_reduce' op cannot be lowered: TMA cannot reduce si32 elements with inc: cp.reduce.async.bulk.tensor's inc takes unsigned 32-bit integers (i32, ui32)}}
    tt.descriptor_reduce inc, %d[%i, %i], %v : !tt.tensordesc<tensor<16x64xsi32, #shared>>, tensor<16x64xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @add_i16(%d: !tt.tensordesc<tensor<16x64xi16, #shared>>, %i: i32, %v: tensor<16x64xi16, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_reduce' op cannot be lowered: TMA cannot reduce i16 elements with add}}
    tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<16x64xi16, #shared>>, tensor<16x64xi16, #blocked>
    tt.return
  }
}

// -----

// The block itself must be one TMA moves, as for stores.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @narrow_rows(%d: !tt.tensordesc<tensor<16x16xf32, #shared>>, %i: i32, %v: tensor<16x16xf32, #blocked>) {
    // expected-error @+1 {{'ttng.async_tma_reduce' op cannot be lowered: the block's rows (16 elements) are narrower than the buffer's 128-byte swizzle}}
    tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<16x16xf32, #shared>>, tensor<16x16xf32, #blocked>
    tt.return
  }
}

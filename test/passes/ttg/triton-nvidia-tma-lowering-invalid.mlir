// Descriptors the pass cannot rewrite get a diagnostic naming the op and
// the reason, and the pass fails: accesses need a shared encoding to lay out
// their buffer, device-side descriptors a block TMA moves to write the
// tensor map. (What TMA cannot move otherwise, convert-triton-gpu-to-llvm
// diagnoses.)
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(triton-nvidia-tma-lowering)'

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_encoding(%d: !tt.tensordesc<tensor<128x64xf16>>, %i: i32) -> tensor<128x64xf16, #blocked> {
    // expected-error @+1 {{'tt.descriptor_load' op needs a descriptor with a shared encoding; run triton-nvidia-optimize-descriptor-encoding first}}
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
    tt.return %v : tensor<128x64xf16, #blocked>
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @make_without_encoding(%base: !tt.ptr<f16>, %m: i32, %s: i64) -> !tt.tensordesc<tensor<128x64xf16>> {
    %c1 = arith.constant 1 : i64
    // expected-error @+1 {{'tt.make_tensor_descriptor' op needs a descriptor with a shared encoding; run triton-nvidia-optimize-descriptor-encoding first}}
    %d = tt.make_tensor_descriptor %base, [%m, %m], [%s, %c1] : <f16>, <tensor<128x64xf16>>
    tt.return %d : !tt.tensordesc<tensor<128x64xf16>>
  }
}

// -----

#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @make_swizzled(%base: !tt.ptr<f16>, %m: i32, %s: i64) -> !tt.tensordesc<tensor<128x64xf16, #swizzled>> {
    %c1 = arith.constant 1 : i64
    // expected-error-re @+1 {{'tt.make_tensor_descriptor' op cannot move its blocks by TMA: {{.*}}}}
    %d = tt.make_tensor_descriptor %base, [%m, %m], [%s, %c1] : <f16>, <tensor<128x64xf16, #swizzled>>
    tt.return %d : !tt.tensordesc<tensor<128x64xf16, #swizzled>>
  }
}

// -----

// A load may drop the block's leading unit dimensions; its buffer then
// takes the descriptor's encoding at the lower rank, which a 3-D
// #ttg.nvmma_shared cannot describe for a 1-D tensor.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rank_too_low(%d: !tt.tensordesc<tensor<1x1x64xf16, #shared>>, %i: i32) -> tensor<64xf16, #blocked> {
    // expected-error @+1 {{'tt.descriptor_load' op drops leading unit dimensions of its block, but the descriptor's encoding #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}> does not fit a 1-dimensional buffer}}
    %v = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<1x1x64xf16, #shared>> -> tensor<64xf16, #blocked>
    tt.return %v : tensor<64xf16, #blocked>
  }
}

// Descriptors TMA cannot serve get a diagnostic naming the op and the
// reason, and the pass fails.
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

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @narrow_rows(%d: !tt.tensordesc<tensor<64x32xf16, #shared>>, %i: i32) -> tensor<64x32xf16, #blocked> {
    // expected-error @+1 {{'tt.descriptor_load' op cannot move its blocks by TMA: the block's rows (32 elements) are narrower than the buffer's 128-byte swizzle}}
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x32xf16, #shared>> -> tensor<64x32xf16, #blocked>
    tt.return %v : tensor<64x32xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @gather(%d: !tt.tensordesc<tensor<1x128xf16, #shared>>, %xs: tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, %y: i32) -> tensor<32x128xf16, #blocked> {
    // expected-error @+1 {{'tt.descriptor_gather' op needs TMA gather/scatter (.tile::gather4), which sm_90 lacks: ptxas accepts it from sm_100 on}}
    %v = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<tensor<1x128xf16, #shared>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, i32) -> tensor<32x128xf16, #blocked>
    tt.return %v : tensor<32x128xf16, #blocked>
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

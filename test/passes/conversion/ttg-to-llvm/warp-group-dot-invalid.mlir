// convert-triton-gpu-to-llvm refuses a ttng.warp_group_dot wgmma cannot
// take, naming the reason, before it rewrites anything.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// tf32 operands must be K-major: an M-major A is refused.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 8]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tf32_m_major(%a: !ttg.memdesc<64x32xf32, #sa, #smem>, %b: !ttg.memdesc<32x32xf32, #sb, #smem>, %c: tensor<64x32xf32, #mma>) {
    // expected-error @below {{'ttng.warp_group_dot' op cannot be lowered: wgmma takes M/N-major operands only of 16-bit types, in swizzled buffers (tf32, fp8 and int8 operands must be K-major)}}
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 1 : i32} : !ttg.memdesc<64x32xf32, #sa, #smem> * !ttg.memdesc<32x32xf32, #sb, #smem> -> tensor<64x32xf32, #mma>
    tt.return
  }
}

// -----

// wgmma reads only the core-matrix layouts of #ttg.nvmma_shared.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sw = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#s128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzled_shared(%a: !ttg.memdesc<64x64xf16, #sw, #smem>, %b: !ttg.memdesc<64x64xf16, #s128, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @below {{'ttng.warp_group_dot' op cannot be lowered: wgmma operands must be 2-D #ttg.nvmma_shared buffers}}
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #sw, #smem> * !ttg.memdesc<64x64xf16, #s128, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

// A in registers must hold wgmma's A fragments, 32-bit words: kWidth = 4
// does not (the verifier says so, as Triton's).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @register_a_kwidth(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: !ttg.memdesc<64x64xf16, #s128, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @below {{'ttng.warp_group_dot' op in-register LHS operand must have a kWidth of 2 but got 4}}
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * !ttg.memdesc<64x64xf16, #s128, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

// A cluster-scope fence has no lowering.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cluster_fence() {
    // expected-error @below {{'ttng.fence_async_shared' op with cluster scope is not supported: tile compiles for one CTA per cluster}}
    ttng.fence_async_shared {bCluster = true}
    tt.return
  }
}

// -----

// A result narrower than wgmma's 8 columns: wgmma reads B from shared
// memory, which holds no broadcast copies, so a layout folding the
// instruction's columns onto 4 is not its fragment (mma.sync, whose
// operands are registers, takes such a dot broadcast).
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]}>
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @narrower_than_instruction(%a: !ttg.memdesc<64x16xf16, #s, #smem>, %b: !ttg.memdesc<16x4xf16, #s, #smem>, %c: tensor<64x4xf32, #mma>) {
    // expected-error @below {{'ttng.warp_group_dot' op cannot be lowered: the result's lanes and warps do not hold wgmma fragments}}
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #s, #smem> * !ttg.memdesc<16x4xf16, #s, #smem> -> tensor<64x4xf32, #mma>
    tt.return
  }
}

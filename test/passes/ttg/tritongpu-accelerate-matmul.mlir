// tritongpu-accelerate-matmul: on cuda:90 a tt.dot that wgmma can compute
// becomes a ttng.warp_group_dot (#ttg.nvidia_mma version 3, operands in
// #ttg.nvmma_shared buffers); elsewhere a tt.dot that mma.sync can compute
// gets the version 2 result layout, with Triton 3.6's warpsPerCTA, and
// #ttg.dot_op operands with kWidth = 32 / (narrowest operand bits); the
// others stay on the FMA path, their operands widened to the accumulator
// type. Inputs are what convert-triton-to-tritongpu gives a dot.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-accelerate-matmul)' | FileCheck %s --enable-var-scope

// f16 x f16 -> f32, the corpus matmul tile: 8x16 instruction tiles, so N is
// halved first, then M: warpsPerCTA [2, 2]; kWidth = 32 / 16 = 2. Operands
// are converted from their blocked source, the accumulator in, the result
// back.
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @f16_f32(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<32x128xf16, #blocked> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, [[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = tf32 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>> -> tensor<128x128xf32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<128x128xf32, [[$MMA]]> -> tensor<128x128xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @f16_f32(%a: tensor<128x32xf16, #blocked>, %b: tensor<32x128xf16, #blocked>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x128xf16, #blocked> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// f16 accumulator.
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @f16_f16(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, [[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>> -> tensor<64x64xf16, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xf16, [[$MMA]]> -> tensor<64x64xf16, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @f16_f16(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf16, #blocked>
    tt.return %d : tensor<64x64xf16, #blocked>
  }
}

// -----

// bf16 with 8 warps on 128x256: N, N, then M.
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @bf16_w8(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<128x64xbf16, #blocked> -> tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<64x256xbf16, #blocked> -> tensor<64x256xbf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<128x256xf32, #blocked> -> tensor<128x256xf32, [[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>> * tensor<64x256xbf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>> -> tensor<128x256xf32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<128x256xf32, [[$MMA]]> -> tensor<128x256xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @bf16_w8(%a: tensor<128x64xbf16, #blocked>, %b: tensor<64x256xbf16, #blocked>, %c: tensor<128x256xf32, #blocked>) -> tensor<128x256xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<128x64xbf16, #blocked> -> tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x256xbf16, #blocked> -> tensor<64x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %d : tensor<128x256xf32, #blocked>
  }
}

// -----

// i8 -> i32 (m16n8k32): kWidth 4.
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @i8_i32(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 4}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 4}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<64x64xi32, #blocked> -> tensor<64x64xi32, [[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 4}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 4}>> -> tensor<64x64xi32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xi32, [[$MMA]]> -> tensor<64x64xi32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @i8_i32(%a: tensor<64x64xi8, #blocked>, %b: tensor<64x64xi8, #blocked>, %c: tensor<64x64xi32, #blocked>) -> tensor<64x64xi32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xi32, #blocked>
    tt.return %d : tensor<64x64xi32, #blocked>
  }
}

// -----

// f32 with inputPrecision = tf32 (Triton's default for tl.dot): m16n8k8,
// kWidth 1.
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @tf32(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 1}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 1}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 1}>> -> tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, [[$MMA]]> -> tensor<64x64xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @tf32(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// f16 widened to f32 for a tf32 dot keeps the f16 kWidth (2).
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @tf32_from_f16(
// CHECK: %[[AW:.*]] = arith.extf %arg0
// CHECK: %[[A:.*]] = ttg.convert_layout %[[AW]] : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]], inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>> -> tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, [[$MMA]]> -> tensor<64x64xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @tf32_from_f16(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %aw = arith.extf %a : tensor<64x32xf16, #blocked> to tensor<64x32xf32, #blocked>
    %a1 = ttg.convert_layout %aw : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// f32 with the default ieee precision stays on the FMA path.
// CHECK-NOT: nvidia_mma
// CHECK-LABEL: tt.func @f32_ieee(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %arg2 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
// CHECK-NOT: convert_layout
// CHECK: tt.return %[[D]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @f32_ieee(%a: tensor<64x32xf32, #blocked>, %b: tensor<32x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf32, #blocked> -> tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// One warp.
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @one_warp(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, [[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>> -> tensor<32x32xf32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<32x32xf32, [[$MMA]]> -> tensor<32x32xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @one_warp(%a: tensor<32x16xf16, #blocked>, %b: tensor<16x32xf16, #blocked>, %c: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xf32, #blocked>
    tt.return %d : tensor<32x32xf32, #blocked>
  }
}

// -----

// 16 warps on 64x64: [4, 4].
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 4], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @w16(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<64x16xf16, #blocked> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<16x64xf16, #blocked> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>> -> tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, [[$MMA]]> -> tensor<64x64xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [16, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 16 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @w16(%a: tensor<64x16xf16, #blocked>, %b: tensor<16x64xf16, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x16xf16, #blocked> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<16x64xf16, #blocked> -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// More warps than 16x8 tiles: the extra warps go along M.
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @tiny_many_warps(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, [[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>> -> tensor<16x16xf32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<16x16xf32, [[$MMA]]> -> tensor<16x16xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @tiny_many_warps(%a: tensor<16x16xf16, #blocked>, %b: tensor<16x16xf16, #blocked>, %c: tensor<16x16xf32, #blocked>) -> tensor<16x16xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<16x16xf16, #blocked> -> tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return %d : tensor<16x16xf32, #blocked>
  }
}

// -----

// cuda:90: wgmma (version 3). 128x128 with 4 warps: one warpgroup along M,
// the full N of 128 per instruction, K = 16 for f16. Both operands are
// stored to shared memory right after they are computed, in the order of
// their registers, with the widest swizzle their rows fill (A: 32 f16 = 64
// bytes; B: 256 bytes -> 128).
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: [[$SB:#[a-z0-9]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: [[$SA:#[a-z0-9]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @wgmma_f16(
// CHECK-DAG: %[[B:.*]] = ttg.local_alloc %arg1 : (tensor<32x128xf16, #blocked>) -> !ttg.memdesc<32x128xf16, [[$SB]], #smem>
// CHECK-DAG: %[[A:.*]] = ttg.local_alloc %arg0 : (tensor<128x32xf16, #blocked>) -> !ttg.memdesc<128x32xf16, [[$SA]], #smem>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, [[$MMA]]>
// CHECK: %[[D:.*]] = ttng.warp_group_dot %[[A]], %[[B]], %[[C]] : !ttg.memdesc<128x32xf16, [[$SA]], #smem> * !ttg.memdesc<32x128xf16, [[$SB]], #smem> -> tensor<128x128xf32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<128x128xf32, [[$MMA]]> -> tensor<128x128xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @wgmma_f16(%a: tensor<128x32xf16, #blocked>, %b: tensor<32x128xf16, #blocked>, %c: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x128xf16, #blocked> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    tt.return %d : tensor<128x128xf32, #blocked>
  }
}

// -----

// bf16, 8 warps on 64 rows: one warpgroup covers M, the second goes along
// N (warpsPerCTA [4, 2]) and each instruction is 64 wide. B's registers run
// along K (order [0, 1]); a 16-bit operand may be MN- or K-major, so its
// buffer keeps that order: transposed.
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}>
// CHECK-DAG: [[$SB:#[a-z0-9]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @wgmma_bf16_mn_major_b(
// CHECK: ttg.local_alloc %arg1 : (tensor<64x128xbf16, #blocked1>) -> !ttg.memdesc<64x128xbf16, [[$SB]], #smem>
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x128xf32, [[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blockedT = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 8], order = [0, 1]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @wgmma_bf16_mn_major_b(%a: tensor<64x64xbf16, #blocked>, %b: tensor<64x128xbf16, #blockedT>, %c: tensor<64x128xf32, #blocked>) -> tensor<64x128xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x64xbf16, #blocked> -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x128xbf16, #blockedT> -> tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x128xf32, #blocked>
    tt.return %d : tensor<64x128xf32, #blocked>
  }
}

// -----

// fp8 into f32 with Triton's default maxNumImpreciseAcc: K = 32 per
// instruction. Types other than f16/bf16 must be K-major in shared memory:
// B's registers run along N, yet its buffer is transposed (K contiguous).
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 32]}>
// CHECK-DAG: [[$SB:#[a-z0-9]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
// CHECK-DAG: [[$SA:#[a-z0-9]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
// CHECK-LABEL: tt.func @wgmma_fp8_k_major(
// CHECK: ttg.local_alloc %arg1 : (tensor<128x256xf8E4M3FN, #blocked>) -> !ttg.memdesc<128x256xf8E4M3FN, [[$SB]], #smem>
// CHECK: ttg.local_alloc %arg0 : (tensor<128x128xf8E4M3FN, #blocked>) -> !ttg.memdesc<128x128xf8E4M3FN, [[$SA]], #smem>
// CHECK: ttng.warp_group_dot {{.*}}maxNumImpreciseAcc = 1073741824 : i32{{.*}} -> tensor<128x256xf32, [[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @wgmma_fp8_k_major(%a: tensor<128x128xf8E4M3FN, #blocked>, %b: tensor<128x256xf8E4M3FN, #blocked>, %c: tensor<128x256xf32, #blocked>) -> tensor<128x256xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<128x128xf8E4M3FN, #blocked> -> tensor<128x128xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<128x256xf8E4M3FN, #blocked> -> tensor<128x256xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = tf32 {maxNumImpreciseAcc = 1073741824 : i32} : tensor<128x128xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<128x256xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x256xf32, #blocked>
    tt.return %d : tensor<128x256xf32, #blocked>
  }
}

// -----

// i8: wgmma's i8 widths are multiples of 16 up to 224 (and 8); 224, 208,
// ... do not divide 256, so 128 does.
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 32]}>
// CHECK-LABEL: tt.func @wgmma_i8_width(
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x256xi32, [[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @wgmma_i8_width(%a: tensor<64x64xi8, #blocked>, %b: tensor<64x256xi8, #blocked>, %c: tensor<64x256xi32, #blocked>) -> tensor<64x256xi32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<64x256xi8, #blocked> -> tensor<64x256xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x256xi32, #blocked>
    tt.return %d : tensor<64x256xi32, #blocked>
  }
}

// -----

// M = 32 is less than a warpgroup's 64 rows: mma.sync, with a remark.
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @fallback_small_m(
// CHECK: tt.dot {{.*}} -> tensor<32x64xf32, [[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @fallback_small_m(%a: tensor<32x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %c: tensor<32x64xf32, #blocked>) -> tensor<32x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x64xf32, #blocked>
    tt.return %d : tensor<32x64xf32, #blocked>
  }
}

// -----

// A dot smaller than one mma.sync tile takes mma.sync, as in Triton 3.6: its
// layouts hold the 16x8 tile broadcast. Warps as for any dot: one 16-row
// tile against four 8-column ones puts all four warps along N.
// CHECK: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @small_m(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<8x16xf16, #blocked> -> tensor<8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<8x32xf32, #blocked> -> tensor<8x32xf32, #mma>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : {{.+}} -> tensor<8x32xf32, #mma>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<8x32xf32, #mma> -> tensor<8x32xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @small_m(%a: tensor<8x16xf16, #blocked>, %b: tensor<16x32xf16, #blocked>, %c: tensor<8x32xf32, #blocked>) -> tensor<8x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<8x16xf16, #blocked> -> tensor<8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<8x32xf32, #blocked>
    tt.return %d : tensor<8x32xf32, #blocked>
  }
}

// -----

// N below one tile (8 columns, where Triton's minimum used to be 16) takes
// mma.sync too; its two 16-row tiles against one 8-column one put all warps
// along M.
// CHECK: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @small_n(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<16x8xf16, #blocked> -> tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: tt.dot %[[A]], %[[B]], %{{.+}} : {{.+}} -> tensor<32x8xf16, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @small_n(%a: tensor<32x16xf16, #blocked>, %b: tensor<16x8xf16, #blocked>, %c: tensor<32x8xf16, #blocked>) -> tensor<32x8xf16, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<32x16xf16, #blocked> -> tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<16x8xf16, #blocked> -> tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x8xf16, #blocked>
    tt.return %d : tensor<32x8xf16, #blocked>
  }
}

// -----

// K below one instruction (k32 for i8) stays FMA; integers are widened with
// arith.extsi.
// CHECK-NOT: nvidia_mma
// CHECK-LABEL: tt.func @small_k_i8(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<32x16xi8, #blocked> -> tensor<32x16xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<16x32xi8, #blocked> -> tensor<16x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK: %[[AX:.*]] = arith.extsi %[[A]] : tensor<32x16xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> to tensor<32x16xi32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK: %[[BX:.*]] = arith.extsi %[[B]] : tensor<16x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> to tensor<16x32xi32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK: %[[D:.*]] = tt.dot %[[AX]], %[[BX]], %arg2 : tensor<32x16xi32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xi32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xi32, #blocked>
// CHECK-NOT: convert_layout
// CHECK: tt.return %[[D]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @small_k_i8(%a: tensor<32x16xi8, #blocked>, %b: tensor<16x32xi8, #blocked>, %c: tensor<32x32xi32, #blocked>) -> tensor<32x32xi32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<32x16xi8, #blocked> -> tensor<32x16xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<16x32xi8, #blocked> -> tensor<16x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<32x16xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x32xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<32x32xi32, #blocked>
    tt.return %d : tensor<32x32xi32, #blocked>
  }
}

// -----

// e5m2 on cuda:80: mma.sync with kWidth 4, the operands widened to f16
// (Triton's decomposeMixedModeDotOp); e4m3 is refused there (-invalid).
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @fp8_sm80(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<64x32xf8E5M2, #blocked> -> tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 4}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<32x64xf8E5M2, #blocked> -> tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 4}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[AX:.*]] = tt.fp_to_fp %[[A]] : tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 4}>> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 4}>>
// CHECK: %[[BX:.*]] = tt.fp_to_fp %[[B]] : tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 4}>> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 4}>>
// CHECK: %[[D:.*]] = tt.dot %[[AX]], %[[BX]], %[[C]] : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 4}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 4}>> -> tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, [[$MMA]]> -> tensor<64x64xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @fp8_sm80(%a: tensor<64x32xf8E5M2, #blocked>, %b: tensor<32x64xf8E5M2, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf8E5M2, #blocked> -> tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf8E5M2, #blocked> -> tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// fp8 on cuda:89 is native: no widening.
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @fp8_sm89(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<64x32xf8E5M2, #blocked> -> tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 4}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<32x64xf8E5M2, #blocked> -> tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 4}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 4}>> * tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 4}>> -> tensor<64x64xf32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, [[$MMA]]> -> tensor<64x64xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:89"} {
  tt.func @fp8_sm89(%a: tensor<64x32xf8E5M2, #blocked>, %b: tensor<32x64xf8E5M2, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf8E5M2, #blocked> -> tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf8E5M2, #blocked> -> tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// Below cuda:80 there is no mma.sync path.
// CHECK-NOT: nvidia_mma
// CHECK-LABEL: tt.func @sm75(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %arg2 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf16, #blocked>
// CHECK-NOT: convert_layout
// CHECK: tt.return %[[D]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:75"} {
  tt.func @sm75(%a: tensor<64x32xf16, #blocked>, %b: tensor<32x64xf16, #blocked>, %c: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf16, #blocked> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf16, #blocked> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf16, #blocked>
    tt.return %d : tensor<64x64xf16, #blocked>
  }
}

// -----

// Batched: all warps along the batch, instrShape [1, 16, 8].
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
// CHECK-LABEL: tt.func @batched(
// CHECK: %[[A:.*]] = ttg.convert_layout %arg0 : tensor<2x32x16xf16, #blocked> -> tensor<2x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[B:.*]] = ttg.convert_layout %arg1 : tensor<2x16x32xf16, #blocked> -> tensor<2x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK: %[[C:.*]] = ttg.convert_layout %arg2 : tensor<2x32x32xf32, #blocked> -> tensor<2x32x32xf32, [[$MMA]]>
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : tensor<2x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>> * tensor<2x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>> -> tensor<2x32x32xf32, [[$MMA]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[D]] : tensor<2x32x32xf32, [[$MMA]]> -> tensor<2x32x32xf32, #blocked>
// CHECK: tt.return %[[R]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @batched(%a: tensor<2x32x16xf16, #blocked>, %b: tensor<2x16x32xf16, #blocked>, %c: tensor<2x32x32xf32, #blocked>) -> tensor<2x32x32xf32, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<2x32x16xf16, #blocked> -> tensor<2x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<2x16x32xf16, #blocked> -> tensor<2x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c : tensor<2x32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<2x16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<2x32x32xf32, #blocked>
    tt.return %d : tensor<2x32x32xf32, #blocked>
  }
}


// -----

// Chained dots (attention: S = Q K, O = P V with P from S): every warp along
// M for both, so each row of S stays within one warp for the softmax.
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-NOT: nvidia_mma
// CHECK-LABEL: tt.func @chained
// CHECK: tt.dot {{.*}} -> tensor<128x64xf32, [[$MMA]]>
// CHECK: tt.dot {{.*}} -> tensor<128x64xf32, [[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @chained(%q: tensor<128x64xf16, #blocked>, %k: tensor<64x64xf16, #blocked>, %v: tensor<64x64xf16, #blocked>, %acc: tensor<128x64xf32, #blocked>) -> tensor<128x64xf32, #blocked> {
    %q1 = ttg.convert_layout %q : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %k1 = ttg.convert_layout %k : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %s = tt.dot %q1, %k1, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    %p = arith.truncf %s : tensor<128x64xf32, #blocked> to tensor<128x64xf16, #blocked>
    %p1 = ttg.convert_layout %p : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %v1 = ttg.convert_layout %v : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %o = tt.dot %p1, %v1, %acc : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x64xf32, #blocked>
    tt.return %o : tensor<128x64xf32, #blocked>
  }
}

// -----

// A dot that already has an mma layout is left alone.
// CHECK-LABEL: tt.func @already_mma
// CHECK-NEXT: tt.dot %arg0, %arg1, %arg2
// CHECK-NEXT: tt.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @already_mma(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// cuda:90, where wgmma's A may come from registers: a computed A (here the
// f16 probabilities of attention, a truncf of f32 values; Triton's test is
// "not loaded from global memory, not a block argument, seen through
// conversions and transpositions") is converted to the dot operand layout
// of the wgmma layout, 32 bits of K per register (kWidth = 2 for f16), and
// never goes through shared memory. B, and an A loaded from global memory
// (through a conversion), are stored to #ttg.nvmma_shared buffers.
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: [[$S:#[a-z0-9]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: [[$ACC:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$LD:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @wgmma_register_a(
// CHECK: %[[P:.*]] = arith.truncf %arg0 : tensor<128x64xf32, [[$ACC]]> to tensor<128x64xf16, [[$ACC]]>
// CHECK-NEXT: %[[PA:.*]] = ttg.convert_layout %[[P]] : tensor<128x64xf16, [[$ACC]]> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK-NOT: ttg.local_alloc
// CHECK: ttng.warp_group_dot %[[PA]], %{{.+}}, %{{.+}} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>> * !ttg.memdesc<64x64xf16, [[$S]], #smem> -> tensor<128x64xf32, [[$MMA]]>
// CHECK: %[[A:.*]] = tt.load %arg1 : tensor<128x64x!tt.ptr<f16>, [[$LD]]>
// CHECK-NEXT: %[[AS:.*]] = ttg.local_alloc %[[A]] : (tensor<128x64xf16, [[$LD]]>) -> !ttg.memdesc<128x64xf16, [[$S]], #smem>
// CHECK: ttng.warp_group_dot %[[AS]], %{{.+}}, %{{.+}} : !ttg.memdesc<128x64xf16, [[$S]], #smem> * !ttg.memdesc<64x64xf16, [[$S]], #smem> -> tensor<128x64xf32, [[$MMA]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#acc = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @wgmma_register_a(%s: tensor<128x64xf32, #acc>, %ap: tensor<128x64x!tt.ptr<f16>, #blocked>, %b: tensor<64x64xf16, #blocked>, %c: tensor<128x64xf32, #acc>) -> (tensor<128x64xf32, #acc>, tensor<128x64xf32, #acc>) {
    %p = arith.truncf %s : tensor<128x64xf32, #acc> to tensor<128x64xf16, #acc>
    %p1 = ttg.convert_layout %p : tensor<128x64xf16, #acc> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %b1 = ttg.convert_layout %b : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>>
    %o = tt.dot %p1, %b1, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x64xf32, #acc>
    %a = tt.load %ap : tensor<128x64x!tt.ptr<f16>, #blocked>
    %a1 = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>>
    %d = tt.dot %a1, %b1, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #acc}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #acc}>> -> tensor<128x64xf32, #acc>
    tt.return %o, %d : tensor<128x64xf32, #acc>, tensor<128x64xf32, #acc>
  }
}

// -----

// f64 goes to mma.sync on cuda:80 and cuda:90 (not wgmma, which has no f64
// form), with kWidth 1; on cuda:86 and cuda:89, whose f64 tensor cores are
// slow, and for K not a multiple of 8, it stays on the FMA path (Triton's
// rule).
// CHECK: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @f64_sm90(
// CHECK: tt.dot {{.+}} : tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 1}>> * tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 1}>> -> tensor<64x64xf64, [[$MMA]]>
// CHECK-NOT: ttng.warp_group_dot
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @f64_sm90(%a: tensor<64x32xf64, #blocked>, %b: tensor<32x64xf64, #blocked>, %c: tensor<64x64xf64, #blocked>) -> tensor<64x64xf64, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf64, #blocked> -> tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf64, #blocked> -> tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = ieee : tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf64, #blocked>
    tt.return %d : tensor<64x64xf64, #blocked>
  }
}

// -----

// CHECK-LABEL: tt.func @f64_sm86(
// CHECK: tt.dot {{.+}} -> tensor<64x64xf64, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:86"} {
  tt.func @f64_sm86(%a: tensor<64x32xf64, #blocked>, %b: tensor<32x64xf64, #blocked>, %c: tensor<64x64xf64, #blocked>) -> tensor<64x64xf64, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x32xf64, #blocked> -> tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<32x64xf64, #blocked> -> tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = ieee : tensor<64x32xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf64, #blocked>
    tt.return %d : tensor<64x64xf64, #blocked>
  }
}

// -----

// CHECK-LABEL: tt.func @f64_k4(
// CHECK: tt.dot {{.+}} -> tensor<64x64xf64, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @f64_k4(%a: tensor<64x4xf64, #blocked>, %b: tensor<4x64xf64, #blocked>, %c: tensor<64x64xf64, #blocked>) -> tensor<64x64xf64, #blocked> {
    %a1 = ttg.convert_layout %a : tensor<64x4xf64, #blocked> -> tensor<64x4xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    %b1 = ttg.convert_layout %b : tensor<4x64xf64, #blocked> -> tensor<4x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    %d = tt.dot %a1, %b1, %c, inputPrecision = ieee : tensor<64x4xf64, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<4x64xf64, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf64, #blocked>
    tt.return %d : tensor<64x64xf64, #blocked>
  }
}

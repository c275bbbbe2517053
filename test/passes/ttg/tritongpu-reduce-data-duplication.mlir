// tritongpu-reduce-data-duplication: a convert_layout to a dot operand layout
// that moves data between warps, or whose warp shuffles would select their
// source register at run time in two or more independent ways, goes through
// shared memory (local_alloc into Triton 3.6's swizzled layout for that
// operand, then local_load); others stay conversions.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-reduce-data-duplication)' | FileCheck %s --enable-var-scope

// The corpus matmul (matmul_f16_nopipe.sm80.ttgir), operand A: 128x32 f16,
// K contiguous: 32-element rows pack two to a 128-byte line (perPhase 2),
// 4 phases of 8-element vectors.
// CHECK-DAG: [[$SRC:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK: [[$SH:#[a-z0-9]+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: tt.func @corpus_a(
// CHECK: %[[M:.*]] = ttg.local_alloc %arg0 : (tensor<128x32xf16, [[$SRC]]>) -> !ttg.memdesc<128x32xf16, [[$SH]], #smem>
// CHECK: %[[L:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<128x32xf16, [[$SH]], #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK: tt.return %[[L]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @corpus_a(%x: tensor<128x32xf16, #blocked>) -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %y = ttg.convert_layout %x : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %y : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

// The corpus operand B: 32x128 f16, N contiguous (not K): the vector and the
// 8-row stride swap roles (both 8 for f16); 128-element rows fill a line.
// CHECK-DAG: [[$SRC:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK: [[$SH:#[a-z0-9]+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: tt.func @corpus_b(
// CHECK: %[[M:.*]] = ttg.local_alloc %arg0 : (tensor<32x128xf16, [[$SRC]]>) -> !ttg.memdesc<32x128xf16, [[$SH]], #smem>
// CHECK: %[[L:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<32x128xf16, [[$SH]], #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK: tt.return %[[L]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @corpus_b(%x: tensor<32x128xf16, #blocked>) -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> {
    %y = ttg.convert_layout %x : tensor<32x128xf16, #blocked> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %y : tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// B stored K-contiguous (a transposed K in attention: order [0, 1]).
// CHECK-DAG: [[$SRC:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK: [[$SH:#[a-z0-9]+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
// CHECK-LABEL: tt.func @b_k_contiguous(
// CHECK: %[[M:.*]] = ttg.local_alloc %arg0 : (tensor<64x64xf16, [[$SRC]]>) -> !ttg.memdesc<64x64xf16, [[$SH]], #smem>
// CHECK: %[[L:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<64x64xf16, [[$SH]], #smem> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = [[$MMA]], kWidth = 2}>>
// CHECK: tt.return %[[L]]
#blocked = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @b_k_contiguous(%x: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> {
    %y = ttg.convert_layout %x : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %y : tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// i8, kWidth 4: 16-byte vectors are 16 elements; 64-byte rows pack two.
// CHECK-DAG: [[$SRC:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK: [[$SH:#[a-z0-9]+]] = #ttg.swizzled_shared<{vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: tt.func @i8_a(
// CHECK: %[[M:.*]] = ttg.local_alloc %arg0 : (tensor<64x64xi8, [[$SRC]]>) -> !ttg.memdesc<64x64xi8, [[$SH]], #smem>
// CHECK: %[[L:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<64x64xi8, [[$SH]], #smem> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 4}>>
// CHECK: tt.return %[[L]]
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @i8_a(%x: tensor<64x64xi8, #blocked>) -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> {
    %y = ttg.convert_layout %x : tensor<64x64xi8, #blocked> -> tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    tt.return %y : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  }
}

// -----

// tf32, kWidth 1: 4-element vectors of 32 bits.
// CHECK-DAG: [[$SRC:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK: [[$SH:#[a-z0-9]+]] = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-LABEL: tt.func @tf32_a(
// CHECK: %[[M:.*]] = ttg.local_alloc %arg0 : (tensor<64x32xf32, [[$SRC]]>) -> !ttg.memdesc<64x32xf32, [[$SH]], #smem>
// CHECK: %[[L:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<64x32xf32, [[$SH]], #smem> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 1}>>
// CHECK: tt.return %[[L]]
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @tf32_a(%x: tensor<64x32xf32, #blocked>) -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> {
    %y = ttg.convert_layout %x : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    tt.return %y : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  }
}

// -----

// Short rows (K = 16 f16, 32 bytes): four rows share a phase, two phases.
// CHECK-DAG: [[$SRC:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK: [[$SH:#[a-z0-9]+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 4, maxPhase = 2, order = [1, 0]}>
// CHECK-LABEL: tt.func @short_rows(
// CHECK: %[[M:.*]] = ttg.local_alloc %arg0 : (tensor<64x16xf16, [[$SRC]]>) -> !ttg.memdesc<64x16xf16, [[$SH]], #smem>
// CHECK: %[[L:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<64x16xf16, [[$SH]], #smem> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK: tt.return %[[L]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @short_rows(%x: tensor<64x16xf16, #blocked>) -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %y = ttg.convert_layout %x : tensor<64x16xf16, #blocked> -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %y : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

// The memory order follows the lanes when a thread holds a single element
// along the lanes' fastest dim, whatever the blocked order says.
// CHECK-DAG: [[$SRC:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK: [[$SH:#[a-z0-9]+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: tt.func @lane_order(
// CHECK: %[[M:.*]] = ttg.local_alloc %arg0 : (tensor<128x32xf16, [[$SRC]]>) -> !ttg.memdesc<128x32xf16, [[$SH]], #smem>
// CHECK: %[[L:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<128x32xf16, [[$SH]], #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = [[$MMA]], kWidth = 2}>>
// CHECK: tt.return %[[L]]
#blocked = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @lane_order(%x: tensor<128x32xf16, #blocked>) -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %y = ttg.convert_layout %x : tensor<128x32xf16, #blocked> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %y : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

// An FMA operand (blocked parent) replicated across warps is staged too,
// unswizzled.
// CHECK-DAG: [[$SRC:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: [[$SH:#[a-z0-9]+]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-LABEL: tt.func @fma_b(
// CHECK: %[[M:.*]] = ttg.local_alloc %arg0 : (tensor<32x32xf32, [[$SRC]]>) -> !ttg.memdesc<32x32xf32, [[$SH]], #smem>
// CHECK: %[[L:.*]] = ttg.local_load %[[M]] : !ttg.memdesc<32x32xf32, [[$SH]], #smem> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = [[$SRC]]}>>
// CHECK: tt.return %[[L]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @fma_b(%x: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> {
    %y = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
    tt.return %y : tensor<32x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
  }
}

// -----

// The mma accumulator to an A operand of the same mma (attention's P): the
// elements stay in their threads, no shared memory.
// CHECK-DAG: [[$MMA:#[a-z0-9]+]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-LABEL: tt.func @mma_to_a(
// CHECK-NOT: local_alloc
// CHECK: %[[C:.*]] = ttg.convert_layout %arg0
// CHECK: tt.return %[[C]]
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @mma_to_a(%x: tensor<128x64xf16, #mma>) -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %y = ttg.convert_layout %x : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %y : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

// A warp shuffle whose source register depends on the destination lane in
// one way (the mma accumulator to a tf32 A operand: column bit 0 is a
// register bit in one and a lane bit in the other) stays a conversion, as
// in Triton (one "mixed transposition"); so does the fp8-upcast kWidth 4
// operand. A batched f64 A operand at 2 warps, whose source register
// depends on the lane in two independent ways, goes through shared memory
// as in Triton: shuffled, it took a layer of selects per way over all 64
// registers (1,024 selects, spills).
// CHECK-LABEL: tt.func @mma_to_a_tf32(
// CHECK-NOT: local_alloc
// CHECK: ttg.convert_layout
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @mma_to_a_tf32(%x: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> {
    %y = ttg.convert_layout %x : tensor<64x32xf32, #mma> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    tt.return %y : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  }
}

// -----

// CHECK-LABEL: tt.func @mma_to_a_bf16_kwidth4(
// CHECK-NOT: local_alloc
// CHECK: ttg.convert_layout
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @mma_to_a_bf16_kwidth4(%x: tensor<64x32xbf16, #mma>) -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> {
    %y = ttg.convert_layout %x : tensor<64x32xbf16, #mma> -> tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    tt.return %y : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  }
}

// -----

// CHECK-LABEL: tt.func @batched_f64_a(
// CHECK: %[[M:.*]] = ttg.local_alloc %arg0
// CHECK: %[[L:.*]] = ttg.local_load %[[M]]
// CHECK: tt.return %[[L]]
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 1, 32], warpsPerCTA = [2, 1, 1], order = [2, 0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @batched_f64_a(%x: tensor<2x32x64xf64, #blocked>) -> tensor<2x32x64xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> {
    %y = ttg.convert_layout %x : tensor<2x32x64xf64, #blocked> -> tensor<2x32x64xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    tt.return %y : tensor<2x32x64xf64, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  }
}

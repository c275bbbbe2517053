// convert-triton-gpu-to-llvm on a batched (rank-3) tt.dot: the batch is the
// leading dimension, and each thread multiplies, batch by batch, the
// matrices it holds. With an mma v2 result a warp's mma.sync works on one
// batch (its lanes hold one 16x8 tile); warps, and registers where the
// batch is larger than the warps, step along the batch.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm,canonicalize,cse)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

// 2x32x32, warps [4, 1, 1]: warp bit 0 picks the batch, bit 1 repeats it, so
// a thread holds one batch: its 32x32 tile is 2x4 tiles of 16x8 over two
// K steps of 16, 16 instructions.
// CHECK-LABEL: llvm.func @mma_batch_over_warps
// CHECK-COUNT-16: nvvm.mma.sync {{.+}}shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: nvvm.mma.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_batch_over_warps(%a: tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<2x32x32xf32, #mma>, %p: tensor<2x32x32x!tt.ptr<f32>, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<2x32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<2x32x32xf32, #mma>
    tt.store %p, %d : tensor<2x32x32x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// 8x16x16, warps [4, 1, 1]: warps hold batches 0-3 and a register bit
// (the last of each operand and the result) batch +4, so a thread has two
// batches of two 16x8 tiles, K = 16: 4 instructions. Registers, in the
// layouts' order: A (m0, k0..1) 0-1, (m8) 2-3, (k8..9) 4-5 and 6-7, batch
// +4 8-15; B (k0..1, n0) 0-1, (k8..9) 2-3, (n8) 4-7, batch +4 8-15; the
// result (m0, n0..1) 0-1, (m8) 2-3, (n8) 4-7, batch +4 8-15. The third
// instruction is batch +4's first tile: A 8-15, B 8-11, result 8-11.
// CHECK-LABEL: llvm.func @mma_batch_over_registers
// CHECK-DAG: %[[A8:.+]] = llvm.extractvalue %arg0[8]
// CHECK-DAG: %[[A10:.+]] = llvm.extractvalue %arg0[10]
// CHECK-DAG: %[[A12:.+]] = llvm.extractvalue %arg0[12]
// CHECK-DAG: %[[A14:.+]] = llvm.extractvalue %arg0[14]
// CHECK-DAG: %[[B8:.+]] = llvm.extractvalue %arg1[8]
// CHECK-DAG: %[[B10:.+]] = llvm.extractvalue %arg1[10]
// CHECK-DAG: %[[C8:.+]] = llvm.extractvalue %arg2[8]
// CHECK-DAG: %[[C9:.+]] = llvm.extractvalue %arg2[9]
// CHECK-DAG: %[[C10:.+]] = llvm.extractvalue %arg2[10]
// CHECK-DAG: %[[C11:.+]] = llvm.extractvalue %arg2[11]
// CHECK: nvvm.mma.sync
// CHECK: nvvm.mma.sync
// CHECK: %[[P0:.+]] = llvm.insertelement %[[A8]], %{{.+}} : vector<2xf16>
// CHECK: %[[P0F:.+]] = llvm.insertelement %{{.+}}, %[[P0]]
// CHECK: %[[P1:.+]] = llvm.insertelement %[[A10]], %{{.+}} : vector<2xf16>
// CHECK: %[[P1F:.+]] = llvm.insertelement %{{.+}}, %[[P1]]
// CHECK: %[[P2:.+]] = llvm.insertelement %[[A12]], %{{.+}} : vector<2xf16>
// CHECK: %[[P2F:.+]] = llvm.insertelement %{{.+}}, %[[P2]]
// CHECK: %[[P3:.+]] = llvm.insertelement %[[A14]], %{{.+}} : vector<2xf16>
// CHECK: %[[P3F:.+]] = llvm.insertelement %{{.+}}, %[[P3]]
// CHECK: %[[Q0:.+]] = llvm.insertelement %[[B8]], %{{.+}} : vector<2xf16>
// CHECK: %[[Q0F:.+]] = llvm.insertelement %{{.+}}, %[[Q0]]
// CHECK: %[[Q1:.+]] = llvm.insertelement %[[B10]], %{{.+}} : vector<2xf16>
// CHECK: %[[Q1F:.+]] = llvm.insertelement %{{.+}}, %[[Q1]]
// CHECK: nvvm.mma.sync A[%[[P0F]], %[[P1F]], %[[P2F]], %[[P3F]]]  B[%[[Q0F]], %[[Q1F]]]  C[%[[C8]], %[[C9]], %[[C10]], %[[C11]]]
// CHECK: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_batch_over_registers(%a: tensor<8x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<8x16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<8x16x16xf32, #mma>, %p: tensor<8x16x16x!tt.ptr<f32>, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<8x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<8x16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<8x16x16xf32, #mma>
    tt.store %p, %d : tensor<8x16x16x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// int8 and tf32 take the same path: 2x16x32 i8 on one warp, batch in
// registers, one m16n8k32 per 16x8 tile and batch: 2x2 instructions; 2x16x8
// f32 (tf32) with K = 8: one m16n8k8 per tile and batch, 2x1.
// CHECK-LABEL: llvm.func @mma_batch_i8
// CHECK-COUNT-4: nvvm.mma.sync {{.+}}shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: nvvm.mma.sync
// CHECK-LABEL: llvm.func @mma_batch_tf32
// CHECK-COUNT-2: nvvm.mma.sync {{.+}}multiplicandAPtxType = #nvvm.mma_type<tf32>{{.+}}shape = #nvvm.shape<m = 16, n = 8, k = 8>}
// CHECK-NOT: nvvm.mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_batch_i8(%a: tensor<2x16x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<2x32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<2x16x16xi32, #mma>, %p: tensor<2x16x16x!tt.ptr<i32>, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<2x16x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<2x32x16xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<2x16x16xi32, #mma>
    tt.store %p, %d : tensor<2x16x16x!tt.ptr<i32>, #mma>
    tt.return
  }
  tt.func public @mma_batch_tf32(%a: tensor<2x16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<2x8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<2x16x8xf32, #mma>, %p: tensor<2x16x8x!tt.ptr<f32>, #mma>) {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<2x16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<2x8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<2x16x8xf32, #mma>
    tt.store %p, %d : tensor<2x16x8x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// FMA on a blocked rank-3 result: here lanes may step along the batch
// (threadsPerWarp [2, 4, 4]), as long as A and B step with them. A 2x4x8
// result over 32 lanes: each thread holds 2 elements of one batch and
// chains K = 4 fma for each, 8 in all.
// CHECK-LABEL: llvm.func @fma_batch
// CHECK-COUNT-8: llvm.intr.fma
// CHECK-NOT: llvm.intr.fma
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [2, 4, 4], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma_batch(%a: tensor<2x4x4xf32, #ttg.dot_op<{opIdx = 0, parent = #b}>>, %b: tensor<2x4x8xf32, #ttg.dot_op<{opIdx = 1, parent = #b}>>, %c: tensor<2x4x8xf32, #b>, %p: tensor<2x4x8x!tt.ptr<f32>, #b>) {
    %d = tt.dot %a, %b, %c : tensor<2x4x4xf32, #ttg.dot_op<{opIdx = 0, parent = #b}>> * tensor<2x4x8xf32, #ttg.dot_op<{opIdx = 1, parent = #b}>> -> tensor<2x4x8xf32, #b>
    tt.store %p, %d : tensor<2x4x8x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

// Eight rows per batch, fewer than the tile's 16: the layouts hold the tile
// broadcast, rows 8-15 being rows 0-7 again, so A's registers and the
// accumulator's go in twice. One instruction per batch.
// CHECK-LABEL: llvm.func @batch_short_m
// CHECK: nvvm.mma.sync A[%[[A0:.+]], %[[A0]], %[[A1:.+]], %[[A1]]]  B[{{.+}}]  C[%[[C0:.+]], %[[C1:.+]], %[[C0]], %[[C1]]]
// CHECK: nvvm.mma.sync A[%[[A2:.+]], %[[A2]], %[[A3:.+]], %[[A3]]]  B[{{.+}}]  C[%[[C2:.+]], %[[C3:.+]], %[[C2]], %[[C3]]]
// CHECK-NOT: nvvm.mma.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @batch_short_m(%a: tensor<2x8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<2x16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<2x8x8xf32, #mma>, %p: tensor<2x8x8x!tt.ptr<f32>, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<2x8x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<2x16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<2x8x8xf32, #mma>
    tt.store %p, %d : tensor<2x8x8x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// convert-triton-gpu-to-llvm on tt.dot. With an mma v2 result, one
// nvvm.mma.sync per 16x8 accumulator tile and K step (m16n8k16 for f16 and
// bf16, m16n8k32 for int8, m16n8k8 for tf32); the operand registers are the
// PTX fragments, read off the dot_op layouts. Any other layout: an fma chain
// over K per result element.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm,canonicalize,cse)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

// 32x16 result over 2x2 warps: each warp one 16x8 tile; K = 32: two steps,
// the second accumulating into the first's result. Fragment registers in
// PTX order: A (m0,k0..1) (m8,k0..1) (m0,k8..9) (m8,k8..9) are registers
// 0-7 of the first K step.
// CHECK-LABEL: llvm.func @mma_f16
// CHECK-DAG: %[[A0:.+]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[A1:.+]] = llvm.extractvalue %arg0[1]
// CHECK: %[[P0:.+]] = llvm.insertelement %[[A0]], %{{.+}} : vector<2xf16>
// CHECK: llvm.insertelement %[[A1]], %[[P0]]
// CHECK: %[[D0:.+]] = nvvm.mma.sync A[{{.+}}]  B[{{.+}}]  C[{{.+}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-DAG: %[[C0:.+]] = llvm.extractvalue %[[D0]][0]
// CHECK-DAG: %[[C3:.+]] = llvm.extractvalue %[[D0]][3]
// CHECK: nvvm.mma.sync A[{{.+}}]  B[{{.+}}]  C[%[[C0]], %{{.+}}, %{{.+}}, %[[C3]]]
// CHECK-NOT: nvvm.mma.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_f16(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %p: tensor<32x16x!tt.ptr<f32>, #mma>) {
    %c = arith.constant dense<0.0> : tensor<32x16xf32, #mma>
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x16xf32, #mma>
    tt.store %p, %d : tensor<32x16x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// A 64x64 tile per 4 warps [2, 2]: each warp 2x4 tiles of 16x8, K = 16: 8
// instructions per thread. bf16 pairs go as i32.
// CHECK-LABEL: llvm.func @mma_bf16
// CHECK-COUNT-8: nvvm.mma.sync {{.+}} {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: nvvm.mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_bf16(%a: tensor<64x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>, %p: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<64x16xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.store %p, %d : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// int8 -> i32: m16n8k32, four i8 per operand register; the sums saturate
// at the s32 limits (.satfinite), as in Triton's mma.sync.
// CHECK-LABEL: llvm.func @mma_i8
// CHECK: llvm.bitcast %{{.+}} : vector<4xi8> to i32
// CHECK: nvvm.mma.sync {{.+}}{intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>{{.+}}multiplicandAPtxType = #nvvm.mma_type<s8>{{.+}}shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_i8(%a: tensor<16x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x8xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x8xi32, #mma>, %p: tensor<16x8x!tt.ptr<i32>, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<16x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x8xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x8xi32, #mma>
    tt.store %p, %d : tensor<16x8x!tt.ptr<i32>, #mma>
    tt.return
  }
}

// -----

// f32 with tf32 input precision: m16n8k8, one f32 per operand register; an
// f16 accumulator with f16 inputs goes as f16 pairs.
// CHECK-LABEL: llvm.func @mma_tf32
// CHECK: nvvm.mma.sync {{.+}}multiplicandAPtxType = #nvvm.mma_type<tf32>{{.+}}shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-LABEL: llvm.func @mma_f16_acc
// CHECK: nvvm.mma.sync {{.+}} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
// CHECK: llvm.extractelement
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_tf32(%a: tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<16x8xf32, #mma>, %p: tensor<16x8x!tt.ptr<f32>, #mma>) {
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<16x8xf32, #mma>
    tt.store %p, %d : tensor<16x8x!tt.ptr<f32>, #mma>
    tt.return
  }
  tt.func public @mma_f16_acc(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<16x8xf16, #mma>, %p: tensor<16x8x!tt.ptr<f16>, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<16x8xf16, #mma>
    tt.store %p, %d : tensor<16x8x!tt.ptr<f16>, #mma>
    tt.return
  }
}

// -----

// FMA: a blocked result; each thread holds its rows of A and columns of B
// for the whole K (8): 8 fma per result element, 2 elements per thread.
// The two chains advance together, k by k (as Triton's): each k's A
// element serves both, and each chain adds its terms in k order.
// CHECK-LABEL: llvm.func @fma
// CHECK: %[[E0K0:.+]] = llvm.intr.fma(%[[A0:.+]], %{{.+}}, %{{.+}})
// CHECK-NEXT: %[[E1K0:.+]] = llvm.intr.fma(%[[A0]], %{{.+}}, %{{.+}})
// CHECK-NEXT: %[[E0K1:.+]] = llvm.intr.fma(%[[A1:.+]], %{{.+}}, %[[E0K0]])
// CHECK-NEXT: llvm.intr.fma(%[[A1]], %{{.+}}, %[[E1K0]])
// CHECK-COUNT-12: llvm.intr.fma
// CHECK-NOT: llvm.intr.fma
// CHECK: llvm.return
#b = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma(%a: tensor<8x8xf32, #ttg.dot_op<{opIdx = 0, parent = #b}>>, %b: tensor<8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #b}>>, %c: tensor<8x8xf32, #b>, %p: tensor<8x8x!tt.ptr<f32>, #b>) {
    %d = tt.dot %a, %b, %c : tensor<8x8xf32, #ttg.dot_op<{opIdx = 0, parent = #b}>> * tensor<8x8xf32, #ttg.dot_op<{opIdx = 1, parent = #b}>> -> tensor<8x8xf32, #b>
    tt.store %p, %d : tensor<8x8x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

// f16 operands with kWidth = 4 (Triton's choice for f16 upcast from fp8):
// lane t holds K elements 4t..4t+3 and 16+4t..16+4t+3, so each 32 of K are
// two m16n8k16 instructions, the first on registers (0, 1) of each 4-run
// and the second on (2, 3); A and B agree, so each instruction sums a
// permutation of K. A's runs: (m0, k0..3) regs 0-3, (m8) 4-7, (m0, k16..19)
// 8-11, (m8) 12-15; B's: k0..3 regs 0-3, k16..19 regs 4-7.
// CHECK-LABEL: llvm.func @mma_f16_kwidth4
// CHECK-DAG: %[[A0:.+]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[A2:.+]] = llvm.extractvalue %arg0[2]
// CHECK-DAG: %[[A4:.+]] = llvm.extractvalue %arg0[4]
// CHECK-DAG: %[[A8:.+]] = llvm.extractvalue %arg0[8]
// CHECK-DAG: %[[A12:.+]] = llvm.extractvalue %arg0[12]
// CHECK-DAG: %[[A14:.+]] = llvm.extractvalue %arg0[14]
// CHECK-DAG: %[[B0:.+]] = llvm.extractvalue %arg1[0]
// CHECK-DAG: %[[B4:.+]] = llvm.extractvalue %arg1[4]
// CHECK-DAG: %[[B6:.+]] = llvm.extractvalue %arg1[6]
// CHECK: %[[P0:.+]] = llvm.insertelement %[[A0]], %{{.+}} : vector<2xf16>
// CHECK: %[[P0F:.+]] = llvm.insertelement %{{.+}}, %[[P0]]
// CHECK: %[[P1:.+]] = llvm.insertelement %[[A4]], %{{.+}} : vector<2xf16>
// CHECK: %[[P1F:.+]] = llvm.insertelement %{{.+}}, %[[P1]]
// CHECK: %[[P2:.+]] = llvm.insertelement %[[A8]], %{{.+}} : vector<2xf16>
// CHECK: %[[P2F:.+]] = llvm.insertelement %{{.+}}, %[[P2]]
// CHECK: %[[P3:.+]] = llvm.insertelement %[[A12]], %{{.+}} : vector<2xf16>
// CHECK: %[[P3F:.+]] = llvm.insertelement %{{.+}}, %[[P3]]
// CHECK: %[[Q0:.+]] = llvm.insertelement %[[B0]], %{{.+}} : vector<2xf16>
// CHECK: %[[Q0F:.+]] = llvm.insertelement %{{.+}}, %[[Q0]]
// CHECK: %[[Q1:.+]] = llvm.insertelement %[[B4]], %{{.+}} : vector<2xf16>
// CHECK: %[[Q1F:.+]] = llvm.insertelement %{{.+}}, %[[Q1]]
// CHECK: nvvm.mma.sync A[%[[P0F]], %[[P1F]], %[[P2F]], %[[P3F]]]  B[%[[Q0F]], %[[Q1F]]]
// CHECK: llvm.insertelement %[[A2]], %{{.+}} : vector<2xf16>
// CHECK: llvm.insertelement %[[A14]], %{{.+}} : vector<2xf16>
// CHECK: llvm.insertelement %[[B6]], %{{.+}} : vector<2xf16>
// CHECK: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_f16_kwidth4(%a: tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %p: tensor<16x8x!tt.ptr<f32>, #mma>) {
    %c = arith.constant dense<0.0> : tensor<16x8xf32, #mma>
    %d = tt.dot %a, %b, %c : tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x8xf32, #mma>
    tt.store %p, %d : tensor<16x8x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// A 2x4 result on one warp, smaller than the 16x8 tile: the layouts hold
// the tile broadcast, so rows 8-15 of the fragments are the tensor's rows
// 0-1 again (A's registers and the accumulator's two go in twice) and
// columns 4-7 its columns 0-3. K = 32: two instructions, the second
// accumulating into the first's results for rows 8-15, which equal rows
// 0-7's.
// CHECK-LABEL: llvm.func @mma_f16_smaller_than_tile
// CHECK: %[[C0:.+]] = llvm.extractvalue %arg2[0]
// CHECK: %[[C1:.+]] = llvm.extractvalue %arg2[1]
// CHECK: %[[D0:.+]] = nvvm.mma.sync A[%[[A0:.+]], %[[A0]], %[[A1:.+]], %[[A1]]]  B[{{.+}}]  C[%[[C0]], %[[C1]], %[[C0]], %[[C1]]]
// CHECK: %[[E2:.+]] = llvm.extractvalue %[[D0]][2]
// CHECK: %[[E3:.+]] = llvm.extractvalue %[[D0]][3]
// CHECK: nvvm.mma.sync A[%[[A2:.+]], %[[A2]], %[[A3:.+]], %[[A3]]]  B[{{.+}}]  C[%[[E2]], %[[E3]], %[[E2]], %[[E3]]]
// CHECK-NOT: nvvm.mma.sync
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mma_f16_smaller_than_tile(%a: tensor<2x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x4xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<2x4xf32, #mma>, %p: tensor<2x4x!tt.ptr<f32>, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<2x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x4xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<2x4xf32, #mma>
    tt.store %p, %d : tensor<2x4x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// convert-triton-gpu-to-llvm refuses a batched (rank-3) tt.dot on mma v2
// layouts it cannot plan, with the reason, as it does a rank-2 one.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// f16 operands with kWidth = 1 hold half a 32-bit register per lane: not
// mma.sync fragments, whatever the batch.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 1], instrShape = [1, 16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @batch_kwidth1(%a: tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<2x16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %c: tensor<2x16x8xf32, #mma>) {
    // expected-error @below {{'tt.dot' op cannot be lowered: the operand layouts are not mma.sync fragments (check kWidth)}}
    %d = tt.dot %a, %b, %c : tensor<2x16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<2x16x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<2x16x8xf32, #mma>
    tt.return
  }
}

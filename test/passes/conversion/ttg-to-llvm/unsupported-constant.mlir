// Tensor constants convert-triton-gpu-to-llvm has no lowering for: the pass
// must say so and fail cleanly, with that diagnostic only.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// Elements kept in a resource blob rather than in the attribute.
#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @resource() {
    // expected-error @below {{'arith.constant' op cannot be lowered: only dense tensor constants (dense<...>) are supported, got dense_resource<blob>}}
    %c = arith.constant dense_resource<blob> : tensor<2xf32, #b>
    tt.return
  }
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F00000040"
    }
  }
#-}

// A non-splat tensor constant is not lowered yet: the pass must say so and
// fail cleanly, with that diagnostic only.

// RUN: %mlir-tile %s -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

#b = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @nonsplat() {
    // expected-error @below {{'arith.constant' op non-splat tensor constants are not supported by convert-triton-gpu-to-llvm yet}}
    %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32, #b>
    tt.return
  }
}

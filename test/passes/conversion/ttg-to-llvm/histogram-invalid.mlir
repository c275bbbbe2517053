// convert-triton-gpu-to-llvm refuses, before rewriting anything, the
// histograms its lowering cannot count, naming the op and the reason.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)'

// Triton's histograms count in i32.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @i16_counts(%v: tensor<128xi32, #b>) -> tensor<32xi16, #b> {
    // expected-error @below {{'tt.histogram' op cannot be lowered: the result elements must be i32}}
    %h = tt.histogram %v : tensor<128xi32, #b> -> tensor<32xi16, #b>
    tt.return %h : tensor<32xi16, #b>
  }
}

// -----

// The ballots are 32 bits wide.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @wide_warps(%v: tensor<256xi32, #b>) -> tensor<64xi32, #b> {
    // expected-error @below {{'tt.histogram' op cannot be lowered: the warp must have 32 lanes}}
    %h = tt.histogram %v : tensor<256xi32, #b> -> tensor<64xi32, #b>
    tt.return %h : tensor<64xi32, #b>
  }
}

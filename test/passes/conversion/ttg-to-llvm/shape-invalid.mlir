// convert-triton-gpu-to-llvm refuses, before rewriting anything, a cat or a
// reshape with allow_reorder whose result registers cannot be the operand
// registers renamed: threads that hold the same elements in one layout
// must hold the same elements in the other.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// The operands hold distinct elements in all four warps; the result layout
// (4 elements per thread) holds the same elements in warps 0 and 2.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#r4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cat(%a: tensor<128xf32, #b1>, %b: tensor<128xf32, #b1>) {
    // expected-error @below {{'tt.cat' op cannot be lowered: threads holding the same elements of the result hold different elements of the operand}}
    %c = tt.cat %a, %b : tensor<128xf32, #b1> -> tensor<256xf32, #r4>
    tt.return
  }
}

// -----

// 64 elements: the operand spreads them over two warps, the result over
// one (every warp holds all of them).
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#lin8 = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape(%a: tensor<64xf32, #b1>) {
    // expected-error @below {{'tt.reshape' op cannot be lowered: with allow_reorder, threads holding the same elements of the result hold different elements of the operand}}
    %r = tt.reshape %a allow_reorder : tensor<64xf32, #b1> -> tensor<8x8xf32, #lin8>
    tt.return
  }
}

// -----

// The converse: the operand is held whole by every warp, the result is
// spread over two.
#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#lin8 = #ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape_back(%a: tensor<8x8xf32, #lin8>) {
    // expected-error @below {{'tt.reshape' op cannot be lowered: with allow_reorder, threads holding the same elements of the operand hold different elements of the result}}
    %r = tt.reshape %a allow_reorder : tensor<8x8xf32, #lin8> -> tensor<64xf32, #b1>
    tt.return
  }
}

// convert-triton-gpu-to-llvm refuses, before rewriting anything, a tt.gather
// it cannot lower, naming the reason: the source is staged in the CTA's own
// shared memory, so neither layout may spread the tensor over several CTAs.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// The source's second half lives in the other CTA of the cluster.
#split = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]], block = [[128]]}>
#one = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]], block = [[0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @source_across_ctas(%src: tensor<256xf32, #split>, %idx: tensor<128xi32, #one>) {
    // expected-error @below {{'tt.gather' op cannot be lowered: layouts spanning several CTAs are not supported}}
    %r = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<256xf32, #split>, tensor<128xi32, #one>) -> tensor<128xf32, #one>
    tt.return
  }
}

// -----

// The indices (and so the result) are split over the two CTAs.
#one = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]], block = [[0]]}>
#split = #ttg.linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [[32], [64]], block = [[128]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @result_across_ctas(%src: tensor<128xf32, #one>, %idx: tensor<256xi32, #split>) {
    // expected-error @below {{'tt.gather' op cannot be lowered: layouts spanning several CTAs are not supported}}
    %r = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128xf32, #one>, tensor<256xi32, #split>) -> tensor<256xf32, #split>
    tt.return
  }
}

// tt.map_elementwise that the lowering cannot express gets a diagnostic
// before anything is rewritten.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// A pack of 4 does not divide the 2 elements each thread holds.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @pack_too_large(%x: tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked> {
    // expected-error @below {{'tt.map_elementwise' op packs 4 elements per call, which does not divide the 2 elements each thread holds}}
    %r = "tt.map_elementwise"(%x) <{pack = 4 : i32}> ({
    ^bb0(%a: i32, %b: i32, %c: i32, %d: i32):
      tt.map_elementwise.return %d, %c, %b, %a : i32, i32, i32, i32
    }) : (tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked>
    tt.return %r : tensor<64xi32, #blocked>
  }
}

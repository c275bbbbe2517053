// Lowerings bound their output: a tensor needing more than 1024 registers
// per thread (here 1048576 f32 over one warp: 32768 each) is rejected
// before any IR is emitted, naming the op, the count and the limit, instead
// of building millions of ops. Block arguments (a function's) count too;
// exactly the limit is fine.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @huge(%p: !tt.ptr<f32>) {
    // expected-error @below {{'tt.make_range' op needs 32768 registers per thread for 'tensor<1048576xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>>'; the limit is 1024}}
    %r = tt.make_range {end = 1048576 : i32, start = 0 : i32} : tensor<1048576xi32, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @below {{'tt.func' op needs 2048 registers per thread for 'tensor<65536xf32}}
  tt.func public @arg(%x: tensor<65536xf32, #b>) {
    tt.return
  }
}

// -----

// Exactly at the limit: 32768 elements over one warp is 1024 each.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @at_limit() {
    %r = tt.make_range {end = 32768 : i32, start = 0 : i32} : tensor<32768xi32, #b>
    tt.return
  }
}

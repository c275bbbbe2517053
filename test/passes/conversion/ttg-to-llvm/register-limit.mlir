// Lowerings bound their output: a tensor needing more than 4096 registers
// per thread (here 1048576 f32 over one warp: 32768 each) is rejected
// before any IR is emitted, naming the op, the count and the limit, instead
// of building millions of ops. Block arguments (a function's) count too;
// exactly the limit is fine, and so are the 2048 registers of the FMA dot
// operands in Triton's test_matmul.py (Triton compiles them, with spills).

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @huge(%p: !tt.ptr<f32>) {
    // expected-error @below {{'tt.make_range' op needs 32768 registers per thread for 'tensor<1048576xi32, #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>>'; the limit is 4096}}
    %r = tt.make_range {end = 1048576 : i32, start = 0 : i32} : tensor<1048576xi32, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // expected-error @below {{'tt.func' op needs 8192 registers per thread for 'tensor<262144xf32}}
  tt.func public @arg(%x: tensor<262144xf32, #b>) {
    tt.return
  }
}

// -----

// Exactly at the limit: 131072 elements over one warp is 4096 each.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @at_limit() {
    %r = tt.make_range {end = 131072 : i32, start = 0 : i32} : tensor<131072xi32, #b>
    tt.return
  }
}

// -----

// test_matmul.py's f32 FMA dot of 256x32 by 32x128 over 4 warps: its A
// operand takes 2048 registers per thread (each thread holds all of K for
// its 64 rows, times the replication of the dot layout).
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fma_dot_operand(%buf: !ttg.memdesc<256x32xf32, #shared, #smem>) {
    %a = ttg.local_load %buf : !ttg.memdesc<256x32xf32, #shared, #smem> -> tensor<256x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>
    tt.return
  }
}

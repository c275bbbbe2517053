// ttg.fp4_to_fp that the lowering cannot express gets a diagnostic before
// anything is rewritten.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// e2m1 unpacks to f16 or bf16 only.
#in = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#out = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f32(%x: tensor<1x32xi8, #in>) -> tensor<1x64xf32, #out> {
    // expected-error @below {{'ttg.fp4_to_fp' op converts e2m1 to f16 or bf16 only, not 'f32'}}
    %r = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<1x32xi8, #in> -> tensor<1x64xf32, #out>
    tt.return %r : tensor<1x64xf32, #out>
  }
}

// -----

// The result must hold each byte's two values in consecutive registers:
// here the operand's layout was kept, so the second value of a byte would
// live in another lane.
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @layout(%x: tensor<1x32xi8, #b>) -> tensor<1x64xbf16, #b> {
    // expected-error @below {{'ttg.fp4_to_fp' op cannot be lowered: the result encoding must hold each i8 register's two values in two consecutive registers along axis 1, as #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}> does}}
    %r = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<1x32xi8, #b> -> tensor<1x64xbf16, #b>
    tt.return %r : tensor<1x64xbf16, #b>
  }
}

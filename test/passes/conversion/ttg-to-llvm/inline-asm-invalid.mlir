// tt.elementwise_inline_asm that the lowering cannot split into packs gets
// a diagnostic before anything is rewritten.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// A pack of 4 does not divide the 2 elements each thread holds.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @pack_too_large(%x: tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked> {
    // expected-error @below {{'tt.elementwise_inline_asm' op packs 4 elements per call, which does not divide the 2 elements each thread holds}}
    %r = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r,r,r,r,r,r,r", packed_element = 4 : i32, pure = true} %x : tensor<64xi32, #blocked> -> tensor<64xi32, #blocked>
    tt.return %r : tensor<64xi32, #blocked>
  }
}

// -----

// Assembly with neither operands nor results has no elements to run on.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @nothing() {
    // expected-error @below {{'tt.elementwise_inline_asm' op without operands or results has no elements to run on}}
    "tt.elementwise_inline_asm"() <{asm_string = "membar.gl;", constraints = "", packed_element = 1 : i32, pure = false}> : () -> ()
    tt.return
  }
}

// A tt.func without a body (a declaration, e.g. of an external device
// function) must become an llvm.func declaration with external linkage:
// LLVM rejects a body-less function with internal linkage.

// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-NOT: internal
  // CHECK-LABEL: llvm.func @decl(i32) -> i32
  // CHECK-NOT: nvvm.kernel
  tt.func private @decl(i32) -> i32

  // CHECK-LABEL: llvm.func @kernel
  // CHECK-SAME: attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128>}
  // CHECK: llvm.call @decl(%{{.+}}) : (i32) -> i32
  tt.func public @kernel(%n: i32) {
    %r = tt.call @decl(%n) : (i32) -> i32
    tt.return
  }
}

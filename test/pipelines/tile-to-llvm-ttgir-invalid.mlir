// TTGIR whose own attributes tile does not support is rejected too.
// RUN: not %mlir-tile --tile-to-llvm %s 2>&1 | FileCheck %s
// CHECK: error: tile-to-llvm: unsupported num-warps=6; expected 1, 2, 4, 8, 16 or 32
module attributes {"ttg.num-warps" = 6 : i32, ttg.target = "cuda:90"} {
  tt.func public @k() {
    tt.return
  }
}

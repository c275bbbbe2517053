// A module with ttg attributes is TTGIR: its attributes win, an explicit
// option that agrees is fine, one that contradicts is an error naming both.
// RUN: %mlir-tile --tile-to-llvm %s | FileCheck %s
// RUN: %mlir-tile --tile-to-llvm='num-warps=8 target=cuda:80' %s | FileCheck %s
// RUN: not %mlir-tile --tile-to-llvm='num-warps=4' %s 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: not %mlir-tile --tile-to-llvm='target=cuda:90' %s 2>&1 | FileCheck %s --check-prefix=TARGET

// CHECK: module attributes {ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 8 : i32}
// WARPS: error: tile-to-llvm: option num-warps=4 contradicts the module's ttg.num-warps = 8
// TARGET: error: tile-to-llvm: option target=cuda:90 contradicts the module's ttg.target = cuda:80
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k() {
    tt.return
  }
}

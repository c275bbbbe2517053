// A TTGIR module's own ttg.target decides which PTX versions are accepted:
// PTX 7.8 has sm_89, so ptx-version=78 lowers this cuda:89 module (no
// target option given: the module's wins), and 7.7 does not.
// RUN: %mlir-tile --tile-to-llvm='ptx-version=78' %s | FileCheck %s
// RUN: not %mlir-tile --tile-to-llvm='ptx-version=77' %s 2>&1 | FileCheck %s --check-prefix=OLD

// CHECK: llvm.func @k(
// OLD: error: tile-to-llvm: unsupported ptx-version=77 for cuda:89; expected 0 (the version the kernel needs) or at least 78 (PTX 7.8, the first with cuda:89)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:89", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k() {
    tt.return
  }
}

// Triton's options of allocate-shared-memory-nv and
// convert-triton-gpu-to-llvm: compute-capability gives a module without
// ttg.target the target cuda:<cc>; ptx-version is accepted.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(allocate-shared-memory-nv{compute-capability=90 ptx-version=81})' | FileCheck %s --check-prefix=ALLOC
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(allocate-shared-memory-nv{compute-capability=90 ptx-version=81},convert-triton-gpu-to-llvm{compute-capability=90 ptx-version=81})' | FileCheck %s --check-prefix=LLVM

// ALLOC-LABEL: module attributes
// ALLOC-SAME: ttg.target = "cuda:90"
// LLVM-LABEL: module attributes
// LLVM-SAME: ttg.target = "cuda:90"
// The sm_90 conversion (cvt.rn.satfinite ... e4m3x2) is what cuda:90 picks.
// LLVM: llvm.func internal @no_target
// LLVM: cvt.rn.satfinite.e4m3x2.f32
#b2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @no_target(%x: tensor<256xf32, #b2>) -> tensor<256xf8E4M3FN, #b2> {
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<256xf32, #b2> -> tensor<256xf8E4M3FN, #b2>
    tt.return %y : tensor<256xf8E4M3FN, #b2>
  }
}

// -----

// A module's own target stays.
// ALLOC-LABEL: module attributes
// ALLOC-SAME: ttg.target = "cuda:80"
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @own_target() {
    tt.return
  }
}

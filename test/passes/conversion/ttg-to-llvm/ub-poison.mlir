// convert-triton-gpu-to-llvm on ub.poison: Triton's frontend returns one
// from a function path that returns nothing (and tritongpu-fuse-nested-loops
// makes some), so it reaches the lowering on scalars and on tensors. It
// becomes llvm.mlir.poison of the converted type (a tensor's: the struct of
// the thread's registers), which stock mlir-translate takes.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|ub)\.}}'
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | mlir-translate --mlir-to-llvmir -split-input-file | FileCheck %s --check-prefix=LLVMIR

#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @scalar
  // CHECK: %[[P:.+]] = llvm.mlir.poison : i32
  // CHECK: llvm.return %[[P]] : i32
  // LLVMIR-LABEL: define internal i32 @scalar
  // LLVMIR: ret i32 poison
  tt.func private @scalar() -> i32 {
    %0 = ub.poison : i32
    tt.return %0 : i32
  }

  // CHECK-LABEL: llvm.func internal @tensor
  // CHECK: %[[P:.+]] = llvm.mlir.poison : !llvm.struct<(f32, f32)>
  // CHECK: llvm.return %[[P]] : !llvm.struct<(f32, f32)>
  tt.func private @tensor() -> tensor<256xf32, #blocked> {
    %0 = ub.poison : tensor<256xf32, #blocked>
    tt.return %0 : tensor<256xf32, #blocked>
  }
}

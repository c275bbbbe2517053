// Option values tile does not support are diagnostics with exit status 1.
// RUN: not %mlir-tile --tile-to-llvm='target=cuda:70' %s 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not %mlir-tile --tile-to-llvm='num-warps=3' %s 2>&1 | FileCheck %s --check-prefix=WARPS
// RUN: not %mlir-tile --tile-to-llvm='threads-per-warp=64' %s 2>&1 | FileCheck %s --check-prefix=TPW
// RUN: not %mlir-tile --tile-to-llvm='num-ctas=3' %s 2>&1 | FileCheck %s --check-prefix=CTAS
// RUN: not %mlir-tile --tile-to-llvm='target=cuda:80 num-ctas=2' %s 2>&1 | FileCheck %s --check-prefix=CLUSTER80
// RUN: not %mlir-tile --tile-to-llvm='num-stages=0' %s 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not %mlir-tile --tile-to-llvm='ptx-version=78' %s 2>&1 | FileCheck %s --check-prefix=PTX90
// RUN: not %mlir-tile --tile-to-llvm='target=cuda:80 ptx-version=63' %s 2>&1 | FileCheck %s --check-prefix=PTX80
// RUN: %mlir-tile --tile-to-llvm='target=cuda:80 ptx-version=70' %s | FileCheck %s --check-prefix=PTX80OK
// RUN: not %mlir-tile -p 'builtin.module(tile-to-llvm{num-warps=three})' %s 2>&1 | FileCheck %s --check-prefix=PARSE

// TARGET: error: tile-to-llvm: unsupported target 'cuda:70'; expected one of cuda:80, cuda:86, cuda:89, cuda:90
// WARPS: error: tile-to-llvm: unsupported num-warps=3; expected 1, 2, 4, 8, 16 or 32
// TPW: error: tile-to-llvm: unsupported threads-per-warp=64; NVIDIA GPUs have 32 threads per warp
// CTAS: error: tile-to-llvm: unsupported num-ctas=3; expected 1, 2, 4, 8 or 16
// CLUSTER80: error: tile-to-llvm: num-ctas=2 needs thread block clusters, which cuda:80 does not have (cuda:90 does)
// STAGES: error: tile-to-llvm: unsupported num-stages=0; expected at least 1
// PTX90: error: tile-to-llvm: unsupported ptx-version=78 for cuda:90; expected 0 (the version the kernel needs) or at least 80 (PTX 8.0, the first with cuda:90)
// PTX80: error: tile-to-llvm: unsupported ptx-version=63 for cuda:80; expected 0 (the version the kernel needs) or at least 70 (PTX 7.0, the first with cuda:80)
// PTX80OK: ttg.target = "cuda:80"
// PTX80OK: llvm.func @k(
// PARSE: num-warps=three
tt.func @k() {
  tt.return
}

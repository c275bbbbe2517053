// Each registered stage pipeline, its .pipeline file (through the generated
// response file) and tile-to-llvm's stages are the same text.
// RUN: mlir-opt @%tile_build/pipelines/ttir.rsp --dump-pass-pipeline %s -o /dev/null 2> %t.ttir.file
// RUN: %mlir-tile -p 'builtin.module(tile-ttir)' --dump-pass-pipeline %s -o /dev/null 2> %t.ttir.registered
// RUN: diff %t.ttir.file %t.ttir.registered
// RUN: FileCheck %s --check-prefix=TTIR < %t.ttir.file
// RUN: mlir-opt @%tile_build/pipelines/ttgir.rsp --dump-pass-pipeline %s -o /dev/null 2> %t.ttgir.file
// RUN: %mlir-tile -p 'builtin.module(tile-ttgir)' --dump-pass-pipeline %s -o /dev/null 2> %t.ttgir.registered
// RUN: diff %t.ttgir.file %t.ttgir.registered
// RUN: FileCheck %s --check-prefix=TTGIR < %t.ttgir.file
// RUN: mlir-opt @%tile_build/pipelines/llir.rsp --dump-pass-pipeline %S/../Inputs/empty-ttgir.mlir -o /dev/null 2> %t.llir.file
// RUN: %mlir-tile -p 'builtin.module(tile-llir)' --dump-pass-pipeline %S/../Inputs/empty-ttgir.mlir -o /dev/null 2> %t.llir.registered
// RUN: diff %t.llir.file %t.llir.registered
// RUN: FileCheck %s --check-prefix=LLIR < %t.llir.file
// Options reach the registered pipeline, substituted into its text.
// RUN: %mlir-tile -p 'builtin.module(tile-ttgir{target=cuda:80 num-warps=8})' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTIONS

// TTIR: Pass Manager with 3 passes:
// TTIR-NEXT: builtin.module(
// TTIR-NEXT:   canonicalize{
// TTIR-NEXT:   cse,
// TTIR-NEXT:   symbol-dce
// TTIR-NEXT: )
// TTGIR: convert-triton-to-tritongpu{num-ctas=1 num-warps=4 target=cuda:90 threads-per-warp=32}
// LLIR: convert-triton-gpu-to-llvm
// LLIR: convert-nvvm-to-llvm
// LLIR: reconcile-unrealized-casts
// OPTIONS: convert-triton-to-tritongpu{num-ctas=1 num-warps=8 target=cuda:80 threads-per-warp=32}
tt.func @k() {
  tt.return
}

// The registered stage pipeline, the .pipeline file (through its generated
// response file) and tile-to-llvm's stages are the same text.
// RUN: mlir-opt @%tile_build/pipelines/ttir.rsp --dump-pass-pipeline %s -o /dev/null 2> %t.file
// RUN: %mlir-tile -p 'builtin.module(tile-ttir)' --dump-pass-pipeline %s -o /dev/null 2> %t.registered
// RUN: diff %t.file %t.registered
// RUN: FileCheck %s < %t.file
// Options reach the registered pipeline (and are substituted into its text).
// RUN: %mlir-tile -p 'builtin.module(tile-ttir{target=cuda:80 num-warps=8})' --dump-pass-pipeline %s -o /dev/null 2> %t.options
// RUN: diff %t.file %t.options

// CHECK: Pass Manager with 3 passes:
// CHECK-NEXT: builtin.module(
// CHECK-NEXT:   canonicalize{
// CHECK-NEXT:   cse,
// CHECK-NEXT:   symbol-dce
// CHECK-NEXT: )
tt.func @k() {
  tt.return
}

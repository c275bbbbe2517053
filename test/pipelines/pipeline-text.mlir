// Each registered stage pipeline runs the passes of its .pipeline file in the
// file's order, with the target options in place of the file's `$option`
// placeholders; the generated response file runs the registered pipeline.
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
// RUN: %python %S/../Inputs/check_pipeline_text.py %tile_src/pipelines/ttir.pipeline < %t.ttir.registered
// RUN: %python %S/../Inputs/check_pipeline_text.py %tile_src/pipelines/ttgir.pipeline < %t.ttgir.registered
// RUN: %python %S/../Inputs/check_pipeline_text.py %tile_src/pipelines/llir.pipeline < %t.llir.registered
// Options reach the registered pipeline, substituted into its text.
// RUN: %mlir-tile -p 'builtin.module(tile-ttgir{target=cuda:80 num-warps=8})' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTIONS
// RUN: %mlir-tile -p 'builtin.module(tile-ttgir{num-stages=4})' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAGES

// TTIR: Pass Manager with 9 passes:
// TTIR-NEXT: builtin.module(
// TTIR-NEXT:   inline{
// TTIR-NEXT:   triton-rewrite-tensor-pointer,
// TTIR-NEXT:   triton-rewrite-tensor-descriptor-to-pointer{target=cuda:90},
// TTIR-NEXT:   canonicalize{
// TTIR-NEXT:   triton-combine,
// TTIR-NEXT:   triton-reorder-broadcast,
// TTIR-NEXT:   cse,
// TTIR-NEXT:   symbol-dce,
// TTIR-NEXT:   triton-loop-unroll
// TTIR-NEXT: )
// TTGIR: convert-triton-to-tritongpu{max-num-warps=8 num-ctas=1 num-warps=4 target=cuda:90 threads-per-warp=32}
// LLIR: convert-triton-gpu-to-llvm
// LLIR: convert-nvvm-to-llvm
// LLIR: tile-strength-reduce-multiplies
// LLIR: reconcile-unrealized-casts
// The TTIR stage passes its target to the descriptor rewrite (a no-op from
// cuda:90 on).
// RUN: %mlir-tile -p 'builtin.module(tile-ttir{target=cuda:80})' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TTIR80
// TTIR80: triton-rewrite-tensor-descriptor-to-pointer{target=cuda:80}
// OPTIONS: convert-triton-to-tritongpu{max-num-warps=8 num-ctas=1 num-warps=8 target=cuda:80 threads-per-warp=32}
// STAGES: tritongpu-assign-latencies{num-stages=4}
// STAGES-NEXT: tritongpu-schedule-loops{num-stages=4}
// STAGES-NEXT: tritongpu-pipeline{num-stages=4}
tt.func @k() {
  tt.return
}

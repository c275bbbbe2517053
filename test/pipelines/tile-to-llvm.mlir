// tile-to-llvm on TTIR, reached every way a user can: the plugin's alias
// (bare and with options), a textual pipeline, and tile-opt's own flag.
// RUN: %mlir-tile --tile-to-llvm %s | FileCheck %s
// RUN: %mlir-tile --tile-to-llvm='target=cuda:80 num-warps=8' %s | FileCheck %s
// RUN: %mlir-tile -p 'builtin.module(tile-to-llvm{target=cuda:90 num-warps=4})' %s | FileCheck %s
// RUN: tile-opt --tile-to-llvm %s | FileCheck %s
// The output is valid TTIR again.
// RUN: %mlir-tile --tile-to-llvm %s | %mlir-tile --verify-each | FileCheck %s
// Without the plugin loaded first, the alias does not exist.
// RUN: not mlir-opt --tile-to-llvm %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// The alias prints the pipeline it stands for.
// RUN: %mlir-tile --tile-to-llvm='num-warps=8' --dump-pass-pipeline %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP

// NOPLUGIN: Unknown command line argument '--tile-to-llvm'
// DUMP: tile-to-llvm{num-ctas=1 num-stages=3 num-warps=8 target=cuda:90 threads-per-warp=32}

// Until the lowering stages exist, tile-to-llvm is the TTIR clean-up:
// broadcast(splat) folds, the dead private helper goes, the kernel stays.
// CHECK-NOT: @unused_helper
// CHECK-LABEL: tt.func public @kernel
// CHECK: %[[S:.*]] = tt.splat %{{.*}} : i32 -> tensor<64x64xi32>
// CHECK-NOT: tt.broadcast
// CHECK: tt.store %{{.*}}, %[[S]] : tensor<64x64x!tt.ptr<i32>>
tt.func private @unused_helper() {
  tt.return
}
tt.func public @kernel(%p: tensor<64x64x!tt.ptr<i32>>, %x: i32) {
  %s = tt.splat %x : i32 -> tensor<64x1xi32>
  %b = tt.broadcast %s : tensor<64x1xi32> -> tensor<64x64xi32>
  tt.store %p, %b : tensor<64x64x!tt.ptr<i32>>
  tt.return
}

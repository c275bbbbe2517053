// RUN: %mlir-tile %s -p 'builtin.module(convert-triton-gpu-to-llvm)' | FileCheck %s

// Two top-level modules in one file: mlir-opt wraps them in a module with
// no ttg.num-warps. Each TTGIR module lowers with its own attributes.

// CHECK: module attributes {{.*}}"ttg.num-warps" = 4
// CHECK: llvm.func @four_warps
// CHECK-SAME: nvvm.reqntid = array<i32: 128>
// CHECK: module attributes {{.*}}"ttg.num-warps" = 8
// CHECK: llvm.func @eight_warps
// CHECK-SAME: nvvm.reqntid = array<i32: 256>
// CHECK-NOT: tt.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @four_warps(%p: !tt.ptr<f32>) {
    %0 = tt.load %p : !tt.ptr<f32>
    tt.store %p, %0 : !tt.ptr<f32>
    tt.return
  }
}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @eight_warps(%p: !tt.ptr<f32>) {
    %0 = tt.load %p : !tt.ptr<f32>
    tt.store %p, %0 : !tt.ptr<f32>
    tt.return
  }
}

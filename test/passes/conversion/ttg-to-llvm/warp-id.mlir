// ttg.warp_id: the thread id divided by the warp size, read back from lane 0
// with an index shuffle (the uniform hint, as Triton on NVIDIA) unless
// omitUniformHint; 0 with one warp.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg)\.}}'

// CHECK-LABEL: llvm.func internal @warp_id
// CHECK: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[WARP:.+]] = llvm.udiv %[[TID]], %{{.+}} : i32
// CHECK: %[[UNIFORM:.+]] = nvvm.shfl.sync idx %{{.+}}, %[[WARP]], %{{.+}}, %{{.+}} : i32 -> i32
// CHECK: %[[TID2:.+]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[PLAIN:.+]] = llvm.udiv %[[TID2]], %{{.+}} : i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.add %[[UNIFORM]], %[[PLAIN]] : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @warp_id() -> i32 {
    %w = ttg.warp_id
    %v = ttg.warp_id {omitUniformHint}
    %s = arith.addi %w, %v : i32
    tt.return %s : i32
  }
}

// -----

// CHECK-LABEL: llvm.func internal @one_warp
// CHECK-NOT: nvvm.read.ptx.sreg.tid.x
// CHECK: %[[ZERO:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: llvm.return %[[ZERO]] : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @one_warp() -> i32 {
    %w = ttg.warp_id
    tt.return %w : i32
  }
}

// Ops of dialects nobody registered (allowed with
// -allow-unregistered-dialect) have no dialect object: the up-front checks
// pass over them instead of crashing, and they keep their operands through
// casts.
// RUN: %mlir-tile %s -allow-unregistered-dialect -p 'builtin.module(tritongpu-global-scratch-memory-allocation, convert-triton-gpu-to-llvm)' | FileCheck %s

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @unregistered(
  // CHECK-SAME: %[[SCRATCH:.*]]: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>)
  // CHECK: %[[P:.*]] = llvm.getelementptr %[[SCRATCH]]
  // CHECK: %[[CAST:.*]] = builtin.unrealized_conversion_cast %[[P]] : !llvm.ptr<1> to !tt.ptr<i8>
  // CHECK: "use"(%[[CAST]]) : (!tt.ptr<i8>) -> ()
  tt.func public @unregistered() {
    %p = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    "use"(%p) : (!tt.ptr<i8>) -> ()
    tt.return
  }
}

// ttng.named_barrier_wait and ttng.named_barrier_arrive lower to the aligned
// bar.sync / bar.arrive intrinsics on the barrier and thread count given,
// in a plain kernel and inside the partitions of a ttg.warp_specialize
// (whose own barriers are 0, 1 and 2 + i: barrier 4 is the first free one
// with two partitions).

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s --implicit-check-not=ttng.named_barrier

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @turns(
  // CHECK-DAG: %[[N:.*]] = llvm.mlir.constant(256 : i32) : i32
  // CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.aligned.count"(%[[ONE]], %[[N]]) : (i32, i32) -> ()
  // CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.arrive.aligned.count"(%arg0, %[[N]]) : (i32, i32) -> ()
  tt.func public @turns(%bar: i32) {
    %c256 = arith.constant 256 : i32
    %c1 = arith.constant 1 : i32
    ttng.named_barrier_wait %c1, %c256 : i32, i32
    ttng.named_barrier_arrive %bar, %c256 : i32, i32
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @partitions(
  // CHECK: partition0()
  // CHECK: %[[BAR:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.aligned.count"(%[[BAR]], %{{.*}})
  // CHECK: partition1()
  // CHECK: %[[BAR1:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: llvm.call_intrinsic "llvm.nvvm.barrier.cta.arrive.aligned.count"(%[[BAR1]], %{{.*}})
  tt.func public @partitions() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      %c256 = arith.constant 256 : i32
      %c4 = arith.constant 4 : i32
      ttng.named_barrier_wait %c4, %c256 : i32, i32
      ttg.warp_return
    }
    partition1() num_warps(4) {
      %c256 = arith.constant 256 : i32
      %c4 = arith.constant 4 : i32
      ttng.named_barrier_arrive %c4, %c256 : i32, i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

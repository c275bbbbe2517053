// RUN: %mlir-tile %s -split-input-file | %mlir-tile -split-input-file | FileCheck %s
// RUN: %mlir-tile %s -split-input-file --mlir-print-op-generic | %mlir-tile -split-input-file | FileCheck %s

// Round trip of the ops Triton 3.6's pipeliner emits (tile parses and
// verifies them, and lowers neither): ttg.predicate_stage in its custom
// form, ttg.mask in generic form with its ttg.mask.return.

// CHECK-LABEL: tt.func @predicate_stage
// CHECK-NEXT:    %0 = ttg.predicate_stage %arg0, %arg1, %arg2 maxStage 2 stage 0 : i32 -> i1
// CHECK-NEXT:    %1 = ttg.predicate_stage %arg3, %arg3, %arg3 maxStage 3 stage 1 : index -> i1
tt.func @predicate_stage(%iv: i32, %ub: i32, %step: i32, %i: index) -> (i1, i1) {
  %p = ttg.predicate_stage %iv, %ub, %step maxStage 2 stage 0 : i32 -> i1
  %q = ttg.predicate_stage %i, %i, %i maxStage 3 stage 1 : index -> i1
  tt.return %p, %q : i1, i1
}

// -----

// CHECK-LABEL: tt.func @mask
// CHECK-NEXT:    %0 = "ttg.mask"(%arg0) ({
// CHECK-NEXT:      %1 = arith.addi %arg1, %arg1 : i32
// CHECK-NEXT:      ttg.mask.return %1 : i32
// CHECK-NEXT:    }) : (i1) -> i32
tt.func @mask(%p: i1, %x: i32) -> i32 {
  %r = "ttg.mask"(%p) ({
    %y = arith.addi %x, %x : i32
    ttg.mask.return %y : i32
  }) : (i1) -> i32
  tt.return %r : i32
}

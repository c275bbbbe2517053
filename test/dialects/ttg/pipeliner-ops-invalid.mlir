// RUN: %mlir-tile %s -split-input-file -verify-diagnostics

// The rules of ttg.predicate_stage, ttg.mask and ttg.mask.return.

tt.func @predicate_stage_types(%iv: i32, %ub: i64, %step: i32) {
  // expected-error @+1 {{'ttg.predicate_stage' op failed to verify that all of {iv, ub, step} have same type}}
  %p = "ttg.predicate_stage"(%iv, %ub, %step) {maxStage = 2 : i32, stage = 0 : i32} : (i32, i64, i32) -> i1
  tt.return
}

// -----

tt.func @mask_return_outside(%x: i32) {
  // expected-error @+1 {{'ttg.mask.return' op expects parent op 'ttg.mask'}}
  ttg.mask.return %x : i32
}

// -----

tt.func @mask_predicate(%p: i32) {
  // expected-error @+1 {{'ttg.mask' op operand #0 must be 1-bit signless integer}}
  "ttg.mask"(%p) ({
    "ttg.mask.return"() : () -> ()
  }) : (i32) -> ()
  tt.return
}

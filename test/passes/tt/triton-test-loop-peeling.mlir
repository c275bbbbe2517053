// RUN: %mlir-tile -p 'builtin.module(triton-test-loop-peeling)' -allow-unregistered-dialect %s | FileCheck %s

// The marked loop stops one step early; an scf.if on lb < ub runs the body
// once more at lb + (ub - lb - 1) / step * step, on the loop's results,
// and the loop's users read the if's results. The unmarked loop stays.

// CHECK-LABEL: tt.func @peel(
// CHECK-SAME:    %[[LB:[a-z0-9]+]]: i64, %[[UB:[a-z0-9]+]]: i64, %[[STEP:[a-z0-9]+]]: i64
// CHECK:   %[[END:.*]] = arith.subi %[[UB]], %[[STEP]] : i64
// CHECK:   %[[LOOP:.*]]:2 = scf.for %{{.*}} = %[[LB]] to %[[END]] step %[[STEP]]
// CHECK:   } {__test_peel_epilogue}
// CHECK:   %[[SPAN:.*]] = arith.subi %[[UB]], %[[LB]] : i64
// CHECK:   %[[ONE:.*]] = arith.constant 1 : i64
// CHECK:   %[[SPAN1:.*]] = arith.subi %[[SPAN]], %[[ONE]] : i64
// CHECK:   %[[N:.*]] = arith.divsi %[[SPAN1]], %[[STEP]] : i64
// CHECK:   %[[OFF:.*]] = arith.muli %[[N]], %[[STEP]] : i64
// CHECK:   %[[LAST:.*]] = arith.addi %[[OFF]], %[[LB]] : i64
// CHECK:   %[[RUNS:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : i64
// CHECK:   %[[IF:.*]]:2 = scf.if %[[RUNS]] -> (f32, i64) {
// CHECK:     %[[V:.*]] = "test.value"(%[[LAST]]) : (i64) -> f32
// CHECK:     %[[S:.*]] = arith.addf %[[LOOP]]#0, %[[V]] : f32
// CHECK:     scf.yield %[[S]], %[[LAST]] : f32, i64
// CHECK:   } else {
// CHECK:     scf.yield %[[LOOP]]#0, %[[LOOP]]#1 : f32, i64
// CHECK:   }
// CHECK:   scf.for
// CHECK-NOT: scf.if
// CHECK:   tt.return %[[IF]]#0, %[[IF]]#1 : f32, i64
tt.func @peel(%lb: i64, %ub: i64, %step: i64) -> (f32, i64) {
  %zero = arith.constant 0.0 : f32
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero, %last = %lb) -> (f32, i64) : i64 {
    %v = "test.value"(%i) : (i64) -> f32
    %s = arith.addf %acc, %v : f32
    scf.yield %s, %i : f32, i64
  } {__test_peel_epilogue}
  scf.for %i = %lb to %ub step %step : i64 {
    "test.use"(%i) : (i64) -> ()
  }
  tt.return %r#0, %r#1 : f32, i64
}

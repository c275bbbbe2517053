// RUN: %mlir-tile -p 'builtin.module(triton-loop-unroll)' -split-input-file %s | FileCheck %s

// A loop of unknown trip count unrolled 4 times: the main loop steps by 4
// and runs the body 4 times, offsetting the induction variable by 1, 2 and
// 3; the leftover iterations run in an epilogue loop from where the main
// loop stopped, which the pipeliner must leave alone (tt.num_stages = 1).
// The unroll factor attribute is gone.

// CHECK-LABEL: tt.func @unroll_by_4(
// CHECK:   %[[C4:.*]] = arith.constant 4 : i32
// CHECK:   %[[STEP:.*]] = arith.muli %c1_i32, %[[C4]] : i32
// CHECK:   %[[MAIN:.*]] = scf.for %[[I:.*]] = %c0_i32 to %[[MAIN_END:.*]] step %[[STEP]] iter_args(%[[ACC:.*]] = %cst) -> (f32)
// CHECK:     tt.addptr %arg0, %[[I]]
// CHECK:     tt.load
// CHECK:     %[[I1:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK:     tt.addptr %arg0, %[[I1]]
// CHECK:     tt.load
// CHECK:     %[[I2:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK:     tt.addptr %arg0, %[[I2]]
// CHECK:     tt.load
// CHECK:     %[[I3:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK:     tt.addptr %arg0, %[[I3]]
// CHECK:     tt.load
// CHECK-NOT: tt.load
// CHECK:     scf.yield
// CHECK-NEXT: }
// CHECK-NOT: tt.loop_unroll_factor
// CHECK:   %[[REST:.*]] = scf.for %{{.*}} = %[[MAIN_END]] to %arg1 step %c1_i32 iter_args(%{{.*}} = %[[MAIN]]) -> (f32)
// CHECK:     tt.load
// CHECK-NOT: tt.load
// CHECK:   } {tt.num_stages = 1 : i32}
// CHECK:   tt.return %[[REST]]
tt.func @unroll_by_4(%p: !tt.ptr<f32>, %n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    %v = tt.load %q : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  } {tt.loop_unroll_factor = 4 : i32}
  tt.return %r : f32
}

// -----

// A constant trip count the factor divides needs no epilogue.

// CHECK-LABEL: tt.func @unroll_exact(
// CHECK:   scf.for %{{.*}} = %c0_i32 to %c8_i32 step %c2_i32
// CHECK-COUNT-2: tt.store
// CHECK-NOT: scf.for
// CHECK-NOT: tt.loop_unroll_factor
// CHECK:   tt.return
tt.func @unroll_exact(%p: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    tt.store %q, %one : !tt.ptr<f32>
  } {tt.loop_unroll_factor = 2 : i32}
  tt.return
}

// -----

// A factor of 1 (or none) leaves the loop as it is.

// CHECK-LABEL: tt.func @factor_one(
// CHECK:   scf.for
// CHECK-NEXT:   tt.addptr
// CHECK-NEXT:   tt.store
// CHECK-NEXT: } {tt.loop_unroll_factor = 1 : i32}
// CHECK-NOT: scf.for
tt.func @factor_one(%p: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    tt.store %q, %one : !tt.ptr<f32>
  } {tt.loop_unroll_factor = 1 : i32}
  tt.return
}

// RUN: %mlir-tile -p 'builtin.module(triton-licm)' -split-input-file %s | FileCheck %s

// An invariant load leaves a loop that only reads memory; it is masked by
// lowerBound < upperBound (and'ed with its own mask), so a loop that runs
// no iteration reads nothing.

// CHECK-LABEL: tt.func @hoist_masked_load(
// CHECK-SAME:    %[[P:[a-z0-9]+]]: tensor<64x!tt.ptr<f32>>, %[[M:[a-z0-9]+]]: tensor<64xi1>, %[[LB:[a-z0-9]+]]: i32, %[[UB:[a-z0-9]+]]: i32
// CHECK:   %[[RUNS:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
// CHECK-NEXT:   %[[RUNS_T:.*]] = tt.splat %[[RUNS]] : i1 -> tensor<64xi1>
// CHECK-NEXT:   %[[MASK:.*]] = arith.andi %[[RUNS_T]], %[[M]] : tensor<64xi1>
// CHECK-NEXT:   %[[V:.*]] = tt.load %[[P]], %[[MASK]] : tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:   scf.for
// CHECK-NEXT:     arith.addf %{{.*}}, %[[V]]
// CHECK-NEXT:     scf.yield
tt.func @hoist_masked_load(%p: tensor<64x!tt.ptr<f32>>, %m: tensor<64xi1>, %lb: i32, %ub: i32) -> tensor<64xf32> {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (tensor<64xf32>) : i32 {
    %v = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  tt.return %r : tensor<64xf32>
}

// -----

// A scalar load gets the scalar condition as its mask.

// CHECK-LABEL: tt.func @hoist_scalar_load(
// CHECK:   %[[RUNS:.*]] = arith.cmpi slt, %arg1, %arg2 : i32
// CHECK-NEXT:   %[[V:.*]] = tt.load %arg0, %[[RUNS]] : !tt.ptr<f32>
// CHECK-NEXT:   scf.for
tt.func @hoist_scalar_load(%p: !tt.ptr<f32>, %lb: i32, %ub: i32) -> f32 {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %v = tt.load %p : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}

// -----

// Loads stay in loops that write memory, and loads of pointers that
// change with the iteration stay too.

// CHECK-LABEL: tt.func @loop_stores(
// CHECK:   scf.for
// CHECK-NEXT:     tt.load
// CHECK-NEXT:     tt.store
tt.func @loop_stores(%p: tensor<64x!tt.ptr<f32>>, %q: tensor<64x!tt.ptr<f32>>, %lb: i32, %ub: i32) {
  %c1 = arith.constant 1 : i32
  scf.for %i = %lb to %ub step %c1 : i32 {
    %v = tt.load %p : tensor<64x!tt.ptr<f32>>
    tt.store %q, %v : tensor<64x!tt.ptr<f32>>
  }
  tt.return
}

// CHECK-LABEL: tt.func @varying_pointer(
// CHECK:   scf.for
// CHECK-NEXT:     tt.addptr
// CHECK-NEXT:     tt.load
tt.func @varying_pointer(%p: !tt.ptr<f32>, %lb: i32, %ub: i32) -> f32 {
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
    %v = tt.load %q : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  tt.return %r : f32
}

// -----

// scf.while: pure invariant ops leave (here from the condition region),
// loads stay, having no trip count to be masked by.

// CHECK-LABEL: tt.func @while_load(
// CHECK:   %[[K:.*]] = arith.muli %arg1, %c1_i32 : i32
// CHECK-NEXT:   scf.while
// CHECK-NEXT:     arith.cmpi slt, %{{.*}}, %[[K]]
// CHECK:   } do {
// CHECK:     tt.load %arg0 : !tt.ptr<f32>
tt.func @while_load(%p: !tt.ptr<f32>, %n: i32) -> f32 {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %zero = arith.constant 0.0 : f32
  %r:2 = scf.while (%i = %c0, %acc = %zero) : (i32, f32) -> (i32, f32) {
    %k = arith.muli %n, %c1 : i32
    %c = arith.cmpi slt, %i, %k : i32
    scf.condition(%c) %i, %acc : i32, f32
  } do {
  ^bb0(%i: i32, %acc: f32):
    %v = tt.load %p : !tt.ptr<f32>
    %s = arith.addf %acc, %v : f32
    %j = arith.addi %i, %c1 : i32
    scf.yield %j, %s : i32, f32
  }
  tt.return %r#1 : f32
}

// RUN: %mlir-tile -p 'builtin.module(triton-loop-aware-cse)' %s | FileCheck %s

// Two counters that start equal and step alike are one: the loop keeps
// one iteration argument and both results read it.

// CHECK-LABEL: tt.func @twin_counters(
// CHECK:   %[[R:.*]] = scf.for %{{.*}} = %c0_i32 to %arg0 step %c1_i32 iter_args(%[[A:.*]] = %c0_i32) -> (i32)
// CHECK-NEXT:     %[[A1:.*]] = arith.addi %[[A]], %c1_i32 : i32
// CHECK-NEXT:     scf.yield %[[A1]] : i32
// CHECK:   tt.return %[[R]], %[[R]] : i32, i32

// Each argument updated from the other: equal by induction.

// CHECK-LABEL: tt.func @crossed(
// CHECK:   %[[R:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %c0_i32) -> (i32)
// CHECK:   tt.return %[[R]], %[[R]] : i32, i32

// Not equal: different initial values, different updates, or loads with a
// store between them.

// CHECK-LABEL: tt.func @different_init(
// CHECK:   scf.for {{.*}} iter_args(%{{.*}} = %c0_i32, %{{.*}} = %c1_i32) -> (i32, i32)
// CHECK-LABEL: tt.func @different_update(
// CHECK:   scf.for {{.*}} iter_args(%{{.*}} = %c0_i32, %{{.*}} = %c0_i32) -> (i32, i32)
// CHECK-LABEL: tt.func @loads_differ(
// CHECK:   scf.for {{.*}} iter_args(%{{.*}} = %cst, %{{.*}} = %cst) -> (f32, f32)
// CHECK-COUNT-2: tt.load
tt.func @twin_counters(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c0b = arith.constant 0 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c0b) -> (i32, i32) : i32 {
    %a1 = arith.addi %a, %c1 : i32
    %b1 = arith.addi %b, %c1 : i32
    scf.yield %a1, %b1 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}
tt.func @crossed(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c0) -> (i32, i32) : i32 {
    %a1 = arith.addi %b, %c1 : i32
    %b1 = arith.addi %a, %c1 : i32
    scf.yield %a1, %b1 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}
tt.func @different_init(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c1) -> (i32, i32) : i32 {
    %a1 = arith.addi %a, %c1 : i32
    %b1 = arith.addi %b, %c1 : i32
    scf.yield %a1, %b1 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}
tt.func @different_update(%n: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0, %b = %c0) -> (i32, i32) : i32 {
    %a1 = arith.addi %a, %c1 : i32
    %b1 = arith.addi %b, %c2 : i32
    scf.yield %a1, %b1 : i32, i32
  }
  tt.return %r#0, %r#1 : i32, i32
}
tt.func @loads_differ(%p: !tt.ptr<f32>, %n: i32) -> (f32, f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z) -> (f32, f32) : i32 {
    %v = tt.load %p : !tt.ptr<f32>
    tt.store %p, %a : !tt.ptr<f32>
    %w = tt.load %p : !tt.ptr<f32>
    %a1 = arith.addf %a, %v : f32
    %b1 = arith.addf %b, %w : f32
    scf.yield %a1, %b1 : f32, f32
  }
  tt.return %r#0, %r#1 : f32, f32
}

// nvgpu-test-taskid-propagate: async_task_id marks spread from the anchor
// ops to the values they need (the union of the tasks of their uses), to
// the bounds of the loops and the conditions of the branches around them,
// and out to the ops around every marked op. Marks come out sorted; with
// num-warp-groups=0 they are removed.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(nvgpu-test-taskid-propagate{num-warp-groups=2})' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(nvgpu-test-taskid-propagate)' | FileCheck %s --check-prefix=NONE

// Straight-line code: %s feeds an op of tasks 1 and 2 and one of task 0,
// so it belongs to all three; what only tasks 1 and 2 use belongs to them.
// The anchors keep their marks (sorted), the return is needed by no task.
// CHECK-LABEL: tt.func @straight_line
// CHECK: %[[S:.*]] = arith.addi %arg0, %arg0 {async_task_id = array<i32: 0, 1, 2>} : i32
// CHECK: %[[T:.*]] = arith.muli %[[S]], %[[S]] {async_task_id = array<i32: 1, 2>} : i32
// CHECK: tt.store %arg1, %[[T]] {async_task_id = array<i32: 1, 2>} : !tt.ptr<i32>
// CHECK: tt.store %arg2, %[[S]] {async_task_id = array<i32: 0>} : !tt.ptr<i32>
// CHECK: tt.return
// CHECK-NOT: async_task_id
// NONE-LABEL: tt.func @straight_line
// NONE-NOT: async_task_id
tt.func @straight_line(%x: i32, %p: !tt.ptr<i32>, %q: !tt.ptr<i32>) {
  %s = arith.addi %x, %x : i32
  %t = arith.muli %s, %s : i32
  tt.store %p, %t {async_task_id = array<i32: 2, 1>} : !tt.ptr<i32>
  tt.store %q, %s {async_task_id = array<i32: 0>} : !tt.ptr<i32>
  tt.return
}

// -----

// A loop: its bounds and step are needed by every task that runs in it; a
// carried value by the tasks that use it in the loop (through the region
// argument, the init and the yield); constants take what their users
// need. The ops around a newly marked op (not around an anchor) take its
// tasks: the loop takes those of the addi and the yield.
// CHECK-LABEL: tt.func @loop
// CHECK: %[[C0:.*]] = arith.constant {async_task_id = array<i32: 0, 1>} 0 : i32
// CHECK: %[[C1:.*]] = arith.constant {async_task_id = array<i32: 0, 1>} 1 : i32
// CHECK: %[[C2:.*]] = arith.constant {async_task_id = array<i32: 0>} 2 : i32
// CHECK: %[[LOOP:.*]] = scf.for %[[IV:.*]] = %[[C0]] to %arg0 step %[[C1]] iter_args(%[[ACC:.*]] = %[[C0]]) -> (i32)
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[ACC]], %[[C2]] {async_task_id = array<i32: 0>} : i32
// CHECK-NEXT: tt.store %arg1, %[[IV]] {async_task_id = array<i32: 1>} : !tt.ptr<i32>
// CHECK-NEXT: tt.store %arg2, %[[ACC]] {async_task_id = array<i32: 0>} : !tt.ptr<i32>
// CHECK-NEXT: scf.yield {async_task_id = array<i32: 0>} %[[NEXT]] : i32
// CHECK-NEXT: } {async_task_id = array<i32: 0>}
tt.func @loop(%n: i32, %p: !tt.ptr<i32>, %q: !tt.ptr<i32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %next = arith.addi %acc, %c2 : i32
    tt.store %p, %i {async_task_id = array<i32: 1>} : !tt.ptr<i32>
    tt.store %q, %acc {async_task_id = array<i32: 0>} : !tt.ptr<i32>
    scf.yield %next : i32
  }
  tt.return %r : i32
}

// -----

// A branch: its condition is needed by the tasks that run in it; the
// branch, with no results, takes its condition's tasks. (A condition that
// folds to a constant would leave the other side dead to the analysis.)
// CHECK-LABEL: tt.func @branch
// CHECK: %[[COND:.*]] = arith.cmpi slt, %arg0, %arg2 {async_task_id = array<i32: 0, 2>} : i32
// CHECK: scf.if %[[COND]] {
// CHECK-NEXT: tt.store %arg1, %arg0 {async_task_id = array<i32: 2>} : !tt.ptr<i32>
// CHECK-NEXT: } else {
// CHECK-NEXT: tt.store %arg1, %arg0 {async_task_id = array<i32: 0>} : !tt.ptr<i32>
// CHECK-NEXT: } {async_task_id = array<i32: 0, 2>}
tt.func @branch(%x: i32, %p: !tt.ptr<i32>, %y: i32) {
  %cond = arith.cmpi slt, %x, %y : i32
  scf.if %cond {
    tt.store %p, %x {async_task_id = array<i32: 2>} : !tt.ptr<i32>
  } else {
    tt.store %p, %x {async_task_id = array<i32: 0>} : !tt.ptr<i32>
  }
  tt.return
}

// -----

// Marked constants are not anchors: with no other mark nothing spreads
// (the constant's mark is only sorted).
// CHECK-LABEL: tt.func @constant_only
// CHECK: arith.constant {async_task_id = array<i32: 0, 3>} 7 : i32
// CHECK: arith.addi %{{.*}}, %{{.*}} : i32
// NONE-LABEL: tt.func @constant_only
// NONE-NOT: async_task_id
tt.func @constant_only(%x: i32) -> i32 {
  %c = arith.constant {async_task_id = array<i32: 3, 0>} 7 : i32
  %y = arith.addi %x, %c : i32
  tt.return %y : i32
}

// -----

// A reduction's combiner computes what the reduction's result carries.
// CHECK-LABEL: tt.func @reduce
// CHECK: %[[V:.*]] = arith.addf %arg0, %arg0 {async_task_id = array<i32: 1>} : tensor<128xf32>
// CHECK: "tt.reduce"(%[[V]]) <{axis = 0 : i32}> ({
// CHECK: arith.addf %{{.*}}, %{{.*}} {async_task_id = array<i32: 1>} : f32
// CHECK: tt.reduce.return %{{.*}} {async_task_id = array<i32: 1>} : f32
// CHECK-NEXT: }) {async_task_id = array<i32: 1>}
tt.func @reduce(%x: tensor<128xf32>, %p: !tt.ptr<f32>) {
  %v = arith.addf %x, %x : tensor<128xf32>
  %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<128xf32>) -> f32
  tt.store %p, %s {async_task_id = array<i32: 1>} : !tt.ptr<f32>
  tt.return
}

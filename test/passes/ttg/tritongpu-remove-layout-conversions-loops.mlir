// tritongpu-remove-layout-conversions around control flow: conversions of
// loop-invariant values leave the loop; a tensor an scf.for carries that
// every iteration converts on entry and back before the yield is carried in
// the converted layout; an scf.if result both branches convert from one
// layout is produced in it. Conversions that are needed stay.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s

#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // The accumulator is carried in #a: one conversion before the loop (of
  // the init), one after it (for the store in #b); none inside.
  // CHECK-LABEL: tt.func @loop_carried
  // CHECK: %[[INIT:.+]] = ttg.convert_layout %{{.+}} : tensor<512xf32, #{{.+}}> -> tensor<512xf32, #[[A:blocked[0-9]*]]>
  // CHECK: %[[R:.+]] = scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[INIT]]) -> (tensor<512xf32, #[[A]]>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: scf.yield %{{.+}} : tensor<512xf32, #[[A]]>
  // CHECK: ttg.convert_layout %[[R]] : tensor<512xf32, #[[A]]> -> tensor<512xf32, #{{.+}}>
  // CHECK: tt.store
  tt.func @loop_carried(%p: tensor<512x!tt.ptr<f32>, #a>, %q: tensor<512x!tt.ptr<f32>, #b>, %z: tensor<512xf32, #b>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<512xf32, #b>) : i32 {
      %x = tt.load %p : tensor<512x!tt.ptr<f32>, #a>
      %acc_a = ttg.convert_layout %acc : tensor<512xf32, #b> -> tensor<512xf32, #a>
      %s = arith.addf %acc_a, %x : tensor<512xf32, #a>
      %s_b = ttg.convert_layout %s : tensor<512xf32, #a> -> tensor<512xf32, #b>
      scf.yield %s_b : tensor<512xf32, #b>
    }
    tt.store %q, %r : tensor<512x!tt.ptr<f32>, #b>
    tt.return
  }

  // A conversion of a value defined before the loop is done once, before it.
  // CHECK-LABEL: tt.func @hoist_invariant
  // CHECK: ttg.convert_layout %arg2
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.store %arg1
  tt.func @hoist_invariant(%p: tensor<512x!tt.ptr<f32>, #a>, %q: tensor<512x!tt.ptr<f32>, #a>, %w: tensor<512xf32, #b>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      %x = tt.load %p : tensor<512x!tt.ptr<f32>, #a>
      %w_a = ttg.convert_layout %w : tensor<512xf32, #b> -> tensor<512xf32, #a>
      %s = arith.mulf %x, %w_a : tensor<512xf32, #a>
      tt.store %q, %s : tensor<512x!tt.ptr<f32>, #a>
    }
    tt.return
  }

  // Both branches convert from #a: the if produces #a, converted once.
  // CHECK-LABEL: tt.func @if_results
  // CHECK: %[[IF:.+]] = scf.if %{{.+}} -> (tensor<512xf32, #[[A2:blocked[0-9]*]]>)
  // CHECK-NOT: ttg.convert_layout
  // CHECK: scf.yield %{{.+}} : tensor<512xf32, #[[A2]]>
  // CHECK: } else {
  // CHECK-NEXT: scf.yield %{{.+}} : tensor<512xf32, #[[A2]]>
  // CHECK: ttg.convert_layout %[[IF]] : tensor<512xf32, #[[A2]]>
  tt.func @if_results(%c: i1, %p: tensor<512x!tt.ptr<f32>, #a>, %q: tensor<512x!tt.ptr<f32>, #b>) {
    %x = tt.load %p : tensor<512x!tt.ptr<f32>, #a>
    %r = scf.if %c -> (tensor<512xf32, #b>) {
      %y = arith.addf %x, %x : tensor<512xf32, #a>
      %y_b = ttg.convert_layout %y : tensor<512xf32, #a> -> tensor<512xf32, #b>
      scf.yield %y_b : tensor<512xf32, #b>
    } else {
      %x_b = ttg.convert_layout %x : tensor<512xf32, #a> -> tensor<512xf32, #b>
      scf.yield %x_b : tensor<512xf32, #b>
    }
    tt.store %q, %r : tensor<512x!tt.ptr<f32>, #b>
    tt.return
  }

  // The iter_arg is stored in #b inside the loop as well: the load's layout
  // still reaches it (Triton's propagation), which leaves one conversion
  // per iteration, for the store, where there were two.
  // CHECK-LABEL: tt.func @needed_stays
  // CHECK: ttg.convert_layout %arg2 : tensor<512xf32, #[[B:blocked[0-9]*]]> -> tensor<512xf32, #[[A:blocked[0-9]*]]>
  // CHECK: scf.for {{.+}} -> (tensor<512xf32, #[[A]]>)
  // CHECK: %[[ACC_B:.+]] = ttg.convert_layout %{{.+}} : tensor<512xf32, #[[A]]> -> tensor<512xf32, #[[B]]>
  // CHECK: tt.store %arg1, %[[ACC_B]] : tensor<512x!tt.ptr<f32>, #[[B]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: scf.yield %{{.+}} : tensor<512xf32, #[[A]]>
  tt.func @needed_stays(%p: tensor<512x!tt.ptr<f32>, #a>, %q: tensor<512x!tt.ptr<f32>, #b>, %z: tensor<512xf32, #b>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<512xf32, #b>) : i32 {
      %x = tt.load %p : tensor<512x!tt.ptr<f32>, #a>
      %acc_a = ttg.convert_layout %acc : tensor<512xf32, #b> -> tensor<512xf32, #a>
      tt.store %q, %acc : tensor<512x!tt.ptr<f32>, #b>
      %s = arith.addf %acc_a, %x : tensor<512xf32, #a>
      %s_b = ttg.convert_layout %s : tensor<512xf32, #a> -> tensor<512xf32, #b>
      scf.yield %s_b : tensor<512xf32, #b>
    }
    tt.return
  }

  // scf.while: the same hoisting out of its regions.
  // CHECK-LABEL: tt.func @while_hoist
  // CHECK: ttg.convert_layout %arg2
  // CHECK-NEXT: scf.while
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @while_hoist(%p: tensor<512x!tt.ptr<f32>, #a>, %q: tensor<512x!tt.ptr<f32>, #a>, %w: tensor<512xf32, #b>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.while (%i = %c0) : (i32) -> i32 {
      %go = arith.cmpi slt, %i, %n : i32
      scf.condition(%go) %i : i32
    } do {
    ^bb0(%j: i32):
      %x = tt.load %p : tensor<512x!tt.ptr<f32>, #a>
      %w_a = ttg.convert_layout %w : tensor<512xf32, #b> -> tensor<512xf32, #a>
      %s = arith.mulf %x, %w_a : tensor<512xf32, #a>
      tt.store %q, %s : tensor<512x!tt.ptr<f32>, #a>
      %k = arith.addi %j, %c1 : i32
      scf.yield %k : i32
    }
    tt.return
  }
}

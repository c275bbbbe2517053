// tritongpu-optimize-thread-locality: loop-carried reductions reduce within
// each thread in the loop and across threads after it; reordering reshapes
// feeding reductions and gathers get layouts that keep the work in a thread
// or a warp.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-optimize-thread-locality)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B:.+]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B3:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Each thread holds 4 elements of a 128-wide row (2 contiguous, twice):
  // the loop sums them into a 32x32 per-thread partial, the 32 lanes'
  // partials are summed once after the loop and added to the loop's initial
  // value. The old carried value is passed through unchanged.
  // CHECK-LABEL: tt.func @sum_across_loop
  // CHECK-SAME: %[[INIT:[^:]+]]: tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[$B]]}>>
  // CHECK: %[[START:.+]] = arith.constant dense<0.000000e+00> : tensor<32xf32
  // CHECK: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
  // CHECK: %[[LOOP:.+]]:2 = scf.for {{.+}} iter_args(%[[OLD:.+]] = %[[START]], %[[PART:.+]] = %[[ZERO]])
  // CHECK: %[[X:.+]] = tt.load
  // CHECK-NEXT: %[[SPLIT:.+]] = tt.reshape %[[X]] allow_reorder efficient_layout : tensor<32x128xf32, #[[$B]]> -> tensor<32x32x4xf32, #[[$B3]]>
  // CHECK-NEXT: %[[R:.+]] = "tt.reduce"(%[[SPLIT]]) <{axis = 2 : i32}>
  // CHECK: arith.addf
  // CHECK: }) : (tensor<32x32x4xf32, #[[$B3]]>) -> tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
  // CHECK-NEXT: %[[NEXT:.+]] = arith.addf %[[PART]], %[[R]] : tensor<32x32xf32, #ttg.slice<{dim = 2, parent = #[[$B3]]}>>
  // CHECK-NEXT: scf.yield %[[OLD]], %[[NEXT]]
  // CHECK: %[[TOTAL:.+]] = "tt.reduce"(%[[LOOP]]#1) <{axis = 1 : i32}>
  // CHECK: %[[CVT:.+]] = ttg.convert_layout %[[TOTAL]] : tensor<32xf32, #ttg.slice<{dim = 1, parent = #ttg.slice<{dim = 2, parent = #[[$B3]]}>}>> -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #[[$B]]}>>
  // CHECK-NEXT: %[[SUM:.+]] = arith.addf %[[START]], %[[CVT]]
  // CHECK-NEXT: %[[OUT:.+]] = arith.addf %[[INIT]], %[[SUM]]
  // CHECK-NEXT: tt.return %[[OUT]]
  tt.func @sum_across_loop(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32, %init: tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %start = arith.constant dense<0.0> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %start) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
      %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %next = arith.addf %acc, %s : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %next : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    %out = arith.addf %init, %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %out : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }

  // A max reduction's partials start at -inf; the final max combines the
  // initial value with the total in the update's operand order.
  // CHECK-LABEL: tt.func @max_across_loop
  // CHECK-DAG: %[[START:.+]] = arith.constant dense<1.000000e+00> : tensor<32xf32
  // CHECK-DAG: %[[NEGINF:.+]] = arith.constant dense<0xFF800000> : tensor<32x32xf32
  // CHECK: %[[LOOP:.+]]:2 = scf.for {{.+}} iter_args(%{{.+}} = %[[START]], %{{.+}} = %[[NEGINF]])
  // CHECK: arith.maxnumf %{{.+}}, %{{.+}} : tensor<32x32xf32
  // CHECK: "tt.reduce"(%[[LOOP]]#1) <{axis = 1 : i32}>
  // CHECK: %[[CVT:.+]] = ttg.convert_layout
  // CHECK-NEXT: arith.maxnumf %[[CVT]], %[[START]] : tensor<32xf32
  tt.func @max_across_loop(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %n: i32) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %start = arith.constant dense<1.0> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %start) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
      %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.maxnumf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %next = arith.maxnumf %s, %acc : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %next : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %r : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }

  // Left alone: the reduced value is not loaded in the loop; the initial
  // value is not a constant; an integer reduction.
  // CHECK-LABEL: tt.func @left_alone
  // CHECK-NOT: tt.reshape
  // CHECK: tt.return
  tt.func @left_alone(%p: tensor<32x128x!tt.ptr<f32>, #blocked>, %q: tensor<32x128x!tt.ptr<i32>, #blocked>, %v: tensor<32x128xf32, #blocked>, %n: i32, %init: tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %start = arith.constant dense<0.0> : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %istart = arith.constant dense<0> : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a0 = %start, %a1 = %init, %a2 = %istart) -> (tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) : i32 {
      %s0 = "tt.reduce"(%v) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %n0 = arith.addf %a0, %s0 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>
      %s1 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %t = arith.addf %a, %b : f32
        tt.reduce.return %t : f32
      }) : (tensor<32x128xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %n1 = arith.addf %a1, %s1 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %y = tt.load %q : tensor<32x128x!tt.ptr<i32>, #blocked>
      %s2 = "tt.reduce"(%y) <{axis = 1 : i32}> ({
      ^bb0(%a: i32, %b: i32):
        %t = arith.addi %a, %b : i32
        tt.reduce.return %t : i32
      }) : (tensor<32x128xi32, #blocked>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %n2 = arith.addi %a2, %s2 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
      scf.yield %n0, %n1, %n2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    }
    tt.return %r#0, %r#1, %r#2 : tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$SRC:.+]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$OLD:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$NEW:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // The reshape's result walks the reduced dim 1 last: lanes and warps go
  // to dim 0, each thread keeps its row's 32 elements; a convert returns to
  // the old layout for the reduce (remove-layout-conversions moves it).
  // CHECK-LABEL: tt.func @reshape_for_reduction
  // CHECK: %[[R:.+]] = tt.reshape %{{.+}} allow_reorder efficient_layout : tensor<16x256xf32, #[[$SRC]]> -> tensor<128x32xf32, #[[$NEW]]>
  // CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %[[R]] : tensor<128x32xf32, #[[$NEW]]> -> tensor<128x32xf32, #[[$OLD]]>
  // CHECK-NEXT: "tt.reduce"(%[[C]]) <{axis = 1 : i32}>
  tt.func @reshape_for_reduction(%x: tensor<16x256xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
    %v = tt.reshape %x allow_reorder : tensor<16x256xf32, #blocked> -> tensor<128x32xf32, #blocked1>
    %r = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<128x32xf32, #blocked1>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    tt.return %r : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  }

  // Reductions along different axes: no layout serves both, left alone.
  // CHECK-LABEL: tt.func @reshape_for_two_axes
  // CHECK: tt.reshape %{{.+}} allow_reorder : tensor<16x256xf32, #[[$SRC]]> -> tensor<128x32xf32, #[[$OLD]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @reshape_for_two_axes(%x: tensor<16x256xf32, #blocked>) -> (tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>) {
    %v = tt.reshape %x allow_reorder : tensor<16x256xf32, #blocked> -> tensor<128x32xf32, #blocked1>
    %r = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<128x32xf32, #blocked1>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %c = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<128x32xf32, #blocked1>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    tt.return %r, %c : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>, tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$IN:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$WARP:.+]] = #ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Gathering along dim 0 (64 rows): 32 lanes span the axis, each thread
  // holds 2 rows, the 4 warps split the columns.
  // CHECK-LABEL: tt.func @gather_in_a_warp
  // CHECK: %[[S:.+]] = ttg.convert_layout %{{.+}} : tensor<64x16xf32, #[[$IN]]> -> tensor<64x16xf32, #[[$WARP]]>
  // CHECK-NEXT: %[[I:.+]] = ttg.convert_layout %{{.+}} : tensor<64x16xi32, #[[$IN]]> -> tensor<64x16xi32, #[[$WARP]]>
  // CHECK-NEXT: %[[G:.+]] = tt.gather %[[S]][%[[I]]] {axis = 0 : i32, efficient_layout} : (tensor<64x16xf32, #[[$WARP]]>, tensor<64x16xi32, #[[$WARP]]>) -> tensor<64x16xf32, #[[$WARP]]>
  // CHECK-NEXT: %[[B:.+]] = ttg.convert_layout %[[G]] : tensor<64x16xf32, #[[$WARP]]> -> tensor<64x16xf32, #[[$IN]]>
  // CHECK-NEXT: tt.return %[[B]]
  tt.func @gather_in_a_warp(%src: tensor<64x16xf32, #blocked>, %idx: tensor<64x16xi32, #blocked>) -> tensor<64x16xf32, #blocked> {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<64x16xf32, #blocked>, tensor<64x16xi32, #blocked>) -> tensor<64x16xf32, #blocked>
    tt.return %g : tensor<64x16xf32, #blocked>
  }

  // A 1-d gather and one whose layout is already chosen stay as they are.
  // CHECK-LABEL: tt.func @gathers_left_alone
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return
  tt.func @gathers_left_alone(%src: tensor<128xf32, #blocked1>, %idx: tensor<128xi32, #blocked1>, %src2: tensor<64x16xf32, #blocked>, %idx2: tensor<64x16xi32, #blocked>) -> (tensor<128xf32, #blocked1>, tensor<64x16xf32, #blocked>) {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128xf32, #blocked1>, tensor<128xi32, #blocked1>) -> tensor<128xf32, #blocked1>
    %h = tt.gather %src2[%idx2] {axis = 0 : i32, efficient_layout} : (tensor<64x16xf32, #blocked>, tensor<64x16xi32, #blocked>) -> tensor<64x16xf32, #blocked>
    tt.return %g, %h : tensor<128xf32, #blocked1>, tensor<64x16xf32, #blocked>
  }
}

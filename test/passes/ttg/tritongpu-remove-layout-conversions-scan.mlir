// tritongpu-remove-layout-conversions carries layouts through tt.scan as
// through an elementwise op (operands and results share one layout), from
// anchors, forward from a conversion's source, and around loops, but only
// into layouts the scan lowering can scan along the scan axis (Triton keeps
// scans in blocked layouts, all of which qualify). A scan is not
// recomputed in another layout (it is not cheap).

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-remove-layout-conversions)' | FileCheck %s --enable-var-scope

// The cumsum kernel as tritongpu-coalesce leaves it: the load's layout (4
// per thread) reaches the scan and the store; no conversion is left.
// CHECK: [[$B4:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-NOT: #ttg.blocked
// CHECK-LABEL: tt.func public @cumsum_kernel
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[X:.+]] = tt.load %{{.+}} : tensor<4096x!tt.ptr<f32>, [[$B4]]>
// CHECK: %[[S:.+]] = "tt.scan"(%[[X]]) <{axis = 0 : i32, reverse = false}>
// CHECK: }) : (tensor<4096xf32, [[$B4]]>) -> tensor<4096xf32, [[$B4]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %{{.+}}, %[[S]] : tensor<4096x!tt.ptr<f32>, [[$B4]]>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cumsum_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %0 = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32, #blocked>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<4096x!tt.ptr<f32>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<4096x!tt.ptr<f32>, #blocked>, tensor<4096xi32, #blocked>
    %3 = ttg.convert_layout %2 : tensor<4096x!tt.ptr<f32>, #blocked> -> tensor<4096x!tt.ptr<f32>, #blocked4>
    %4 = tt.load %3 : tensor<4096x!tt.ptr<f32>, #blocked4>
    %5 = ttg.convert_layout %4 : tensor<4096xf32, #blocked4> -> tensor<4096xf32, #blocked>
    %6 = "tt.scan"(%5) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%arg2: f32, %arg3: f32):
      %11 = arith.addf %arg2, %arg3 : f32
      tt.scan.return %11 : f32
    }) : (tensor<4096xf32, #blocked>) -> tensor<4096xf32, #blocked>
    %7 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<4096x!tt.ptr<f32>, #blocked>
    %8 = tt.addptr %7, %0 : tensor<4096x!tt.ptr<f32>, #blocked>, tensor<4096xi32, #blocked>
    %9 = ttg.convert_layout %8 : tensor<4096x!tt.ptr<f32>, #blocked> -> tensor<4096x!tt.ptr<f32>, #blocked4>
    %10 = ttg.convert_layout %6 : tensor<4096xf32, #blocked> -> tensor<4096xf32, #blocked4>
    tt.store %9, %10 : tensor<4096x!tt.ptr<f32>, #blocked4>
    tt.return
  }
}

// -----

// No anchor: the two conversions into the scan's layout are undone by
// carrying their source layout forward through the two-operand scan, whose
// results already go back to it.
// CHECK: [[$A:#[a-z0-9]+]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-NOT: #ttg.blocked
// CHECK-LABEL: tt.func @scan_forward
// CHECK-NOT: ttg.convert_layout
// CHECK: %[[S:.+]]:2 = "tt.scan"(%arg0, %arg1) <{axis = 1 : i32, reverse = true}>
// CHECK: }) : (tensor<16x32xf32, [[$A]]>, tensor<16x32xi32, [[$A]]>) -> (tensor<16x32xf32, [[$A]]>, tensor<16x32xi32, [[$A]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.store %arg2, %[[S]]#0
// CHECK: tt.store %arg3, %[[S]]#1
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scan_forward(%x: tensor<16x32xf32, #a>, %y: tensor<16x32xi32, #a>, %p: tensor<16x32x!tt.ptr<f32>, #a>, %q: tensor<16x32x!tt.ptr<i32>, #a>) {
    %xb = ttg.convert_layout %x : tensor<16x32xf32, #a> -> tensor<16x32xf32, #b>
    %yb = ttg.convert_layout %y : tensor<16x32xi32, #a> -> tensor<16x32xi32, #b>
    %s:2 = "tt.scan"(%xb, %yb) <{axis = 1 : i32, reverse = true}> ({
    ^bb0(%a0: f32, %a1: i32, %b0: f32, %b1: i32):
      %c0 = arith.addf %a0, %b0 : f32
      %c1 = arith.maxsi %a1, %b1 : i32
      tt.scan.return %c0, %c1 : f32, i32
    }) : (tensor<16x32xf32, #b>, tensor<16x32xi32, #b>) -> (tensor<16x32xf32, #b>, tensor<16x32xi32, #b>)
    %s0 = ttg.convert_layout %s#0 : tensor<16x32xf32, #b> -> tensor<16x32xf32, #a>
    %s1 = ttg.convert_layout %s#1 : tensor<16x32xi32, #b> -> tensor<16x32xi32, #a>
    tt.store %p, %s0 : tensor<16x32x!tt.ptr<f32>, #a>
    tt.store %q, %s1 : tensor<16x32x!tt.ptr<i32>, #a>
    tt.return
  }
}

// -----

// A layout whose lanes along the axis are not in axis order (lanes 1 and 2
// swapped) cannot be scanned: neither the load's layout (an anchor) nor a
// conversion's source reaches the scan, which stays blocked between two
// conversions.
// CHECK-LABEL: tt.func @unscannable_anchor
// CHECK: %[[X:.+]] = tt.load
// CHECK: %[[XB:.+]] = ttg.convert_layout %[[X]] : tensor<32xf32, #linear> -> tensor<32xf32, #blocked>
// CHECK: %[[S:.+]] = "tt.scan"(%[[XB]])
// CHECK: }) : (tensor<32xf32, #blocked>) -> tensor<32xf32, #blocked>
// CHECK: ttg.convert_layout %[[S]] : tensor<32xf32, #blocked> -> tensor<32xf32, #linear>
// CHECK-LABEL: tt.func @unscannable_forward
// CHECK: %[[XB:.+]] = ttg.convert_layout %arg0 : tensor<32xf32, #linear> -> tensor<32xf32, #blocked>
// CHECK: %[[S:.+]] = "tt.scan"(%[[XB]])
// CHECK: }) : (tensor<32xf32, #blocked>) -> tensor<32xf32, #blocked>
// CHECK: ttg.convert_layout %[[S]] : tensor<32xf32, #blocked> -> tensor<32xf32, #linear>
#perm = #ttg.linear<{register = [], lane = [[2], [1], [4], [8], [16]], warp = [], block = []}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @unscannable_anchor(%p: tensor<32x!tt.ptr<f32>, #perm>, %q: tensor<32x!tt.ptr<f32>, #perm>) {
    %x = tt.load %p : tensor<32x!tt.ptr<f32>, #perm>
    %xb = ttg.convert_layout %x : tensor<32xf32, #perm> -> tensor<32xf32, #b>
    %s = "tt.scan"(%xb) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %c: f32):
      %r = arith.addf %a, %c : f32
      tt.scan.return %r : f32
    }) : (tensor<32xf32, #b>) -> tensor<32xf32, #b>
    %sp = ttg.convert_layout %s : tensor<32xf32, #b> -> tensor<32xf32, #perm>
    tt.store %q, %sp : tensor<32x!tt.ptr<f32>, #perm>
    tt.return
  }

  tt.func @unscannable_forward(%x: tensor<32xf32, #perm>, %q: tensor<32x!tt.ptr<f32>, #perm>) {
    %xb = ttg.convert_layout %x : tensor<32xf32, #perm> -> tensor<32xf32, #b>
    %s = "tt.scan"(%xb) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: f32, %c: f32):
      %r = arith.addf %a, %c : f32
      tt.scan.return %r : f32
    }) : (tensor<32xf32, #b>) -> tensor<32xf32, #b>
    %sp = ttg.convert_layout %s : tensor<32xf32, #b> -> tensor<32xf32, #perm>
    tt.store %q, %sp : tensor<32x!tt.ptr<f32>, #perm>
    tt.return
  }
}

// -----

// A loop-carried tensor scanned every iteration and converted for its
// store: carried in the store's layout, the scan computed in it, one
// conversion before the loop. Into a layout the scan cannot take, nothing
// moves.
// CHECK-LABEL: tt.func @scan_in_loop
// CHECK: %[[INIT:.+]] = ttg.convert_layout %arg0 : tensor<512xf32, #[[$B:blocked[0-9]*]]> -> tensor<512xf32, #[[$A:blocked[0-9]*]]>
// CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[INIT]]) -> (tensor<512xf32, #[[$A]]>)
// CHECK-NEXT: %[[S:.+]] = "tt.scan"(%[[ACC]])
// CHECK: }) : (tensor<512xf32, #[[$A]]>) -> tensor<512xf32, #[[$A]]>
// CHECK-NEXT: tt.store %arg1, %[[S]] : tensor<512x!tt.ptr<f32>, #[[$A]]>
// CHECK-NEXT: scf.yield %[[S]] : tensor<512xf32, #[[$A]]>
// CHECK-LABEL: tt.func @scan_in_loop_unscannable
// CHECK: scf.for {{.+}} -> (tensor<512xf32, #[[$B]]>)
// CHECK: "tt.scan"
// CHECK: }) : (tensor<512xf32, #[[$B]]>) -> tensor<512xf32, #[[$B]]>
// CHECK-NEXT: ttg.convert_layout %{{.+}} : tensor<512xf32, #[[$B]]> -> tensor<512xf32, #linear>
#a = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#perm = #ttg.linear<{register = [[128], [256]], lane = [[2], [1], [4], [8], [16]], warp = [[32], [64]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scan_in_loop(%init: tensor<512xf32, #b>, %p: tensor<512x!tt.ptr<f32>, #a>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<512xf32, #b>) : i32 {
      %s = "tt.scan"(%acc) <{axis = 0 : i32, reverse = false}> ({
      ^bb0(%x: f32, %y: f32):
        %m = arith.maxnumf %x, %y : f32
        tt.scan.return %m : f32
      }) : (tensor<512xf32, #b>) -> tensor<512xf32, #b>
      %c = ttg.convert_layout %s : tensor<512xf32, #b> -> tensor<512xf32, #a>
      tt.store %p, %c : tensor<512x!tt.ptr<f32>, #a>
      scf.yield %s : tensor<512xf32, #b>
    }
    tt.return
  }
  tt.func @scan_in_loop_unscannable(%init: tensor<512xf32, #b>, %p: tensor<512x!tt.ptr<f32>, #perm>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<512xf32, #b>) : i32 {
      %s = "tt.scan"(%acc) <{axis = 0 : i32, reverse = false}> ({
      ^bb0(%x: f32, %y: f32):
        %m = arith.maxnumf %x, %y : f32
        tt.scan.return %m : f32
      }) : (tensor<512xf32, #b>) -> tensor<512xf32, #b>
      %c = ttg.convert_layout %s : tensor<512xf32, #b> -> tensor<512xf32, #perm>
      tt.store %p, %c : tensor<512x!tt.ptr<f32>, #perm>
      scf.yield %s : tensor<512xf32, #b>
    }
    tt.return
  }
}

// RUN: %mlir-tile %s -split-input-file -inline | FileCheck %s

// A helper's body replaces the call; its tt.return value replaces the
// call's result, and the private helper goes away.
// CHECK-LABEL: tt.func public @scalar_helper
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: tt.return %[[SUM]] : i32
// CHECK-NOT: @double
tt.func public @scalar_helper(%x: i32) -> i32 {
  %0 = tt.call @double(%x) : (i32) -> i32
  tt.return %0 : i32
}
tt.func private @double(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  tt.return %0 : i32
}

// -----

// noinline = true keeps the call.
// CHECK-LABEL: tt.func public @kept
// CHECK-NEXT: tt.call @helper
// CHECK: tt.func private @helper
tt.func public @kept(%x: i32) -> i32 {
  %0 = tt.call @helper(%x) : (i32) -> i32
  tt.return %0 : i32
}
tt.func private @helper(%x: i32) -> i32 attributes {noinline = true} {
  tt.return %x : i32
}

// -----

// A multi-block body: each tt.return branches to the block after the call
// (the inliner's simplification then folds the diamond into a select).
// CHECK-LABEL: tt.func public @branches
// CHECK-NEXT: %[[R:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: tt.return %[[R]] : i32
tt.func public @branches(%c: i1, %x: i32, %y: i32) -> i32 {
  %0 = tt.call @select(%c, %x, %y) : (i1, i32, i32) -> i32
  tt.return %0 : i32
}
tt.func private @select(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  tt.return %x : i32
^b:
  tt.return %y : i32
}

// -----

// ttg and ttng ops inline, also into a warp-specialized partition.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func public @partition
// CHECK: partition0(%[[BAR:.*]]: !ttg.memdesc<1xi64, #shared, #smem, mutable>) num_warps(4) {
// CHECK-NEXT: ttng.init_barrier %[[BAR]], 1
// CHECK-NEXT: ttg.warp_return
tt.func public @partition(%bar: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
  ttg.warp_specialize(%bar)
  default {
    ttg.warp_yield
  }
  partition0(%b: !ttg.memdesc<1xi64, #shared, #smem, mutable>) num_warps(4) {
    tt.call @init(%b) : (!ttg.memdesc<1xi64, #shared, #smem, mutable>) -> ()
    ttg.warp_return
  } : (!ttg.memdesc<1xi64, #shared, #smem, mutable>) -> ()
  tt.return
}
tt.func private @init(%b: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
  ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
  tt.return
}
}

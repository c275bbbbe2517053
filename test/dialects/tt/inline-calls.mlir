// The `inline` pass inlines tt.call as Triton's TTIR pipeline does: every
// callee but one marked `noinline = true`; a callee of several blocks
// returns through a branch to the block after the call.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(inline, symbol-dce)' | FileCheck %s

module {
  tt.func private @add_three(%x: i32) -> i32 {
    %c = arith.constant 3 : i32
    %y = arith.addi %x, %c : i32
    tt.return %y : i32
  }
  // CHECK: tt.func private @times_five
  // CHECK-SAME: attributes {noinline = true}
  tt.func private @times_five(%x: i32) -> i32 attributes {noinline = true} {
    %c = arith.constant 5 : i32
    %y = arith.muli %x, %c : i32
    tt.return %y : i32
  }
  // CHECK-NOT: @add_three
  // CHECK-LABEL: tt.func public @kernel
  // CHECK: %[[PID:.+]] = tt.get_program_id x
  // CHECK: %[[SUM:.+]] = arith.addi %[[PID]], %{{.+}} : i32
  // CHECK: %[[PRODUCT:.+]] = tt.call @times_five(%[[SUM]]) : (i32) -> i32
  // CHECK: tt.store %{{.+}}, %[[PRODUCT]]
  tt.func public @kernel(%p: !tt.ptr<i32>) {
    %pid = tt.get_program_id x : i32
    %r = tt.call @add_three(%pid) : (i32) -> i32
    %s = tt.call @times_five(%r) : (i32) -> i32
    tt.store %p, %s : !tt.ptr<i32>
    tt.return
  }
}

// -----

module {
  tt.func private @pick(%c: i1, %x: i32, %y: i32) -> i32 {
    cf.cond_br %c, ^first, ^second
  ^first:
    tt.return %x : i32
  ^second:
    tt.return %y : i32
  }
  // CHECK-NOT: @pick
  // CHECK-LABEL: tt.func public @branches
  // CHECK-SAME: (%[[P:.+]]: !tt.ptr<i32>, %[[C:.+]]: i1, %[[X:.+]]: i32, %[[Y:.+]]: i32)
  // The inliner's cleanup of the branches it made leaves a select.
  // CHECK-NOT: tt.call
  // CHECK: %[[R:.+]] = arith.select %[[C]], %[[X]], %[[Y]] : i32
  // CHECK-NEXT: tt.store %[[P]], %[[R]]
  tt.func public @branches(%p: !tt.ptr<i32>, %c: i1, %x: i32, %y: i32) {
    %r = tt.call @pick(%c, %x, %y) : (i1, i32, i32) -> i32
    tt.store %p, %r : !tt.ptr<i32>
    tt.return
  }
}

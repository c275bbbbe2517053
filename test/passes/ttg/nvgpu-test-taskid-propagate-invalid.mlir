// nvgpu-test-taskid-propagate follows scf.for, scf.if and tt.reduce
// regions only, and calls must be inlined first: anything else gets a
// diagnostic naming the op, and the pass fails.
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(nvgpu-test-taskid-propagate{num-warp-groups=2})'

tt.func private @callee(%x: i32) -> i32 {
  tt.return %x : i32
}
tt.func @call(%x: i32, %p: !tt.ptr<i32>) {
  // expected-error @+1 {{'tt.call' op is not supported by nvgpu-test-taskid-propagate: calls must be inlined first}}
  %y = tt.call @callee(%x) : (i32) -> i32
  tt.store %p, %y {async_task_id = array<i32: 0>} : !tt.ptr<i32>
  tt.return
}

// -----

tt.func @while_loop(%x: i32, %p: !tt.ptr<i32>) {
  // expected-error @+1 {{'scf.while' op is not supported by nvgpu-test-taskid-propagate: it follows only scf.for, scf.if and tt.reduce regions}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %x : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  tt.store %p, %r {async_task_id = array<i32: 1>} : !tt.ptr<i32>
  tt.return
}

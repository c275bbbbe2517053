// triton-rewrite-tensor-pointer on block pointers it cannot follow or
// accesses it cannot rewrite: a diagnostic naming the op and the reason,
// before anything is rewritten.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -p 'builtin.module(triton-rewrite-tensor-pointer)' -o /dev/null

// A block pointer passed in has no tt.make_tensor_ptr to come from.
// expected-error @below {{'tt.func' op argument #0 is a block pointer, which this pass cannot follow: block pointers must be made in the kernel by tt.make_tensor_ptr (a function taking one must be inlined first)}}
tt.func @argument(%bp: !tt.ptr<tensor<64xf32>>) -> tensor<64xf32> {
  %v = tt.load %bp : !tt.ptr<tensor<64xf32>>
  tt.return %v : tensor<64xf32>
}

// -----

// Block pointers that cross a call.
tt.func private @callee(%bp: !tt.ptr<tensor<64xf32>>) -> !tt.ptr<tensor<64xf32>>

tt.func @call(%base: !tt.ptr<f32>, %n: i64) {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  // expected-error @below {{'tt.call' op result #0 is a block pointer, which this pass cannot follow: triton-rewrite-tensor-pointer rewrites block pointers made by tt.make_tensor_ptr, moved by tt.advance, accessed by tt.load and tt.store, chosen by arith.select and carried by scf.for, scf.if and scf.while}}
  // expected-error @below {{'tt.call' op operand #0 is a block pointer, which this pass cannot rewrite here}}
  %r = tt.call @callee(%bp) : (!tt.ptr<tensor<64xf32>>) -> !tt.ptr<tensor<64xf32>>
  tt.return
}

// -----

// Returning a block pointer.
tt.func @return(%base: !tt.ptr<f32>, %n: i64) -> !tt.ptr<tensor<64xf32>> {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  // expected-error @below {{'tt.return' op operand #0 is a block pointer, which this pass cannot rewrite here}}
  tt.return %bp : !tt.ptr<tensor<64xf32>>
}

// -----

// Block pointers carried by a region op other than scf.for, scf.if and
// scf.while.
tt.func @execute_region(%base: !tt.ptr<f32>, %n: i64) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  // expected-error @below {{'scf.execute_region' op result #0 is a block pointer}}
  %p = scf.execute_region -> !tt.ptr<tensor<64xf32>> {
    %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
    // expected-error @below {{'scf.yield' op operand #0 is a block pointer}}
    scf.yield %bp : !tt.ptr<tensor<64xf32>>
  }
  %v = tt.load %p : !tt.ptr<tensor<64xf32>>
  tt.return %v : tensor<64xf32>
}

// -----

// Padding nan of an integer block: Triton's front end rejects it too.
tt.func @nan_integer(%base: !tt.ptr<i32>, %n: i64) -> tensor<64xi32> {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64xi32>>
  // expected-error @below {{'tt.load' op padding nan needs a floating-point element type that has a NaN, got 'i32'}}
  %v = tt.load %bp {boundaryCheck = array<i32: 0>, padding = 2 : i32} : !tt.ptr<tensor<64xi32>>
  tt.return %v : tensor<64xi32>
}

// -----

// Padding of a block of pointers has no zero to read.
tt.func @zero_pointers(%base: !tt.ptr<!tt.ptr<f32>>, %n: i64) -> tensor<64x!tt.ptr<f32>> {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64x!tt.ptr<f32>>>
  // expected-error @below {{'tt.load' op padding zero needs an integer or floating-point element type, got '!tt.ptr<f32>'}}
  %v = tt.load %bp {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64x!tt.ptr<f32>>>
  tt.return %v : tensor<64x!tt.ptr<f32>>
}

// -----

// A block whose dimension is not a power of two has no tt.make_range.
tt.func @odd_block(%base: !tt.ptr<f32>, %n: i64) {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  // expected-error @below {{'tt.make_tensor_ptr' op block 'tensor<3x64xf32>' cannot become a tensor of pointers: each dimension must be a power of two}}
  %bp = tt.make_tensor_ptr %base, [%n, %n], [%n, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<3x64xf32>>
  %next = tt.advance %bp, [%c0, %c0] : <tensor<3x64xf32>>
  tt.return
}

// -----

// A block with more elements than a tt tensor may have.
tt.func @huge_block(%base: !tt.ptr<f32>, %n: i64) {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  // expected-error @below {{'tt.make_tensor_ptr' op block 'tensor<2048x1024xf32>' cannot become a tensor of pointers: it has more than 1048576 elements}}
  %bp = tt.make_tensor_ptr %base, [%n, %n], [%n, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<2048x1024xf32>>
  tt.return
}

// -----

// A block of rank 0.
tt.func @rank0(%base: !tt.ptr<f32>) {
  // expected-error @below {{'tt.make_tensor_ptr' op block 'tensor<f32>' cannot become a tensor of pointers: it has no dimensions}}
  %bp = tt.make_tensor_ptr %base, [], [], [] {order = array<i32>} : <tensor<f32>>
  tt.return
}

// -----

// A block pointer as a region argument of an op other than scf.for and
// scf.while (an op of another dialect).
tt.func @region_argument() {
  // expected-error @below {{'other.op' op block argument #0 is a block pointer}}
  "other.op"() ({
  ^bb0(%p: !tt.ptr<tensor<64xf32>>):
    "other.end"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

// Block pointers passed along a branch (the pass follows scf, not cf).
// expected-error @below {{'tt.func' op block argument #0 is a block pointer, which this pass cannot follow}}
tt.func @branch(%base: !tt.ptr<f32>, %n: i64) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  // expected-error @below {{'cf.br' op operand #0 is a block pointer, which this pass cannot rewrite here}}
  cf.br ^next(%bp : !tt.ptr<tensor<64xf32>>)
^next(%p: !tt.ptr<tensor<64xf32>>):
  %v = tt.load %p : !tt.ptr<tensor<64xf32>>
  tt.return %v : tensor<64xf32>
}

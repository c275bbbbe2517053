// triton-rewrite-tensor-descriptor-to-pointer on descriptors it cannot
// rewrite: a diagnostic naming the op and the reason, before anything is
// rewritten; and a target option it cannot read.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -allow-unregistered-dialect -p 'builtin.module(triton-rewrite-tensor-descriptor-to-pointer)' -o /dev/null
// RUN: not %mlir-tile %s -split-input-file -allow-unregistered-dialect -p 'builtin.module(triton-rewrite-tensor-descriptor-to-pointer{target=sm_80})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TARGET

// TARGET: error: triton-rewrite-tensor-descriptor-to-pointer: target 'sm_80' is not of the form cuda:NN

// Float min has no atomic (Triton's fallback takes min and max of si/ui
// elements only).
tt.func @reduce_min_float(%base: !tt.ptr<f32>, %n: i32, %i: i32, %v: tensor<64xf32>) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%n], [%c1] : <f32>, <tensor<64xf32>>
  // expected-error @below {{'tt.descriptor_reduce' op cannot become a tt.atomic_rmw without TMA: min of 'f32' has none (min and max need si/ui elements; inc and dec have none)}}
  tt.descriptor_reduce min, %d[%i], %v : !tt.tensordesc<tensor<64xf32>>, tensor<64xf32>
  tt.return
}

// -----

// An op the pass does not know takes a descriptor.
tt.func @unknown_user(%base: !tt.ptr<f32>, %n: i32) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%n], [%c1] : <f32>, <tensor<64xf32>>
  // expected-error @below {{'test.use' op uses a tensor descriptor, which triton-rewrite-tensor-descriptor-to-pointer cannot rewrite here: descriptors may be made, accessed, selected, passed to calls and carried by scf ops}}
  "test.use"(%d) : (!tt.tensordesc<tensor<64xf32>>) -> ()
  tt.return
}

// -----

// The verifier, as Triton's, takes any number of indices; the rewrite needs
// one per block dimension.
tt.func @load_too_few_indices(%d: !tt.tensordesc<tensor<16x64xf32>>, %i: i32) -> tensor<16x64xf32> {
  // expected-error @below {{'tt.descriptor_load' op needs one index per block dimension (2), got 1}}
  %v = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<16x64xf32>> -> tensor<16x64xf32>
  tt.return %v : tensor<16x64xf32>
}

// -----

tt.func @store_too_many_indices(%d: !tt.tensordesc<tensor<16x64xf32>>, %i: i32, %v: tensor<16x64xf32>) {
  // expected-error @below {{'tt.descriptor_store' op needs one index per block dimension (2), got 3}}
  tt.descriptor_store %d[%i, %i, %i], %v : !tt.tensordesc<tensor<16x64xf32>>, tensor<16x64xf32>
  tt.return
}

// -----

tt.func @reduce_too_many_indices(%d: !tt.tensordesc<tensor<64xi32>>, %i: i32, %v: tensor<64xi32>) {
  // expected-error @below {{'tt.descriptor_reduce' op needs one index per block dimension (1), got 2}}
  tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<64xi32>>, tensor<64xi32>
  tt.return
}

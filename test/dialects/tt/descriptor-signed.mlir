// Triton 3.6 marks the blocks of signed integer descriptors si8..si64 (the
// sign picks a TMA reduction's signed min/max), while the tensors they move
// are signless: descriptor ops compare the two signlessly, and the sign
// survives a round trip. tt.make_tensor_descriptor builds such a block on
// the signless pointer of a signed integer tensor (what Triton's frontend
// emits for tl.make_tensor_descriptor on an int32 tensor).
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: tt.func @signed_descriptor(
// CHECK-SAME: %arg0: !tt.tensordesc<tensor<16x64xsi32>>
// CHECK: tt.descriptor_load %arg0[%arg1, %arg1] : !tt.tensordesc<tensor<16x64xsi32>> -> tensor<16x64xi32>
// CHECK: tt.descriptor_store %arg0[%arg1, %arg1], %{{.*}} : !tt.tensordesc<tensor<16x64xsi32>>, tensor<16x64xi32>
// CHECK: tt.descriptor_reduce max, %arg0[%arg1, %arg1], %{{.*}} : !tt.tensordesc<tensor<16x64xsi32>>, tensor<16x64xi32>
tt.func @signed_descriptor(%d: !tt.tensordesc<tensor<16x64xsi32>>, %i: i32) {
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x64xsi32>> -> tensor<16x64xi32>
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<16x64xsi32>>, tensor<16x64xi32>
  tt.descriptor_reduce max, %d[%i, %i], %v : !tt.tensordesc<tensor<16x64xsi32>>, tensor<16x64xi32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @make_signed_descriptor(
// CHECK: tt.make_tensor_descriptor %arg0, [%arg1, %arg1], [%arg2, %arg2] : <i32>, <tensor<16x64xsi32>>
// CHECK: tt.make_tensor_descriptor %arg3, [%arg1], [%arg2] : <i8>, <tensor<64xsi8>>
tt.func @make_signed_descriptor(%base: !tt.ptr<i32>, %m: i32, %s: i64, %bytes: !tt.ptr<i8>) {
  %0 = tt.make_tensor_descriptor %base, [%m, %m], [%s, %s] : <i32>, <tensor<16x64xsi32>>
  %1 = tt.make_tensor_descriptor %bytes, [%m], [%s] : <i8>, <tensor<64xsi8>>
  tt.return
}

// -----

// Only the sign may differ: the width still has to match.
tt.func @make_signed_descriptor_width(%base: !tt.ptr<i16>, %m: i32, %s: i64) {
  // expected-error @+1 {{'tt.make_tensor_descriptor' op base pointee 'i16' must be the block's element type 'si32' (up to its sign)}}
  %0 = tt.make_tensor_descriptor %base, [%m], [%s] : <i16>, <tensor<64xsi32>>
  tt.return
}

// -----

tt.func @signed_wrong_width(%d: !tt.tensordesc<tensor<16x64xsi32>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op tensor descriptor block and tensor types must match, got 'tensor<16x64xi32>' and 'tensor<16x64xi64>'}}
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x64xsi32>> -> tensor<16x64xi64>
  tt.return
}

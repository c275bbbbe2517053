// Triton 3.6 marks the blocks of signed integer descriptors si8..si64 (the
// sign picks a TMA reduction's signed min/max), while the tensors they move
// are signless: descriptor ops compare the two signlessly, and the sign
// survives a round trip.
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

tt.func @signed_wrong_width(%d: !tt.tensordesc<tensor<16x64xsi32>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op tensor descriptor block and tensor types must match, got 'tensor<16x64xi32>' and 'tensor<16x64xi64>'}}
  %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x64xsi32>> -> tensor<16x64xi64>
  tt.return
}

// RUN: %mlir-tile %s -split-input-file -canonicalize | FileCheck %s

// One case per folder and canonicalization pattern of TTCanonicalize.cpp,
// plus negative cases that must be left alone.

//===----------------------------------------------------------------------===//
// splat
//===----------------------------------------------------------------------===//

// splat of a constant folds to a dense constant.
// CHECK-LABEL: tt.func @splat_of_int_constant() -> tensor<128xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<3> : tensor<128xi32>
// CHECK-NEXT:    tt.return %cst : tensor<128xi32>
tt.func @splat_of_int_constant() -> tensor<128xi32> {
  %c = arith.constant 3 : i32
  %0 = tt.splat %c : i32 -> tensor<128xi32>
  tt.return %0 : tensor<128xi32>
}

// -----

// CHECK-LABEL: tt.func @splat_of_float_constant() -> tensor<16x16xf32> {
// CHECK-NEXT:    %cst = arith.constant dense<1.500000e+00> : tensor<16x16xf32>
// CHECK-NEXT:    tt.return %cst : tensor<16x16xf32>
tt.func @splat_of_float_constant() -> tensor<16x16xf32> {
  %c = arith.constant 1.500000e+00 : f32
  %0 = tt.splat %c : f32 -> tensor<16x16xf32>
  tt.return %0 : tensor<16x16xf32>
}

// -----

// Negative: splat of a non-constant stays.
// CHECK-LABEL: tt.func @splat_of_argument(%arg0: i32) -> tensor<128xi32> {
// CHECK-NEXT:    %0 = tt.splat %arg0 : i32 -> tensor<128xi32>
// CHECK-NEXT:    tt.return %0 : tensor<128xi32>
tt.func @splat_of_argument(%x: i32) -> tensor<128xi32> {
  %0 = tt.splat %x : i32 -> tensor<128xi32>
  tt.return %0 : tensor<128xi32>
}

// -----

// CHECK-LABEL: tt.func @unsplat_of_splat(%arg0: f32) -> f32 {
// CHECK-NEXT:    tt.return %arg0 : f32
tt.func @unsplat_of_splat(%x: f32) -> f32 {
  %0 = tt.splat %x : f32 -> tensor<1x1xf32>
  %1 = tt.unsplat %0 : tensor<1x1xf32>
  tt.return %1 : f32
}

// -----

// unsplat of a splat constant folds to the scalar constant.
// CHECK-LABEL: tt.func @unsplat_of_constant() -> i32 {
// CHECK-NEXT:    %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:    tt.return %c7_i32 : i32
tt.func @unsplat_of_constant() -> i32 {
  %c = arith.constant dense<7> : tensor<1xi32>
  %0 = tt.unsplat %c : tensor<1xi32>
  tt.return %0 : i32
}

// -----

// Negative: unsplat of a non-splat stays.
// CHECK-LABEL: tt.func @unsplat_of_argument(%arg0: tensor<1xi32>) -> i32 {
// CHECK-NEXT:    %0 = tt.unsplat %arg0 : tensor<1xi32>
// CHECK-NEXT:    tt.return %0 : i32
tt.func @unsplat_of_argument(%t: tensor<1xi32>) -> i32 {
  %0 = tt.unsplat %t : tensor<1xi32>
  tt.return %0 : i32
}

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

// -----

// broadcast(splat(x)) -> splat(x).
// CHECK-LABEL: tt.func @broadcast_of_splat(%arg0: f32) -> tensor<32x64xf32> {
// CHECK-NEXT:    %0 = tt.splat %arg0 : f32 -> tensor<32x64xf32>
// CHECK-NEXT:    tt.return %0 : tensor<32x64xf32>
tt.func @broadcast_of_splat(%x: f32) -> tensor<32x64xf32> {
  %0 = tt.splat %x : f32 -> tensor<1x64xf32>
  %1 = tt.broadcast %0 : tensor<1x64xf32> -> tensor<32x64xf32>
  tt.return %1 : tensor<32x64xf32>
}

// -----

// broadcast(broadcast(x)) -> broadcast(x).
// CHECK-LABEL: tt.func @broadcast_of_broadcast(%arg0: tensor<1x1xi32>) -> tensor<32x64xi32> {
// CHECK-NEXT:    %0 = tt.broadcast %arg0 : tensor<1x1xi32> -> tensor<32x64xi32>
// CHECK-NEXT:    tt.return %0 : tensor<32x64xi32>
tt.func @broadcast_of_broadcast(%x: tensor<1x1xi32>) -> tensor<32x64xi32> {
  %0 = tt.broadcast %x : tensor<1x1xi32> -> tensor<1x64xi32>
  %1 = tt.broadcast %0 : tensor<1x64xi32> -> tensor<32x64xi32>
  tt.return %1 : tensor<32x64xi32>
}

// -----

// A broadcast to the same type folds away.
// CHECK-LABEL: tt.func @broadcast_same_shape(%arg0: tensor<32x64xi32>) -> tensor<32x64xi32> {
// CHECK-NEXT:    tt.return %arg0 : tensor<32x64xi32>
tt.func @broadcast_same_shape(%x: tensor<32x64xi32>) -> tensor<32x64xi32> {
  %0 = tt.broadcast %x : tensor<32x64xi32> -> tensor<32x64xi32>
  tt.return %0 : tensor<32x64xi32>
}

// -----

// CHECK-LABEL: tt.func @broadcast_of_constant() -> tensor<32x64xf16> {
// CHECK-NEXT:    %cst = arith.constant dense<2.000000e+00> : tensor<32x64xf16>
// CHECK-NEXT:    tt.return %cst : tensor<32x64xf16>
tt.func @broadcast_of_constant() -> tensor<32x64xf16> {
  %c = arith.constant dense<2.000000e+00> : tensor<1x64xf16>
  %0 = tt.broadcast %c : tensor<1x64xf16> -> tensor<32x64xf16>
  tt.return %0 : tensor<32x64xf16>
}

// -----

// Negative: a real broadcast of a non-splat stays.
// CHECK-LABEL: tt.func @broadcast_of_argument(%arg0: tensor<1x64xi32>) -> tensor<32x64xi32> {
// CHECK-NEXT:    %0 = tt.broadcast %arg0 : tensor<1x64xi32> -> tensor<32x64xi32>
// CHECK-NEXT:    tt.return %0 : tensor<32x64xi32>
tt.func @broadcast_of_argument(%x: tensor<1x64xi32>) -> tensor<32x64xi32> {
  %0 = tt.broadcast %x : tensor<1x64xi32> -> tensor<32x64xi32>
  tt.return %0 : tensor<32x64xi32>
}

//===----------------------------------------------------------------------===//
// expand_dims
//===----------------------------------------------------------------------===//

// -----

// expand_dims(splat(x)) -> splat(x).
// CHECK-LABEL: tt.func @expand_dims_of_splat(%arg0: i32) -> tensor<1x64xi32> {
// CHECK-NEXT:    %0 = tt.splat %arg0 : i32 -> tensor<1x64xi32>
// CHECK-NEXT:    tt.return %0 : tensor<1x64xi32>
tt.func @expand_dims_of_splat(%x: i32) -> tensor<1x64xi32> {
  %0 = tt.splat %x : i32 -> tensor<64xi32>
  %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  tt.return %1 : tensor<1x64xi32>
}

// -----

// expand_dims of a splat constant folds to a dense constant.
// CHECK-LABEL: tt.func @expand_dims_of_constant() -> tensor<64x1xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<5> : tensor<64x1xi32>
// CHECK-NEXT:    tt.return %cst : tensor<64x1xi32>
tt.func @expand_dims_of_constant() -> tensor<64x1xi32> {
  %c = arith.constant dense<5> : tensor<64xi32>
  %0 = tt.expand_dims %c {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  tt.return %0 : tensor<64x1xi32>
}

// -----

// Negative: expand_dims of a non-splat stays.
// CHECK-LABEL: tt.func @expand_dims_of_range() -> tensor<1x64xi32> {
// CHECK-NEXT:    %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
// CHECK-NEXT:    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
// CHECK-NEXT:    tt.return %1 : tensor<1x64xi32>
tt.func @expand_dims_of_range() -> tensor<1x64xi32> {
  %0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  tt.return %1 : tensor<1x64xi32>
}

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: tt.func @reshape_of_splat(%arg0: f16) -> tensor<16x32xf16> {
// CHECK-NEXT:    %0 = tt.splat %arg0 : f16 -> tensor<16x32xf16>
// CHECK-NEXT:    tt.return %0 : tensor<16x32xf16>
tt.func @reshape_of_splat(%x: f16) -> tensor<16x32xf16> {
  %0 = tt.splat %x : f16 -> tensor<512xf16>
  %1 = tt.reshape %0 : tensor<512xf16> -> tensor<16x32xf16>
  tt.return %1 : tensor<16x32xf16>
}

// -----

// CHECK-LABEL: tt.func @reshape_of_constant() -> tensor<16x32xi8> {
// CHECK-NEXT:    %cst = arith.constant dense<1> : tensor<16x32xi8>
// CHECK-NEXT:    tt.return %cst : tensor<16x32xi8>
tt.func @reshape_of_constant() -> tensor<16x32xi8> {
  %c = arith.constant dense<1> : tensor<512xi8>
  %0 = tt.reshape %c : tensor<512xi8> -> tensor<16x32xi8>
  tt.return %0 : tensor<16x32xi8>
}

// -----

// reshape(reshape(x)) -> reshape(x).
// CHECK-LABEL: tt.func @reshape_of_reshape(%arg0: tensor<512xi32>) -> tensor<32x16xi32> {
// CHECK-NEXT:    %0 = tt.reshape %arg0 : tensor<512xi32> -> tensor<32x16xi32>
// CHECK-NEXT:    tt.return %0 : tensor<32x16xi32>
tt.func @reshape_of_reshape(%x: tensor<512xi32>) -> tensor<32x16xi32> {
  %0 = tt.reshape %x : tensor<512xi32> -> tensor<16x32xi32>
  %1 = tt.reshape %0 : tensor<16x32xi32> -> tensor<32x16xi32>
  tt.return %1 : tensor<32x16xi32>
}

// -----

// The fused reshape may reorder if the inner one could.
// CHECK-LABEL: tt.func @reshape_of_reshape_inner_allow_reorder(%arg0: tensor<512xi32>) -> tensor<32x16xi32> {
// CHECK-NEXT:    %0 = tt.reshape %arg0 allow_reorder : tensor<512xi32> -> tensor<32x16xi32>
// CHECK-NEXT:    tt.return %0 : tensor<32x16xi32>
tt.func @reshape_of_reshape_inner_allow_reorder(%x: tensor<512xi32>) -> tensor<32x16xi32> {
  %0 = tt.reshape %x allow_reorder : tensor<512xi32> -> tensor<16x32xi32>
  %1 = tt.reshape %0 : tensor<16x32xi32> -> tensor<32x16xi32>
  tt.return %1 : tensor<32x16xi32>
}

// -----

// ... or if the outer one could; efficient_layout comes from the outer one.
// CHECK-LABEL: tt.func @reshape_of_reshape_outer_allow_reorder(%arg0: tensor<512xi32>) -> tensor<32x16xi32> {
// CHECK-NEXT:    %0 = tt.reshape %arg0 allow_reorder efficient_layout : tensor<512xi32> -> tensor<32x16xi32>
// CHECK-NEXT:    tt.return %0 : tensor<32x16xi32>
tt.func @reshape_of_reshape_outer_allow_reorder(%x: tensor<512xi32>) -> tensor<32x16xi32> {
  %0 = tt.reshape %x : tensor<512xi32> -> tensor<16x32xi32>
  %1 = tt.reshape %0 allow_reorder efficient_layout : tensor<16x32xi32> -> tensor<32x16xi32>
  tt.return %1 : tensor<32x16xi32>
}

// -----

// A reshape to the same type folds away.
// CHECK-LABEL: tt.func @reshape_same_type(%arg0: tensor<16x32xi32>) -> tensor<16x32xi32> {
// CHECK-NEXT:    tt.return %arg0 : tensor<16x32xi32>
tt.func @reshape_same_type(%x: tensor<16x32xi32>) -> tensor<16x32xi32> {
  %0 = tt.reshape %x : tensor<16x32xi32> -> tensor<16x32xi32>
  tt.return %0 : tensor<16x32xi32>
}

// -----

// Negative: a real reshape of a non-splat stays.
// CHECK-LABEL: tt.func @reshape_of_argument(%arg0: tensor<512xi32>) -> tensor<16x32xi32> {
// CHECK-NEXT:    %0 = tt.reshape %arg0 : tensor<512xi32> -> tensor<16x32xi32>
// CHECK-NEXT:    tt.return %0 : tensor<16x32xi32>
tt.func @reshape_of_argument(%x: tensor<512xi32>) -> tensor<16x32xi32> {
  %0 = tt.reshape %x : tensor<512xi32> -> tensor<16x32xi32>
  tt.return %0 : tensor<16x32xi32>
}

//===----------------------------------------------------------------------===//
// trans
//===----------------------------------------------------------------------===//

// -----

// trans by the identity order folds away.
// CHECK-LABEL: tt.func @trans_identity(%arg0: tensor<64x32xf16>) -> tensor<64x32xf16> {
// CHECK-NEXT:    tt.return %arg0 : tensor<64x32xf16>
tt.func @trans_identity(%x: tensor<64x32xf16>) -> tensor<64x32xf16> {
  %0 = tt.trans %x {order = array<i32: 0, 1>} : tensor<64x32xf16> -> tensor<64x32xf16>
  tt.return %0 : tensor<64x32xf16>
}

// -----

// trans(trans(x)) -> trans(x) with the composed order: result dim i is
// inner.order[outer.order[i]] = [2, 1, 0].
// CHECK-LABEL: tt.func @trans_of_trans_composed(%arg0: tensor<2x4x8xf32>) -> tensor<8x4x2xf32> {
// CHECK-NEXT:    %0 = tt.trans %arg0 {order = array<i32: 2, 1, 0>} : tensor<2x4x8xf32> -> tensor<8x4x2xf32>
// CHECK-NEXT:    tt.return %0 : tensor<8x4x2xf32>
tt.func @trans_of_trans_composed(%x: tensor<2x4x8xf32>) -> tensor<8x4x2xf32> {
  %0 = tt.trans %x {order = array<i32: 1, 0, 2>} : tensor<2x4x8xf32> -> tensor<4x2x8xf32>
  %1 = tt.trans %0 {order = array<i32: 2, 0, 1>} : tensor<4x2x8xf32> -> tensor<8x4x2xf32>
  tt.return %1 : tensor<8x4x2xf32>
}

// -----

// trans(trans(x)) whose orders cancel folds to x.
// CHECK-LABEL: tt.func @trans_of_trans_cancelling(%arg0: tensor<64x32xf16>) -> tensor<64x32xf16> {
// CHECK-NEXT:    tt.return %arg0 : tensor<64x32xf16>
tt.func @trans_of_trans_cancelling(%x: tensor<64x32xf16>) -> tensor<64x32xf16> {
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
  %1 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
  tt.return %1 : tensor<64x32xf16>
}

// -----

// CHECK-LABEL: tt.func @trans_of_trans_cancelling_3d(%arg0: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
// CHECK-NEXT:    tt.return %arg0 : tensor<2x4x8xf32>
tt.func @trans_of_trans_cancelling_3d(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %0 = tt.trans %x {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
  %1 = tt.trans %0 {order = array<i32: 2, 0, 1>} : tensor<4x8x2xf32> -> tensor<2x4x8xf32>
  tt.return %1 : tensor<2x4x8xf32>
}

// -----

// CHECK-LABEL: tt.func @trans_of_splat(%arg0: f16) -> tensor<32x64xf16> {
// CHECK-NEXT:    %0 = tt.splat %arg0 : f16 -> tensor<32x64xf16>
// CHECK-NEXT:    tt.return %0 : tensor<32x64xf16>
tt.func @trans_of_splat(%x: f16) -> tensor<32x64xf16> {
  %0 = tt.splat %x : f16 -> tensor<64x32xf16>
  %1 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
  tt.return %1 : tensor<32x64xf16>
}

// -----

// Negative: a real transpose stays.
// CHECK-LABEL: tt.func @trans_not_identity(%arg0: tensor<64x32xf16>) -> tensor<32x64xf16> {
// CHECK-NEXT:    %0 = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
// CHECK-NEXT:    tt.return %0 : tensor<32x64xf16>
tt.func @trans_not_identity(%x: tensor<64x32xf16>) -> tensor<32x64xf16> {
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
  tt.return %0 : tensor<32x64xf16>
}

//===----------------------------------------------------------------------===//
// make_range
//===----------------------------------------------------------------------===//

// -----

// A one-element make_range folds to a dense constant.
// CHECK-LABEL: tt.func @make_range_one_element() -> tensor<1xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<5> : tensor<1xi32>
// CHECK-NEXT:    tt.return %cst : tensor<1xi32>
tt.func @make_range_one_element() -> tensor<1xi32> {
  %0 = tt.make_range {end = 6 : i32, start = 5 : i32} : tensor<1xi32>
  tt.return %0 : tensor<1xi32>
}

// -----

// Negative: a longer make_range stays.
// CHECK-LABEL: tt.func @make_range_two_elements() -> tensor<2xi32> {
// CHECK-NEXT:    %0 = tt.make_range {end = 7 : i32, start = 5 : i32} : tensor<2xi32>
// CHECK-NEXT:    tt.return %0 : tensor<2xi32>
tt.func @make_range_two_elements() -> tensor<2xi32> {
  %0 = tt.make_range {end = 7 : i32, start = 5 : i32} : tensor<2xi32>
  tt.return %0 : tensor<2xi32>
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic and casts
//===----------------------------------------------------------------------===//

// -----

// addptr by zero folds to the pointer.
// CHECK-LABEL: tt.func @addptr_zero_scalar(%arg0: !tt.ptr<f32>) -> !tt.ptr<f32> {
// CHECK-NEXT:    tt.return %arg0 : !tt.ptr<f32>
tt.func @addptr_zero_scalar(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  %c0 = arith.constant 0 : i32
  %0 = tt.addptr %p, %c0 : !tt.ptr<f32>, i32
  tt.return %0 : !tt.ptr<f32>
}

// -----

// CHECK-LABEL: tt.func @addptr_zero_tensor(%arg0: tensor<256x!tt.ptr<f16>>) -> tensor<256x!tt.ptr<f16>> {
// CHECK-NEXT:    tt.return %arg0 : tensor<256x!tt.ptr<f16>>
tt.func @addptr_zero_tensor(%p: tensor<256x!tt.ptr<f16>>) -> tensor<256x!tt.ptr<f16>> {
  %c0 = arith.constant dense<0> : tensor<256xi64>
  %0 = tt.addptr %p, %c0 : tensor<256x!tt.ptr<f16>>, tensor<256xi64>
  tt.return %0 : tensor<256x!tt.ptr<f16>>
}

// -----

// CHECK-LABEL: tt.func @addptr_zero_splat(%arg0: !tt.ptr<f16>) -> tensor<256x!tt.ptr<f16>> {
// CHECK-NEXT:    %0 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
// CHECK-NEXT:    tt.return %0 : tensor<256x!tt.ptr<f16>>
tt.func @addptr_zero_splat(%p: !tt.ptr<f16>) -> tensor<256x!tt.ptr<f16>> {
  %c0 = arith.constant 0 : i32
  %0 = tt.splat %p : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>>
  %1 = tt.splat %c0 : i32 -> tensor<256xi32>
  %2 = tt.addptr %0, %1 : tensor<256x!tt.ptr<f16>>, tensor<256xi32>
  tt.return %2 : tensor<256x!tt.ptr<f16>>
}

// -----

// Negative: addptr by a non-zero constant stays.
// CHECK-LABEL: tt.func @addptr_nonzero(%arg0: !tt.ptr<f32>) -> !tt.ptr<f32> {
// CHECK-NEXT:    %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:    %0 = tt.addptr %arg0, %c4_i32 : !tt.ptr<f32>, i32
// CHECK-NEXT:    tt.return %0 : !tt.ptr<f32>
tt.func @addptr_nonzero(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  %c4 = arith.constant 4 : i32
  %0 = tt.addptr %p, %c4 : !tt.ptr<f32>, i32
  tt.return %0 : !tt.ptr<f32>
}

// -----

// advance by all-zero offsets folds to the block pointer.
// CHECK-LABEL: tt.func @advance_by_zeros(%arg0: !tt.ptr<tensor<128x64xf16>>) -> !tt.ptr<tensor<128x64xf16>> {
// CHECK-NEXT:    tt.return %arg0 : !tt.ptr<tensor<128x64xf16>>
tt.func @advance_by_zeros(%bp: !tt.ptr<tensor<128x64xf16>>) -> !tt.ptr<tensor<128x64xf16>> {
  %c0 = arith.constant 0 : i32
  %0 = tt.advance %bp, [%c0, %c0] : <tensor<128x64xf16>>
  tt.return %0 : !tt.ptr<tensor<128x64xf16>>
}

// -----

// Negative: advance by a non-zero offset stays.
// CHECK-LABEL: tt.func @advance_nonzero(%arg0: !tt.ptr<tensor<128x64xf16>>) -> !tt.ptr<tensor<128x64xf16>> {
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %c64_i32 = arith.constant 64 : i32
// CHECK-NEXT:    %0 = tt.advance %arg0, [%c0_i32, %c64_i32] : <tensor<128x64xf16>>
// CHECK-NEXT:    tt.return %0 : !tt.ptr<tensor<128x64xf16>>
tt.func @advance_nonzero(%bp: !tt.ptr<tensor<128x64xf16>>) -> !tt.ptr<tensor<128x64xf16>> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %0 = tt.advance %bp, [%c0, %c64] : <tensor<128x64xf16>>
  tt.return %0 : !tt.ptr<tensor<128x64xf16>>
}

// -----

// A bitcast to the same type folds away.
// CHECK-LABEL: tt.func @bitcast_same_type(%arg0: tensor<16xi32>) -> tensor<16xi32> {
// CHECK-NEXT:    tt.return %arg0 : tensor<16xi32>
tt.func @bitcast_same_type(%x: tensor<16xi32>) -> tensor<16xi32> {
  %0 = tt.bitcast %x : tensor<16xi32> -> tensor<16xi32>
  tt.return %0 : tensor<16xi32>
}

// -----

// bitcast(bitcast(x)) back to the type of x folds to x.
// CHECK-LABEL: tt.func @bitcast_of_bitcast(%arg0: !tt.ptr<f32>) -> !tt.ptr<f32> {
// CHECK-NEXT:    tt.return %arg0 : !tt.ptr<f32>
tt.func @bitcast_of_bitcast(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  %0 = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  %1 = tt.bitcast %0 : !tt.ptr<i32> -> !tt.ptr<f32>
  tt.return %1 : !tt.ptr<f32>
}

// -----

// Negative: bitcast(bitcast(x)) to a third type stays.
// CHECK-LABEL: tt.func @bitcast_of_bitcast_to_third_type(%arg0: tensor<16xi16>) -> tensor<16xbf16> {
// CHECK-NEXT:    %0 = tt.bitcast %arg0 : tensor<16xi16> -> tensor<16xf16>
// CHECK-NEXT:    %1 = tt.bitcast %0 : tensor<16xf16> -> tensor<16xbf16>
// CHECK-NEXT:    tt.return %1 : tensor<16xbf16>
tt.func @bitcast_of_bitcast_to_third_type(%x: tensor<16xi16>) -> tensor<16xbf16> {
  %0 = tt.bitcast %x : tensor<16xi16> -> tensor<16xf16>
  %1 = tt.bitcast %0 : tensor<16xf16> -> tensor<16xbf16>
  tt.return %1 : tensor<16xbf16>
}

//===----------------------------------------------------------------------===//
// Loads and stores with a constant mask
//===----------------------------------------------------------------------===//

// -----

// An all-true mask is dropped, together with other; modifiers stay.
// CHECK-LABEL: tt.func @load_all_true_mask(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xf32>) -> tensor<256xf32> {
// CHECK-NEXT:    %0 = tt.load %arg0 cacheModifier = ca : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return %0 : tensor<256xf32>
tt.func @load_all_true_mask(%p: tensor<256x!tt.ptr<f32>>, %o: tensor<256xf32>) -> tensor<256xf32> {
  %m = arith.constant dense<true> : tensor<256xi1>
  %0 = tt.load %p, %m, %o cacheModifier = ca : tensor<256x!tt.ptr<f32>>
  tt.return %0 : tensor<256xf32>
}

// -----

// CHECK-LABEL: tt.func @load_all_true_scalar_mask(%arg0: !tt.ptr<i32>) -> i32 {
// CHECK-NEXT:    %0 = tt.load %arg0 {isVolatile = true} : !tt.ptr<i32>
// CHECK-NEXT:    tt.return %0 : i32
tt.func @load_all_true_scalar_mask(%p: !tt.ptr<i32>) -> i32 {
  %m = arith.constant true
  %0 = tt.load %p, %m {isVolatile = true} : !tt.ptr<i32>
  tt.return %0 : i32
}

// -----

// A load with an all-false mask reads nothing and yields other.
// CHECK-LABEL: tt.func @load_all_false_mask(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xf32>) -> tensor<256xf32> {
// CHECK-NEXT:    tt.return %arg1 : tensor<256xf32>
tt.func @load_all_false_mask(%p: tensor<256x!tt.ptr<f32>>, %o: tensor<256xf32>) -> tensor<256xf32> {
  %m = arith.constant dense<false> : tensor<256xi1>
  %0 = tt.load %p, %m, %o : tensor<256x!tt.ptr<f32>>
  tt.return %0 : tensor<256xf32>
}

// -----

// Negative: a volatile load is kept even when its mask is all false.
// CHECK-LABEL: tt.func @load_all_false_mask_volatile(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xf32>) -> tensor<256xf32> {
// CHECK-NEXT:    %cst = arith.constant dense<false> : tensor<256xi1>
// CHECK-NEXT:    %0 = tt.load %arg0, %cst, %arg1 {isVolatile = true} : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return %0 : tensor<256xf32>
tt.func @load_all_false_mask_volatile(%p: tensor<256x!tt.ptr<f32>>, %o: tensor<256xf32>) -> tensor<256xf32> {
  %m = arith.constant dense<false> : tensor<256xi1>
  %0 = tt.load %p, %m, %o {isVolatile = true} : tensor<256x!tt.ptr<f32>>
  tt.return %0 : tensor<256xf32>
}

// -----

// Negative: without other there is no value to replace the load with.
// CHECK-LABEL: tt.func @load_all_false_mask_without_other(%arg0: tensor<256x!tt.ptr<f32>>) -> tensor<256xf32> {
// CHECK-NEXT:    %cst = arith.constant dense<false> : tensor<256xi1>
// CHECK-NEXT:    %0 = tt.load %arg0, %cst : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return %0 : tensor<256xf32>
tt.func @load_all_false_mask_without_other(%p: tensor<256x!tt.ptr<f32>>) -> tensor<256xf32> {
  %m = arith.constant dense<false> : tensor<256xi1>
  %0 = tt.load %p, %m : tensor<256x!tt.ptr<f32>>
  tt.return %0 : tensor<256xf32>
}

// -----

// Negative: a non-constant mask stays.
// CHECK-LABEL: tt.func @load_variable_mask(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xi1>, %arg2: tensor<256xf32>) -> tensor<256xf32> {
// CHECK-NEXT:    %0 = tt.load %arg0, %arg1, %arg2 : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return %0 : tensor<256xf32>
tt.func @load_variable_mask(%p: tensor<256x!tt.ptr<f32>>, %m: tensor<256xi1>, %o: tensor<256xf32>) -> tensor<256xf32> {
  %0 = tt.load %p, %m, %o : tensor<256x!tt.ptr<f32>>
  tt.return %0 : tensor<256xf32>
}

// -----

// An all-true mask is dropped; modifiers stay.
// CHECK-LABEL: tt.func @store_all_true_mask(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xf32>) {
// CHECK-NEXT:    tt.store %arg0, %arg1 evictionPolicy = evict_first : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @store_all_true_mask(%p: tensor<256x!tt.ptr<f32>>, %v: tensor<256xf32>) {
  %m = arith.constant dense<true> : tensor<256xi1>
  tt.store %p, %v, %m evictionPolicy = evict_first : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// A store with an all-false mask is erased.
// CHECK-LABEL: tt.func @store_all_false_mask(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xf32>) {
// CHECK-NEXT:    tt.return
tt.func @store_all_false_mask(%p: tensor<256x!tt.ptr<f32>>, %v: tensor<256xf32>) {
  %m = arith.constant dense<false> : tensor<256xi1>
  tt.store %p, %v, %m : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// Negative: a non-constant mask stays.
// CHECK-LABEL: tt.func @store_variable_mask(%arg0: tensor<256x!tt.ptr<f32>>, %arg1: tensor<256xf32>, %arg2: tensor<256xi1>) {
// CHECK-NEXT:    tt.store %arg0, %arg1, %arg2 : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @store_variable_mask(%p: tensor<256x!tt.ptr<f32>>, %v: tensor<256xf32>, %m: tensor<256xi1>) {
  tt.store %p, %v, %m : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// An unused non-volatile load is dead.
// CHECK-LABEL: tt.func @unused_load_is_removed(%arg0: tensor<256x!tt.ptr<f32>>) {
// CHECK-NEXT:    tt.return
tt.func @unused_load_is_removed(%p: tensor<256x!tt.ptr<f32>>) {
  %0 = tt.load %p : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// Negative: an unused volatile load is not dead.
// CHECK-LABEL: tt.func @unused_volatile_load_is_kept(%arg0: tensor<256x!tt.ptr<f32>>) {
// CHECK-NEXT:    %0 = tt.load %arg0 {isVolatile = true} : tensor<256x!tt.ptr<f32>>
// CHECK-NEXT:    tt.return
tt.func @unused_volatile_load_is_kept(%p: tensor<256x!tt.ptr<f32>>) {
  %0 = tt.load %p {isVolatile = true} : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// expand_dims of a broadcast inserts the unit dimension first, so that
// the broadcasts meet and collapse.

// CHECK-LABEL: tt.func @expand_dims_before_broadcast(
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<1xf32>
// CHECK-NEXT:   %[[E:.*]] = tt.expand_dims %[[X]] {axis = 1 : i32} : tensor<1xf32> -> tensor<1x1xf32>
// CHECK-NEXT:   %[[B:.*]] = tt.broadcast %[[E]] : tensor<1x1xf32> -> tensor<16x8xf32>
// CHECK-NEXT:   tt.return %[[B]]
tt.func @expand_dims_before_broadcast(%x: tensor<1xf32>) -> tensor<16x8xf32> {
  %b = tt.broadcast %x : tensor<1xf32> -> tensor<16xf32>
  %e = tt.expand_dims %b {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
  %b2 = tt.broadcast %e : tensor<16x1xf32> -> tensor<16x8xf32>
  tt.return %b2 : tensor<16x8xf32>
}

// -----

// With layouts, the expanded source's layout is inferred (a slice expands
// to its parent).

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// CHECK-LABEL: tt.func @expand_dims_before_broadcast_layout(
// CHECK-NEXT:   %[[E:.*]] = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<1xf32, #{{.*}}> -> tensor<1x1xf32, #[[BLOCKED:.*]]>
// CHECK-NEXT:   %[[B:.*]] = tt.broadcast %[[E]] : tensor<1x1xf32, #[[BLOCKED]]> -> tensor<128x1xf32, #[[BLOCKED]]>
tt.func @expand_dims_before_broadcast_layout(%x: tensor<1xf32, #slice>) -> tensor<128x1xf32, #blocked> {
  %b = tt.broadcast %x : tensor<1xf32, #slice> -> tensor<128xf32, #slice>
  %e = tt.expand_dims %b {axis = 1 : i32} : tensor<128xf32, #slice> -> tensor<128x1xf32, #blocked>
  tt.return %e : tensor<128x1xf32, #blocked>
}
}

// -----

// tt.fp_to_fp of a zero folds to the zero of the same sign; a type
// without a negative zero (FNUZ) gets the positive one. Other constants
// are not folded.

// CHECK-LABEL: tt.func @fp_to_fp_zeros(
// CHECK-DAG:   %[[POS:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf8E5M2>
// CHECK-DAG:   %[[NEG:.*]] = arith.constant dense<-0.000000e+00> : tensor<64xf8E4M3FN>
// CHECK-DAG:   %[[FNUZ:.*]] = arith.constant 0.000000e+00 : f8E4M3FNUZ
// CHECK-DAG:   %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<64xf32>
// CHECK:   %[[CVT:.*]] = tt.fp_to_fp %[[ONE]], rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
// CHECK:   tt.return %[[POS]], %[[NEG]], %[[FNUZ]], %[[CVT]]
tt.func @fp_to_fp_zeros() -> (tensor<64xf8E5M2>, tensor<64xf8E4M3FN>, f8E4M3FNUZ, tensor<64xf8E5M2>) {
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %negzero = arith.constant dense<-0.0> : tensor<64xf32>
  %snegzero = arith.constant -0.0 : f16
  %one = arith.constant dense<1.0> : tensor<64xf32>
  %a = tt.fp_to_fp %zero, rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
  %b = tt.fp_to_fp %negzero, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  %c = tt.fp_to_fp %snegzero, rounding = rtne : f16 -> f8E4M3FNUZ
  %d = tt.fp_to_fp %one, rounding = rtne : tensor<64xf32> -> tensor<64xf8E5M2>
  tt.return %a, %b, %c, %d : tensor<64xf8E5M2>, tensor<64xf8E4M3FN>, f8E4M3FNUZ, tensor<64xf8E5M2>
}

// -----

// A splat of a rank-0 tensor (which Triton accepts) reshaped or broadcast
// stays one splat.

// CHECK-LABEL: tt.func @splat_rank0(
// CHECK-NEXT:   %[[S:.*]] = tt.splat %arg0 : tensor<f32> -> tensor<4x8xf32>
// CHECK-NEXT:   tt.return %[[S]]
tt.func @splat_rank0(%x: tensor<f32>) -> tensor<4x8xf32> {
  %s = tt.splat %x : tensor<f32> -> tensor<32xf32>
  %r = tt.reshape %s : tensor<32xf32> -> tensor<4x8xf32>
  tt.return %r : tensor<4x8xf32>
}

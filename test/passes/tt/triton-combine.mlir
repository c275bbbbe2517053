// RUN: %mlir-tile -p 'builtin.module(triton-combine)' -split-input-file %s | FileCheck %s

// An add of a dot with a zero accumulator becomes the dot's accumulator,
// whichever side of the add the dot is on.

// CHECK-LABEL: tt.func @dot_add_f(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<64x32xf16>, %[[B:[a-z0-9]+]]: tensor<32x64xf16>, %[[D:[a-z0-9]+]]: tensor<64x64xf32>
// CHECK-NEXT:   %[[DOT:.*]] = tt.dot %[[A]], %[[B]], %[[D]] : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
// CHECK-NEXT:   tt.return %[[DOT]]
tt.func @dot_add_f(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %d: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %dot = tt.dot %a, %b, %zero : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %sum = arith.addf %d, %dot : tensor<64x64xf32>
  tt.return %sum : tensor<64x64xf32>
}

// -----

// CHECK-LABEL: tt.func @dot_add_i(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: tensor<64x32xi8>, %[[B:[a-z0-9]+]]: tensor<32x64xi8>, %[[D:[a-z0-9]+]]: tensor<64x64xi32>
// CHECK-NEXT:   %[[DOT:.*]] = tt.dot %[[A]], %[[B]], %[[D]]
// CHECK-NEXT:   tt.return %[[DOT]]
tt.func @dot_add_i(%a: tensor<64x32xi8>, %b: tensor<32x64xi8>, %d: tensor<64x64xi32>) -> tensor<64x64xi32> {
  %zero = arith.constant dense<0> : tensor<64x64xi32>
  %dot = tt.dot %a, %b, %zero : tensor<64x32xi8> * tensor<32x64xi8> -> tensor<64x64xi32>
  %sum = arith.addi %dot, %d : tensor<64x64xi32>
  tt.return %sum : tensor<64x64xi32>
}

// -----

// Not folded: the accumulator is not zero, the dot has another user, or
// the dot may accumulate imprecisely.

// CHECK-LABEL: tt.func @dot_add_nonzero_acc(
// CHECK:   tt.dot
// CHECK-NEXT:   arith.addf
tt.func @dot_add_nonzero_acc(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>, %d: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %dot = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %sum = arith.addf %dot, %d : tensor<64x64xf32>
  tt.return %sum : tensor<64x64xf32>
}

// CHECK-LABEL: tt.func @dot_add_two_users(
// CHECK:   %[[DOT:.*]] = tt.dot %{{.*}}, %{{.*}}, %cst
// CHECK-NEXT:   %[[SUM:.*]] = arith.addf %[[DOT]]
// CHECK-NEXT:   tt.return %[[SUM]], %[[DOT]]
tt.func @dot_add_two_users(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %d: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %dot = tt.dot %a, %b, %zero : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %sum = arith.addf %dot, %d : tensor<64x64xf32>
  tt.return %sum, %dot : tensor<64x64xf32>, tensor<64x64xf32>
}

// CHECK-LABEL: tt.func @dot_add_imprecise(
// CHECK:   tt.dot %{{.*}}, %{{.*}}, %cst {maxNumImpreciseAcc = 32 : i32}
// CHECK-NEXT:   arith.addf
tt.func @dot_add_imprecise(%a: tensor<64x32xf8E5M2>, %b: tensor<32x64xf8E5M2>, %d: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %dot = tt.dot %a, %b, %zero {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf8E5M2> * tensor<32x64xf8E5M2> -> tensor<64x64xf32>
  %sum = arith.addf %dot, %d : tensor<64x64xf32>
  tt.return %sum : tensor<64x64xf32>
}

// -----

// Chained addptrs with i64 offsets add the offsets; the outer addptr's
// pointer hints stay, other attributes do not.

// CHECK-LABEL: tt.func @addptr_i64(
// CHECK-SAME:    %[[P:[a-z0-9]+]]: tensor<128x!tt.ptr<f32>>, %[[I:[a-z0-9]+]]: tensor<128xi64>, %[[J:[a-z0-9]+]]: tensor<128xi64>
// CHECK-NEXT:   %[[SUM:.*]] = arith.addi %[[I]], %[[J]] : tensor<128xi64>
// CHECK-NEXT:   %[[Q:.*]] = tt.addptr %[[P]], %[[SUM]] {tt.divisibility = 16 : i32} : tensor<128x!tt.ptr<f32>>, tensor<128xi64>
// CHECK-NEXT:   tt.return %[[Q]]
tt.func @addptr_i64(%p: tensor<128x!tt.ptr<f32>>, %i: tensor<128xi64>, %j: tensor<128xi64>) -> tensor<128x!tt.ptr<f32>> {
  %q = tt.addptr %p, %i : tensor<128x!tt.ptr<f32>>, tensor<128xi64>
  %r = tt.addptr %q, %j {tt.divisibility = 16 : i32, other.attr = 1 : i32} : tensor<128x!tt.ptr<f32>>, tensor<128xi64>
  tt.return %r : tensor<128x!tt.ptr<f32>>
}

// -----

// Narrower offsets combine only when both are constants whose sum fits.

// CHECK-LABEL: tt.func @addptr_i32_constants(
// CHECK-NEXT:   %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:   %[[Q:.*]] = tt.addptr %arg0, %[[C8]] : !tt.ptr<f32>, i32
// CHECK-NEXT:   tt.return %[[Q]]
tt.func @addptr_i32_constants(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %q = tt.addptr %p, %c3 : !tt.ptr<f32>, i32
  %r = tt.addptr %q, %c5 : !tt.ptr<f32>, i32
  tt.return %r : !tt.ptr<f32>
}

// CHECK-LABEL: tt.func @addptr_i32_unknown(
// CHECK:   tt.addptr
// CHECK-NEXT:   tt.addptr
tt.func @addptr_i32_unknown(%p: tensor<128x!tt.ptr<f32>>, %i: tensor<128xi32>) -> tensor<128x!tt.ptr<f32>> {
  %c4 = arith.constant dense<4> : tensor<128xi32>
  %q = tt.addptr %p, %i : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %r = tt.addptr %q, %c4 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.return %r : tensor<128x!tt.ptr<f32>>
}

// CHECK-LABEL: tt.func @addptr_i16_overflow(
// CHECK:   tt.addptr %arg0, %{{.*}} : !tt.ptr<f32>, i16
// CHECK-NEXT:   tt.addptr %{{.*}}, %{{.*}} : !tt.ptr<f32>, i16
tt.func @addptr_i16_overflow(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  %a = arith.constant 32000 : i16
  %b = arith.constant 1000 : i16
  %q = tt.addptr %p, %a : !tt.ptr<f32>, i16
  %r = tt.addptr %q, %b : !tt.ptr<f32>, i16
  tt.return %r : !tt.ptr<f32>
}

// -----

// A select on the load's own (splat) mask condition becomes the load's
// `other`; the load's modifiers stay.

// CHECK-LABEL: tt.func @select_load(
// CHECK-SAME:    %[[P:[a-z0-9]+]]: tensor<64x!tt.ptr<f32>>, %[[C:[a-z0-9]+]]: i1, %[[X:[a-z0-9]+]]: tensor<64xf32>, %[[Y:[a-z0-9]+]]: tensor<64xf32>
// CHECK-NEXT:   %[[M:.*]] = tt.splat %[[C]]
// CHECK-NEXT:   %[[V:.*]] = tt.load %[[P]], %[[M]], %[[Y]] cacheModifier = cg
// CHECK-NEXT:   tt.return %[[V]]
tt.func @select_load(%p: tensor<64x!tt.ptr<f32>>, %c: i1, %x: tensor<64xf32>, %y: tensor<64xf32>) -> tensor<64xf32> {
  %m = tt.splat %c : i1 -> tensor<64xi1>
  %v = tt.load %p, %m, %x cacheModifier = cg : tensor<64x!tt.ptr<f32>>
  %s = arith.select %c, %v, %y : tensor<64xf32>
  tt.return %s : tensor<64xf32>
}

// CHECK-LABEL: tt.func @select_load_other_cond(
// CHECK:   tt.load
// CHECK-NEXT:   arith.select
tt.func @select_load_other_cond(%p: tensor<64x!tt.ptr<f32>>, %c: i1, %c2: i1, %y: tensor<64xf32>) -> tensor<64xf32> {
  %m = tt.splat %c : i1 -> tensor<64xi1>
  %v = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
  %s = arith.select %c2, %v, %y : tensor<64xf32>
  tt.return %s : tensor<64xf32>
}

// -----

// sum_k x[m, k] * y[k, n], spelt with broadcasts, becomes a tf32 dot.

// CHECK-LABEL: tt.func @broadcast_mul_sum(
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<32x16xf32>, %[[Y:[a-z0-9]+]]: tensor<16x64xf32>
// CHECK-NEXT:   %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
// CHECK-NEXT:   %[[DOT:.*]] = tt.dot %[[X]], %[[Y]], %[[ZERO]], inputPrecision = tf32 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
// CHECK-NEXT:   tt.return %[[DOT]]
tt.func @broadcast_mul_sum(%x: tensor<32x16xf32>, %y: tensor<16x64xf32>) -> tensor<32x64xf32> {
  %xe = tt.expand_dims %x {axis = 2 : i32} : tensor<32x16xf32> -> tensor<32x16x1xf32>
  %ye = tt.expand_dims %y {axis = 0 : i32} : tensor<16x64xf32> -> tensor<1x16x64xf32>
  %xb = tt.broadcast %xe : tensor<32x16x1xf32> -> tensor<32x16x64xf32>
  %yb = tt.broadcast %ye : tensor<1x16x64xf32> -> tensor<32x16x64xf32>
  %m = arith.mulf %xb, %yb : tensor<32x16x64xf32>
  %s = "tt.reduce"(%m) ({
  ^bb0(%l: f32, %r: f32):
    %a = arith.addf %l, %r : f32
    tt.reduce.return %a : f32
  }) {axis = 1 : i32} : (tensor<32x16x64xf32>) -> tensor<32x64xf32>
  tt.return %s : tensor<32x64xf32>
}

// -----

// A rank-1 reshape feeding only a reduction may reorder elements; one with
// another user may not.

// CHECK-LABEL: tt.func @reshape_reduce(
// CHECK:   tt.reshape %arg0 allow_reorder : tensor<8x16xf32> -> tensor<128xf32>
tt.func @reshape_reduce(%x: tensor<8x16xf32>) -> f32 {
  %r = tt.reshape %x : tensor<8x16xf32> -> tensor<128xf32>
  %s = "tt.reduce"(%r) ({
  ^bb0(%l: f32, %q: f32):
    %a = arith.maxnumf %l, %q : f32
    tt.reduce.return %a : f32
  }) {axis = 0 : i32} : (tensor<128xf32>) -> f32
  tt.return %s : f32
}

// CHECK-LABEL: tt.func @reshape_other_user(
// CHECK:   tt.reshape %arg0 : tensor<8x16xf32> -> tensor<128xf32>
tt.func @reshape_other_user(%x: tensor<8x16xf32>) -> tensor<128xf32> {
  %r = tt.reshape %x : tensor<8x16xf32> -> tensor<128xf32>
  tt.return %r : tensor<128xf32>
}

// -----

// A reshape dropping a descriptor load's leading unit dimension folds into
// the load.

// CHECK-LABEL: tt.func @desc_load_rank_reduce(
// CHECK-NEXT:   %[[L:.*]] = tt.descriptor_load %arg0[%arg1, %arg1, %arg1] : !tt.tensordesc<tensor<1x64x32xf16>> -> tensor<64x32xf16>
// CHECK-NEXT:   tt.return %[[L]]
tt.func @desc_load_rank_reduce(%d: !tt.tensordesc<tensor<1x64x32xf16>>, %i: i32) -> tensor<64x32xf16> {
  %l = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<1x64x32xf16>> -> tensor<1x64x32xf16>
  %r = tt.reshape %l : tensor<1x64x32xf16> -> tensor<64x32xf16>
  tt.return %r : tensor<64x32xf16>
}

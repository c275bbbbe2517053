// The ttir stage (Triton 3.6's make_ttir order) on block pointers: the
// inliner's canonicalize first turns an scf.if that only chooses between two
// block pointers into an arith.select, which triton-rewrite-tensor-pointer
// then splits into selects of the parts the two do not share; canonicalize
// and cse after it fold the zero offsets.
// RUN: %mlir-tile -p 'builtin.module(tile-ttir)' %s | FileCheck %s --implicit-check-not=tt.make_tensor_ptr --implicit-check-not=scf.if

// CHECK-LABEL: tt.func public @choose(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: !tt.ptr<f16>, %[[B:[a-z0-9]+]]: !tt.ptr<f16>, %{{[a-z0-9]+}}: !tt.ptr<f16>, %[[M:[a-z0-9]+]]: i64, %[[K:[a-z0-9]+]]: i64, %[[C:[a-z0-9]+]]: i1
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
// CHECK-DAG: %[[BASE:.*]] = arith.select %[[C]], %[[A]], %[[B]] : !tt.ptr<f16>
// CHECK-DAG: %[[ROWS:.*]] = arith.select %[[C]], %[[M]], %[[K]] : i64
// CHECK-DAG: %[[COLS:.*]] = arith.select %[[C]], %[[K]], %[[M]] : i64
// CHECK:     tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
// CHECK:     tt.splat %[[ROWS]] : i64 -> tensor<64x1xi64>
// CHECK:     tt.splat %[[COLS]] : i64 -> tensor<1x32xi64>
// CHECK:     %[[V:.*]] = tt.load %{{.*}}, %{{.*}}, %[[ZERO]] : tensor<64x32x!tt.ptr<f16>>
// CHECK:     tt.store %{{.*}}, %[[V]], %{{.*}} : tensor<64x32x!tt.ptr<f16>>
tt.func public @choose(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %out: !tt.ptr<f16>, %m: i64, %k: i64, %c: i1) {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %pa = tt.make_tensor_ptr %a, [%m, %k], [%k, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %pb = tt.make_tensor_ptr %b, [%k, %m], [%m, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %p = scf.if %c -> (!tt.ptr<tensor<64x32xf16>>) {
    scf.yield %pa : !tt.ptr<tensor<64x32xf16>>
  } else {
    scf.yield %pb : !tt.ptr<tensor<64x32xf16>>
  }
  %v = tt.load %p {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x32xf16>>
  %po = tt.make_tensor_ptr %out, [%m, %k], [%k, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  tt.store %po, %v {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<64x32xf16>>
  tt.return
}

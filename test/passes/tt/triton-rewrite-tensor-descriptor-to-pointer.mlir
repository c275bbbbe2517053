// RUN: %mlir-tile -p 'builtin.module(triton-rewrite-tensor-descriptor-to-pointer)' -split-input-file %s | FileCheck %s --implicit-check-not=tensordesc
// RUN: %mlir-tile -p 'builtin.module(triton-rewrite-tensor-descriptor-to-pointer{target=cuda:80})' -split-input-file %s | FileCheck %s --implicit-check-not=tensordesc
// RUN: %mlir-tile -p 'builtin.module(triton-rewrite-tensor-descriptor-to-pointer{target=cuda:90})' -split-input-file %s | FileCheck %s --check-prefix=TMA

// From cuda:90 on the pass keeps descriptors (TMA loads them).
// TMA-LABEL: tt.func @load_2d(
// TMA: tt.make_tensor_descriptor
// TMA: tt.descriptor_load

// Element (r, c) of the block at [i, j] is at base + (i + r) * stride0 +
// (j + c) * stride1, all i64; lanes outside [0, m) x [0, n) are masked off
// and read zero (the padding select on a false constant).

// CHECK-LABEL: tt.func @load_2d(
// CHECK-SAME:    %[[BASE:[a-z0-9]+]]: !tt.ptr<f16>, %[[M:[a-z0-9]+]]: i32, %[[N:[a-z0-9]+]]: i32, %[[STRIDE:[a-z0-9]+]]: i64, %[[I:[a-z0-9]+]]: i32, %[[J:[a-z0-9]+]]: i32
// CHECK:   %[[C1:.*]] = arith.constant 1 : i64
// CHECK:   %[[M64:.*]] = arith.extsi %[[M]] : i32 to i64
// CHECK:   %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK:   %[[NAN_PAD:.*]] = arith.constant false
// CHECK:   %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK:   %[[R:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32}
// CHECK:   %[[ROWS:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<16xi64>
// CHECK:   %[[ROWS2:.*]] = tt.expand_dims %[[ROWS]] {axis = 1 : i32} : tensor<16xi64> -> tensor<16x1xi64>
// CHECK:   %[[J64:.*]] = arith.extsi %[[J]] : i32 to i64
// CHECK:   tt.make_range {end = 32 : i32, start = 0 : i32}
// CHECK:   %[[COLS:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<32xi64>
// CHECK:   %[[COLS2:.*]] = tt.expand_dims %[[COLS]] {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK:   %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<16x32xf16>
// CHECK:   %[[NAN:.*]] = arith.constant dense<0x7E00> : tensor<16x32xf16>
// CHECK:   %[[OTHER:.*]] = arith.select %[[NAN_PAD]], %[[NAN]], %[[ZERO]] : tensor<16x32xf16>
// CHECK:   %[[PTRS:.*]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<16x32x!tt.ptr<f16>>
// CHECK:   %[[S0:.*]] = tt.splat %[[STRIDE]] : i64 -> tensor<16x1xi64>
// CHECK:   %[[O0:.*]] = arith.muli %[[ROWS2]], %[[S0]] : tensor<16x1xi64>
// CHECK:   %[[B0:.*]] = tt.broadcast %[[O0]] : tensor<16x1xi64> -> tensor<16x32xi64>
// CHECK:   %[[P0:.*]] = tt.addptr %[[PTRS]], %[[B0]]
// CHECK:   %[[S1:.*]] = tt.splat %[[C1]] : i64 -> tensor<1x32xi64>
// CHECK:   %[[O1:.*]] = arith.muli %[[COLS2]], %[[S1]] : tensor<1x32xi64>
// CHECK:   %[[B1:.*]] = tt.broadcast %[[O1]] : tensor<1x32xi64> -> tensor<16x32xi64>
// CHECK:   %[[P1:.*]] = tt.addptr %[[P0]], %[[B1]]
// CHECK:   arith.cmpi sge, %[[ROWS2]], %{{.*}} : tensor<16x1xi64>
// CHECK:   %[[MS:.*]] = tt.splat %[[M64]] : i64 -> tensor<16x1xi64>
// CHECK:   arith.cmpi slt, %[[ROWS2]], %[[MS]] : tensor<16x1xi64>
// CHECK:   %[[IN0:.*]] = tt.broadcast %{{.*}} : tensor<16x1xi1> -> tensor<16x32xi1>
// CHECK:   arith.cmpi sge, %[[COLS2]], %{{.*}} : tensor<1x32xi64>
// CHECK:   %[[NS:.*]] = tt.splat %[[N64]] : i64 -> tensor<1x32xi64>
// CHECK:   arith.cmpi slt, %[[COLS2]], %[[NS]] : tensor<1x32xi64>
// CHECK:   %[[IN1:.*]] = tt.broadcast %{{.*}} : tensor<1x32xi1> -> tensor<16x32xi1>
// CHECK:   %[[MASK:.*]] = arith.andi %[[IN0]], %[[IN1]] : tensor<16x32xi1>
// CHECK:   %[[V:.*]] = tt.load %[[P1]], %[[MASK]], %[[OTHER]] : tensor<16x32x!tt.ptr<f16>>
// CHECK:   tt.return %[[V]]

tt.func @load_2d(%base: !tt.ptr<f16>, %m: i32, %n: i32, %stride: i64, %i: i32, %j: i32) -> tensor<16x32xf16> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%stride, %c1] : <f16>, <tensor<16x32xf16>>
  %v = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>
  tt.return %v : tensor<16x32xf16>
}

// -----

// padding = nan: the select picks NaN.

// CHECK-LABEL: tt.func @load_nan_padding(
// CHECK:   %[[NAN_PAD:.*]] = arith.constant true
// CHECK:   %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<64xf32>
// CHECK:   %[[OTHER:.*]] = arith.select %[[NAN_PAD]], %[[NAN]], %{{.*}} : tensor<64xf32>
// CHECK:   tt.load %{{.*}}, %{{.*}}, %[[OTHER]] : tensor<64x!tt.ptr<f32>>

tt.func @load_nan_padding(%base: !tt.ptr<f32>, %n: i32, %i: i32) -> tensor<64xf32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%n], [%c1] {padding = 2 : i32} : <f32>, <tensor<64xf32>>
  %v = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<64xf32>> -> tensor<64xf32>
  tt.return %v : tensor<64xf32>
}

// -----

// A store stores through the same pointers, masked alike.

// CHECK-LABEL: tt.func @store_1d(
// CHECK-SAME:    %{{.*}}: !tt.ptr<i32>, %{{.*}}: i32, %{{.*}}: i32, %[[V:[a-z0-9]+]]: tensor<64xi32>
// CHECK:   %[[P:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<i32>>, tensor<64xi64>
// CHECK:   %[[MASK:.*]] = tt.broadcast %{{.*}} : tensor<64xi1> -> tensor<64xi1>
// CHECK:   tt.store %[[P]], %[[V]], %[[MASK]] : tensor<64x!tt.ptr<i32>>

tt.func @store_1d(%base: !tt.ptr<i32>, %n: i32, %i: i32, %v: tensor<64xi32>) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%n], [%c1] : <i32>, <tensor<64xi32>>
  tt.descriptor_store %d[%i], %v : !tt.tensordesc<tensor<64xi32>>, tensor<64xi32>
  tt.return
}

// -----

// Across calls a descriptor travels as base, sizes, strides and the NaN
// flag; an argument's attributes go to its first part.

// CHECK-LABEL: tt.func @callee(
// CHECK-SAME:    %[[BASE:[a-z0-9]+]]: !tt.ptr<f32> {tt.foo = 1 : i32}, %[[SIZE:[a-z0-9]+]]: i64, %[[STRIDE:[a-z0-9]+]]: i64, %[[NAN_PAD:[a-z0-9]+]]: i1, %{{.*}}: i32 {tt.divisibility = 16 : i32}) -> tensor<64xf32>
// CHECK:   arith.select %[[NAN_PAD]]
// CHECK:   tt.splat %[[BASE]]
// CHECK:   tt.splat %[[STRIDE]]
// CHECK:   tt.splat %[[SIZE]]
// CHECK-LABEL: tt.func @caller(
// CHECK-SAME:    %[[BASE:[a-z0-9]+]]: !tt.ptr<f32>, %[[N:[a-z0-9]+]]: i32
// CHECK:   %[[C1:.*]] = arith.constant 1 : i64
// CHECK:   %[[N64:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK:   %[[FALSE:.*]] = arith.constant false
// CHECK:   tt.call @callee(%[[BASE]], %[[N64]], %[[C1]], %[[FALSE]], %[[N]]) : (!tt.ptr<f32>, i64, i64, i1, i32) -> tensor<64xf32>

tt.func @callee(%d: !tt.tensordesc<tensor<64xf32>> {tt.foo = 1 : i32}, %k: i32 {tt.divisibility = 16 : i32}) -> tensor<64xf32> {
  %v = tt.descriptor_load %d[%k] : !tt.tensordesc<tensor<64xf32>> -> tensor<64xf32>
  tt.return %v : tensor<64xf32>
}
tt.func @caller(%base: !tt.ptr<f32>, %n: i32) -> tensor<64xf32> {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%n], [%c1] : <f32>, <tensor<64xf32>>
  %v = tt.call @callee(%d, %n) : (!tt.tensordesc<tensor<64xf32>>, i32) -> tensor<64xf32>
  tt.return %v : tensor<64xf32>
}

// -----

// A select between descriptors becomes an scf.if yielding their parts;
// scf.for carries the parts.

// CHECK-LABEL: tt.func @select_and_loop(
// CHECK:   %[[PARTS:.*]]:4 = scf.if %arg3 -> (!tt.ptr<f32>, i64, i64, i1) {
// CHECK:     scf.yield %arg0,
// CHECK:   } else {
// CHECK:     scf.yield %arg1,
// CHECK:   scf.for {{.*}} iter_args(%{{.*}} = %cst, %[[B:.*]] = %[[PARTS]]#0, %{{.*}} = %[[PARTS]]#1, %{{.*}} = %[[PARTS]]#2, %{{.*}} = %[[PARTS]]#3) -> (tensor<64xf32>, !tt.ptr<f32>, i64, i64, i1)
// CHECK:     tt.splat %[[B]] : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
// CHECK:     tt.load

tt.func @select_and_loop(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %n: i32, %c: i1) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %da = tt.make_tensor_descriptor %a, [%n], [%c1_i64] : <f32>, <tensor<64xf32>>
  %db = tt.make_tensor_descriptor %b, [%n], [%c1_i64] : <f32>, <tensor<64xf32>>
  %d = arith.select %c, %da, %db : !tt.tensordesc<tensor<64xf32>>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %cur = %d) -> (tensor<64xf32>, !tt.tensordesc<tensor<64xf32>>) : i32 {
    %v = tt.descriptor_load %cur[%i] : !tt.tensordesc<tensor<64xf32>> -> tensor<64xf32>
    %s = arith.addf %acc, %v : tensor<64xf32>
    scf.yield %s, %cur : tensor<64xf32>, !tt.tensordesc<tensor<64xf32>>
  }
  tt.return %r#0 : tensor<64xf32>
}

// -----

// Gather rows x_offsets, columns y + [0, 32): a masked load; scatter
// stores alike.

// CHECK-LABEL: tt.func @gather_scatter(
// CHECK:   %[[ROWS:.*]] = tt.expand_dims %arg4 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
// CHECK:   arith.extsi %[[ROWS]] : tensor<8x1xi32> to tensor<8x1xi64>
// CHECK:   tt.make_range {end = 32 : i32, start = 0 : i32}
// CHECK:   %[[V:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<8x32x!tt.ptr<f16>>
// CHECK:   tt.store %{{.*}}, %[[V]], %{{.*}} : tensor<8x32x!tt.ptr<f16>>

tt.func @gather_scatter(%base: !tt.ptr<f16>, %m: i32, %n: i32, %stride: i64, %rows: tensor<8xi32>, %col: i32) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%stride, %c1] : <f16>, <tensor<1x32xf16>>
  %v = tt.descriptor_gather %d[%rows, %col] : (!tt.tensordesc<tensor<1x32xf16>>, tensor<8xi32>, i32) -> tensor<8x32xf16>
  tt.descriptor_scatter %d[%rows, %col], %v : !tt.tensordesc<tensor<1x32xf16>>, tensor<8xi32>, i32, tensor<8x32xf16>
  tt.return
}

// -----

// A float add reduction becomes a masked fadd atomic, release, gpu scope.

// CHECK-LABEL: tt.func @reduce_add(
// CHECK:   tt.atomic_rmw fadd, release, gpu, %{{.*}}, %arg3, %{{.*}} : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>

tt.func @reduce_add(%base: !tt.ptr<f32>, %n: i32, %i: i32, %v: tensor<64xf32>) {
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %base, [%n], [%c1] : <f32>, <tensor<64xf32>>
  tt.descriptor_reduce add, %d[%i], %v : !tt.tensordesc<tensor<64xf32>>, tensor<64xf32>
  tt.return
}

// RUN: %mlir-tile -p 'builtin.module(triton-rewrite-tensor-pointer)' -split-input-file %s | FileCheck %s

// Block pointers become tensors of pointers: element i of a 1-D block is at
// base + (offset + i) * stride, all in i64; no boundary check, no mask.

// CHECK-LABEL: tt.func @load_1d(
// CHECK-SAME:    %[[BASE:[a-z0-9]+]]: !tt.ptr<f32>, %[[N:[a-z0-9]+]]: i64, %[[OFF:[a-z0-9]+]]: i32
// CHECK:   %[[ONE:.*]] = arith.constant 1 : i64
// CHECK:   %[[OFF64:.*]] = arith.extsi %[[OFF]] : i32 to i64
// CHECK:   %[[PTRS:.*]] = tt.splat %[[BASE]] : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
// CHECK:   %[[OFFS:.*]] = tt.splat %[[OFF64]] : i64 -> tensor<128xi64>
// CHECK:   %[[RANGE:.*]] = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
// CHECK:   %[[RANGE64:.*]] = arith.extsi %[[RANGE]] : tensor<128xi32> to tensor<128xi64>
// CHECK:   %[[IDX:.*]] = arith.addi %[[OFFS]], %[[RANGE64]] : tensor<128xi64>
// CHECK:   %[[STRIDE:.*]] = tt.splat %[[ONE]] : i64 -> tensor<128xi64>
// CHECK:   %[[SCALED:.*]] = arith.muli %[[IDX]], %[[STRIDE]] : tensor<128xi64>
// CHECK:   %[[ADDR:.*]] = tt.addptr %[[PTRS]], %[[SCALED]] : tensor<128x!tt.ptr<f32>>, tensor<128xi64>
// CHECK:   %[[V:.*]] = tt.load %[[ADDR]] : tensor<128x!tt.ptr<f32>>
// CHECK:   tt.return %[[V]]
// CHECK-NOT: tt.make_tensor_ptr
tt.func @load_1d(%base: !tt.ptr<f32>, %n: i64, %off: i32) -> tensor<128xf32> {
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%off] {order = array<i32: 0>} : <tensor<128xf32>>
  %v = tt.load %bp : !tt.ptr<tensor<128xf32>>
  tt.return %v : tensor<128xf32>
}

// -----

// A boundary check masks 0 <= offset + i < shape; padding zero fills the
// masked-off lanes.

// CHECK-LABEL: tt.func @load_1d_checked(
// CHECK-SAME:    %[[BASE:[a-z0-9]+]]: !tt.ptr<f32>, %[[N:[a-z0-9]+]]: i64, %[[OFF:[a-z0-9]+]]: i32
// CHECK:   %[[IDX:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<128xi64>
// CHECK:   %[[ADDR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>>, tensor<128xi64>
// CHECK:   %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:   %[[ZEROS:.*]] = tt.splat %[[ZERO]] : i64 -> tensor<128xi64>
// CHECK:   %[[GE:.*]] = arith.cmpi sge, %[[IDX]], %[[ZEROS]] : tensor<128xi64>
// CHECK:   %[[NS:.*]] = tt.splat %[[N]] : i64 -> tensor<128xi64>
// CHECK:   %[[LT:.*]] = arith.cmpi slt, %[[IDX]], %[[NS]] : tensor<128xi64>
// CHECK:   %[[MASK:.*]] = arith.andi %[[GE]], %[[LT]] : tensor<128xi1>
// CHECK:   %[[PAD:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:   %[[PADS:.*]] = tt.splat %[[PAD]] : f32 -> tensor<128xf32>
// CHECK:   tt.load %[[ADDR]], %[[MASK]], %[[PADS]] : tensor<128x!tt.ptr<f32>>
tt.func @load_1d_checked(%base: !tt.ptr<f32>, %n: i64, %off: i32) -> tensor<128xf32> {
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%off] {order = array<i32: 0>} : <tensor<128xf32>>
  %v = tt.load %bp {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<128xf32>>
  tt.return %v : tensor<128xf32>
}

// -----

// 2-D: each dimension's index is expanded to the block's rank, scaled by
// its stride splat to that shape, and broadcast; the masks of the checked
// dimensions are broadcast and and-ed in boundaryCheck's order; padding nan
// is a quiet NaN of the element type.

// CHECK-LABEL: tt.func @load_2d_nan(
// CHECK-SAME:    %[[BASE:[a-z0-9]+]]: !tt.ptr<f16>, %[[M:[a-z0-9]+]]: i64, %[[K:[a-z0-9]+]]: i64, %[[SM:[a-z0-9]+]]: i64, %[[O0:[a-z0-9]+]]: i32, %[[O1:[a-z0-9]+]]: i32
// CHECK:   %[[C1:.*]] = arith.constant 1 : i64
// CHECK:   %[[X0:.*]] = arith.extsi %[[O0]] : i32 to i64
// CHECK:   %[[X1:.*]] = arith.extsi %[[O1]] : i32 to i64
// CHECK:   %[[PTRS:.*]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>>
// CHECK:   tt.splat %[[X0]] : i64 -> tensor<128xi64>
// CHECK:   tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
// CHECK:   %[[ROW:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<128xi64>
// CHECK:   %[[ROWS:.*]] = tt.expand_dims %[[ROW]] {axis = 1 : i32} : tensor<128xi64> -> tensor<128x1xi64>
// CHECK:   %[[SMS:.*]] = tt.splat %[[SM]] : i64 -> tensor<128x1xi64>
// CHECK:   %[[ROWOFF:.*]] = arith.muli %[[ROWS]], %[[SMS]] : tensor<128x1xi64>
// CHECK:   %[[ROWB:.*]] = tt.broadcast %[[ROWOFF]] : tensor<128x1xi64> -> tensor<128x32xi64>
// CHECK:   %[[P0:.*]] = tt.addptr %[[PTRS]], %[[ROWB]] : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi64>
// CHECK:   tt.splat %[[X1]] : i64 -> tensor<32xi64>
// CHECK:   tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
// CHECK:   %[[COL:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<32xi64>
// CHECK:   %[[COLS:.*]] = tt.expand_dims %[[COL]] {axis = 0 : i32} : tensor<32xi64> -> tensor<1x32xi64>
// CHECK:   %[[C1S:.*]] = tt.splat %[[C1]] : i64 -> tensor<1x32xi64>
// CHECK:   %[[COLOFF:.*]] = arith.muli %[[COLS]], %[[C1S]] : tensor<1x32xi64>
// CHECK:   %[[COLB:.*]] = tt.broadcast %[[COLOFF]] : tensor<1x32xi64> -> tensor<128x32xi64>
// CHECK:   %[[P1:.*]] = tt.addptr %[[P0]], %[[COLB]] : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi64>
// CHECK:   arith.cmpi sge, %[[COLS]], %{{.*}} : tensor<1x32xi64>
// CHECK:   %[[KS:.*]] = tt.splat %[[K]] : i64 -> tensor<1x32xi64>
// CHECK:   arith.cmpi slt, %[[COLS]], %[[KS]] : tensor<1x32xi64>
// CHECK:   %[[IN1:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<1x32xi1>
// CHECK:   %[[M1:.*]] = tt.broadcast %[[IN1]] : tensor<1x32xi1> -> tensor<128x32xi1>
// CHECK:   arith.cmpi sge, %[[ROWS]], %{{.*}} : tensor<128x1xi64>
// CHECK:   %[[MS:.*]] = tt.splat %[[M]] : i64 -> tensor<128x1xi64>
// CHECK:   arith.cmpi slt, %[[ROWS]], %[[MS]] : tensor<128x1xi64>
// CHECK:   %[[IN0:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<128x1xi1>
// CHECK:   %[[M0:.*]] = tt.broadcast %[[IN0]] : tensor<128x1xi1> -> tensor<128x32xi1>
// CHECK:   %[[MASK:.*]] = arith.andi %[[M1]], %[[M0]] : tensor<128x32xi1>
// CHECK:   %[[NAN:.*]] = arith.constant 0x7E00 : f16
// CHECK:   %[[NANS:.*]] = tt.splat %[[NAN]] : f16 -> tensor<128x32xf16>
// CHECK:   tt.load %[[P1]], %[[MASK]], %[[NANS]] : tensor<128x32x!tt.ptr<f16>>
tt.func @load_2d_nan(%base: !tt.ptr<f16>, %m: i64, %k: i64, %sm: i64, %o0: i32, %o1: i32) -> tensor<128x32xf16> {
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%m, %k], [%sm, %c1_i64], [%o0, %o1] {order = array<i32: 1, 0>} : <tensor<128x32xf16>>
  %v = tt.load %bp {boundaryCheck = array<i32: 1, 0>, padding = 2 : i32} : !tt.ptr<tensor<128x32xf16>>
  tt.return %v : tensor<128x32xf16>
}

// -----

// One checked dimension and no padding: a mask and no `other`. Cache,
// eviction and volatile attributes stay on the new load.

// CHECK-LABEL: tt.func @load_2d_one_dim(
// CHECK-SAME:    %{{[a-z0-9]+}}: !tt.ptr<bf16>, %[[M:[a-z0-9]+]]: i64
// CHECK:   tt.addptr
// CHECK:   %[[ADDR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x64x!tt.ptr<bf16>>, tensor<64x64xi64>
// CHECK:   tt.splat %[[M]] : i64 -> tensor<64x1xi64>
// CHECK:   %[[MASK:.*]] = tt.broadcast %{{.*}} : tensor<64x1xi1> -> tensor<64x64xi1>
// CHECK-NOT: arith.constant
// CHECK:   tt.load %[[ADDR]], %[[MASK]] cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<64x64x!tt.ptr<bf16>>
tt.func @load_2d_one_dim(%base: !tt.ptr<bf16>, %m: i64, %s: i64) -> tensor<64x64xbf16> {
  %c0 = arith.constant 0 : i32
  %bp = tt.make_tensor_ptr %base, [%m, %m], [%s, %s], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<64x64xbf16>>
  %v = tt.load %bp {boundaryCheck = array<i32: 0>, cache = 3 : i32, evict = 3 : i32, isVolatile = true} : !tt.ptr<tensor<64x64xbf16>>
  tt.return %v : tensor<64x64xbf16>
}

// -----

// Padding without a boundary check has no masked-off lanes to fill.

// CHECK-LABEL: tt.func @padding_unchecked(
// CHECK-NOT: arith.cmpi
// CHECK-NOT: arith.constant 0.0
// CHECK:   %[[ADDR:.*]] = tt.addptr
// CHECK-NEXT: tt.load %[[ADDR]] : tensor<32x!tt.ptr<f32>>
tt.func @padding_unchecked(%base: !tt.ptr<f32>, %n: i64) -> tensor<32xf32> {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<32xf32>>
  %v = tt.load %bp {padding = 2 : i32} : !tt.ptr<tensor<32xf32>>
  tt.return %v : tensor<32xf32>
}

// -----

// Stores: the same pointers and mask; cache and eviction stay.

// CHECK-LABEL: tt.func @store_2d(
// CHECK-SAME:    %{{[a-z0-9]+}}: !tt.ptr<f32>, %[[M:[a-z0-9]+]]: i64, %[[N:[a-z0-9]+]]: i64, %{{[a-z0-9]+}}: i64, %[[V:[a-z0-9]+]]: tensor<32x64xf32>
// CHECK:   tt.addptr
// CHECK:   %[[ADDR:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi64>
// CHECK:   tt.splat %[[M]] : i64 -> tensor<32x1xi64>
// CHECK:   tt.splat %[[N]] : i64 -> tensor<1x64xi64>
// CHECK:   %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<32x64xi1>
// CHECK:   tt.store %[[ADDR]], %[[V]], %[[MASK]] cacheModifier = wb evictionPolicy = evict_first : tensor<32x64x!tt.ptr<f32>>
// CHECK-NOT: tt.store
tt.func @store_2d(%base: !tt.ptr<f32>, %m: i64, %n: i64, %s: i64, %v: tensor<32x64xf32>) {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%m, %n], [%s, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<32x64xf32>>
  tt.store %bp, %v {boundaryCheck = array<i32: 0, 1>, cache = 4 : i32, evict = 2 : i32} : !tt.ptr<tensor<32x64xf32>>
  tt.return
}

// -----

// tt.advance adds its offsets, sign-extended, to the block's i64 offsets.

// CHECK-LABEL: tt.func @advance(
// CHECK-SAME:    %{{[a-z0-9]+}}: !tt.ptr<f32>, %{{[a-z0-9]+}}: i64, %[[D0:[a-z0-9]+]]: i32, %[[D1:[a-z0-9]+]]: i32
// CHECK:   %[[C0:.*]] = arith.constant 0 : i32
// CHECK:   %[[R0:.*]] = arith.extsi %[[C0]] : i32 to i64
// CHECK:   %[[R1:.*]] = arith.extsi %[[C0]] : i32 to i64
// CHECK:   %[[E0:.*]] = arith.extsi %[[D0]] : i32 to i64
// CHECK:   %[[A0:.*]] = arith.addi %[[R0]], %[[E0]] : i64
// CHECK:   %[[E1:.*]] = arith.extsi %[[D1]] : i32 to i64
// CHECK:   %[[A1:.*]] = arith.addi %[[R1]], %[[E1]] : i64
// CHECK:   tt.splat %[[A0]] : i64 -> tensor<16xi64>
// CHECK:   tt.splat %[[A1]] : i64 -> tensor<16xi64>
// CHECK-NOT: tt.advance
tt.func @advance(%base: !tt.ptr<f32>, %n: i64, %d0: i32, %d1: i32) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n, %n], [%n, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x16xf32>>
  %moved = tt.advance %bp, [%d0, %d1] : <tensor<16x16xf32>>
  %v = tt.load %moved : !tt.ptr<tensor<16x16xf32>>
  tt.return %v : tensor<16x16xf32>
}

// -----

// A 3-D block: each index is expanded along every other dimension in order.

// CHECK-LABEL: tt.func @load_3d(
// CHECK:   tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<2xi64> -> tensor<2x1xi64>
// CHECK:   tt.expand_dims %{{.*}} {axis = 2 : i32} : tensor<2x1xi64> -> tensor<2x1x1xi64>
// CHECK:   tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<4xi64> -> tensor<1x4xi64>
// CHECK:   tt.expand_dims %{{.*}} {axis = 2 : i32} : tensor<1x4xi64> -> tensor<1x4x1xi64>
// CHECK:   tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<8xi64> -> tensor<1x8xi64>
// CHECK:   tt.expand_dims %{{.*}} {axis = 1 : i32} : tensor<1x8xi64> -> tensor<1x1x8xi64>
// CHECK:   tt.load %{{.*}} : tensor<2x4x8x!tt.ptr<i8>>
tt.func @load_3d(%base: !tt.ptr<i8>, %n: i64) -> tensor<2x4x8xi8> {
  %c0 = arith.constant 0 : i32
  %bp = tt.make_tensor_ptr %base, [%n, %n, %n], [%n, %n, %n], [%c0, %c0, %c0] {order = array<i32: 2, 1, 0>} : <tensor<2x4x8xi8>>
  %v = tt.load %bp : !tt.ptr<tensor<2x4x8xi8>>
  tt.return %v : tensor<2x4x8xi8>
}

// -----

// The matmul K loop of Triton's block-pointer tutorial: each block pointer
// the loop carries becomes its two offsets (base, shape and strides are the
// same every iteration and defined before the loop); the loop keeps its
// attributes.

// CHECK-LABEL: tt.func @matmul_k_loop(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: !tt.ptr<f16>, %[[B:[a-z0-9]+]]: !tt.ptr<f16>
// CHECK:   %[[ROW:.*]] = arith.muli
// CHECK:   %[[AO0:.*]] = arith.extsi %[[ROW]] : i32 to i64
// CHECK:   %[[AO1:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[BO0:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[BO1:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[LOOP:.*]]:5 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[A0:.*]] = %[[AO0]], %[[A1:.*]] = %[[AO1]], %[[B0:.*]] = %[[BO0]], %[[B1:.*]] = %[[BO1]]) -> (tensor<128x128xf32>, i64, i64, i64, i64) : i32 {
// CHECK:     tt.splat %[[A]] : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>>
// CHECK:     tt.splat %[[A0]] : i64 -> tensor<128xi64>
// CHECK:     tt.splat %[[A1]] : i64 -> tensor<32xi64>
// CHECK:     %[[AV:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x32x!tt.ptr<f16>>
// CHECK:     tt.splat %[[B]] : !tt.ptr<f16> -> tensor<32x128x!tt.ptr<f16>>
// CHECK:     tt.splat %[[B0]] : i64 -> tensor<32xi64>
// CHECK:     tt.splat %[[B1]] : i64 -> tensor<128xi64>
// CHECK:     %[[BV:.*]] = tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x128x!tt.ptr<f16>>
// CHECK:     %[[D:.*]] = tt.dot %[[AV]], %[[BV]], %[[ACC]]
// CHECK:     %[[NA0:.*]] = arith.addi %[[A0]], %{{.*}} : i64
// CHECK:     %[[NA1:.*]] = arith.addi %[[A1]], %{{.*}} : i64
// CHECK:     %[[NB0:.*]] = arith.addi %[[B0]], %{{.*}} : i64
// CHECK:     %[[NB1:.*]] = arith.addi %[[B1]], %{{.*}} : i64
// CHECK:     scf.yield %[[D]], %[[NA0]], %[[NA1]], %[[NB0]], %[[NB1]] : tensor<128x128xf32>, i64, i64, i64, i64
// CHECK:   } {tt.num_stages = 3 : i32}
// CHECK:   tt.store %{{.*}}, %[[LOOP]]#0, %{{.*}} : tensor<128x128x!tt.ptr<f32>>
tt.func @matmul_k_loop(%a_ptr: !tt.ptr<f16>, %b_ptr: !tt.ptr<f16>, %c_ptr: !tt.ptr<f32>, %M: i32, %N: i32, %K: i32, %stride_am: i32, %stride_bk: i32, %stride_cm: i32) {
  %c0_i32 = arith.constant 0 : i32
  %c32_i32 = arith.constant 32 : i32
  %c1_i64 = arith.constant 1 : i64
  %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
  %pid = tt.get_program_id x : i32
  %row = arith.muli %pid, %c32_i32 : i32
  %m = arith.extsi %M : i32 to i64
  %n = arith.extsi %N : i32 to i64
  %k = arith.extsi %K : i32 to i64
  %sam = arith.extsi %stride_am : i32 to i64
  %sbk = arith.extsi %stride_bk : i32 to i64
  %scm = arith.extsi %stride_cm : i32 to i64
  %a = tt.make_tensor_ptr %a_ptr, [%m, %k], [%sam, %c1_i64], [%row, %c0_i32] {order = array<i32: 1, 0>} : <tensor<128x32xf16>>
  %b = tt.make_tensor_ptr %b_ptr, [%k, %n], [%sbk, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<32x128xf16>>
  %r:3 = scf.for %i = %c0_i32 to %K step %c32_i32 iter_args(%acc = %cst, %ap = %a, %bp = %b) -> (tensor<128x128xf32>, !tt.ptr<tensor<128x32xf16>>, !tt.ptr<tensor<32x128xf16>>)  : i32 {
    %av = tt.load %ap {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x32xf16>>
    %bv = tt.load %bp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x128xf16>>
    %d = tt.dot %av, %bv, %acc, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
    %an = tt.advance %ap, [%c0_i32, %c32_i32] : <tensor<128x32xf16>>
    %bn = tt.advance %bp, [%c32_i32, %c0_i32] : <tensor<32x128xf16>>
    scf.yield %d, %an, %bn : tensor<128x128xf32>, !tt.ptr<tensor<128x32xf16>>, !tt.ptr<tensor<32x128xf16>>
  } {tt.num_stages = 3 : i32}
  %c = tt.make_tensor_ptr %c_ptr, [%m, %n], [%scm, %c1_i64], [%row, %c0_i32] {order = array<i32: 1, 0>} : <tensor<128x128xf32>>
  tt.store %c, %r#0 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<128x128xf32>>
  tt.return
}

// -----

// A block pointer carried by an outer loop and moved by an inner one: both
// loops carry the offsets only.

// CHECK-LABEL: tt.func @nested_loops(
// CHECK:   scf.for {{.*}} iter_args(%[[O0:.*]] = %{{.*}}, %[[O1:.*]] = %{{.*}}) -> (i64, i64)
// CHECK:     scf.for {{.*}} iter_args(%[[I0:.*]] = %[[O0]], %[[I1:.*]] = %[[O1]]) -> (i64, i64)
// CHECK:       tt.splat %[[I0]] : i64 -> tensor<16xi64>
// CHECK:       tt.splat %[[I1]] : i64 -> tensor<16xi64>
tt.func @nested_loops(%base: !tt.ptr<f32>, %n: i64, %steps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %bp = tt.make_tensor_ptr %base, [%n, %n], [%n, %n], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<16x16xf32>>
  %outer = scf.for %i = %c0 to %steps step %c1 iter_args(%row = %bp) -> (!tt.ptr<tensor<16x16xf32>>)  : i32 {
    %inner = scf.for %j = %c0 to %steps step %c1 iter_args(%p = %row) -> (!tt.ptr<tensor<16x16xf32>>)  : i32 {
      %v = tt.load %p : !tt.ptr<tensor<16x16xf32>>
      tt.store %p, %v : !tt.ptr<tensor<16x16xf32>>
      %next = tt.advance %p, [%c0, %c16] : <tensor<16x16xf32>>
      scf.yield %next : !tt.ptr<tensor<16x16xf32>>
    }
    %down = tt.advance %row, [%c16, %c0] : <tensor<16x16xf32>>
    scf.yield %down : !tt.ptr<tensor<16x16xf32>>
  }
  tt.return
}

// -----

// scf.if choosing between a block pointer and its advanced copy: the if
// returns the offsets.

// CHECK-LABEL: tt.func @if_advance(
// CHECK-SAME:    %[[BASE:[a-z0-9]+]]: !tt.ptr<f32>, %{{[a-z0-9]+}}: i64, %[[C:[a-z0-9]+]]: i1
// CHECK:   %[[X0:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[X1:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[IF:.*]]:3 = scf.if %[[C]] -> (i64, i64, tensor<64x64xf32>) {
// CHECK:     %[[Y0:.*]] = arith.addi %[[X0]], %{{.*}} : i64
// CHECK:     %[[Y1:.*]] = arith.addi %[[X1]], %{{.*}} : i64
// CHECK:     scf.yield %[[Y0]], %[[Y1]], %{{.*}} : i64, i64, tensor<64x64xf32>
// CHECK:   } else {
// CHECK:     scf.yield %[[X0]], %[[X1]], %{{.*}} : i64, i64, tensor<64x64xf32>
// CHECK:   }
// CHECK:   tt.splat %[[BASE]] : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
// CHECK:   tt.splat %[[IF]]#0 : i64 -> tensor<64xi64>
// CHECK:   tt.splat %[[IF]]#1 : i64 -> tensor<64xi64>
// CHECK:   %[[V:.*]] = tt.load
// CHECK:   arith.addf %[[IF]]#2, %[[V]]
tt.func @if_advance(%base: !tt.ptr<f32>, %n: i64, %c: i1) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n, %n], [%n, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<64x64xf32>>
  %r:2 = scf.if %c -> (!tt.ptr<tensor<64x64xf32>>, tensor<64x64xf32>) {
    %moved = tt.advance %bp, [%c64, %c0] : <tensor<64x64xf32>>
    %ones = arith.constant dense<1.0> : tensor<64x64xf32>
    scf.yield %moved, %ones : !tt.ptr<tensor<64x64xf32>>, tensor<64x64xf32>
  } else {
    %zeros = arith.constant dense<0.0> : tensor<64x64xf32>
    scf.yield %bp, %zeros : !tt.ptr<tensor<64x64xf32>>, tensor<64x64xf32>
  }
  %v = tt.load %r#0 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf32>>
  %s = arith.addf %r#1, %v : tensor<64x64xf32>
  tt.return %s : tensor<64x64xf32>
}

// -----

// scf.if choosing between two different tensors: base, shape and strides
// differ, so the if returns them with the offsets.

// CHECK-LABEL: tt.func @if_two_tensors(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: !tt.ptr<f16>, %[[B:[a-z0-9]+]]: !tt.ptr<f16>, %[[M:[a-z0-9]+]]: i64, %[[K:[a-z0-9]+]]: i64, %[[C:[a-z0-9]+]]: i1
// CHECK:   %[[ONE:.*]] = arith.constant 1 : i64
// CHECK:   %[[IF:.*]]:7 = scf.if %[[C]] -> (!tt.ptr<f16>, i64, i64, i64, i64, i64, i64) {
// CHECK:     scf.yield %[[A]], %[[M]], %[[K]], %[[K]], %[[ONE]], %{{.*}}, %{{.*}} :
// CHECK:   } else {
// CHECK:     scf.yield %[[B]], %[[K]], %[[M]], %[[M]], %[[ONE]], %{{.*}}, %{{.*}} :
// CHECK:   }
// CHECK:   tt.splat %[[IF]]#0 : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
// CHECK:   tt.splat %[[IF]]#5 : i64 -> tensor<64xi64>
// CHECK:   tt.splat %[[IF]]#3 : i64 -> tensor<64x1xi64>
// CHECK:   tt.splat %[[IF]]#6 : i64 -> tensor<32xi64>
// CHECK:   tt.splat %[[IF]]#4 : i64 -> tensor<1x32xi64>
// CHECK:   tt.splat %[[IF]]#1 : i64 -> tensor<64x1xi64>
// CHECK:   tt.splat %[[IF]]#2 : i64 -> tensor<1x32xi64>
tt.func @if_two_tensors(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %m: i64, %k: i64, %c: i1) -> tensor<64x32xf16> {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %pa = tt.make_tensor_ptr %a, [%m, %k], [%k, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %pb = tt.make_tensor_ptr %b, [%k, %m], [%m, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
  %p = scf.if %c -> (!tt.ptr<tensor<64x32xf16>>) {
    scf.yield %pa : !tt.ptr<tensor<64x32xf16>>
  } else {
    scf.yield %pb : !tt.ptr<tensor<64x32xf16>>
  }
  %v = tt.load %p {boundaryCheck = array<i32: 0, 1>, padding = 2 : i32} : !tt.ptr<tensor<64x32xf16>>
  tt.return %v : tensor<64x32xf16>
}

// -----

// A loop whose next block pointer is made inside the body (a new row each
// iteration): its base is not the init's, so the loop carries all parts.

// CHECK-LABEL: tt.func @for_remade(
// CHECK-SAME:    %[[BASE:[a-z0-9]+]]: !tt.ptr<f32>, %[[N:[a-z0-9]+]]: i64
// CHECK:   scf.for %{{.*}} iter_args(%[[P:.*]] = %[[BASE]], %[[S:.*]] = %[[N]], %[[ST:.*]] = %{{.*}}, %[[O:.*]] = %{{.*}}, %[[ROW:.*]] = %[[BASE]]) -> (!tt.ptr<f32>, i64, i64, i64, !tt.ptr<f32>)
// CHECK:     tt.splat %[[P]] : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
// CHECK:     tt.splat %[[O]] : i64 -> tensor<32xi64>
// CHECK:     tt.splat %[[ST]] : i64 -> tensor<32xi64>
// CHECK:     %[[NEXT:.*]] = tt.addptr %[[ROW]], %{{.*}} : !tt.ptr<f32>, i32
// CHECK:     scf.yield %[[NEXT]], %[[N]], %{{.*}}, %{{.*}}, %[[NEXT]] : !tt.ptr<f32>, i64, i64, i64, !tt.ptr<f32>
tt.func @for_remade(%base: !tt.ptr<f32>, %n: i64, %steps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<32xf32>>
  %r:2 = scf.for %i = %c0 to %steps step %c1 iter_args(%p = %bp, %row = %base) -> (!tt.ptr<tensor<32xf32>>, !tt.ptr<f32>)  : i32 {
    %v = tt.load %p : !tt.ptr<tensor<32xf32>>
    tt.store %p, %v : !tt.ptr<tensor<32xf32>>
    %nextRow = tt.addptr %row, %i : !tt.ptr<f32>, i32
    %next = tt.make_tensor_ptr %nextRow, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<32xf32>>
    scf.yield %next, %nextRow : !tt.ptr<tensor<32xf32>>, !tt.ptr<f32>
  }
  tt.return
}

// -----

// scf.while: the before region's arguments and the values scf.condition
// passes on carry the offsets.

// CHECK-LABEL: tt.func @while_loop(
// CHECK-SAME:    %[[BASE:[a-z0-9]+]]: !tt.ptr<f32>
// CHECK:   %[[X:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[W:.*]]:3 = scf.while (%[[BO:.*]] = %[[X]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i64, tensor<64xf32>, i32) -> (i64, tensor<64xf32>, i32) {
// CHECK:     scf.condition(%{{.*}}) %[[BO]], %{{.*}}, %{{.*}} : i64, tensor<64xf32>, i32
// CHECK:   } do {
// CHECK:   ^bb0(%[[AO:.*]]: i64, %{{.*}}: tensor<64xf32>, %{{.*}}: i32):
// CHECK:     tt.splat %[[AO]] : i64 -> tensor<64xi64>
// CHECK:     tt.load %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
// CHECK:     %[[NO:.*]] = arith.addi %[[AO]], %{{.*}} : i64
// CHECK:     scf.yield %[[NO]], %{{.*}}, %{{.*}} : i64, tensor<64xf32>, i32
// CHECK:   }
// CHECK:   tt.splat %[[BASE]] : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
// CHECK:   tt.splat %[[W]]#0 : i64 -> tensor<64xi64>
tt.func @while_loop(%base: !tt.ptr<f32>, %n: i64, %lim: i32) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c1_i64 = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  %r:3 = scf.while (%p = %bp, %acc = %zero, %i = %c0) : (!tt.ptr<tensor<64xf32>>, tensor<64xf32>, i32) -> (!tt.ptr<tensor<64xf32>>, tensor<64xf32>, i32) {
    %go = arith.cmpi slt, %i, %lim : i32
    scf.condition(%go) %p, %acc, %i : !tt.ptr<tensor<64xf32>>, tensor<64xf32>, i32
  } do {
  ^bb0(%p2: !tt.ptr<tensor<64xf32>>, %acc2: tensor<64xf32>, %i2: i32):
    %v = tt.load %p2 {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<64xf32>>
    %s = arith.addf %acc2, %v : tensor<64xf32>
    %next = tt.advance %p2, [%c64] : <tensor<64xf32>>
    %i3 = arith.addi %i2, %c64 : i32
    scf.yield %next, %s, %i3 : !tt.ptr<tensor<64xf32>>, tensor<64xf32>, i32
  }
  %last = tt.load %r#0 : !tt.ptr<tensor<64xf32>>
  %out = arith.addf %r#1, %last : tensor<64xf32>
  tt.return %out : tensor<64xf32>
}

// -----

// A block pointer made in scf.while's before region and passed on by
// scf.condition: its parts are not defined before the loop, so the after
// region and the results get all of them.

// CHECK-LABEL: tt.func @while_made_in_before(
// CHECK:   %[[W:.*]]:5 = scf.while (%{{.*}} = %{{.*}}) : (i32) -> (!tt.ptr<f32>, i64, i64, i64, i32) {
// CHECK:     scf.condition(%{{.*}}) %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !tt.ptr<f32>, i64, i64, i64, i32
// CHECK:   } do {
// CHECK:   ^bb0(%{{.*}}: !tt.ptr<f32>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i32):
// CHECK:   tt.splat %[[W]]#0 : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
// CHECK:   tt.splat %[[W]]#3 : i64 -> tensor<32xi64>
tt.func @while_made_in_before(%base: !tt.ptr<f32>, %n: i64, %lim: i32) -> tensor<32xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c1_i64 = arith.constant 1 : i64
  %r:2 = scf.while (%i = %c0) : (i32) -> (!tt.ptr<tensor<32xf32>>, i32) {
    %row = tt.addptr %base, %i : !tt.ptr<f32>, i32
    %bp = tt.make_tensor_ptr %row, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<32xf32>>
    %go = arith.cmpi slt, %i, %lim : i32
    scf.condition(%go) %bp, %i : !tt.ptr<tensor<32xf32>>, i32
  } do {
  ^bb0(%p: !tt.ptr<tensor<32xf32>>, %i2: i32):
    %v = tt.load %p : !tt.ptr<tensor<32xf32>>
    tt.store %p, %v : !tt.ptr<tensor<32xf32>>
    %i3 = arith.addi %i2, %c1 : i32
    scf.yield %i3 : i32
  }
  %last = tt.load %r#0 : !tt.ptr<tensor<32xf32>>
  tt.return %last : tensor<32xf32>
}

// -----

// arith.select between block pointers (canonicalize, which the inliner runs
// first in make_ttir, turns an scf.if yielding two block pointers into
// one): each part the two do not share is selected.

// CHECK-LABEL: tt.func @select_two_tensors(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: !tt.ptr<f32>, %[[B:[a-z0-9]+]]: !tt.ptr<f32>, %[[N:[a-z0-9]+]]: i64, %[[M:[a-z0-9]+]]: i64, %[[C:[a-z0-9]+]]: i1
// CHECK:   %[[ONE:.*]] = arith.constant 1 : i64
// CHECK:   %[[AO:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[BO:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[BASE:.*]] = arith.select %[[C]], %[[A]], %[[B]] : !tt.ptr<f32>
// CHECK:   %[[SHAPE:.*]] = arith.select %[[C]], %[[N]], %[[M]] : i64
// CHECK:   %[[OFF:.*]] = arith.select %[[C]], %[[AO]], %[[BO]] : i64
// CHECK-NOT: arith.select
// CHECK:   tt.splat %[[BASE]] : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
// CHECK:   tt.splat %[[OFF]] : i64 -> tensor<64xi64>
// CHECK:   tt.splat %[[ONE]] : i64 -> tensor<64xi64>
// CHECK:   tt.splat %[[SHAPE]] : i64 -> tensor<64xi64>
tt.func @select_two_tensors(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %n: i64, %m: i64, %c: i1, %o: i32) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c1_i64 = arith.constant 1 : i64
  %pa = tt.make_tensor_ptr %a, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  %pb = tt.make_tensor_ptr %b, [%m], [%c1_i64], [%o] {order = array<i32: 0>} : <tensor<64xf32>>
  %p = arith.select %c, %pa, %pb : !tt.ptr<tensor<64xf32>>
  %v = tt.load %p {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64xf32>>
  tt.return %v : tensor<64xf32>
}

// -----

// arith.select between a block pointer and its advanced copy: only the
// offsets are selected.

// CHECK-LABEL: tt.func @select_advance(
// CHECK-SAME:    %[[BASE:[a-z0-9]+]]: !tt.ptr<f32>, %{{[a-z0-9]+}}: i64, %[[C:[a-z0-9]+]]: i1
// CHECK:   %[[X:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK:   %[[Y:.*]] = arith.addi %[[X]], %{{.*}} : i64
// CHECK:   %[[OFF:.*]] = arith.select %[[C]], %[[Y]], %[[X]] : i64
// CHECK-NOT: arith.select
// CHECK:   tt.splat %[[BASE]] : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
// CHECK:   tt.splat %[[OFF]] : i64 -> tensor<64xi64>
tt.func @select_advance(%base: !tt.ptr<f32>, %n: i64, %c: i1) -> tensor<64xf32> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c1_i64 = arith.constant 1 : i64
  %bp = tt.make_tensor_ptr %base, [%n], [%c1_i64], [%c0] {order = array<i32: 0>} : <tensor<64xf32>>
  %next = tt.advance %bp, [%c64] : <tensor<64xf32>>
  %p = arith.select %c, %next, %bp : !tt.ptr<tensor<64xf32>>
  %v = tt.load %p : !tt.ptr<tensor<64xf32>>
  tt.return %v : tensor<64xf32>
}

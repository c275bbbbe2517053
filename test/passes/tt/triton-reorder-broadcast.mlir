// RUN: %mlir-tile -p 'builtin.module(triton-reorder-broadcast)' %s | FileCheck %s

// Elementwise ops on splats run once on the scalars; a splat constant
// operand becomes a scalar constant.

// CHECK-LABEL: tt.func @splat_operands(
// CHECK-SAME:    %[[X:[a-z0-9]+]]: f32, %[[Y:[a-z0-9]+]]: f32
// CHECK-NEXT:   %[[M:.*]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:   %[[S:.*]] = tt.splat %[[M]] : f32 -> tensor<64x64xf32>
// CHECK-NEXT:   tt.return %[[S]]
tt.func @splat_operands(%x: f32, %y: f32) -> tensor<64x64xf32> {
  %a = tt.splat %x : f32 -> tensor<64x64xf32>
  %b = tt.splat %y : f32 -> tensor<64x64xf32>
  %s = arith.mulf %a, %b : tensor<64x64xf32>
  tt.return %s : tensor<64x64xf32>
}

// CHECK-LABEL: tt.func @splat_and_constant(
// CHECK-NEXT:   %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT:   %[[A:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:   %[[S:.*]] = tt.splat %[[A]] : i32 -> tensor<64xi32>
// CHECK-NEXT:   tt.return %[[S]]
tt.func @splat_and_constant(%x: i32) -> tensor<64xi32> {
  %a = tt.splat %x : i32 -> tensor<64xi32>
  %c = arith.constant dense<3> : tensor<64xi32>
  %s = arith.addi %a, %c : tensor<64xi32>
  tt.return %s : tensor<64xi32>
}

// Elementwise ops on a broadcast run on its source; splat operands are
// re-made at the source's shape, and the result type's element type is
// kept (i1 for a comparison).

// CHECK-LABEL: tt.func @broadcast_and_splat(
// CHECK-SAME:    %[[X:[a-z0-9]+]]: tensor<64x1xf32>, %[[Y:[a-z0-9]+]]: f32
// CHECK-NEXT:   %[[YS:.*]] = tt.splat %[[Y]] : f32 -> tensor<64x1xf32>
// CHECK-NEXT:   %[[D:.*]] = arith.subf %[[X]], %[[YS]] : tensor<64x1xf32>
// CHECK-NEXT:   %[[B:.*]] = tt.broadcast %[[D]] : tensor<64x1xf32> -> tensor<64x32xf32>
// CHECK-NEXT:   tt.return %[[B]]
tt.func @broadcast_and_splat(%x: tensor<64x1xf32>, %y: f32) -> tensor<64x32xf32> {
  %a = tt.broadcast %x : tensor<64x1xf32> -> tensor<64x32xf32>
  %b = tt.splat %y : f32 -> tensor<64x32xf32>
  %s = arith.subf %a, %b : tensor<64x32xf32>
  tt.return %s : tensor<64x32xf32>
}

// CHECK-LABEL: tt.func @broadcast_and_constant(
// CHECK-NEXT:   %[[C:.*]] = arith.constant dense<7> : tensor<1x32xi32>
// CHECK-NEXT:   %[[LT:.*]] = arith.cmpi slt, %arg0, %[[C]] : tensor<1x32xi32>
// CHECK-NEXT:   %[[B:.*]] = tt.broadcast %[[LT]] : tensor<1x32xi1> -> tensor<64x32xi1>
// CHECK-NEXT:   tt.return %[[B]]
tt.func @broadcast_and_constant(%x: tensor<1x32xi32>) -> tensor<64x32xi1> {
  %a = tt.broadcast %x : tensor<1x32xi32> -> tensor<64x32xi32>
  %c = arith.constant dense<7> : tensor<64x32xi32>
  %s = arith.cmpi slt, %a, %c : tensor<64x32xi32>
  tt.return %s : tensor<64x32xi1>
}

// Left alone: broadcasts from two shapes, ops with memory effects, and
// operands that are neither splats nor broadcasts.

// CHECK-LABEL: tt.func @broadcasts_from_different_shapes(
// CHECK:   tt.broadcast
// CHECK-NEXT:   tt.broadcast
// CHECK-NEXT:   arith.addf %{{.*}}, %{{.*}} : tensor<64x32xf32>
tt.func @broadcasts_from_different_shapes(%x: tensor<64x1xf32>, %y: tensor<1x32xf32>) -> tensor<64x32xf32> {
  %a = tt.broadcast %x : tensor<64x1xf32> -> tensor<64x32xf32>
  %b = tt.broadcast %y : tensor<1x32xf32> -> tensor<64x32xf32>
  %s = arith.addf %a, %b : tensor<64x32xf32>
  tt.return %s : tensor<64x32xf32>
}

// CHECK-LABEL: tt.func @load_of_splat(
// CHECK:   %[[P:.*]] = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
// CHECK-NEXT:   tt.load %[[P]] : tensor<64x!tt.ptr<f32>>
tt.func @load_of_splat(%p: !tt.ptr<f32>) -> tensor<64xf32> {
  %a = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %v = tt.load %a : tensor<64x!tt.ptr<f32>>
  tt.return %v : tensor<64xf32>
}

// CHECK-LABEL: tt.func @argument_operand(
// CHECK:   tt.splat
// CHECK-NEXT:   arith.addf %arg0, %{{.*}} : tensor<64xf32>
tt.func @argument_operand(%x: tensor<64xf32>, %y: f32) -> tensor<64xf32> {
  %b = tt.splat %y : f32 -> tensor<64xf32>
  %s = arith.addf %x, %b : tensor<64xf32>
  tt.return %s : tensor<64xf32>
}

// Inline assembly on packs of 2 elements depends on the shape: it stays.

// CHECK-LABEL: tt.func @packed_inline_asm(
// CHECK:   tt.splat
// CHECK-NEXT:   tt.elementwise_inline_asm {{.*}} : tensor<64xi32> -> tensor<64xi32>
tt.func @packed_inline_asm(%x: i32) -> tensor<64xi32> {
  %a = tt.splat %x : i32 -> tensor<64xi32>
  %r = tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $3;" {constraints = "=r,=r,r,r", packed_element = 2 : i32, pure = true} %a : tensor<64xi32> -> tensor<64xi32>
  tt.return %r : tensor<64xi32>
}

//===- Passes.td - TTIR to TTIR passes ---------------------*- tablegen -*-===//

#ifndef TILE_PASSES_TT_PASSES_TD
#define TILE_PASSES_TT_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonRewriteTensorPointerPass
    : Pass<"triton-rewrite-tensor-pointer", "::mlir::ModuleOp"> {
  let summary = "Rewrite loads and stores through block pointers into loads and stores through tensors of pointers";
  let description = [{
    Triton 3.6's triton-rewrite-tensor-pointer, the second pass of make_ttir.
    `tt.make_tensor_ptr` and `tt.advance` disappear; a `tt.load` or
    `tt.store` through a block pointer becomes one through a tensor of
    pointers. Element `(i0, i1, ...)` of the block is at
    `base + Σ_d (offset_d + i_d) * stride_d`, computed in i64 (the i32
    offsets sign-extended, one `tt.make_range` per dimension, expanded and
    broadcast to the block). Each dimension listed in `boundaryCheck` adds
    `0 <= offset_d + i_d < shape_d` to the mask; with a boundary check,
    `padding` (zero or nan) gives the masked-off lanes of a load their value
    (`other`). Without a boundary check there is no mask, and `padding` has
    nothing to fill. Cache, eviction and volatile attributes stay.

    A block pointer carried by `scf.for`, `scf.if` or `scf.while` becomes
    its i64 offsets there, as in Triton, when the base, shape and strides
    are the same on every path into the op and defined before it; otherwise
    (two different `tt.make_tensor_ptr` meet) the base, shape and strides
    are carried too. An `arith.select` between block pointers (what
    canonicalize, which the inliner runs first, makes of an `scf.if` that
    only chooses between two) selects each part the two do not share.

    Block pointers that come from anywhere else (function arguments, calls)
    or are used by any other op, and `padding = nan` (2) on an element type
    without NaN, are diagnosed before anything is rewritten. Triton's
    front end rejects nan padding of integers too.

    ```mlir
    tt.func @copy_row(%src: !tt.ptr<f32>, %dst: !tt.ptr<f32>, %n: i64, %row: i32) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i64
      %a = tt.make_tensor_ptr %src, [%n, %n], [%n, %c1], [%row, %c0] {order = array<i32: 1, 0>} : <tensor<1x64xf32>>
      %v = tt.load %a {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<1x64xf32>>
      %b = tt.make_tensor_ptr %dst, [%n, %n], [%n, %c1], [%row, %c0] {order = array<i32: 1, 0>} : <tensor<1x64xf32>>
      tt.store %b, %v {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<1x64xf32>>
      tt.return
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tile::tt::TTDialect"];
}

#endif // TILE_PASSES_TT_PASSES_TD

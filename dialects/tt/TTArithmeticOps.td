//===- TTArithmeticOps.td - Casts and arithmetic of tt -----*- tablegen -*-===//
//
// Elementwise casts, Triton's own arithmetic and pointer arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTARITHMETICOPS_TD
#define TILE_DIALECTS_TT_TTARITHMETICOPS_TD

include "dialects/tt/TTOpBase.td"

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

def TT_IntToPtrOp : TT_Op<"int_to_ptr", [Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding, Pure]> {
  let summary = "cast an i64 (or tensor of i64) to a pointer";
  let description = [{
    Reinterprets 64-bit integers as pointers, elementwise.

    ```mlir
    tt.func @int_to_ptr(%i: i64) {
      %p = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_I64Like:$src);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_PtrToIntOp : TT_Op<"ptr_to_int", [Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding, Pure]> {
  let summary = "cast a pointer (or tensor of pointers) to i64";
  let description = [{
    Reinterprets pointers as 64-bit integers, elementwise.

    ```mlir
    tt.func @ptr_to_int(%p: !tt.ptr<f32>) {
      %i = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_PtrLike:$src);
  let results = (outs TT_I64Like:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_BitcastOp : TT_Op<"bitcast", [Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding, Pure]> {
  let summary = "reinterpret bits between types of the same width";
  let description = [{
    Unlike `arith.bitcast`, also accepts pointers (64 bits wide).

    ```mlir
    tt.func @bitcast(%a: tensor<16x16xi8>) {
      %b = tt.bitcast %a : tensor<16x16xi8> -> tensor<16x16xf8E5M2>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TT_FpToFpOp : TT_Op<"fp_to_fp", [Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding, Pure]> {
  let summary = "floating-point cast for fp8 types and explicit rounding";
  let description = [{
    Converts between fp8 types and f16/bf16/f32/f64. A narrowing conversion
    must name its rounding mode; a widening one is exact and must not.

    ```mlir
    tt.func @fp_to_fp(%x: tensor<128xf32>) {
      %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32> -> tensor<128xf8E5M2>
      %z = tt.fp_to_fp %y : tensor<128xf8E5M2> -> tensor<128xf16>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_FloatLike:$src,
                       OptionalAttr<TT_RoundingModeAttr>:$rounding);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $src attr-dict (`,` `rounding` `=` $rounding^)? `:` type($src) `->`
    type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

def TT_ClampFOp : TT_Op<"clampf", [Elementwise, SameOperandsAndResultType,
                                   Pure]> {
  let summary = "clamp floats to [min, max]";
  let description = [{
    `propagateNan = all` returns NaN when `x` is NaN; `none` returns a bound.

    ```mlir
    tt.func @clampf(%x: tensor<64xf32>, %lo: tensor<64xf32>, %hi: tensor<64xf32>) {
      %r = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<64xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$min, TT_FloatLike:$max,
                       TT_PropagateNanAttr:$propagateNan);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:`
    type($result)
  }];
}

def TT_PreciseSqrtOp : TT_Op<"precise_sqrt", [Elementwise,
    SameOperandsAndResultType, Pure]> {
  let summary = "correctly rounded square root";
  let description = [{
    IEEE round-to-nearest square root (`tl.sqrt_rn`); `math.sqrt` may be
    approximate.

    ```mlir
    tt.func @precise_sqrt(%x: tensor<256xf32>) {
      %r = tt.precise_sqrt %x : tensor<256xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_FloatLike:$x);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TT_PreciseDivFOp : TT_Op<"precise_divf", [Elementwise,
    SameOperandsAndResultType, Pure]> {
  let summary = "correctly rounded division";
  let description = [{
    IEEE round-to-nearest division (`tl.div_rn`).

    ```mlir
    tt.func @precise_divf(%x: tensor<256xf32>, %y: tensor<256xf32>) {
      %r = tt.precise_divf %x, %y : tensor<256xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$y);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_MulhiUIOp : TT_Op<"mulhiui", [Elementwise, SameOperandsAndResultType,
                                     Pure]> {
  let summary = "high half of the unsigned 2N-bit product";
  let description = [{
    Returns the most significant N bits of the 2N-bit product of two unsigned
    N-bit integers (`tl.umulhi`).

    ```mlir
    tt.func @mulhiui(%x: tensor<128xi32>, %y: tensor<128xi32>) {
      %r = tt.mulhiui %x, %y : tensor<128xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_IntLike:$x, TT_IntLike:$y);
  let results = (outs TT_IntLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic
//===----------------------------------------------------------------------===//

def TT_AddPtrOp : TT_Op<"addptr", [Pure, Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding,
    TypesMatchWith<"result type matches ptr type", "result", "ptr", "$_self">]> {
  let summary = "advance pointers by element offsets";
  let description = [{
    `result = ptr + offset * sizeof(pointee)`, elementwise. The printed types
    are the result (= pointer) type, then the offset type.

    ```mlir
    tt.func @addptr(%p: !tt.ptr<f32>, %off: tensor<256xi32>) {
      %ps = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
      %q = tt.addptr %ps, %off : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, TT_IntLike:$offset);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` type($result) `,` type($offset)
  }];
  let hasFolder = 1;
}

def TT_AdvanceOp : TT_Op<"advance", [Pure,
    TypesMatchWith<"result type matches ptr type", "result", "ptr", "$_self">]> {
  let summary = "move a block pointer by per-dimension offsets";
  let description = [{
    Block pointers are Triton 3.6's `tt.make_tensor_ptr` values; one i32
    offset per dimension of the block.

    ```mlir
    tt.func @advance(%bp: !tt.ptr<tensor<128x64xf16>>, %i: i32) {
      %bp2 = tt.advance %bp, [%i, %i] : <tensor<128x64xf16>>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_TensorPtr:$ptr, Variadic<I32>:$offsets);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = "$ptr `,` `[` $offsets `]` attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

#endif // TILE_DIALECTS_TT_TTARITHMETICOPS_TD

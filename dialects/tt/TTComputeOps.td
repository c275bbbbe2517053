//===- TTComputeOps.td - Dots, reductions and scans of tt --*- tablegen -*-===//
//
// Dots, reductions, scans, histograms, gathers and external code.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTCOMPUTEOPS_TD
#define TILE_DIALECTS_TT_TTCOMPUTEOPS_TD

include "dialects/tt/TTOpBase.td"

//===----------------------------------------------------------------------===//
// Dot, reductions, scans
//===----------------------------------------------------------------------===//

def TT_DotOp : TT_Op<"dot", [Pure,
    TypesMatchWith<"result type matches accumulator type", "d", "c",
                   "$_self">]> {
  let summary = "d = a * b + c on (optionally batched) matrices";
  let description = [{
    `a` is [B x] M x K, `b` [B x] K x N, `c` and `d` [B x] M x N.
    `inputPrecision` says how f32 inputs use tensor cores (tf32, tf32x3,
    bf16x3, bf16x6) or not (ieee, the default, not printed).
    `maxNumImpreciseAcc` bounds fp8 accumulation in reduced precision.

    ```mlir
    tt.func @dot(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>) {
      %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
      %e = tt.dot %a, %b, %d : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_FpIntTensor:$a, TT_FpIntTensor:$b,
    TT_FpIntTensor:$c,
    DefaultValuedAttr<TT_InputPrecisionAttr,
                      "::mlir::tile::tt::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict
    `:` type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TT_DotScaledOp : TT_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
    TypesMatchWith<"result type matches accumulator type", "d", "c",
                   "$_self">]> {
  let summary = "microscaled matrix multiply-accumulate";
  let description = [{
    `d = scale(a, a_scale) * scale(b, b_scale) + c`, where a scale applies to
    a block of 32 elements along K. fp4 operands (e2m1) come packed two per
    i8, along K unless `lhs_k_pack`/`rhs_k_pack` is false.

    ```mlir
    tt.func @dot_scaled(%a: tensor<128x64xf8E4M3FN>, %sa: tensor<128x2xi8>, %b: tensor<64x128xf8E4M3FN>, %sb: tensor<128x2xi8>, %c: tensor<128x128xf32>) {
      %d = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e4m3 rhs = e4m3 {fastMath = false} : tensor<128x64xf8E4M3FN>, tensor<128x2xi8> * tensor<64x128xf8E4M3FN>, tensor<128x2xi8> -> tensor<128x128xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins RankedTensorOf<[TT_Float, I8]>:$a,
    RankedTensorOf<[TT_Float, I8]>:$b, TT_FloatTensor:$c,
    Optional<RankedTensorOf<[TT_Float, I8]>>:$a_scale,
    Optional<RankedTensorOf<[TT_Float, I8]>>:$b_scale,
    TT_ScaleDotElemTypeAttr:$a_elem_type,
    TT_ScaleDotElemTypeAttr:$b_elem_type, BoolAttr:$fastMath,
    DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
    DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs TT_FloatTensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict
    `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)?
    `->` type($d)
  }];
  let hasVerifier = 1;
}

def TT_ReduceOp : TT_Op<"reduce", [Pure, SameOperandsShape,
    SameOperandsEncoding, SingleBlock]> {
  let summary = "reduce tensors along an axis with a combiner region";
  let description = [{
    The region combines two partial results of every operand: its block takes
    2N scalars (N accumulated values, then N new ones) and `tt.reduce.return`s
    N scalars. Results drop dimension `axis` (a scalar for rank-1 inputs).
    Like Triton, the op prints in generic form.

    ```mlir
    tt.func @reduce(%x: tensor<128x64xf32>) {
      %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %m = arith.maxnumf %a, %b : f32
        tt.reduce.return %m : f32
      }) : (tensor<128x64xf32>) -> tensor<128xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<TT_Type>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_ReduceReturnOp : TT_Op<"reduce.return", [HasParent<"ReduceOp">, Pure,
                                                Terminator, ReturnLike]> {
  let summary = "terminator of the tt.reduce combiner";
  let description = [{
    See `tt.reduce`.

    ```mlir
    tt.func @reduce_return(%x: tensor<64xi32>) {
      %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
      ^bb0(%a: i32, %b: i32):
        %s = arith.addi %a, %b : i32
        tt.reduce.return %s : i32
      }) : (tensor<64xi32>) -> i32
      tt.return
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_ScanOp : TT_Op<"scan", [Pure, SameOperandsAndResultEncoding,
    SameOperandsAndResultShape, SingleBlock]> {
  let summary = "inclusive associative scan along an axis";
  let description = [{
    The combiner region is as for `tt.reduce`; `reverse` scans from the last
    element. Prints in generic form.

    ```mlir
    tt.func @scan(%x: tensor<128xi32>) {
      %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
      ^bb0(%a: i32, %b: i32):
        %s = arith.addi %a, %b : i32
        tt.scan.return %s : i32
      }) : (tensor<128xi32>) -> tensor<128xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis,
                       BoolAttr:$reverse);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_ScanReturnOp : TT_Op<"scan.return", [HasParent<"ScanOp">, Pure,
                                            Terminator, ReturnLike]> {
  let summary = "terminator of the tt.scan combiner";
  let description = [{
    See `tt.scan`.

    ```mlir
    tt.func @scan_return(%x: tensor<8xf32>) {
      %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = true}> ({
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        tt.scan.return %s : f32
      }) : (tensor<8xf32>) -> tensor<8xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_HistogramOp : TT_Op<"histogram", [Pure,
    TypesMatchWith<"mask type matches src type", "src", "mask",
                   "::mlir::tile::tt::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">]> {
  let summary = "histogram of non-negative integers into unit-width bins";
  let description = [{
    The number of bins is the result size; bin i counts elements equal to i.
    Lanes whose `mask` is false are not counted.

    ```mlir
    tt.func @histogram(%x: tensor<512xi32>, %m: tensor<512xi1>) {
      %h = tt.histogram %x : tensor<512xi32> -> tensor<16xi32>
      %g = tt.histogram %x, %m : tensor<512xi32> -> tensor<16xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_IntTensor:$src, Optional<TT_BoolLike>:$mask);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = [{
    $src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_GatherOp : TT_Op<"gather", [Pure]> {
  let summary = "gather elements of a tensor along an axis";
  let description = [{
    `result[i...] = src[i... with axis replaced by indices[i...]]`. The result
    has the shape of `indices`.

    ```mlir
    tt.func @gather(%src: tensor<128x16xf32>, %idx: tensor<512x16xi32>) {
      %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x16xf32>, tensor<512x16xi32>) -> tensor<512x16xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Tensor:$src, TT_IntTensor:$indices, I32Attr:$axis,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// External and inline code
//===----------------------------------------------------------------------===//

def TT_ExternElementwiseOp : TT_Op<"extern_elementwise", [Elementwise,
    SameOperandsAndResultEncoding, SameVariadicOperandSize,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "call an external device function elementwise";
  let description = [{
    Calls `symbol` from the library `libname` at `libpath` (libdevice for
    `__nv_*`) on each element. `pure` says the call has no side effects.

    ```mlir
    tt.func @extern_elementwise(%x: tensor<128xf32>) {
      %r = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<128xf32>) -> tensor<128xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins Variadic<TT_Type>:$srcs, StrAttr:$libname,
                       StrAttr:$libpath, StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
}

def TT_ElementwiseInlineAsmOp : TT_Op<"elementwise_inline_asm", [Elementwise,
    SameOperandsAndResultEncoding,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "inline assembly over packs of elements";
  let description = [{
    Runs `asm_string` on `packed_element` elements at a time; which elements
    form a pack is unspecified.

    ```mlir
    tt.func @elementwise_inline_asm(%x: tensor<128xi32>) {
      %r = tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<128xi32> -> tensor<128xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints,
                       BoolAttr:$pure, I32Attr:$packed_element,
                       Variadic<TT_Type>:$args);
  let results = (outs Variadic<TT_Type>:$result);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_MapElementwiseOp : TT_Op<"map_elementwise", [RecursiveMemoryEffects,
    SameOperandsAndResultEncoding, SameOperandsAndResultShape]> {
  let summary = "map a scalar region over tensors, `pack` elements at a time";
  let description = [{
    The region takes `pack` scalars of each operand and returns `pack` scalars
    of each result. Prints in generic form.

    ```mlir
    tt.func @map_elementwise(%x: tensor<64xf32>) {
      %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
      ^bb0(%a: f32):
        %n = arith.negf %a : f32
        tt.map_elementwise.return %n : f32
      }) : (tensor<64xf32>) -> tensor<64xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$pack);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region AnyRegion:$scalarOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_MapElementwiseReturnOp : TT_Op<"map_elementwise.return", [
    HasParent<"MapElementwiseOp">, Pure, Terminator, ReturnLike]> {
  let summary = "terminator of tt.map_elementwise";
  let description = [{
    See `tt.map_elementwise`.

    ```mlir
    tt.func @map_elementwise_return(%x: tensor<64xi32>) {
      %r = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
      ^bb0(%a: i32, %b: i32):
        tt.map_elementwise.return %b, %a : i32, i32
      }) : (tensor<64xi32>) -> tensor<64xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

#endif // TILE_DIALECTS_TT_TTCOMPUTEOPS_TD

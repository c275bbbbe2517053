//===- TTShapeOps.td - Shape operations of tt --------------*- tablegen -*-===//
//
// Reshapes, broadcasts, joins and splits, ranges and program ids.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTSHAPEOPS_TD
#define TILE_DIALECTS_TT_TTSHAPEOPS_TD

include "dialects/tt/TTOpBase.td"

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def TT_SplatOp : TT_Op<"splat", [Pure, SameOperandsAndResultElementType,
                                 SameOperandsAndResultEncoding]> {
  let summary = "broadcast a scalar to a tensor";
  let description = [{
    The source is a scalar or, as Triton allows, a rank-0 tensor.

    ```mlir
    tt.func @splat(%x: i32) {
      %t = tt.splat %x : i32 -> tensor<256xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TT_UnsplatOp : TT_Op<"unsplat", [Pure,
    TypesMatchWith<"result is the element type of src", "src", "result",
                   "::mlir::cast<::mlir::RankedTensorType>($_self)"
                   ".getElementType()">]> {
  let summary = "the element of a one-element tensor, as a scalar";
  let description = [{
    ```mlir
    tt.func @unsplat(%t: tensor<1x1xf32>) {
      %s = tt.unsplat %t : tensor<1x1xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def TT_ExpandDimsOp : TT_Op<"expand_dims", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "insert a dimension of size 1 at `axis`";
  let description = [{
    ```mlir
    tt.func @expand_dims(%t: tensor<64xi32>) {
      %e = tt.expand_dims %t {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Tensor:$src, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_ReshapeOp : TT_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "reinterpret a tensor with another shape";
  let description = [{
    Keeps the row-major element order unless `allow_reorder` lets the compiler
    permute elements. `efficient_layout` marks a result layout chosen on
    purpose.

    ```mlir
    tt.func @reshape(%t: tensor<512xi32>) {
      %r = tt.reshape %t : tensor<512xi32> -> tensor<16x32xi32>
      %s = tt.reshape %t allow_reorder : tensor<512xi32> -> tensor<32x16xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Tensor:$src, UnitAttr:$allow_reorder,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)?
    (`efficient_layout` $efficient_layout^)? attr-dict `:` type($src) `->`
    type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_BroadcastOp : TT_Op<"broadcast", [Pure,
    SameOperandsAndResultElementType, SameOperandsAndResultEncoding]> {
  let summary = "stretch dimensions of size 1";
  let description = [{
    Every dimension keeps its size or grows from 1; the rank is unchanged.

    ```mlir
    tt.func @broadcast(%t: tensor<64x1xi32>) {
      %b = tt.broadcast %t : tensor<64x1xi32> -> tensor<64x64xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def TT_CatOp : TT_Op<"cat", [NoMemoryEffect, SameTypeOperands,
                             SameOperandsAndResultElementType]> {
  let summary = "concatenate two tensors (element order unspecified)";
  let description = [{
    Not `Pure`: the compiler may reorder the elements of the result.

    ```mlir
    tt.func @cat(%a: tensor<32xf32>, %b: tensor<32xf32>) {
      %c = tt.cat %a, %b : tensor<32xf32> -> tensor<64xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TT_JoinOp : TT_Op<"join", [NoMemoryEffect, SameTypeOperands,
                               SameOperandsAndResultElementType]> {
  let summary = "stack two tensors along a new minor dimension of size 2";
  let description = [{
    ```mlir
    tt.func @join(%a: tensor<64x128xbf16>, %b: tensor<64x128xbf16>) {
      %j = tt.join %a, %b : tensor<64x128xbf16> -> tensor<64x128x2xbf16>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TT_SplitOp : TT_Op<"split", [NoMemoryEffect,
    TypesMatchWith<"outLHS and outRHS types match", "outLHS", "outRHS",
                   "$_self">]> {
  let summary = "split a tensor along its last dimension, which has size 2";
  let description = [{
    Returns `src[..., 0]` and `src[..., 1]`.

    ```mlir
    tt.func @split(%t: tensor<128x64x2xf32>) {
      %l, %r = tt.split %t : tensor<128x64x2xf32> -> tensor<128x64xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$outLHS, TT_Tensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
  let hasVerifier = 1;
}

def TT_TransOp : TT_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "permute the dimensions of a tensor";
  let description = [{
    Result dimension `i` is source dimension `order[i]`. In TTGIR the result
    layout is chosen so the op moves no data between threads.

    ```mlir
    tt.func @trans(%x: tensor<64x32xf16>) {
      %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

// The range checks come before the size checks, as in Triton: an empty
// range is reported as such, not as a zero-sized tensor.
def TT_MakeRangeOp : TT_Op<"make_range", [Pure], /*checkTensorSizes=*/0> {
  let summary = "the 1-D i32 tensor [start, end)";
  let description = [{
    `start` and `end` are signed; the result has `end - start` elements.

    ```mlir
    tt.func @make_range() {
      %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// SPMD
//===----------------------------------------------------------------------===//

def TT_GetProgramIdOp : TT_Op<"get_program_id", [Pure]> {
  let summary = "this program's index in the launch grid along an axis";
  let description = [{
    ```mlir
    tt.func @get_program_id() {
      %pid = tt.get_program_id x : i32
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_GetNumProgramsOp : TT_Op<"get_num_programs", [Pure]> {
  let summary = "the size of the launch grid along an axis";
  let description = [{
    ```mlir
    tt.func @get_num_programs() {
      %n = tt.get_num_programs y : i32
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

#endif // TILE_DIALECTS_TT_TTSHAPEOPS_TD

//===- TTOps.td - Operations of the tt dialect -------------*- tablegen -*-===//
//
// Every operation of Triton 3.6's `tt` dialect, with the printed form Triton
// uses. Verifiers live in TTOps.cpp; folders and canonicalizations in
// TTCanonicalize.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTOPS_TD
#define TILE_DIALECTS_TT_TTOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "dialects/tt/TTDialect.td"
include "dialects/tt/TTTypes.td"
include "dialects/tt/TTAttrs.td"
include "dialects/tt/TTTraits.td"

def TT_GlobalMemory : Resource<"::mlir::tile::tt::GlobalMemory">;

// `checkTensorSizes` = 0 leaves the size checks to the op's own verifier,
// which runs them after the checks it must report first.
class TT_Op<string mnemonic, list<Trait> traits = [], bit checkTensorSizes = 1>
    : Op<TT_Dialect, mnemonic,
         !listconcat(traits, !if(checkTensorSizes, [TT_TensorSizeTrait], []))>;

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

//===----------------------------------------------------------------------===//
// Loads, stores and atomics
//===----------------------------------------------------------------------===//

// Only the pointer type is printed; the parser derives the others from it.
// The comparators skip the check for an absent optional operand.
def TT_LoadOp : TT_Op<"load", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"result matches ptr type", "ptr", "result",
                   "::mlir::tile::tt::getPointeeType($_self)">,
    TypesMatchWith<"mask type matches ptr type", "ptr", "mask",
                   "::mlir::tile::tt::getI1SameShape("
                   "::mlir::tile::tt::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">,
    TypesMatchWith<"other matches ptr type", "ptr", "other",
                   "::mlir::tile::tt::getPointeeType($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "load through pointers or a block pointer";
  let description = [{
    Loads the pointee of each pointer. Lanes whose `mask` is false read
    nothing and yield `other` (undefined when `other` is absent). With a block
    pointer, `boundaryCheck` lists the dimensions checked against the tensor
    shape and `padding` says what out-of-bounds elements read as. The printed
    type is the pointer type only.

    ```mlir
    tt.func @load(%p: tensor<256x!tt.ptr<f32>>, %m: tensor<256xi1>, %o: tensor<256xf32>) {
      %a = tt.load %p : tensor<256x!tt.ptr<f32>>
      %b = tt.load %p, %m, %o cacheModifier = ca evictionPolicy = evict_last : tensor<256x!tt.ptr<f32>>
      %c = tt.load %p {isVolatile = true} : tensor<256x!tt.ptr<f32>>
      tt.return
    }
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>:$ptr,
    Optional<TT_BoolLike>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:$boundaryCheck,
    OptionalAttr<TT_PaddingOptionAttr>:$padding,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::tile::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::tile::tt::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let results = (outs TT_Type:$result);
  // The clauses of an oilist cannot start with a comma, so the modifiers
  // follow the operands without one, as in Triton.
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_StoreOp : TT_Op<"store", [
    MemoryEffects<[MemWrite<TT_GlobalMemory>]>,
    TypesMatchWith<"value type matches ptr type", "ptr", "value",
                   "::mlir::tile::tt::getPointeeType($_self)">,
    TypesMatchWith<"mask type matches ptr type", "ptr", "mask",
                   "::mlir::tile::tt::getI1SameShape("
                   "::mlir::tile::tt::getPointeeType($_self))",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "store through pointers or a block pointer";
  let description = [{
    Stores `value` to each pointer whose `mask` lane is true.

    ```mlir
    tt.func @store(%p: tensor<256x!tt.ptr<f32>>, %v: tensor<256xf32>, %m: tensor<256xi1>) {
      tt.store %p, %v : tensor<256x!tt.ptr<f32>>
      tt.store %p, %v, %m cacheModifier = wb evictionPolicy = evict_first : tensor<256x!tt.ptr<f32>>
      tt.return
    }
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>:$ptr,
    TT_Type:$value,
    Optional<TT_BoolLike>:$mask,
    DefaultValuedAttr<DenseI32ArrayAttr, "::llvm::ArrayRef<int32_t>{}">:$boundaryCheck,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::tile::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::tile::tt::EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_AtomicRMWOp : TT_Op<"atomic_rmw", [SameOperandsAndResultShape,
    SameOperandsAndResultEncoding,
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "atomic read-modify-write; returns the old value";
  let description = [{
    Applies `atomic_rmw_op` with `val` at each pointer whose `mask` lane is
    true, with memory semantic `sem` and scope `scope`.

    ```mlir
    tt.func @atomic_rmw(%p: tensor<32x!tt.ptr<f32>>, %v: tensor<32xf32>, %m: tensor<32xi1>) {
      %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<32x!tt.ptr<f32>>, tensor<32xf32>, tensor<32xi1>) -> tensor<32xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_AtomicRMWAttr:$atomic_rmw_op, TT_PtrLike:$ptr,
                       TT_Type:$val, Optional<TT_BoolLike>:$mask,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)?
    attr-dict `:` functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

def TT_AtomicCASOp : TT_Op<"atomic_cas", [SameOperandsAndResultShape,
    SameOperandsAndResultEncoding,
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "atomic compare-and-swap; returns the old value";
  let description = [{
    Where the value at `ptr` equals `cmp`, stores `val`; always returns the
    value that was there.

    ```mlir
    tt.func @atomic_cas(%p: !tt.ptr<i32>, %c: i32, %v: i32) {
      %old = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i32, i32) -> i32
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, TT_Type:$cmp, TT_Type:$val,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasVerifier = 1;
}

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

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def TT_PrintOp : TT_Op<"print", [MemoryEffects<[MemWrite<TT_GlobalMemory>]>]> {
  let summary = "device-side print";
  let description = [{
    Prints `prefix` and each argument; `isSigned` has one entry per argument.

    ```mlir
    tt.func @print(%x: tensor<128xi32>) {
      tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<128xi32>
      tt.return
    }
    ```
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex,
                       Variadic<TT_Type>:$args, DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = "$prefix attr-dict (`:` $args^ `:` type($args))?";
  let hasVerifier = 1;
}

def TT_AssertOp : TT_Op<"assert", [MemoryEffects<[MemWrite<TT_GlobalMemory>]>]> {
  let summary = "device-side assert";
  let description = [{
    Aborts the kernel with `message` when any element of `condition` is false.

    ```mlir
    tt.func @assert(%c: tensor<1024xi1>) {
      tt.assert %c, "x must be positive" : tensor<1024xi1>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_BoolLike:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

def TT_MakeTensorPtrOp : TT_Op<"make_tensor_ptr", [Pure,
    SameVariadicOperandSize,
    TypesMatchWith<"base points to the block's element type", "result",
                   "base", "::mlir::tile::tt::getBlockElementPointer($_self)">]> {
  let summary = "make a block pointer (Triton 3.6)";
  let description = [{
    Describes a global tensor (base, i64 shape and strides), the block's
    position in it (i32 offsets) and the block's dimension order (fastest
    first).

    ```mlir
    tt.func @make_tensor_ptr(%base: !tt.ptr<f16>, %m: i64, %s: i64, %o: i32) {
      %bp = tt.make_tensor_ptr %base, [%m, %m], [%s, %s], [%o, %o] {order = array<i32: 1, 0>} : <tensor<128x64xf16>>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I64>:$shape,
                       Variadic<I64>:$strides, Variadic<I32>:$offsets,
                       DenseI32ArrayAttr:$order);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]`
    attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def TT_MakeTensorDescOp : TT_Op<"make_tensor_descriptor", [Pure,
    SameVariadicOperandSize]> {
  let summary = "make a tensor descriptor";
  let description = [{
    Describes a global tensor by base, i32 shape and i64 strides; the result
    type carries the block shape. `padding` says what out-of-bounds elements
    read as.

    ```mlir
    tt.func @make_tensor_descriptor(%base: !tt.ptr<f16>, %m: i32, %s: i64) {
      %c1 = arith.constant 1 : i64
      %d = tt.make_tensor_descriptor %base, [%m, %m], [%s, %c1] : <f16>, <tensor<128x64xf16>>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I32>:$shape,
                       Variadic<I64>:$strides,
                       DefaultValuedAttr<TT_PaddingOptionAttr,
                           "::mlir::tile::tt::PaddingOption::PAD_ZERO">:$padding);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base)
    `,` type($result)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorLoadOp : TT_Op<"descriptor_load", [
    MemoryEffects<[MemRead<TT_GlobalMemory>]>]> {
  let summary = "load the block of a descriptor at the given indices";
  let description = [{
    ```mlir
    tt.func @descriptor_load(%d: !tt.tensordesc<tensor<128x64xf16>>, %i: i32) {
      %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$indices,
    DefaultValuedAttr<TT_CacheModifierAttr,
                      "::mlir::tile::tt::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr,
                      "::mlir::tile::tt::EvictionPolicy::NORMAL">:$evict);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]`
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorStoreOp : TT_Op<"descriptor_store", [
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "store a block through a descriptor";
  let description = [{
    ```mlir
    tt.func @descriptor_store(%d: !tt.tensordesc<tensor<128x64xf16>>, %i: i32, %v: tensor<128x64xf16>) {
      tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<128x64xf16>>, tensor<128x64xf16>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, TT_Tensor:$src,
                       Variadic<I32>:$indices);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,`
    type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorReduceOp : TT_Op<"descriptor_reduce", [
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "reducing (atomic) store of a block through a descriptor";
  let description = [{
    ```mlir
    tt.func @descriptor_reduce(%d: !tt.tensordesc<tensor<64x64xf32>>, %i: i32, %v: tensor<64x64xf32>) {
      tt.descriptor_reduce add, %d[%i, %i], %v : !tt.tensordesc<tensor<64x64xf32>>, tensor<64x64xf32>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind,
                       TT_TensorDescType:$desc, TT_Tensor:$src,
                       Variadic<I32>:$indices);
  let assemblyFormat = [{
    $kind `,` $desc `[` $indices `]` `,` $src attr-dict `:`
    qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorGatherOp : TT_Op<"descriptor_gather", [
    MemoryEffects<[MemRead<TT_GlobalMemory>]>]> {
  let summary = "gather rows through a one-row descriptor";
  let description = [{
    Loads rows `x_offsets[i]` starting at column `y_offset`; the result has
    one row per offset.

    ```mlir
    tt.func @descriptor_gather(%d: !tt.tensordesc<tensor<1x128xbf16>>, %xs: tensor<32xi32>, %y: i32) {
      %v = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc,
                       RankedTensorOf<[I32]>:$x_offsets, I32:$y_offset);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorScatterOp : TT_Op<"descriptor_scatter", [
    MemoryEffects<[MemRead<TT_GlobalMemory>, MemWrite<TT_GlobalMemory>]>]> {
  let summary = "scatter rows through a one-row descriptor";
  let description = [{
    ```mlir
    tt.func @descriptor_scatter(%d: !tt.tensordesc<tensor<1x128xbf16>>, %xs: tensor<32xi32>, %y: i32, %v: tensor<32x128xbf16>) {
      tt.descriptor_scatter %d[%xs, %y], %v : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xbf16>
      tt.return
    }
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc,
                       RankedTensorOf<[I32]>:$x_offsets, I32:$y_offset,
                       TT_Tensor:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:`
    type(operands)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def TT_FuncOp : TT_Op<"func", [AffineScope, AutomaticAllocationScope,
    CallableOpInterface, FunctionOpInterface, IsolatedFromAbove,
    HasParent<"::mlir::ModuleOp">]> {
  let summary = "a Triton function (a kernel when public)";
  let description = [{
    Like `func.func`, but owned by tt so that Triton controls inlining
    (`noinline`). Argument attributes such as `tt.divisibility` are kept.

    ```mlir
    tt.func public @kernel(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) attributes {noinline = false} {
      tt.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                "::mlir::FunctionType":$type)>];
  let extraClassDeclaration = [{
    /// CallableOpInterface: the body, or null for a declaration.
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    /// FunctionOpInterface.
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    bool isDeclaration() { return isExternal(); }
  }];
  let hasCustomAssemblyFormat = 1;
}

def TT_ReturnOp : TT_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike,
                                   Terminator]> {
  let summary = "return from a tt.func";
  let description = [{
    ```mlir
    tt.func @callee(%x: i32) -> i32 {
      tt.return %x : i32
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$srcs);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
  let hasVerifier = 1;
}

def TT_CallOp : TT_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "direct call of a tt.func";
  let description = [{
    ```mlir
    tt.func private @add_one(%x: i32) -> i32 {
      %c1 = arith.constant 1 : i32
      %y = arith.addi %x, %c1 : i32
      tt.return %y : i32
    }
    tt.func @caller(%x: i32) {
      %r = tt.call @add_one(%x) : (i32) -> i32
      tt.return
    }
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let extraClassDeclaration = [{
    ::mlir::FunctionType getCalleeType() {
      return ::mlir::FunctionType::get(getContext(), getOperandTypes(),
                                       getResultTypes());
    }
    operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getOperandsMutable();
    }
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::mlir::cast<::mlir::SymbolRefAttr>(callee));
    }
  }];
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

#endif // TILE_DIALECTS_TT_TTOPS_TD

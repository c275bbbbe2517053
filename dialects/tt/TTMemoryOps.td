//===- TTMemoryOps.td - Memory operations of tt ------------*- tablegen -*-===//
//
// Loads, stores, atomics, block pointers and tensor descriptors.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTMEMORYOPS_TD
#define TILE_DIALECTS_TT_TTMEMORYOPS_TD

include "dialects/tt/TTOpBase.td"

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

#endif // TILE_DIALECTS_TT_TTMEMORYOPS_TD

//===- TTTypes.td - Types and type constraints of tt -------*- tablegen -*-===//
//
// `!tt.ptr` and `!tt.tensordesc`, plus the type constraints the ops use.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTTYPES_TD
#define TILE_DIALECTS_TT_TTTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "dialects/tt/TTDialect.td"

class TT_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TT_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def TT_PtrType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "pointer to a scalar, or to a block (tensor) in 3.6 block pointers";
  let description = [{
    A pointer into the address space `addressSpace` (1 = global, the default
    and omitted when printed; 3 = shared). A pointee that is a ranked tensor
    makes a block pointer (`tt.make_tensor_ptr`), which Triton 3.6 still
    accepts.

    ```mlir
    tt.func @ptrs(%a: !tt.ptr<f32>, %b: !tt.ptr<f16, 3>,
                  %c: !tt.ptr<tensor<128x64xf16>>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType,
                                        "int":$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "descriptor of a block of a global tensor (TMA)";
  let description = [{
    A tensor descriptor names a global tensor (base, shape, strides) and the
    block shape that one `tt.descriptor_load`/`tt.descriptor_store` moves.
    Triton 3.6 prints the block as a ranked tensor type.

    ```mlir
    tt.func @desc(%d: !tt.tensordesc<tensor<128x64xf16>>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins "::mlir::RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The block with signless integer elements: Triton marks the blocks of
    /// signed integer descriptors `si8`..`si64` (the sign decides a TMA
    /// reduction's min/max), while the tensors they move are signless.
    ::mlir::RankedTensorType getSignlessBlockType() const;
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints (names as in Triton, so the op definitions read familiar)
//===----------------------------------------------------------------------===//

def TT_Float : AnyTypeOf<[F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ, F16, BF16,
                          F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;

def TT_Int : AnyTypeOf<[I1, I<4>, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Like : AnyTypeOf<[I32, RankedTensorOf<[I32]>]>;
def TT_I64Like : AnyTypeOf<[I64, RankedTensorOf<[I64]>]>;

// A pointer to a scalar (the pointee is not a tensor).
def TT_Ptr : Type<And<[TT_PtrType.predicate,
                       CPred<"!::mlir::isa<::mlir::RankedTensorType>("
                             "::mlir::cast<::mlir::tile::tt::PointerType>($_self)"
                             ".getPointeeType())">]>,
                  "ptr", "::mlir::tile::tt::PointerType">;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

// A block pointer: a pointer whose pointee is a ranked tensor.
def TT_TensorPtr : Type<And<[TT_PtrType.predicate,
                             CPred<"::mlir::isa<::mlir::RankedTensorType>("
                                   "::mlir::cast<::mlir::tile::tt::PointerType>"
                                   "($_self).getPointeeType())">]>,
                        "block pointer", "::mlir::tile::tt::PointerType">;

def TT_FpIntTensor : RankedTensorOf<[TT_Float, TT_Int]>;
def TT_Tensor : RankedTensorOf<[TT_Float, TT_Int, TT_Ptr]>;
def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorPtr]>;

#endif // TILE_DIALECTS_TT_TTTYPES_TD

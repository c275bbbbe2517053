//===- TTGTypes.td - Types of ttg --------------------------*- tablegen -*-===//

#ifndef TILE_DIALECTS_TTG_TTGTYPES_TD
#define TILE_DIALECTS_TTG_TTGTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "dialects/ttg/TTGDialect.td"

class TTG_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TTG_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TTG_MemDescType : TTG_TypeDef<"MemDesc", "memdesc", [ShapedTypeInterface]> {
  let summary = "a descriptor of a tensor in shared memory";
  let description = [{
    Shape, element type, shared encoding and memory space of a buffer, and
    whether it may be written (`mutable`). A view into a larger allocation
    (`ttg.memdesc_index`, `ttg.memdesc_subslice`) prints the allocation's
    shape last when it differs. The first dimension may be a pipeline depth
    and need not be a power of two; the others must be.

    ```mlir
    #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
    #smem = #ttg.shared_memory
    tt.func @f(%a: !ttg.memdesc<128x64xf16, #shared, #smem>,
               %b: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>,
               %c: !ttg.memdesc<128x64xf16, #shared, #smem, mutable, 3x128x64>) {
      tt.return
    }
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType,
                        "::mlir::Attribute":$encoding,
                        "::mlir::Attribute":$memorySpace,
                        "bool":$mutableMemory,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::llvm::ArrayRef<int64_t>":$shape,
        "::mlir::Type":$elementType, "::mlir::Attribute":$encoding,
        "::mlir::Attribute":$memorySpace, CArg<"bool", "false">:$mutableMemory), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, shape);
    }]>
  ];
  let extraClassDeclaration = [{
    /// ShapedTypeInterface.
    bool hasRank() const { return true; }
    MemDescType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                          ::mlir::Type elementType) const;
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TTG_AsyncTokenType : TTG_TypeDef<"AsyncToken", "async.token"> {
  let summary = "orders asynchronous copies, commit groups and waits";
  let description = [{
    ```mlir
    tt.func @f(%t: !ttg.async.token) {
      tt.return
    }
    ```
  }];
}

def TTG_MemDesc : Type<CPred<"::mlir::isa<::mlir::tile::ttg::MemDescType>($_self)">,
                       "memory descriptor", "::mlir::tile::ttg::MemDescType">;

#endif // TILE_DIALECTS_TTG_TTGTYPES_TD

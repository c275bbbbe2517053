//===- TTGAttrInterfaces.td - Encoding interfaces ----------*- tablegen -*-===//
//
// What passes and lowerings may ask of an encoding. They ask this interface
// (and the linear layout it returns), never a concrete encoding class.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TTGATTRINTERFACES_TD
#define TILE_DIALECTS_TTG_TTGATTRINTERFACES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/Interfaces.td"

def TTG_LayoutEncodingAttrInterface
    : AttrInterface<"LayoutEncodingAttrInterface"> {
  let cppNamespace = "::mlir::tile::ttg";
  let description = [{
    A layout encoding of ttg. Its meaning is one linear layout per tensor
    shape: from (register, lane, warp, block) to the tensor's dimensions for
    a distributed encoding, from (offset, block) for a shared one.
  }];
  let methods = [
    InterfaceMethod<[{
        The linear layout of this encoding for a tensor of `shape`, not
        cached (callers use ttg::toLinearLayout, which caches); std::nullopt
        with `*error` set when the encoding cannot describe that shape.
      }],
      "std::optional<::mlir::tile::layout::LinearLayout>",
      "computeLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "std::string *":$error)>,
    InterfaceMethod<"The tensor rank this encoding is for.", "unsigned",
      "getRank">,
  ];
}

// Marks register (distributed) encodings.
def TTG_DistributedEncodingTrait
    : NativeAttrTrait<"DistributedEncodingTrait"> {
  let cppNamespace = "::mlir::tile::ttg::AttrTrait";
}

// Marks shared-memory encodings.
def TTG_SharedEncodingTrait : NativeAttrTrait<"SharedEncodingTrait"> {
  let cppNamespace = "::mlir::tile::ttg::AttrTrait";
}

#endif // TILE_DIALECTS_TTG_TTGATTRINTERFACES_TD

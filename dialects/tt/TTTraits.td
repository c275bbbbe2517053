//===- TTTraits.td - Op traits shared by tt and ttg --------*- tablegen -*-===//

#ifndef TILE_DIALECTS_TT_TTTRAITS_TD
#define TILE_DIALECTS_TT_TTTRAITS_TD

include "mlir/IR/OpBase.td"

// Every tensor of the op has a power-of-two number of elements, at most 2^20,
// and an encoding its dialect accepts for the module's hardware.
def TT_TensorSizeTrait : NativeOpTrait<"TensorSizeTrait"> {
  let cppNamespace = "::mlir::tile::tt::OpTrait";
}

// All tensor operands (and results) carry the same layout encoding.
def SameOperandsAndResultEncoding
    : NativeOpTrait<"SameOperandsAndResultEncoding"> {
  let cppNamespace = "::mlir::tile::tt::OpTrait";
}
def SameOperandsEncoding : NativeOpTrait<"SameOperandsEncoding"> {
  let cppNamespace = "::mlir::tile::tt::OpTrait";
}

#endif // TILE_DIALECTS_TT_TTTRAITS_TD

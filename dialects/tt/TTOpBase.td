//===- TTOpBase.td - Base of the tt operations -------------*- tablegen -*-===//
//
// The op class every `tt` operation derives from and the interfaces they use.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTOPBASE_TD
#define TILE_DIALECTS_TT_TTOPBASE_TD

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

#endif // TILE_DIALECTS_TT_TTOPBASE_TD

//===- TTNGOpBase.td - Shared definitions of ttng's ops ----*- tablegen -*-===//
//
// The op base class, memory resources and operand constraints every ttng op
// file uses. Each op family has its own .td file (TTNGOps.td for Hopper's
// wgmma, mbarriers and TMA copies; TTNGTensorMemoryOps.td, TTNGTmaOps.td,
// TTNGClusterOps.td for the rest of Triton 3.6's ttng).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TTNGOPBASE_TD
#define TILE_DIALECTS_TTG_TTNGOPBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "dialects/tt/TTTypes.td"
include "dialects/tt/TTAttrs.td"
include "dialects/tt/TTTraits.td"
include "dialects/ttg/TTGDialect.td"
include "dialects/ttg/TTGTypes.td"

def TTNG_SharedMemory : Resource<"::mlir::tile::ttg::SharedMemory">;
def TTNG_GlobalMemory : Resource<"::mlir::tile::tt::GlobalMemory">;
def TTNG_TensorMemory : Resource<"::mlir::tile::ttng::TensorMemory">;

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TTNG_Dialect, mnemonic, !listconcat(traits, [TT_TensorSizeTrait])>;

def TTNG_TensorOrMemDesc : AnyTypeOf<[TT_FpIntTensor, TTG_MemDesc]>;

#endif // TILE_DIALECTS_TTG_TTNGOPBASE_TD

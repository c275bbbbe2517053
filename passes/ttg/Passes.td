//===- Passes.td - TTGIR to TTGIR passes -------------------*- tablegen -*-===//

#ifndef TILE_PASSES_TTG_PASSES_TD
#define TILE_PASSES_TTG_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTGCoalescePass : Pass<"tritongpu-coalesce", "::mlir::ModuleOp"> {
  let summary = "Give each global memory access a coalesced layout";
  let description = [{
    For each load, store and atomic on a tensor of pointers, picks the
    blocked layout in which each thread accesses up to 128 contiguous bits
    that axis analysis proves contiguous and aligned (never more than the
    hints prove), and converts the op's operands and results to it.
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def TTGRemoveLayoutConversionsPass
    : Pass<"tritongpu-remove-layout-conversions", "::mlir::ModuleOp"> {
  let summary = "Remove ttg.convert_layout ops by computing values in the layout their users need";
  let description = [{
    Rematerializes the cheap producers of a converted value (make_range,
    splat, constants, addptr, broadcast, expand_dims, elementwise ops) in
    the target layout, and propagates the layouts of loads and stores
    forward through elementwise ops, so that a straight-line kernel keeps
    no conversion Triton would not have.
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

#endif // TILE_PASSES_TTG_PASSES_TD

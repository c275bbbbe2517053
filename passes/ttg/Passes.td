//===- Passes.td - TTGIR to TTGIR passes -------------------*- tablegen -*-===//
//
// Every TTGIR-to-TTGIR pass, one file per group.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_PASSES_TD
#define TILE_PASSES_TTG_PASSES_TD

include "passes/ttg/LayoutPasses.td"
include "passes/ttg/PipelinePasses.td"
include "passes/ttg/MemoryPasses.td"
include "passes/ttg/HopperPasses.td"

#endif // TILE_PASSES_TTG_PASSES_TD

//===- Passes.h - TTIR to TTIR passes ---------------------------*- C++ -*-===//

#ifndef TILE_PASSES_TT_PASSES_H
#define TILE_PASSES_TT_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::tile {
#define GEN_PASS_DECL
#include "passes/tt/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/tt/Passes.h.inc"
} // namespace mlir::tile

#endif // TILE_PASSES_TT_PASSES_H

//===- Passes.h - nvws passes -----------------------------------*- C++ -*-===//

#ifndef TILE_PASSES_NVWS_PASSES_H
#define TILE_PASSES_NVWS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::tile {
#define GEN_PASS_DECL
#include "passes/nvws/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/nvws/Passes.h.inc"
} // namespace mlir::tile

#endif // TILE_PASSES_NVWS_PASSES_H

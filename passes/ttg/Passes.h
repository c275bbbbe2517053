//===- Passes.h - TTGIR to TTGIR passes -------------------------*- C++ -*-===//

#ifndef TILE_PASSES_TTG_PASSES_H
#define TILE_PASSES_TTG_PASSES_H

#include "dialects/ttg/TargetOptions.h"

#include "mlir/Pass/Pass.h"

namespace mlir::tile {
#define GEN_PASS_DECL
#include "passes/ttg/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

#endif // TILE_PASSES_TTG_PASSES_H

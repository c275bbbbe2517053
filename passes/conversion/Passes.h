//===- Passes.h - Conversions between tile's levels -------------*- C++ -*-===//

#ifndef TILE_PASSES_CONVERSION_PASSES_H
#define TILE_PASSES_CONVERSION_PASSES_H

#include "dialects/ttg/TargetOptions.h"

#include "mlir/Pass/Pass.h"

namespace mlir::LLVM {
class LLVMDialect;
} // namespace mlir::LLVM
namespace mlir::NVVM {
class NVVMDialect;
} // namespace mlir::NVVM

namespace mlir::tile {
#define GEN_PASS_DECL
#include "passes/conversion/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "passes/conversion/Passes.h.inc"
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_PASSES_H

//===- AccessWidth.cpp - How many elements one global access moves --------===//

#include "passes/conversion/TTGToLLVM/AccessWidth.h"

#include "dialects/ttg/TTGDialect.h"

using namespace mlir;
using namespace mlir::tile;

llvm::DenseMap<Operation *, unsigned>
mlir::tile::computeAccessWidths(ModuleOp module) {
  llvm::DenseMap<Operation *, unsigned> widths;
  // Without an alignment proof every access moves one element.
  module.walk([&](Operation *op) {
    if (isa<tt::LoadOp, tt::StoreOp>(op))
      widths[op] = 1;
  });
  return widths;
}

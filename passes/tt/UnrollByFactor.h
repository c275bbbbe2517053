//===- UnrollByFactor.h - MLIR's unroller, out of tile's way --*- C++ -*-===//
//
// mlir/Dialect/SCF/Utils/Utils.h declares the function mlir::tile, which
// cannot coexist with tile's namespace mlir::tile in one translation unit.
// UnrollByFactor.cpp includes that header and nothing of tile's, and offers
// the unroller through this one, outside namespace mlir::tile.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TT_UNROLLBYFACTOR_H
#define TILE_PASSES_TT_UNROLLBYFACTOR_H

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>

namespace mlir::scf_unroll {
/// Unrolls `loop` `factor` times with MLIR's loopUnrollByFactor. On
/// success, `epilogue` is the loop of leftover iterations, if one was made.
LogicalResult unrollByFactor(scf::ForOp loop, uint64_t factor,
                             std::optional<scf::ForOp> &epilogue);
} // namespace mlir::scf_unroll

#endif // TILE_PASSES_TT_UNROLLBYFACTOR_H

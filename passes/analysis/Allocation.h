//===- Allocation.h - Byte offsets of shared buffers and scratch -*- C++
//-*-===//
//
// Places every explicit shared buffer (ttg.local_alloc) and every op's
// scratch (see Scratch.h) in the CTA's dynamic shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_ANALYSIS_ALLOCATION_H
#define TILE_PASSES_ANALYSIS_ALLOCATION_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tile {
/// Where each buffer of a module lives.
struct SharedMemoryAllocation {
  /// Byte offset of the buffer of each op that has one.
  llvm::DenseMap<Operation *, int64_t> offsets;
  /// Bytes of shared memory the module needs.
  int64_t totalBytes = 0;
};

/// Computes the allocation of `module`.
SharedMemoryAllocation computeSharedMemoryAllocation(ModuleOp module);

/// The most dynamic shared memory one CTA may use on the module's target
/// (`ttg.target`, cuda:NN), or std::nullopt for a target without a known
/// limit.
std::optional<int64_t> getMaxSharedMemoryPerBlock(ModuleOp module);

/// Computes the allocation and records it: `allocation.offset` on each op
/// with a buffer, `ttg.shared` on the module. Fails, with a diagnostic on
/// the op whose buffer crosses the target's limit and nothing recorded,
/// when the module needs more than the target has.
LogicalResult annotateSharedMemoryAllocation(ModuleOp module);

/// Whether `module` already carries an allocation (`ttg.shared`).
bool hasSharedMemoryAllocation(ModuleOp module);
} // namespace mlir::tile

#endif // TILE_PASSES_ANALYSIS_ALLOCATION_H

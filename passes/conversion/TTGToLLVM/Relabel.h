//===- Relabel.h - Ops that only rename registers ---------------*- C++ -*-===//
//
// expand_dims, broadcast, trans, reshape, join, split, cat and unsplat move
// no data between threads in TTGIR: every register of a result is a
// register the same thread already holds in an operand. Which one follows
// from the linear layouts of operands and results alone; this file works it
// out, once for the up-front check of convert-triton-gpu-to-llvm and once
// for the lowering, so that the two cannot disagree.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_RELABEL_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_RELABEL_H

#include "mlir/IR/Operation.h"

#include <string>

namespace mlir::tile {
/// One register of one operand (of the op being lowered).
struct RegisterSource {
  unsigned operand;
  int reg;
};

/// For each result of a relabelling op, for each of its registers (one for
/// a scalar result), where its value comes from.
using RelabelPlan = SmallVector<SmallVector<RegisterSource>>;

/// Whether `op` is one of the ops planRelabel handles.
bool isRelabelOp(Operation *op);

/// The plan lowering `op` to register renaming; failure with `error` saying
/// why when its layouts would need data to move between threads.
FailureOr<RelabelPlan> planRelabel(Operation *op, std::string &error);
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_RELABEL_H

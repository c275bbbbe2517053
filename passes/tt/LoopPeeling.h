//===- LoopPeeling.h - Peel the last iteration of an scf.for ----*- C++ -*-===//
//
// Triton's peelLoopEpilogue, for passes that must treat a loop's last
// iteration apart (and for the test pass triton-test-loop-peeling).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TT_LOOPPEELING_H
#define TILE_PASSES_TT_LOOPPEELING_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tile {
/// The induction variable's value in the last iteration of `loop`,
/// lb + (ub - lb - 1) / step * step (meaningful when the loop runs).
Value getLastInductionValue(OpBuilder &builder, scf::ForOp loop);

/// Moves the last iteration of `loop` out of it: the loop stops one step
/// earlier (upper bound ub - step), and an scf.if on lb < ub after it runs
/// the body once more with the last induction value, on the loop's
/// results. The loop's users then read the scf.if's results. The caller
/// guarantees step > 0 and ub - step does not wrap.
scf::IfOp peelLoopEpilogue(RewriterBase &rewriter, scf::ForOp loop);
} // namespace mlir::tile

#endif // TILE_PASSES_TT_LOOPPEELING_H

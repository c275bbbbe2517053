//===- FuseNestedLoops.h - tritongpu-fuse-nested-loops helpers --*- C++ -*-===//
//
// What the fusion in FuseNestedLoops.cpp uses from FuseNestedLoopsHelpers.cpp:
// the loop nests, hoisting of loop-bound arithmetic, small IR builders, and
// logues (the straight-line code around the inner loops).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_FUSENESTEDLOOPS_H
#define TILE_PASSES_TTG_FUSENESTEDLOOPS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SetVector.h"

#include <memory>

namespace mlir::tile::fuse {
//===----------------------------------------------------------------------===//
// Loop nests
//===----------------------------------------------------------------------===//

/// One scf.for of a nest and the loops directly inside its body (not
/// inside another op with regions there).
struct NestNode {
  explicit NestNode(scf::ForOp loop) : loop(loop) {}
  scf::ForOp loop;
  SmallVector<NestNode *, 1> children;
};

struct LoopNest {
  explicit LoopNest(scf::ForOp outermost) {
    nodes.push_back(std::make_unique<NestNode>(outermost));
    root = nodes.front().get();
  }
  SmallVector<std::unique_ptr<NestNode>> nodes;
  NestNode *root;
};

/// Appends the loop nests under `container`, outermost first.
void collectLoopNests(Operation *container, SmallVectorImpl<LoopNest> &nests);

//===----------------------------------------------------------------------===//
// Hoisting helpers
//===----------------------------------------------------------------------===//

bool collectOpsComputing(DominanceInfo &dom, scf::ForOp outer,
                         ArrayRef<Value> values,
                         llvm::SetVector<Operation *> &ops,
                         function_ref<bool(BlockArgument)> argAllowed);
bool isFunctionArgument(BlockArgument arg);
SmallVector<Value> getBounds(scf::ForOp loop);
bool collectInvariantBoundOps(DominanceInfo &dom, scf::ForOp outer,
                              scf::ForOp inner,
                              llvm::SetVector<Operation *> &ops);
/// Moves `ops`, in topological order, in front of `point`.
void moveBefore(Block *block, Block::iterator point,
                const llvm::SetVector<Operation *> &ops);
void moveBefore(Operation *point, const llvm::SetVector<Operation *> &ops);

//===----------------------------------------------------------------------===//
// IR building helpers
//===----------------------------------------------------------------------===//

unsigned getIntegerWidth(Type type);
Value buildTripCount(ImplicitLocOpBuilder &b, Value lb, Value ub, Value step);
Value buildTripCount(ImplicitLocOpBuilder &b, scf::ForOp loop);
/// Casts an integer or index `value` to `type` (sign-extending).
Value castInteger(ImplicitLocOpBuilder &b, Value value, Type type);
Value buildPlaceholder(ImplicitLocOpBuilder &b, Type type);
scf::YieldOp getYield(Region &region);
scf::IfOp dropIfResults(ImplicitLocOpBuilder &b, scf::IfOp ifOp,
                        llvm::BitVector drop, ArrayRef<Value> replacements);
scf::IfOp appendIfResults(ImplicitLocOpBuilder &b, scf::IfOp ifOp,
                          ValueRange thenExtra, ValueRange elseExtra);

//===----------------------------------------------------------------------===//
// Logues: the straight-line code around the inner loops
//===----------------------------------------------------------------------===//

/// A contiguous run of ops of the outer body (a prologue or the epilogue)
/// and its outputs: the results read after the run.
struct Logue {
  SmallVector<Operation *> ops;
  SmallVector<Value> outputs;

  void moveInto(Block *block) {
    for (Operation *op : ops)
      op->moveBefore(block, block->end());
  }
  /// Points the uses of the outputs outside `inside` (the region the ops
  /// were moved into) at `values`.
  void redirectUses(ValueRange values, Region &inside) {
    for (auto [output, value] : llvm::zip_equal(outputs, values))
      output.replaceUsesWithIf(value, [&](OpOperand &use) {
        return !inside.isAncestor(use.getOwner()->getParentRegion());
      });
  }
  TypeRange getOutputTypes() const { return ValueRange(outputs).getTypes(); }
};

/// The ops in [begin, end) as a logue.
Logue makeLogue(Block::iterator begin, Block::iterator end, DominanceInfo &dom);
} // namespace mlir::tile::fuse

#endif // TILE_PASSES_TTG_FUSENESTEDLOOPS_H

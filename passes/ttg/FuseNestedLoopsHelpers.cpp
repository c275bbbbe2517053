//===- FuseNestedLoopsHelpers.cpp - tritongpu-fuse-nested-loops helpers ---===//
//
// The parts of tritongpu-fuse-nested-loops that do not fuse: finding the
// loop nests, moving loop-bound arithmetic in front of the outer loop, the
// small IR builders the fusion uses, and cutting the outer body into logues.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/FuseNestedLoops.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <deque>

using namespace mlir;

namespace mlir::tile::fuse {
//===----------------------------------------------------------------------===//
// Loop nests
//===----------------------------------------------------------------------===//

/// Adds the loops under `parent` to `nest`; an op with regions other than
/// a loop starts new nests of its own (a loop under an scf.if is not part
/// of the enclosing nest).
static void growNest(NestNode *parent, LoopNest &nest,
                     SmallVectorImpl<LoopNest> &nests) {
  parent->loop->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == parent->loop.getOperation())
      return WalkResult::advance();
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      nest.nodes.push_back(std::make_unique<NestNode>(loop));
      NestNode *child = nest.nodes.back().get();
      parent->children.push_back(child);
      growNest(child, nest, nests);
      return WalkResult::skip();
    }
    if (op->getNumRegions() != 0) {
      collectLoopNests(op, nests);
      return WalkResult::skip();
    }
    return WalkResult::advance();
  });
}

void collectLoopNests(Operation *container, SmallVectorImpl<LoopNest> &nests) {
  container->walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
    LoopNest nest(loop);
    growNest(nest.root, nest, nests);
    nests.push_back(std::move(nest));
    return WalkResult::skip();
  });
}

//===----------------------------------------------------------------------===//
// Hoisting helpers
//===----------------------------------------------------------------------===//

static bool isScalarType(Type type) {
  return type.isIntOrIndexOrFloat() || isa<tt::PointerType>(type);
}

/// Loop-bound arithmetic that may move in front of the outer loop: scalar,
/// and without effects other than a read (a scalar load of a bound). This
/// includes integer divisions, which are not speculatable in general but
/// never divide by zero in the bounds the fusion itself computes, so that
/// an inner nest fused first can be fused into its parent.
static bool canHoistBoundOp(Operation *op) {
  return (isMemoryEffectFree(op) || hasSingleEffect<MemoryEffects::Read>(op)) &&
         llvm::all_of(op->getOperandTypes(), isScalarType) &&
         llvm::all_of(op->getResultTypes(), isScalarType);
}

/// Whether every one of `values` is available in front of `outer` or can be
/// made so by moving the ops computing it there; `argAllowed` says which
/// block arguments those ops may read. On success the ops are added to
/// `ops`; on failure `ops` is unchanged.
bool collectOpsComputing(DominanceInfo &dom, scf::ForOp outer,
                         ArrayRef<Value> values,
                         llvm::SetVector<Operation *> &ops,
                         function_ref<bool(BlockArgument)> argAllowed) {
  llvm::SetVector<Operation *> found;
  std::deque<Value> worklist(values.begin(), values.end());
  while (!worklist.empty()) {
    Value value = worklist.front();
    worklist.pop_front();
    if (dom.properlyDominates(value, outer))
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (!argAllowed(arg))
        return false;
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (found.contains(def))
      continue;
    if (!canHoistBoundOp(def))
      return false;
    found.insert(def);
    for (Value operand : def->getOperands())
      worklist.push_back(operand);
  }
  ops.insert(found.begin(), found.end());
  return true;
}

bool isFunctionArgument(BlockArgument arg) {
  return isa<tt::FuncOp>(arg.getOwner()->getParentOp());
}

SmallVector<Value> getBounds(scf::ForOp loop) {
  return {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()};
}

/// The ops that compute `inner`'s bounds and must move in front of `outer`
/// for the bounds to be outer-loop invariant.
bool collectInvariantBoundOps(DominanceInfo &dom, scf::ForOp outer,
                              scf::ForOp inner,
                              llvm::SetVector<Operation *> &ops) {
  return collectOpsComputing(dom, outer, getBounds(inner), ops,
                             isFunctionArgument);
}

void moveBefore(Block *block, Block::iterator point,
                const llvm::SetVector<Operation *> &ops) {
  for (Operation *op : topologicalSort(ops))
    op->moveBefore(block, point);
}

void moveBefore(Operation *point, const llvm::SetVector<Operation *> &ops) {
  moveBefore(point->getBlock(), point->getIterator(), ops);
}

//===----------------------------------------------------------------------===//
// IR building helpers
//===----------------------------------------------------------------------===//

unsigned getIntegerWidth(Type type) {
  if (isa<IndexType>(type))
    return IndexType::kInternalStorageBitWidth;
  return cast<IntegerType>(type).getWidth();
}

/// ceildiv(ub - lb, step): the trip count, also for negative steps.
Value buildTripCount(ImplicitLocOpBuilder &b, Value lb, Value ub, Value step) {
  Value span = arith::SubIOp::create(b, ub, lb);
  return arith::CeilDivSIOp::create(b, span, step);
}

Value buildTripCount(ImplicitLocOpBuilder &b, scf::ForOp loop) {
  return buildTripCount(b, loop.getLowerBound(), loop.getUpperBound(),
                        loop.getStep());
}

Value castInteger(ImplicitLocOpBuilder &b, Value value, Type type) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (isa<IndexType>(from) || isa<IndexType>(type))
    return arith::IndexCastOp::create(b, type, value);
  if (getIntegerWidth(from) > getIntegerWidth(type))
    return arith::TruncIOp::create(b, type, value);
  return arith::ExtSIOp::create(b, type, value);
}

/// The initial value of a carried value no live path reads before it is
/// set: zero for integer and float scalars and tensors (ptxas handles a
/// zero better than an undefined register), ub.poison otherwise.
Value buildPlaceholder(ImplicitLocOpBuilder &b, Type type) {
  Type element = getElementTypeOrSelf(type);
  bool zeroable = element.isIntOrIndexOrFloat() &&
                  (type == element || isa<RankedTensorType>(type));
  if (!zeroable)
    return ub::PoisonOp::create(b, type);
  TypedAttr zero = isa<FloatType>(element)
                       ? TypedAttr(b.getFloatAttr(element, 0))
                       : TypedAttr(b.getIntegerAttr(element, 0));
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    zero = SplatElementsAttr::get(tensor, zero);
  return arith::ConstantOp::create(b, zero);
}

scf::YieldOp getYield(Region &region) {
  return cast<scf::YieldOp>(region.front().getTerminator());
}

/// Replaces `ifOp` by one without the results in `drop`, whose uses take
/// the corresponding values of `replacements` (in order).
scf::IfOp dropIfResults(ImplicitLocOpBuilder &b, scf::IfOp ifOp,
                        llvm::BitVector drop, ArrayRef<Value> replacements) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp);
  drop.resize(ifOp.getNumResults());
  getYield(ifOp.getThenRegion())->eraseOperands(drop);
  getYield(ifOp.getElseRegion())->eraseOperands(drop);
  auto newIf = scf::IfOp::create(
      b, getYield(ifOp.getThenRegion()).getOperandTypes(), ifOp.getCondition());
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  SmallVector<Value> results;
  auto replacement = replacements.begin();
  auto kept = newIf->result_begin();
  for (unsigned index = 0; index < ifOp.getNumResults(); ++index)
    results.push_back(drop[index] ? *replacement++ : *kept++);
  ifOp.replaceAllUsesWith(results);
  ifOp.erase();
  return newIf;
}

/// Replaces `ifOp` by one with `thenExtra` / `elseExtra` yielded after its
/// results; returns the new if.
scf::IfOp appendIfResults(ImplicitLocOpBuilder &b, scf::IfOp ifOp,
                          ValueRange thenExtra, ValueRange elseExtra) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp);
  MutableOperandRange(getYield(ifOp.getThenRegion())).append(thenExtra);
  MutableOperandRange(getYield(ifOp.getElseRegion())).append(elseExtra);
  auto newIf = scf::IfOp::create(
      b, getYield(ifOp.getThenRegion()).getOperandTypes(), ifOp.getCondition());
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  ifOp.replaceAllUsesWith(newIf.getResults().take_front(ifOp.getNumResults()));
  ifOp.erase();
  return newIf;
}

//===----------------------------------------------------------------------===//
// Logues: the straight-line code around the inner loops
//===----------------------------------------------------------------------===//

Logue makeLogue(Block::iterator begin, Block::iterator end,
                DominanceInfo &dom) {
  Logue logue;
  for (Operation &op : llvm::make_range(begin, end))
    logue.ops.push_back(&op);
  if (logue.ops.empty())
    return logue;
  Operation *last = logue.ops.back();
  for (Operation *op : logue.ops)
    for (OpResult result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            // Users nested in `last` are part of the logue.
            return dom.properlyDominates(last, user,
                                         /*enclosingOpOk=*/false);
          }))
        logue.outputs.push_back(result);
  return logue;
}
} // namespace mlir::tile::fuse

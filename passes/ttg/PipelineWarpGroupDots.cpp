//===- PipelineWarpGroupDots.cpp - Asynchronous wgmma in pipelined loops -===//
//
// The part of tritongpu-pipeline that keeps Hopper's ttng.warp_group_dot in
// flight: each dot of a pipelined loop is issued asynchronously, and where
// the next iteration can wait for it (its operands stay put, its result
// only goes back to the loop) the wait moves there, so the dot overlaps
// the copies and the next iteration's work, as in Triton.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/PipelineUtils.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Whether the buffer `operand` of a dot in `loop` stays untouched while the
/// next iteration runs: a slot of a ring (refilled only after the next
/// wait), a buffer from outside the loop, or registers. A buffer stored in
/// the body is stored again by the next iteration.
bool isStableAcrossIterations(Value operand, scf::ForOp loop) {
  if (!isa<ttg::MemDescType>(operand.getType()))
    return true;
  // A transposed or reshaped view reads the buffer it views.
  while (Operation *view = operand.getDefiningOp<ttg::MemDescTransOp>()
                               ? operand.getDefiningOp()
                               : operand.getDefiningOp<ttg::MemDescReshapeOp>())
    operand = view->getOperand(0);
  if (operand.getDefiningOp<ttg::MemDescIndexOp>())
    return true;
  return loop.isDefinedOutsideOfLoop(operand);
}

/// How a dot in flight across iterations is waited for.
enum class CarriedWait {
  /// The carried accumulator only feeds the dot itself: a wait for all but
  /// the group just issued, right after the dot (Triton's pendings = 1).
  AfterDot,
  /// Every reader of the carried value comes after an earlier full wait in
  /// the body, which then covers the dot too.
  AtEarlierWait,
  /// As AfterDot, but the result goes back through a select that resets it
  /// (the epilogue of a fused persistent loop) and is read under scf.ifs
  /// of the body: each of those gets a full wait of its own before its
  /// reads, as Triton places them.
  AfterDotWithGuardedReads,
};

/// Whether `value` is `dot`'s result or a constant.
bool isResultOrConstant(Value value, ttng::WarpGroupDotOp dot) {
  return value == dot.getD() || matchPattern(value, m_Constant());
}

/// Whether `dot`'s result, in `loop`'s body, goes back to the carried
/// accumulator only through a reset, `select(c, constant, d)` or an
/// scf.if yielding d or a constant from each branch (the epilogue of a
/// fused persistent loop), and is otherwise read under scf.if ops that come
/// after the dot, while the accumulator feeds only the dot.
bool hasResetAndGuardedReads(ttng::WarpGroupDotOp dot, scf::ForOp loop) {
  auto carried = dyn_cast<BlockArgument>(dot.getC());
  if (!carried || carried.getOwner() != loop.getBody() ||
      carried.getArgNumber() < loop.getNumInductionVars() ||
      !carried.hasOneUse() || dot.getUseC())
    return false;
  Value next = loop.getBody()->getTerminator()->getOperand(
      carried.getArgNumber() - loop.getNumInductionVars());
  Operation *reset = next.getDefiningOp();
  if (!reset || reset->getBlock() != loop.getBody() ||
      !dot->isBeforeInBlock(reset))
    return false;
  if (auto select = dyn_cast<arith::SelectOp>(reset)) {
    if (select.getFalseValue() != dot.getD() ||
        !matchPattern(select.getTrueValue(), m_Constant()))
      return false;
  } else if (auto ifOp = dyn_cast<scf::IfOp>(reset)) {
    unsigned k = cast<OpResult>(next).getResultNumber();
    Value fromThen = ifOp.thenYield().getOperand(k);
    Value fromElse = ifOp.elseYield().getOperand(k);
    if (!isResultOrConstant(fromThen, dot) ||
        !isResultOrConstant(fromElse, dot) ||
        (fromThen == dot.getD()) == (fromElse == dot.getD()))
      return false;
  } else {
    return false;
  }
  if (!reset->hasOneUse())
    return false;
  for (Operation *user : dot.getD().getUsers()) {
    if (user == reset)
      continue;
    Operation *inBody = loop.getBody()->findAncestorOpInBlock(*user);
    if (!inBody || inBody == user || !isa<scf::IfOp>(inBody) ||
        !dot->isBeforeInBlock(inBody))
      return false;
  }
  return true;
}

/// The first ttng.warp_group_dot_wait {pendings = 0} directly in `body`.
ttng::WarpGroupDotWaitOp findFullWait(Block *body) {
  for (auto wait : body->getOps<ttng::WarpGroupDotWaitOp>())
    if (wait.getPendings() == 0)
      return wait;
  return {};
}

/// Whether `dot`, in the body of `loop`, can stay in flight until the next
/// iteration waits for it (Triton's "properly async" dot), and how: its
/// result only goes back to a loop-carried value, its operands are not
/// rewritten meanwhile, and the carried value is read either only by the
/// dot (as its accumulator; when `onlyDot`, it is the loop's only dot) or
/// only after a full wait that comes first.
std::optional<CarriedWait> getCarriedWait(ttng::WarpGroupDotOp dot,
                                          scf::ForOp loop, bool onlyDot) {
  if (!isStableAcrossIterations(dot.getA(), loop) ||
      !isStableAcrossIterations(dot.getB(), loop))
    return std::nullopt;
  if (hasResetAndGuardedReads(dot, loop))
    return CarriedWait::AfterDotWithGuardedReads;
  if (!dot.getD().hasOneUse())
    return std::nullopt;
  OpOperand &use = *dot.getD().getUses().begin();
  if (use.getOwner() != loop.getBody()->getTerminator())
    return std::nullopt;
  BlockArgument carried = loop.getRegionIterArg(use.getOperandNumber());
  // One group left pending counts on the dot being the only group issued
  // per iteration; among several, an earlier full wait can still cover it
  // (the dV and dK updates of an attention backward's loop, as in Triton).
  if (onlyDot && carried.hasOneUse() && *carried.getUsers().begin() == dot &&
      dot.getC() == carried && !dot.getUseC())
    return CarriedWait::AfterDot;
  ttng::WarpGroupDotWaitOp wait = findFullWait(loop.getBody());
  if (!wait || !wait->isBeforeInBlock(dot))
    return std::nullopt;
  bool readAfterWait = llvm::all_of(carried.getUsers(), [&](Operation *user) {
    Operation *inBody = loop.getBody()->findAncestorOpInBlock(*user);
    return inBody && wait->isBeforeInBlock(inBody);
  });
  if (!readAfterWait)
    return std::nullopt;
  return CarriedWait::AtEarlierWait;
}

/// `wait` with `values` appended to what it passes through; their uses
/// after it read its results instead (so nothing reads them earlier).
ttng::WarpGroupDotWaitOp threadThroughWait(ttng::WarpGroupDotWaitOp wait,
                                           ArrayRef<Value> values) {
  SmallVector<Value> operands(wait.getInputs());
  llvm::append_range(operands, values);
  OpBuilder builder(wait);
  auto widened = ttng::WarpGroupDotWaitOp::create(
      builder, wait.getLoc(), ValueRange(operands).getTypes(), operands,
      wait.getPendings());
  for (auto [old, now] : llvm::zip(wait.getResults(), widened.getResults()))
    old.replaceAllUsesWith(now);
  Block *block = wait->getBlock();
  for (auto [value, now] :
       llvm::zip(values, widened.getResults().take_back(values.size())))
    Value(value).replaceUsesWithIf(now, [&](OpOperand &use) {
      Operation *user = block->findAncestorOpInBlock(*use.getOwner());
      return user && user != widened && widened->isBeforeInBlock(user);
    });
  wait->erase();
  return widened;
}

/// A wait at `builder`'s point for `value` (`dot`'s result, or a wait of
/// it) down to `pendings` groups in flight, passing `dot`'s operands
/// through too (which keeps their buffers live until then).
ttng::WarpGroupDotWaitOp createDotWait(OpBuilder &builder,
                                       ttng::WarpGroupDotOp dot, Value value,
                                       int pendings) {
  SmallVector<Value> operands = {value, dot.getA(), dot.getB()};
  return ttng::WarpGroupDotWaitOp::create(builder, dot.getLoc(),
                                          ValueRange(operands).getTypes(),
                                          operands, pendings);
}

/// A wait for `dot` right after it, down to `pendings` groups in flight;
/// every other use of its result reads the wait's.
ttng::WarpGroupDotWaitOp waitAfter(ttng::WarpGroupDotOp dot, int pendings) {
  OpBuilder builder(dot.getContext());
  builder.setInsertionPointAfter(dot);
  auto wait = createDotWait(builder, dot, dot.getD(), pendings);
  dot.getD().replaceAllUsesExcept(wait.getResult(0), wait);
  return wait;
}

/// A full wait at the start of each block, nested in the loop body's ops,
/// that reads `dot`'s result (passed through `partial`, its wait with one
/// group pending); the block's reads take the fully waited value.
void waitFullyWhereRead(ttng::WarpGroupDotOp dot,
                        ttng::WarpGroupDotWaitOp partial) {
  Value result = partial.getResult(0);
  Block *body = partial->getBlock();
  // The blocks of the scf.ifs' regions that hold the reads.
  SetVector<Block *> blocks;
  for (Operation *user : result.getUsers()) {
    Operation *guard = body->findAncestorOpInBlock(*user);
    // Handing the value on (a reset's yield) reads nothing.
    if (guard == user || isa<scf::YieldOp>(user))
      continue;
    while (user->getParentOp() != guard)
      user = user->getParentOp();
    blocks.insert(user->getBlock());
  }
  for (Block *block : blocks) {
    OpBuilder builder = OpBuilder::atBlockBegin(block);
    auto full = createDotWait(builder, dot, result, /*pendings=*/0);
    result.replaceUsesWithIf(full.getResult(0), [&](OpOperand &use) {
      return use.getOwner() != full && !isa<scf::YieldOp>(use.getOwner()) &&
             block->findAncestorOpInBlock(*use.getOwner());
    });
  }
}
} // namespace

unsigned mlir::tile::makeWarpGroupDotsAsync(scf::ForOp loop) {
  SmallVector<ttng::WarpGroupDotOp> dots(
      loop.getBody()->getOps<ttng::WarpGroupDotOp>());
  if (dots.empty())
    return 0;
  bool single = dots.size() == 1;
  SmallVector<std::pair<ttng::WarpGroupDotOp, unsigned>> carried;
  for (ttng::WarpGroupDotOp dot : dots) {
    dot.setIsAsync(true);
    std::optional<CarriedWait> how = getCarriedWait(dot, loop, single);
    if (!how) {
      waitAfter(dot, /*pendings=*/0);
      continue;
    }
    // The yield operand that carries the result (through the reset).
    unsigned index = *how == CarriedWait::AfterDotWithGuardedReads
                         ? cast<BlockArgument>(dot.getC()).getArgNumber() -
                               loop.getNumInductionVars()
                         : dot.getD().getUses().begin()->getOperandNumber();
    carried.emplace_back(dot, index);
    if (*how == CarriedWait::AfterDot)
      waitAfter(dot, /*pendings=*/1);
    else if (*how == CarriedWait::AfterDotWithGuardedReads)
      waitFullyWhereRead(dot, waitAfter(dot, /*pendings=*/1));
    else
      threadThroughWait(findFullWait(loop.getBody()),
                        {loop.getRegionIterArg(index)});
  }
  if (carried.empty())
    return 0;
  OpBuilder builder(loop->getContext());
  builder.setInsertionPointAfter(loop);
  SmallVector<Value> results;
  for (auto [dot, index] : carried)
    results.push_back(loop.getResult(index));
  auto drain = ttng::WarpGroupDotWaitOp::create(
      builder, loop.getLoc(), ValueRange(results).getTypes(), results,
      /*pendings=*/0);
  for (auto [result, drained] : llvm::zip(results, drain.getResults()))
    result.replaceAllUsesExcept(drained, drain);
  return carried.size();
}

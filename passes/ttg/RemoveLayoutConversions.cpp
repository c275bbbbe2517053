//===- RemoveLayoutConversions.cpp - Fewer ttg.convert_layout -------------===//
//
// tritongpu-remove-layout-conversions. A layout conversion moves data
// between threads, often through shared memory; computing a value directly
// in the layout its user wants is almost always better. Per function, first
// the layouts of anchors (expensive loads, dots, atomics) are carried
// forward to everything computed from them (LayoutPropagation.h); then,
// until nothing changes:
//
//  1. Folding: convert(x : L -> L) is x; convert(convert(x)) converts x once;
//     a reshape that may reorder takes x instead of convert(x) when its
//     result layout can hold x's registers; unsplat takes any layout.
//  2. Forward propagation: when a conversion's result only flows through
//     elementwise ops into further conversions or reductions, those ops
//     compute in the conversion's source layout instead (typically a load's
//     coalesced layout), which removes the conversion and lets the later
//     ones fold. A reduction reduces in the new layout; its tensor results
//     (slices of it) are converted back for their users.
//  3. Backward rematerialization: when the value a conversion converts is
//     computed only by cheap ops (make_range, splat, constants, addptr,
//     broadcast, expand_dims, elementwise arith/math, and trans, join and
//     reshape in the layouts the target implies) from values that are
//     themselves conversions, the ops are cloned in the target layout and
//     the conversion disappears.
//  4. Dead code is erased.
//
//  5. Control flow: conversions of loop-invariant values are hoisted out of
//     loops; a tensor an scf.for carries that every iteration converts to
//     L on entry and back before the yield is carried in L; an scf.if
//     result both branches convert from L is produced in L. Each leaves one
//     conversion outside the region, which the next round may remove.
//
// Last, the conversions left move to narrower values where they can
// (HoistConversions.cpp), and a conversion of what a single-use reduction
// computes reduces in the target layout where that kills an earlier
// conversion (RematerializeReductions.cpp).
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/LayoutPropagation.h"
#include "passes/ttg/Passes.h"
#include "passes/ttg/Rematerializer.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/RegisterConcatenation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "tritongpu-remove-layout-conversions"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGREMOVELAYOUTCONVERSIONSPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The largest number of ops one forward propagation may retype; bounds the
/// work on huge elementwise chains.
constexpr unsigned kMaxForwardSliceSize = 256;
/// The most rounds of fold / propagate / rematerialize per function.
constexpr unsigned kMaxRounds = 8;

/// Whether `op` computes in whatever layout its tensor operands share, its
/// results taking that layout: elementwise ops of one shape and layout, and
/// scans (whose operands and results share one layout by construction).
/// Whether a given layout suits the op is canComputeIn's question.
bool isLayoutAgnostic(Operation *op) {
  return isa<tt::ScanOp>(op) || isLayoutAgnosticElementwise(op);
}

/// Whether a reshape that may reorder elements can take `src` as it is:
/// its result layout holds src's registers renamed
/// (layout::concatenateRegisters), as the lowering needs.
bool canReorderFrom(tt::ReshapeOp reshape, Value src) {
  auto srcLayout = ttg::toLinearLayout(cast<RankedTensorType>(src.getType()));
  auto dstLayout = ttg::toLinearLayout(reshape.getType());
  return srcLayout && dstLayout &&
         layout::concatenateRegisters(*srcLayout, *dstLayout, 1);
}

/// Step 1: convert(x : L -> L) and convert(convert(x)); a reshape with
/// allow_reorder (and no efficient_layout) of convert(x) reshapes x when
/// its result layout can hold x's registers (Triton's canonicalization).
bool foldConversions(FunctionOpInterface func) {
  bool changed = false;
  func.walk([&](tt::ReshapeOp reshape) {
    auto convert = reshape.getSrc().getDefiningOp<ttg::ConvertLayoutOp>();
    if (!convert || !reshape.getAllowReorder() ||
        reshape.getEfficientLayout() ||
        !canReorderFrom(reshape, convert.getSrc()))
      return;
    reshape.getSrcMutable().assign(convert.getSrc());
    changed = true;
  });
  func.walk([&](tt::UnsplatOp unsplat) {
    if (auto convert = unsplat.getSrc().getDefiningOp<ttg::ConvertLayoutOp>()) {
      unsplat.getSrcMutable().assign(convert.getSrc());
      changed = true;
    }
  });
  func.walk([&](ttg::ConvertLayoutOp convert) {
    Value src = convert.getSrc();
    if (src.getType() == convert.getType()) {
      convert.replaceAllUsesWith(src);
      changed = true;
      return;
    }
    if (auto inner = src.getDefiningOp<ttg::ConvertLayoutOp>()) {
      convert.getSrcMutable().assign(inner.getSrc());
      changed = true;
      if (inner.getSrc().getType() == convert.getType())
        convert.replaceAllUsesWith(inner.getSrc());
    }
  });
  return changed;
}

/// Gives `result` the type `newType` and converts it back to its old type,
/// right after its op, for all its current users.
void retypeAndConvertBack(OpResult result, Type newType) {
  Type oldType = result.getType();
  result.setType(newType);
  OpBuilder builder(result.getOwner()->getContext());
  builder.setInsertionPointAfter(result.getOwner());
  auto back = ttg::ConvertLayoutOp::create(builder, result.getOwner()->getLoc(),
                                           oldType, result);
  result.replaceAllUsesExcept(back.getResult(), back);
}

/// Carries loop value `index` of `loop` as `newType`: its init converted
/// before the loop, its region argument retyped (the caller fixes the
/// yield and the uses).
void retypeIterArg(scf::ForOp loop, unsigned index, Type newType) {
  OpBuilder builder(loop);
  Value init = ttg::ConvertLayoutOp::create(builder, loop.getLoc(), newType,
                                            loop.getInitArgs()[index]);
  loop.getInitArgsMutable()[index].set(init);
  loop.getRegionIterArg(index).setType(newType);
}

/// Gives the tensor results of `reduce`, whose operands now have layout
/// `parent`, the matching slice layout, and converts them back to their old
/// types for their users (later rounds remove those conversions where they
/// can).
void retypeReduceResults(tt::ReduceOp reduce, Attribute parent) {
  // A rank-1 reduction has scalar results and no slice layout: building
  // one would violate the attribute's invariants.
  for (OpResult result : reduce->getResults())
    if (auto type = dyn_cast<RankedTensorType>(result.getType()))
      retypeAndConvertBack(
          result, type.cloneWithEncoding(ttg::SliceEncodingAttr::get(
                      reduce->getContext(), reduce.getAxis(), parent)));
}

/// Step 2: retypes the elementwise ops `convert`'s result flows through into
/// the conversion's source layout, when every path ends in another
/// conversion and every other input is free to get in that layout.
bool propagateForward(ttg::ConvertLayoutOp convert, Rematerializer &remat) {
  Attribute srcEncoding = getEncoding(convert.getSrc());
  SetVector<Operation *> slice;
  SmallVector<Value> worklist{convert.getResult()};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (isa<ttg::ConvertLayoutOp>(user) || slice.contains(user))
        continue;
      // A reduction can reduce in any layout: it ends the slice (its
      // tensor results get converted back for their users).
      if (isa<tt::ReduceOp>(user) && user->getBlock() == convert->getBlock()) {
        slice.insert(user);
        continue;
      }
      if (!isLayoutAgnostic(user) || !canComputeIn(user, srcEncoding) ||
          user->getBlock() != convert->getBlock() ||
          slice.size() >= kMaxForwardSliceSize)
        return false;
      slice.insert(user);
      llvm::append_range(worklist, user->getResults());
    }
  }
  if (slice.empty())
    return false;
  // Inputs from outside the slice must come in the source layout for free.
  for (Operation *op : slice)
    for (Value operand : op->getOperands())
      if (operand != convert.getResult() &&
          isa<RankedTensorType>(operand.getType()) &&
          !slice.contains(operand.getDefiningOp()) &&
          !remat.canRematerialize(operand, srcEncoding,
                                  /*allowNewConversions=*/false))
        return false;

  LDBG() << "propagating " << srcEncoding << " forward from " << convert;
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : ordered) {
    for (OpOperand &operand : op->getOpOperands()) {
      Value value = operand.get();
      if (value == convert.getResult())
        operand.set(convert.getSrc());
      else if (isa<RankedTensorType>(value.getType()) &&
               !slice.contains(value.getDefiningOp()))
        operand.set(remat.rematerialize(value, srcEncoding));
    }
    if (auto reduce = dyn_cast<tt::ReduceOp>(op)) {
      retypeReduceResults(reduce, srcEncoding);
      continue;
    }
    for (Value result : op->getResults())
      result.setType(withEncoding(result.getType(), srcEncoding));
  }
  // What is left are conversions; they now convert from the source layout.
  convert.replaceAllUsesWith(convert.getSrc());
  return true;
}

/// Step 3: replaces `convert` by its source recomputed in the target layout.
bool rematerializeBackward(ttg::ConvertLayoutOp convert,
                           Rematerializer &remat) {
  Attribute target = getEncoding(convert.getResult());
  Value src = convert.getSrc();
  unsigned newConversions = 0;
  if (!remat.canRematerialize(src, target, /*allowNewConversions=*/true,
                              &newConversions))
    return false;
  // Trading this conversion for a conversion elsewhere that keeps the old
  // one alive gains nothing.
  if (newConversions > 0 && !src.getDefiningOp<ttg::ConvertLayoutOp>())
    return false;
  LDBG() << "rematerializing the source of " << convert;
  convert.replaceAllUsesWith(remat.rematerialize(src, target));
  return true;
}

/// Step 5 (control flow): a conversion inside a loop of a value defined
/// outside it converts the same thing every iteration; do it once before.
bool hoistInvariantConversions(FunctionOpInterface func) {
  bool changed = false;
  func.walk([&](ttg::ConvertLayoutOp convert) {
    auto loop = dyn_cast<LoopLikeOpInterface>(convert->getParentOp());
    if (!loop || !loop.isDefinedOutsideOfLoop(convert.getSrc()))
      return;
    convert->moveBefore(loop);
    changed = true;
  });
  return changed;
}

/// Whether `value` is produced by a conversion from `encoding`; its source
/// then.
Value convertedFrom(Value value, Attribute encoding) {
  auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>();
  if (!convert || getEncoding(convert.getSrc()) != encoding)
    return nullptr;
  return convert.getSrc();
}

/// Step 5 (control flow): a loop-carried tensor that each iteration
/// converts to layout L right away and converts back from L before the
/// yield is carried in L instead: one conversion before the loop and one
/// after it replace two per iteration.
bool retypeLoopCarriedValues(scf::ForOp loop) {
  bool changed = false;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (unsigned i = 0; i < loop.getNumRegionIterArgs(); ++i) {
    BlockArgument arg = loop.getRegionIterArg(i);
    if (!isa<RankedTensorType>(arg.getType()) || arg.use_empty())
      continue;
    Attribute target;
    bool allConverts = llvm::all_of(arg.getUsers(), [&](Operation *user) {
      auto convert = dyn_cast<ttg::ConvertLayoutOp>(user);
      if (!convert || (target && getEncoding(convert.getResult()) != target))
        return false;
      target = getEncoding(convert.getResult());
      return true;
    });
    Value yielded = yield.getOperand(i);
    Value source = target ? convertedFrom(yielded, target) : Value();
    if (!allConverts || !source)
      continue;
    Type newType = withEncoding(arg.getType(), target);
    retypeIterArg(loop, i, newType);
    yield->setOperand(i, source);
    for (Operation *user : llvm::make_early_inc_range(arg.getUsers()))
      user->getResult(0).replaceAllUsesWith(arg);
    retypeAndConvertBack(loop->getResult(i), newType);
    changed = true;
  }
  return changed;
}

/// Step 5 (control flow): a loop-carried tensor that each iteration
/// converts to layout L and advances with cheap elementwise ops (a pointer
/// tensor bumped by addptr) is carried in L: the ops advance it in L, with
/// their other operands rematerialized in L.
bool retypeLoopCarriedSlice(scf::ForOp loop, unsigned index,
                            Rematerializer &remat) {
  BlockArgument arg = loop.getRegionIterArg(index);
  if (!isa<RankedTensorType>(arg.getType()))
    return false;
  Operation *yield = loop.getBody()->getTerminator();
  Attribute target;
  SetVector<Operation *> slice;
  SmallVector<Value> worklist{arg};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(user)) {
        if (target && getEncoding(convert.getResult()) != target)
          return false;
        target = getEncoding(convert.getResult());
        continue;
      }
      if (user == yield) {
        if (use.getOperandNumber() != index)
          return false;
        continue;
      }
      if (slice.contains(user))
        continue;
      if (!isLayoutAgnostic(user) || user->getBlock() != loop.getBody() ||
          slice.size() >= kMaxForwardSliceSize)
        return false;
      slice.insert(user);
      llvm::append_range(worklist, user->getResults());
    }
  }
  Value yielded = yield->getOperand(index);
  if (!target || slice.empty() ||
      (yielded != arg && !slice.contains(yielded.getDefiningOp())) ||
      !llvm::all_of(slice,
                    [&](Operation *op) { return canComputeIn(op, target); }))
    return false;
  for (Operation *op : slice)
    for (Value operand : op->getOperands())
      if (operand != arg && isa<RankedTensorType>(operand.getType()) &&
          !slice.contains(operand.getDefiningOp()) &&
          !remat.canRematerialize(operand, target,
                                  /*allowNewConversions=*/false))
        return false;

  Type newType = withEncoding(arg.getType(), target);
  retypeIterArg(loop, index, newType);
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : ordered) {
    for (OpOperand &operand : op->getOpOperands()) {
      Value value = operand.get();
      if (value != arg && isa<RankedTensorType>(value.getType()) &&
          !slice.contains(value.getDefiningOp()))
        operand.set(remat.rematerialize(value, target));
    }
    for (Value result : op->getResults())
      result.setType(withEncoding(result.getType(), target));
  }
  // The conversions to L now convert L to L.
  SmallVector<Value> retyped{arg};
  for (Operation *op : ordered)
    llvm::append_range(retyped, op->getResults());
  SmallVector<ttg::ConvertLayoutOp> converts;
  for (Value value : retyped)
    for (Operation *user : value.getUsers())
      if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(user))
        converts.push_back(convert);
  for (ttg::ConvertLayoutOp convert : converts)
    convert.replaceAllUsesWith(convert.getSrc());
  retypeAndConvertBack(loop->getResult(index), newType);
  return true;
}

/// When `loop`'s iter arg `index` is only advanced (its value reaches
/// nothing but the pure ops that compute its next value) and the loop's
/// result for it is unused, the loop yields the argument itself: the
/// advance is then dead code, and the canonicalizer drops the argument.
void stopDeadAdvance(scf::ForOp loop, unsigned index) {
  if (!loop->getResult(index).use_empty())
    return;
  BlockArgument arg = loop.getRegionIterArg(index);
  Operation *yield = loop.getBody()->getTerminator();
  SetVector<Operation *> advance;
  SmallVector<Value> worklist{arg};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user == yield) {
        if (use.getOperandNumber() != index)
          return;
        continue;
      }
      if (user->getBlock() != loop.getBody() || user->getNumRegions() != 0 ||
          !isMemoryEffectFree(user))
        return;
      if (advance.insert(user))
        llvm::append_range(worklist, user->getResults());
    }
  }
  yield->setOperand(index, arg);
}

/// The layouts other than its own that `loop`'s iter arg `index` is
/// converted to in the body, when each of them can be had for the value the
/// iteration yields by cheap ops alone, given the iter arg in that layout
/// (Rematerializer::canRematerialize, no conversions).
SmallVector<Attribute> getLayoutsToCarryAlso(scf::ForOp loop, unsigned index) {
  BlockArgument arg = loop.getRegionIterArg(index);
  Value yielded = loop.getBody()->getTerminator()->getOperand(index);
  SmallVector<Attribute> layouts;
  if (!isa<RankedTensorType>(arg.getType()) || yielded == arg)
    return layouts;
  for (Operation *user : arg.getUsers()) {
    auto convert = dyn_cast<ttg::ConvertLayoutOp>(user);
    if (!convert)
      continue;
    Attribute target = getEncoding(convert.getResult());
    if (target == getEncoding(arg) || llvm::is_contained(layouts, target))
      continue;
    Rematerializer remat;
    remat.provide(arg, target, arg);
    if (remat.canRematerialize(yielded, target,
                               /*allowNewConversions=*/false))
      layouts.push_back(target);
  }
  return layouts;
}

/// Step 5 (control flow): a loop-carried tensor that each iteration
/// converts to other layouts (a row offset the loop advances and uses in
/// the layouts of several loads) is carried in each of them too, advanced
/// by its cheap ops computed again in that layout, as Triton's backward
/// rematerialization through loop arguments does: a conversion before the
/// loop replaces one per iteration and layout. Whether one was.
bool carryInConvertedLayouts(scf::ForOp &loop) {
  for (unsigned index = 0; index < loop.getNumRegionIterArgs(); ++index) {
    SmallVector<Attribute> layouts = getLayoutsToCarryAlso(loop, index);
    if (layouts.empty())
      continue;
    OpBuilder builder(loop);
    Value init = loop.getInitArgs()[index];
    SmallVector<Value> inits;
    for (Attribute layout : layouts)
      inits.push_back(ttg::ConvertLayoutOp::create(
          builder, loop.getLoc(), withEncoding(init.getType(), layout), init));
    IRRewriter rewriter(loop.getContext());
    FailureOr<LoopLikeOpInterface> extended = loop.replaceWithAdditionalYields(
        rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &, Location, ArrayRef<BlockArgument> added) {
          // Called before the body moves to the new loop: the ops are
          // built in the old body, on the new loop's arguments.
          BlockArgument carried = loop.getRegionIterArg(index);
          Value yielded = loop.getBody()->getTerminator()->getOperand(index);
          SmallVector<Value> yields;
          for (auto [layout, arg] : llvm::zip(layouts, added)) {
            Rematerializer remat;
            remat.provide(carried, layout, arg);
            yields.push_back(remat.rematerialize(yielded, layout));
          }
          return yields;
        });
    loop = cast<scf::ForOp>(extended->getOperation());
    BlockArgument carried = loop.getRegionIterArg(index);
    auto added = loop.getRegionIterArgs().take_back(layouts.size());
    for (Operation *user : llvm::make_early_inc_range(carried.getUsers()))
      if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(user))
        if (const auto *it = llvm::find(layouts, getEncoding(convert));
            it != layouts.end()) {
          convert.replaceAllUsesWith(added[it - layouts.begin()]);
          convert->erase();
        }
    stopDeadAdvance(loop, index);
    return true;
  }
  return false;
}

/// Step 5 (control flow): an scf.if result that both branches produce by
/// converting from one layout L is produced in L, converted once after.
bool retypeIfResults(scf::IfOp ifOp) {
  if (ifOp.getElseRegion().empty())
    return false;
  bool changed = false;
  scf::YieldOp thenYield = ifOp.thenYield(), elseYield = ifOp.elseYield();
  for (unsigned i = 0; i < ifOp.getNumResults(); ++i) {
    Value result = ifOp.getResult(i);
    auto convert =
        thenYield.getOperand(i).getDefiningOp<ttg::ConvertLayoutOp>();
    if (!isa<RankedTensorType>(result.getType()) || !convert)
      continue;
    Attribute source = getEncoding(convert.getSrc());
    Value thenSource = convertedFrom(thenYield.getOperand(i), source);
    Value elseSource = convertedFrom(elseYield.getOperand(i), source);
    if (!thenSource || !elseSource)
      continue;
    thenYield->setOperand(i, thenSource);
    elseYield->setOperand(i, elseSource);
    retypeAndConvertBack(ifOp->getResult(i),
                         withEncoding(result.getType(), source));
    changed = true;
  }
  return changed;
}

bool simplifyControlFlow(FunctionOpInterface func) {
  bool changed = hoistInvariantConversions(func);
  func.walk([&](scf::ForOp loop) {
    changed |= retypeLoopCarriedValues(loop);
    Rematerializer remat;
    for (unsigned i = 0; i < loop.getNumRegionIterArgs(); ++i)
      changed |= retypeLoopCarriedSlice(loop, i, remat);
  });
  func.walk([&](scf::IfOp ifOp) { changed |= retypeIfResults(ifOp); });
  // Extending a loop replaces it: the loops are collected first.
  SmallVector<scf::ForOp> loops;
  func.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  for (scf::ForOp loop : loops)
    changed |= carryInConvertedLayouts(loop);
  return changed;
}

/// Step 4: erases ops whose results are unused and that have no effects.
void eraseDeadOps(FunctionOpInterface func) {
  SmallVector<Operation *> ops;
  func.walk<WalkOrder::PostOrder, ReverseIterator>(
      [&](Operation *op) { ops.push_back(op); });
  for (Operation *op : ops)
    if (op != func.getOperation() && isOpTriviallyDead(op))
      op->erase();
}

void removeLayoutConversions(FunctionOpInterface func) {
  propagateAnchorLayouts(func);
  for (unsigned round = 0; round < kMaxRounds; ++round) {
    bool changed = foldConversions(func);
    Rematerializer remat;
    SmallVector<ttg::ConvertLayoutOp> converts;
    func.walk([&](ttg::ConvertLayoutOp op) { converts.push_back(op); });
    for (ttg::ConvertLayoutOp convert : converts)
      if (!convert->use_empty() && propagateForward(convert, remat))
        changed = true;
    for (ttg::ConvertLayoutOp convert : converts)
      if (!convert->use_empty() && rematerializeBackward(convert, remat))
        changed = true;
    remat.clear();
    eraseDeadOps(func);
    changed |= simplifyControlFlow(func);
    if (!changed)
      break;
  }
  if (hoistConversions(func)) {
    foldConversions(func);
    eraseDeadOps(func);
  }
  if (rematerializeThroughReductions(func)) {
    foldConversions(func);
    eraseDeadOps(func);
  }
}

struct TTGRemoveLayoutConversionsPass
    : public tile::impl::TTGRemoveLayoutConversionsPassBase<
          TTGRemoveLayoutConversionsPass> {
  using Base::Base;

  void runOnOperation() override {
    unsigned before = countConversions();
    getOperation().walk([](FunctionOpInterface func) {
      if (!func.isExternal())
        removeLayoutConversions(func);
    });
    // Counted net: the pass also creates conversions (a retyped value is
    // converted back for its other users).
    unsigned after = countConversions();
    if (after < before)
      numRemovedConversions += before - after;
  }

  unsigned countConversions() {
    unsigned count = 0;
    getOperation().walk([&](ttg::ConvertLayoutOp) { ++count; });
    return count;
  }
};
} // namespace

//===- RemoveLayoutConversions.cpp - Fewer ttg.convert_layout -------------===//
//
// tritongpu-remove-layout-conversions for straight-line code. A layout
// conversion moves data between threads, often through shared memory;
// recomputing a cheap value directly in the layout its user wants is almost
// always better. Per function, until nothing changes:
//
//  1. Folding: convert(x : L -> L) is x; convert(convert(x)) converts x once.
//  2. Forward propagation: when a conversion's result only flows through
//     elementwise ops into further conversions or reductions, those ops
//     compute in the conversion's source layout instead (typically a load's
//     coalesced layout), which removes the conversion and lets the later
//     ones fold. A reduction reduces in the new layout; its tensor results
//     (slices of it) are converted back for their users.
//  3. Backward rematerialization: when the value a conversion converts is
//     computed only by cheap ops (make_range, splat, constants, addptr,
//     broadcast, expand_dims, elementwise arith/math) from values that are
//     themselves conversions, the ops are cloned in the target layout and
//     the conversion disappears.
//  4. Dead code is erased.
//
// Ops with regions (scf.for, scf.if) stop both walks: values crossing them
// keep their conversions. Cloned ops are placed right after the op they
// copy, so they dominate everything the original does.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
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

Attribute getEncoding(Value value) {
  if (auto type = dyn_cast<RankedTensorType>(value.getType()))
    return type.getEncoding();
  return {};
}

Type withEncoding(Type type, Attribute encoding) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               encoding);
}

/// Whether every tensor operand and the result of `op` have one shape and
/// one layout, so that `op` may compute in any layout.
bool isLayoutAgnosticElementwise(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0 ||
      !isMemoryEffectFree(op) || !op->hasTrait<OpTrait::Elementwise>())
    return false;
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType)
    return false;
  return llvm::all_of(op->getOperandTypes(), [&](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return !tensor || (tensor.getShape() == resultType.getShape() &&
                       tensor.getEncoding() == resultType.getEncoding());
  });
}

/// Whether `op` is cheap enough to compute again in another layout.
bool isRematerializable(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0 ||
      !isMemoryEffectFree(op) ||
      !isa<RankedTensorType>(op->getResult(0).getType()))
    return false;
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<DenseElementsAttr>(constant.getValue());
  if (isa<tt::MakeRangeOp, tt::SplatOp, tt::BroadcastOp, tt::ExpandDimsOp>(op))
    return true;
  return isLayoutAgnosticElementwise(op);
}

/// The layout operand `index` of rematerializable `op` needs for `op` to
/// produce `resultEncoding`; null for non-tensor operands.
Attribute getOperandEncoding(Operation *op, unsigned index,
                             Attribute resultEncoding) {
  if (!isa<RankedTensorType>(op->getOperand(index).getType()))
    return {};
  if (auto expand = dyn_cast<tt::ExpandDimsOp>(op))
    return ttg::SliceEncodingAttr::get(op->getContext(), expand.getAxis(),
                                       resultEncoding);
  return resultEncoding;
}

/// Recomputes values in other layouts, remembering what it built.
class Rematerializer {
public:
  /// Whether `value` can be had in `encoding` without expensive ops. With
  /// `allowNewConversions`, conversions found on the way may be replaced by
  /// a conversion of their source; `*newConversions` counts those whose old
  /// conversion stays alive. Otherwise each must already start in
  /// `encoding`.
  bool canRematerialize(Value value, Attribute encoding,
                        bool allowNewConversions,
                        unsigned *newConversions = nullptr) {
    DenseSet<std::pair<Value, Attribute>> visited;
    SmallVector<std::pair<Value, Attribute>> worklist{{value, encoding}};
    while (!worklist.empty()) {
      auto [current, target] = worklist.pop_back_val();
      if (!target || getEncoding(current) == target ||
          built.count({current, target}) ||
          !visited.insert({current, target}).second)
        continue;
      Operation *def = current.getDefiningOp();
      if (!def)
        return false;
      if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(def)) {
        if (getEncoding(convert.getSrc()) == target)
          continue;
        if (!allowNewConversions)
          return false;
        if (newConversions && !convert->hasOneUse())
          ++*newConversions;
        continue;
      }
      if (!isRematerializable(def))
        return false;
      for (unsigned i = 0; i < def->getNumOperands(); ++i)
        if (Attribute operandEncoding = getOperandEncoding(def, i, target))
          worklist.emplace_back(def->getOperand(i), operandEncoding);
    }
    return true;
  }

  /// `value` in `encoding`, cloning its producers (and converting the
  /// sources of conversions) as canRematerialize allowed.
  Value rematerialize(Value value, Attribute encoding) {
    if (!encoding || getEncoding(value) == encoding)
      return value;
    auto it = built.find({value, encoding});
    if (it != built.end())
      return it->second;
    Operation *def = value.getDefiningOp();
    OpBuilder builder(def->getContext());
    Type newType = withEncoding(value.getType(), encoding);
    Value result;
    if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(def)) {
      result = convert.getSrc();
      if (getEncoding(result) != encoding) {
        builder.setInsertionPointAfter(def);
        result = ttg::ConvertLayoutOp::create(builder, def->getLoc(), newType,
                                              result);
      }
    } else if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
      builder.setInsertionPointAfter(def);
      auto dense = cast<DenseElementsAttr>(constant.getValue());
      result = arith::ConstantOp::create(
          builder, def->getLoc(), dense.reshape(cast<ShapedType>(newType)));
    } else {
      IRMapping mapping;
      for (unsigned i = 0; i < def->getNumOperands(); ++i) {
        Value operand = def->getOperand(i);
        mapping.map(operand, rematerialize(operand, getOperandEncoding(
                                                        def, i, encoding)));
      }
      builder.setInsertionPointAfter(def);
      Operation *clone = builder.clone(*def, mapping);
      clone->getResult(0).setType(newType);
      result = clone->getResult(0);
    }
    built[{value, encoding}] = result;
    return result;
  }

  /// Forgets what was built (before ops may be erased).
  void clear() { built.clear(); }

private:
  DenseMap<std::pair<Value, Attribute>, Value> built;
};

/// Step 1: convert(x : L -> L) and convert(convert(x)).
bool foldConversions(FunctionOpInterface func) {
  bool changed = false;
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

/// Gives the tensor results of `reduce`, whose operands now have layout
/// `parent`, the matching slice layout, and converts them back to their old
/// types for their users (later rounds remove those conversions where they
/// can).
void retypeReduceResults(tt::ReduceOp reduce, Attribute parent) {
  OpBuilder builder(reduce->getContext());
  builder.setInsertionPointAfter(reduce);
  auto sliced = ttg::SliceEncodingAttr::get(reduce->getContext(),
                                            reduce.getAxis(), parent);
  for (Value result : reduce->getResults()) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type)
      continue;
    result.setType(type.cloneWithEncoding(sliced));
    auto back =
        ttg::ConvertLayoutOp::create(builder, reduce.getLoc(), type, result);
    result.replaceAllUsesExcept(back.getResult(), back);
  }
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
      if (!isLayoutAgnosticElementwise(user) ||
          user->getBlock() != convert->getBlock() ||
          slice.size() >= kMaxForwardSliceSize)
        return false;
      slice.insert(user);
      worklist.push_back(user->getResult(0));
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
    Value result = op->getResult(0);
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
    if (!changed)
      return;
  }
}

struct TTGRemoveLayoutConversionsPass
    : public tile::impl::TTGRemoveLayoutConversionsPassBase<
          TTGRemoveLayoutConversionsPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([](FunctionOpInterface func) {
      if (!func.isExternal())
        removeLayoutConversions(func);
    });
  }
};
} // namespace

//===- Rematerializer.h - Values recomputed in other layouts ---*- C++ -*-===//
//
// tritongpu-remove-layout-conversions removes a ttg.convert_layout by
// computing its source again, from cheap ops, in the target layout. The
// rounds of the pass (RemoveLayoutConversions.cpp) and its last steps,
// which move the conversions that stay to narrower values
// (HoistConversions.cpp), share these rules and the rematerializer.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_REMATERIALIZER_H
#define TILE_PASSES_TTG_REMATERIALIZER_H

#include "passes/ttg/LayoutPropagation.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tile {
/// Whether every tensor operand and the result of `op` have one shape and
/// one layout, so that `op` may compute in any layout. A tt.map_elementwise
/// with one result counts (its body sees scalars; which registers form a
/// pack follows the layout, as in Triton).
bool isLayoutAgnosticElementwise(Operation *op);

/// Whether `op` is cheap enough to compute again in another layout.
bool isRematerializable(Operation *op);

/// The layout tensor operand `index` of rematerializable `op` needs for `op`
/// to produce `resultEncoding`; null when no layout does.
Attribute getOperandEncoding(Operation *op, unsigned index,
                             Attribute resultEncoding);

/// Adds each tensor operand of `def` to `worklist` with the layout it
/// needs for `def` to produce `encoding` (getOperandEncoding); false when
/// one has none.
bool addOperandEncodings(
    Operation *def, Attribute encoding,
    SmallVectorImpl<std::pair<Value, Attribute>> &worklist);

/// A conversion of `value` to `encoding` in `user`'s block before it, if
/// there is one.
Value findConversionBefore(Value value, Attribute encoding, Operation *user);

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
      if (!isRematerializable(def) || !canComputeIn(def, target))
        return false;
      if (!addOperandEncodings(def, target, worklist))
        return false;
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
        if (isa<RankedTensorType>(operand.getType()))
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

  /// Whether rematerialize() has `value` in `encoding` already.
  bool has(Value value, Attribute encoding) const {
    return built.count({value, encoding});
  }

  /// Makes rematerialize() answer `value` in `encoding` with `available`.
  void provide(Value value, Attribute encoding, Value available) {
    built[{value, encoding}] = available;
  }

  /// Forgets what was built (before ops may be erased).
  void clear() { built.clear(); }

private:
  DenseMap<std::pair<Value, Attribute>, Value> built;
};

/// After the hoists: a conversion of what a single-use reduction computes
/// is removed by reducing in the target's parent layout instead, when the
/// reduction's operands are at hand in that layout (computed again, or
/// converted already) and an earlier conversion dies with the old chain
/// (RematerializeReductions.cpp). Whether any was.
bool rematerializeThroughReductions(FunctionOpInterface func);

/// The last steps of the pass, once its rounds changed nothing: conversions
/// to mma dot operands move up to their loads, and conversions of a value
/// one widening op made move above it (HoistConversions.cpp). Whether any
/// moved.
bool hoistConversions(FunctionOpInterface func);
} // namespace mlir::tile

#endif // TILE_PASSES_TTG_REMATERIALIZER_H

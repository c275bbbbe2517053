//===- HoistConversions.cpp - Conversions moved to narrower values --------===//
//
// The last steps of tritongpu-remove-layout-conversions, for the
// conversions its rounds leave, as Triton's:
//  * a conversion to a tensor-core dot operand that a dot post-dominates
//    moves up to the loads it converts, through ops that need no data
//    movement between threads (hoistConvertDotOperand): the loaded, often
//    narrower (fp8, i8) values go through shared memory, and the pipeliner
//    finds each load right before the conversion it stages;
//  * a conversion of a value one widening op made (extf, extsi, extui, a
//    widening fp_to_fp, a broadcast), through ops cheap to compute again
//    and conversions from the target layout, converts that op's narrower
//    operand instead (hoistConvertOnTopOfExtOrBroadcast); a narrower
//    operand an earlier hoist converted is taken from that conversion.
// The ops between are computed again in the target layout.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Rematerializer.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "tritongpu-remove-layout-conversions"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Whether a tensor-core dot in `convert`'s region takes a dot operand and
/// runs whenever `convert` does.
bool feedsTensorCoreDot(ttg::ConvertLayoutOp convert,
                        PostDominanceInfo &postDominance) {
  bool found = false;
  convert->getParentOp()->walk([&](tt::DotOp dot) {
    auto operand = dyn_cast_if_present<ttg::DotOperandEncodingAttr>(
        getEncoding(dot.getA()));
    found |= operand && isa<ttg::NvidiaMmaEncodingAttr>(operand.getParent()) &&
             postDominance.postDominates(dot, convert);
  });
  return found;
}

/// Last step: moves `convert`, to an mma dot operand layout, up to the loads
/// its source is computed from, when only ops that need no data movement
/// between threads (elementwise ops, broadcasts, conversions, constants)
/// lie between them. Those ops are computed again in the dot operand
/// layout.
bool hoistDotOperandConversion(ttg::ConvertLayoutOp convert,
                               PostDominanceInfo &postDominance,
                               Rematerializer &remat) {
  Attribute target = getEncoding(convert.getResult());
  auto operand = dyn_cast<ttg::DotOperandEncodingAttr>(target);
  if (!operand || !isa<ttg::NvidiaMmaEncodingAttr>(operand.getParent()) ||
      !feedsTensorCoreDot(convert, postDominance))
    return false;
  SmallVector<std::pair<Value, Attribute>> loads;
  bool crossesOps = false;
  DenseSet<std::pair<Value, Attribute>> visited;
  SmallVector<std::pair<Value, Attribute>> worklist{{convert.getSrc(), target}};
  while (!worklist.empty()) {
    auto [value, encoding] = worklist.pop_back_val();
    if (!visited.insert({value, encoding}).second)
      continue;
    Operation *def = value.getDefiningOp();
    if (!def)
      return false;
    if (isa<tt::LoadOp, tt::DescriptorLoadOp>(def)) {
      loads.emplace_back(value, encoding);
      continue;
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
      if (!isa<DenseElementsAttr>(constant.getValue()))
        return false;
      continue;
    }
    // An earlier conversion converts its source to `encoding` instead.
    if (isa<ttg::ConvertLayoutOp>(def))
      continue;
    bool noDataMovement =
        isa<tt::BroadcastOp>(def) || isLayoutAgnosticElementwise(def);
    if (!noDataMovement || !canComputeIn(def, encoding))
      return false;
    crossesOps = true;
    if (!addOperandEncodings(def, encoding, worklist))
      return false;
  }
  if (!crossesOps)
    return false;
  LDBG() << "hoisting " << convert << " to the loads it converts";
  OpBuilder builder(convert->getContext());
  for (auto [load, encoding] : loads) {
    // One conversion per load and layout, whichever dots share it.
    if (remat.has(load, encoding))
      continue;
    builder.setInsertionPointAfterValue(load);
    remat.provide(load, encoding,
                  ttg::ConvertLayoutOp::create(
                      builder, convert.getLoc(),
                      withEncoding(load.getType(), encoding), load));
  }
  convert.replaceAllUsesWith(remat.rematerialize(convert.getSrc(), target));
  return true;
}

/// Whether `op` makes its result bigger than its operand without moving
/// data between threads: a widening cast or a broadcast.
bool isWidening(Operation *op) {
  if (isa<arith::ExtFOp, arith::ExtSIOp, arith::ExtUIOp, tt::BroadcastOp>(op))
    return true;
  auto cast = dyn_cast<tt::FpToFpOp>(op);
  return cast &&
         getElementTypeOrSelf(cast.getSrc()).getIntOrFloatBitWidth() <
             getElementTypeOrSelf(cast.getType()).getIntOrFloatBitWidth();
}

/// Last step too: a conversion whose source is computed, by ops cheap to
/// compute again, from one widening op (Triton's
/// hoistConvertOnTopOfExtOrBroadcast) converts that op's narrower operand
/// instead; the widening op and the ops after it are computed again in the
/// target layout. A bf16 tensor converted before its extf to f32 moves half
/// the bytes through shared memory.
bool hoistAboveWidening(ttg::ConvertLayoutOp convert, Rematerializer &remat) {
  Attribute target = getEncoding(convert.getResult());
  if (isa<ttg::DotOperandEncodingAttr>(target))
    return false; // hoistDotOperandConversion's
  Operation *widening = nullptr;
  Attribute wideningEncoding;
  bool reusesConversion = false;
  DenseSet<std::pair<Value, Attribute>> visited;
  SmallVector<std::pair<Value, Attribute>> worklist{{convert.getSrc(), target}};
  // A widening op whose operand is itself cheap to have in the narrower
  // layout (the broadcast of a make_range before the loop) is computed
  // again like any other op: it needs no conversion. Ops may lie outside
  // the conversion's loop; they are computed again where they are.
  // An operand an earlier hoist already converted before `op` is taken
  // from that conversion (Triton reuses existing conversions the same way).
  auto needsConversion = [&](Operation *op, Attribute encoding) {
    Attribute narrowEncoding = getOperandEncoding(op, 0, encoding);
    if (!narrowEncoding)
      return true;
    Value narrow = op->getOperand(0);
    if (Value existing = findConversionBefore(narrow, narrowEncoding, op)) {
      remat.provide(narrow, narrowEncoding, existing);
      reusesConversion = true;
      return false;
    }
    return !remat.canRematerialize(narrow, narrowEncoding,
                                   /*allowNewConversions=*/false);
  };
  while (!worklist.empty()) {
    auto [value, encoding] = worklist.pop_back_val();
    if (!encoding || getEncoding(value) == encoding ||
        remat.has(value, encoding) || !visited.insert({value, encoding}).second)
      continue;
    Operation *def = value.getDefiningOp();
    if (!def)
      return false;
    if (isWidening(def) && canComputeIn(def, encoding) &&
        needsConversion(def, encoding)) {
      // One only: a second would need a second conversion.
      if (widening && (widening != def || wideningEncoding != encoding))
        return false;
      widening = def;
      wideningEncoding = encoding;
      continue;
    }
    // A conversion from the target layout is free to skip: the ops after
    // it take its source (Triton's slice folds it the same way).
    if (auto earlier = dyn_cast<ttg::ConvertLayoutOp>(def)) {
      if (getEncoding(earlier.getSrc()) == encoding)
        continue;
      return false;
    }
    if (!isRematerializable(def) || !canComputeIn(def, encoding))
      return false;
    if (!addOperandEncodings(def, encoding, worklist))
      return false;
  }
  if (!widening) {
    // Everything is at hand: what an earlier hoist converted, and ops to
    // compute again.
    if (!reusesConversion)
      return false;
    LDBG() << "rematerializing " << convert << " from earlier conversions";
    convert.replaceAllUsesWith(remat.rematerialize(convert.getSrc(), target));
    return true;
  }
  Attribute narrowEncoding = getOperandEncoding(widening, 0, wideningEncoding);
  if (!narrowEncoding)
    return false;
  LDBG() << "hoisting " << convert << " above " << *widening;
  OpBuilder builder(widening);
  Value narrow = widening->getOperand(0);
  IRMapping mapping;
  mapping.map(narrow,
              ttg::ConvertLayoutOp::create(
                  builder, convert.getLoc(),
                  withEncoding(narrow.getType(), narrowEncoding), narrow));
  Operation *clone = builder.clone(*widening, mapping);
  clone->getResult(0).setType(
      withEncoding(widening->getResult(0).getType(), wideningEncoding));
  remat.provide(widening->getResult(0), wideningEncoding, clone->getResult(0));
  convert.replaceAllUsesWith(remat.rematerialize(convert.getSrc(), target));
  return true;
}
} // namespace

bool mlir::tile::hoistConversions(FunctionOpInterface func) {
  PostDominanceInfo postDominance(func);
  Rematerializer remat;
  auto collect = [&] {
    SmallVector<ttg::ConvertLayoutOp> converts;
    func.walk([&](ttg::ConvertLayoutOp op) { converts.push_back(op); });
    return converts;
  };
  bool changed = false;
  for (ttg::ConvertLayoutOp convert : collect())
    if (!convert->use_empty())
      changed |= hoistDotOperandConversion(convert, postDominance, remat);
  // What one hoist built is not reused by the next: each provides its
  // own widening op's clone.
  for (ttg::ConvertLayoutOp convert : collect()) {
    if (convert->use_empty())
      continue;
    Rematerializer wideningRemat;
    changed |= hoistAboveWidening(convert, wideningRemat);
  }
  return changed;
}

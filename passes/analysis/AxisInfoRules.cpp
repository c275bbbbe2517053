//===- AxisInfoRules.cpp - Which rule the axis analysis applies -----------===//
//
// The table from op to rule, and the helpers every rule shares. An op without
// a rule, or with more than one result, gets the pessimistic state.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/AxisInfoRules.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::axisinfo;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

SmallVector<int64_t> axisinfo::getAxisShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    if (tensor.getRank() > 0)
      return SmallVector<int64_t>(tensor.getShape());
  return {1};
}

bool axisinfo::hasAxisShape(Type type) {
  return isa<RankedTensorType, IntegerType, IndexType, FloatType,
             tt::PointerType>(type);
}

int64_t axisinfo::getPointeeBytes(Type ptrLike) {
  Type pointee = tt::getPointeeType(ptrLike);
  if (auto tensor = dyn_cast_or_null<RankedTensorType>(pointee))
    pointee = tensor.getElementType();
  if (!pointee)
    return 1;
  if (isa<tt::PointerType>(pointee))
    return 8;
  if (pointee.isIntOrFloat())
    return std::max<int64_t>(pointee.getIntOrFloatBitWidth() / 8, 1);
  return 1;
}

unsigned axisinfo::getIntWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (auto integer = dyn_cast<IntegerType>(element))
    return integer.getWidth();
  return 64;
}

bool RuleContext::hasResultRank(ArrayRef<AxisInfo> infos) const {
  return llvm::all_of(infos, [&](const AxisInfo &info) {
    return info.getRank() == shape.size();
  });
}

bool RuleContext::isBinary() const {
  return operands.size() == 2 && hasResultRank(operands);
}

std::optional<int64_t> RuleContext::foldConstants(FoldFn fn) const {
  const AxisInfo &lhs = operands[0], &rhs = operands[1];
  if (!lhs.getConstantValue() || !rhs.getConstantValue())
    return std::nullopt;
  return fn(*lhs.getConstantValue(), *rhs.getConstantValue());
}

std::optional<int64_t> RuleContext::fold(FoldFn fn) const {
  std::optional<int64_t> value = foldConstants(fn);
  if (!value || width >= 64)
    return value;
  if (width == 1)
    return *value & 1;
  return llvm::SignExtend64(static_cast<uint64_t>(*value), width);
}

//===----------------------------------------------------------------------===//
// The rule table
//===----------------------------------------------------------------------===//

std::optional<AxisInfo> axisinfo::computeAxisInfo(Operation *op,
                                                  ArrayRef<AxisInfo> operands) {
  if (op->getNumResults() != 1)
    return std::nullopt;
  Type resultType = op->getResult(0).getType();
  SmallVector<int64_t> shape = getAxisShape(resultType);
  RuleContext ctx{operands, shape, getIntWidth(resultType)};

  using Result = std::optional<AxisInfo>;
  return TypeSwitch<Operation *, Result>(op)
      .Case([&](arith::ConstantOp op) { return constantRule(op, ctx); })
      .Case([&](tt::MakeRangeOp op) { return makeRangeRule(op, ctx); })
      .Case([&](tt::SplatOp) { return splatRule(ctx); })
      .Case([&](tt::ExpandDimsOp op) { return expandDimsRule(op, ctx); })
      .Case([&](tt::BroadcastOp op) { return broadcastRule(op, ctx); })
      .Case([&](tt::TransOp op) { return transRule(op, ctx); })
      // Layout changes and casts keep every value as it is. (Truncation could
      // wrap; like Triton, offsets are assumed to fit.)
      .Case<ttg::ConvertLayoutOp, arith::ExtSIOp, arith::ExtUIOp,
            arith::TruncIOp, arith::IndexCastOp, arith::IndexCastUIOp,
            tt::BitcastOp, tt::IntToPtrOp, tt::PtrToIntOp>(
          [&](Operation *) { return sameValuesRule(ctx); })
      // A conversion cast keeps the values; into a type without a shape of
      // its own it carries the operand's info as it is.
      .Case([&](UnrealizedConversionCastOp op) -> Result {
        if (op->getNumOperands() != 1)
          return std::nullopt;
        if (!hasAxisShape(resultType))
          return operands[0];
        return sameValuesRule(ctx);
      })
      .Case([&](tt::AddPtrOp op) { return addPtrRule(op, ctx); })
      .Case<arith::AddIOp, arith::SubIOp>(
          [&](Operation *op) { return addSubRule(op, ctx); })
      .Case([&](arith::MulIOp) { return mulRule(ctx); })
      .Case<arith::DivSIOp, arith::DivUIOp>(
          [&](Operation *op) { return divRule(op, ctx); })
      .Case<arith::RemSIOp, arith::RemUIOp>(
          [&](Operation *op) { return remRule(op, ctx); })
      .Case([&](arith::AndIOp) { return andRule(ctx); })
      .Case<arith::OrIOp, arith::XOrIOp>(
          [&](Operation *op) { return orXorRule(op, ctx); })
      .Case<arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>(
          [&](Operation *op) { return shiftRule(op, ctx); })
      .Case([&](arith::CmpIOp op) { return cmpRule(op, ctx); })
      .Case([&](arith::SelectOp op) { return selectRule(op, ctx); })
      .Case<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(
          [&](Operation *op) { return minMaxRule(op, ctx); })
      .Case([&](tt::LoadOp op) { return loadRule(op, ctx); })
      .Case([&](ub::PoisonOp) { return poisonRule(ctx); })
      .Default([](Operation *) { return std::nullopt; });
}

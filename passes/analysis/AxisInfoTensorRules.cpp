//===- AxisInfoTensorRules.cpp - Axis info of tensors built or moved ------===//
//
// The rules of the ops that create tensors (constants, make_range, splat),
// reshape them (expand_dims, broadcast, trans), keep their values (layout
// changes and casts) or read them from memory (load). None of them computes:
// they move known facts from one dimension or one value to another.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/AxisInfoRules.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::axisinfo;

std::optional<AxisInfo> axisinfo::constantRule(arith::ConstantOp constant,
                                               const RuleContext &ctx) {
  // Booleans read as 0 and 1 (as Triton prints them); wider integers keep
  // their sign so that negative offsets stay negative.
  auto read = [](const APInt &bits) {
    return bits.getBitWidth() == 1 ? int64_t(bits.getZExtValue())
                                   : bits.getSExtValue();
  };
  Attribute value = constant.getValue();
  if (auto integer = dyn_cast<IntegerAttr>(value))
    return AxisInfo::getConstant(read(integer.getValue()), ctx.shape);
  if (auto dense = dyn_cast<DenseIntElementsAttr>(value))
    if (dense.isSplat())
      return AxisInfo::getConstant(read(dense.getSplatValue<APInt>()),
                                   ctx.shape);
  return std::nullopt;
}

std::optional<AxisInfo> axisinfo::makeRangeRule(tt::MakeRangeOp range,
                                                const RuleContext &ctx) {
  int64_t start = range.getStart(), end = range.getEnd();
  if (ctx.shape.size() != 1 || end <= start)
    return std::nullopt;
  // start and end are 32-bit: a range from 0 is divisible by the largest
  // power of two an i32 holds (what Triton reports), not by kMaxDivisibility.
  int64_t divisibility =
      start == 0 ? int64_t(1) << 30 : highestPowerOf2Divisor(start);
  return AxisInfo({end - start}, {divisibility}, {1});
}

std::optional<AxisInfo> axisinfo::splatRule(const RuleContext &ctx) {
  const AxisInfo &src = ctx.operands[0];
  return AxisInfo(
      AxisInfo::DimVector(ctx.shape.size(), 1),
      AxisInfo::DimVector(ctx.shape.size(), src.getElementDivisibility(0)),
      ctx.shape, src.getConstantValue());
}

std::optional<AxisInfo> axisinfo::expandDimsRule(tt::ExpandDimsOp expand,
                                                 const RuleContext &ctx) {
  const AxisInfo &src = ctx.operands[0];
  unsigned axis = expand.getAxis();
  if (src.getRank() + 1 != ctx.shape.size() || axis > src.getRank())
    return std::nullopt;
  // The new size-1 dim: every element is the first of its run, so it
  // has the divisibility every element has.
  int64_t newDiv = AxisInfo::kMaxDivisibility;
  for (unsigned d = 0; d < src.getRank(); ++d)
    newDiv = std::min(newDiv, src.getElementDivisibility(d));
  if (src.getConstantValue())
    newDiv = highestPowerOf2Divisor(*src.getConstantValue());
  AxisInfo::DimVector contiguity(src.getContiguity()),
      divisibility(src.getDivisibility()), constancy(src.getConstancy());
  contiguity.insert(contiguity.begin() + axis, 1);
  divisibility.insert(divisibility.begin() + axis, newDiv);
  constancy.insert(constancy.begin() + axis, 1);
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

std::optional<AxisInfo> axisinfo::broadcastRule(tt::BroadcastOp broadcast,
                                                const RuleContext &ctx) {
  const AxisInfo &src = ctx.operands[0];
  auto srcType = dyn_cast<RankedTensorType>(broadcast.getSrc().getType());
  if (!srcType || src.getRank() != ctx.shape.size() ||
      srcType.getRank() != static_cast<int64_t>(ctx.shape.size()))
    return std::nullopt;
  AxisInfo::DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < ctx.shape.size(); ++d) {
    bool expanded = srcType.getDimSize(d) == 1 && ctx.shape[d] != 1;
    contiguity.push_back(expanded ? 1 : src.getContiguity(d));
    divisibility.push_back(src.getDivisibility(d));
    constancy.push_back(expanded ? ctx.shape[d] : src.getConstancy(d));
  }
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

std::optional<AxisInfo> axisinfo::transRule(tt::TransOp trans,
                                            const RuleContext &ctx) {
  const AxisInfo &src = ctx.operands[0];
  ArrayRef<int32_t> order = trans.getOrder();
  if (src.getRank() != ctx.shape.size() || order.size() != ctx.shape.size())
    return std::nullopt;
  AxisInfo::DimVector contiguity, divisibility, constancy;
  for (int32_t d : order) {
    if (d < 0 || static_cast<unsigned>(d) >= src.getRank())
      return std::nullopt;
    contiguity.push_back(src.getContiguity(d));
    divisibility.push_back(src.getDivisibility(d));
    constancy.push_back(src.getConstancy(d));
  }
  return AxisInfo(contiguity, divisibility, constancy, src.getConstantValue());
}

std::optional<AxisInfo> axisinfo::sameValuesRule(const RuleContext &ctx) {
  if (!ctx.hasResultRank(ctx.operands.take_front(1)))
    return std::nullopt;
  return ctx.operands[0];
}

std::optional<AxisInfo> axisinfo::loadRule(tt::LoadOp load,
                                           const RuleContext &ctx) {
  // Equal pointers (under equal masks) read equal values.
  AxisInfo info = AxisInfo::getPessimistic(ctx.shape.size());
  if (!isa<RankedTensorType>(load.getPtr().getType()) ||
      !ctx.hasResultRank(ctx.operands))
    return info;
  AxisInfo::DimVector constancy;
  for (unsigned d = 0; d < ctx.shape.size(); ++d) {
    int64_t runs = ctx.shape[d];
    for (const AxisInfo &operand : ctx.operands)
      runs = std::gcd(runs, operand.getConstancy(d));
    constancy.push_back(runs);
  }
  return AxisInfo(info.getContiguity(), info.getDivisibility(), constancy);
}

std::optional<AxisInfo> axisinfo::poisonRule(const RuleContext &ctx) {
  SmallVector<int64_t> most(ctx.shape.size(), AxisInfo::kMaxDivisibility);
  return AxisInfo(most, most, most);
}

//===- AxisInfoRules.h - Per-op transfer functions of axis info -*- C++ -*-===//
//
// The axis analysis (AxisInfo.cpp) propagates facts through the IR; what one
// op does to them is its rule. computeAxisInfo picks the rule for an op
// (AxisInfoRules.cpp); the rules themselves are grouped by op family:
// AxisInfoTensorRules.cpp for ops that create tensors or move values without
// arithmetic, AxisInfoIntegerRules.cpp for integer and pointer arithmetic.
//
// Internal to the analysis: other code asks ModuleAxisInfoAnalysis.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_ANALYSIS_AXISINFORULES_H
#define TILE_PASSES_ANALYSIS_AXISINFORULES_H

#include "passes/analysis/AxisInfo.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::tile::axisinfo {
/// The shape the analysis gives `type`: a scalar is one element.
SmallVector<int64_t> getAxisShape(Type type);

/// Whether the analysis gives `type` a shape of its own: tensors, integers,
/// index, floats and pointers. Any other type (an LLVM struct a conversion
/// cast wraps a tensor in) carries whatever info flows into it, of any rank.
bool hasAxisShape(Type type);

/// The size in bytes of what a pointer (or tensor of pointers) points to; 1
/// for anything else, so pointer arithmetic on it is still sound.
int64_t getPointeeBytes(Type ptrLike);

/// The width in bits of an integer (or tensor of integers) type, 64
/// otherwise (index).
unsigned getIntWidth(Type type);

/// What a rule gets to work with: the infos of the op's operands (all
/// initialized) and the shape and integer width of its single result.
struct RuleContext {
  using FoldFn = function_ref<std::optional<int64_t>(int64_t, int64_t)>;

  ArrayRef<AxisInfo> operands;
  ArrayRef<int64_t> shape;
  unsigned width;

  /// Whether every info in `infos` has the result's rank, as elementwise
  /// rules need.
  bool hasResultRank(ArrayRef<AxisInfo> infos) const;
  /// Whether the op has two operands of the result's rank.
  bool isBinary() const;
  /// The operands of a binary op (check isBinary first).
  const AxisInfo &lhs() const { return operands[0]; }
  const AxisInfo &rhs() const { return operands[1]; }
  /// `fn` over the two operands' constant values; nothing when either is
  /// unknown or `fn` refuses (division by zero, overflow).
  std::optional<int64_t> foldConstants(FoldFn fn) const;
  /// foldConstants truncated to the result's width and sign-extended back,
  /// so that a folded constant keeps the value the IR computes.
  std::optional<int64_t> fold(FoldFn fn) const;
};

/// The rule for `op` given its operand infos, or std::nullopt when `op` has
/// no rule (its results then get the pessimistic state).
std::optional<AxisInfo> computeAxisInfo(Operation *op,
                                        ArrayRef<AxisInfo> operands);

//===----------------------------------------------------------------------===//
// Tensor rules (AxisInfoTensorRules.cpp)
//===----------------------------------------------------------------------===//

std::optional<AxisInfo> constantRule(arith::ConstantOp op,
                                     const RuleContext &ctx);
std::optional<AxisInfo> makeRangeRule(tt::MakeRangeOp op,
                                      const RuleContext &ctx);
std::optional<AxisInfo> splatRule(const RuleContext &ctx);
std::optional<AxisInfo> expandDimsRule(tt::ExpandDimsOp op,
                                       const RuleContext &ctx);
std::optional<AxisInfo> broadcastRule(tt::BroadcastOp op,
                                      const RuleContext &ctx);
std::optional<AxisInfo> transRule(tt::TransOp op, const RuleContext &ctx);
/// Layout changes and casts: every value stays as it is.
std::optional<AxisInfo> sameValuesRule(const RuleContext &ctx);
std::optional<AxisInfo> loadRule(tt::LoadOp op, const RuleContext &ctx);
/// ub.poison: never read, so it takes whatever its uses need (the most of
/// every quantity), and a join with it keeps the other side's facts.
std::optional<AxisInfo> poisonRule(const RuleContext &ctx);

//===----------------------------------------------------------------------===//
// Integer rules (AxisInfoIntegerRules.cpp)
//===----------------------------------------------------------------------===//

std::optional<AxisInfo> addPtrRule(tt::AddPtrOp op, const RuleContext &ctx);
/// arith.addi and arith.subi.
std::optional<AxisInfo> addSubRule(Operation *op, const RuleContext &ctx);
std::optional<AxisInfo> mulRule(const RuleContext &ctx);
/// arith.divsi and arith.divui.
std::optional<AxisInfo> divRule(Operation *op, const RuleContext &ctx);
/// arith.remsi and arith.remui.
std::optional<AxisInfo> remRule(Operation *op, const RuleContext &ctx);
std::optional<AxisInfo> andRule(const RuleContext &ctx);
/// arith.ori and arith.xori.
std::optional<AxisInfo> orXorRule(Operation *op, const RuleContext &ctx);
/// arith.shli, arith.shrui and arith.shrsi.
std::optional<AxisInfo> shiftRule(Operation *op, const RuleContext &ctx);
std::optional<AxisInfo> cmpRule(arith::CmpIOp op, const RuleContext &ctx);
std::optional<AxisInfo> selectRule(arith::SelectOp op, const RuleContext &ctx);
/// arith.maxsi, arith.minsi, arith.maxui and arith.minui.
std::optional<AxisInfo> minMaxRule(Operation *op, const RuleContext &ctx);
} // namespace mlir::tile::axisinfo

#endif // TILE_PASSES_ANALYSIS_AXISINFORULES_H

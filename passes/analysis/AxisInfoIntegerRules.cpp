//===- AxisInfoIntegerRules.cpp - Axis info through integer arithmetic ----===//
//
// The rules of add, sub, addptr, mul, div, rem, the bitwise ops, shifts,
// comparisons, select and min/max. Each rule keeps the facts sound for
// non-negative integers, the values offsets and indices take; like Triton,
// signed division and remainder of negative values are not modelled. A rule
// that can fold the op to a constant says so exactly.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/AxisInfoRules.h"

#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::axisinfo;

namespace {
/// `a * b` for powers of two, clamped to kMaxDivisibility.
int64_t multiplyDivisor(int64_t a, int64_t b) {
  if (a <= 0 || b <= 0)
    return 1;
  if (a > AxisInfo::kMaxDivisibility / b)
    return AxisInfo::kMaxDivisibility;
  return a * b;
}

/// The divisibility of the first element of every run of `runLength`
/// elements along `dim`, where the runs split the value's own contiguity
/// runs: a run starting inside one of them only inherits `runLength *
/// unit`, where `unit` is the size of a step (pointee bytes for pointers).
int64_t divisibilityForRuns(const AxisInfo &info, unsigned dim,
                            int64_t runLength, int64_t unit = 1) {
  if (runLength >= info.getContiguity(dim))
    return info.getDivisibility(dim);
  return std::gcd(info.getDivisibility(dim), runLength * unit);
}

/// The transfer functions of the integer ops, on what the operands are known
/// to be. Each receives operand infos of the result's rank (checked by the
/// rule that calls it) and the constant the op folds to, if any.
class IntegerTransfer {
public:
  IntegerTransfer(ArrayRef<int64_t> shape) : shape(shape) {}

  unsigned rank() const { return shape.size(); }

  /// add, sub, addptr. `rhsScale` multiplies the rhs (pointee bytes for
  /// addptr, where the lhs is a pointer whose runs step by that many bytes).
  AxisInfo addSub(const AxisInfo &lhs, const AxisInfo &rhs, bool isSub,
                  int64_t rhsScale, std::optional<int64_t> constant) {
    AxisInfo::DimVector contiguity, divisibility, constancy;
    for (unsigned d = 0; d < rank(); ++d) {
      // x + c and c + x stay contiguous where c is constant; c - x does not.
      int64_t contig = std::gcd(lhs.getContiguity(d), rhs.getConstancy(d));
      if (!isSub)
        contig = std::max(contig,
                          std::gcd(lhs.getConstancy(d), rhs.getContiguity(d)));
      contiguity.push_back(contig);
      int64_t lhsDiv = divisibilityForRuns(lhs, d, contig, rhsScale);
      int64_t rhsDiv =
          multiplyDivisor(divisibilityForRuns(rhs, d, contig), rhsScale);
      divisibility.push_back(std::gcd(lhsDiv, rhsDiv));
      constancy.push_back(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
    }
    return finish(contiguity, divisibility, constancy, constant);
  }

  AxisInfo mul(const AxisInfo &lhs, const AxisInfo &rhs,
               std::optional<int64_t> constant) {
    if (constant)
      return AxisInfo::getConstant(*constant, shape);
    bool lhsIsOne = lhs.getConstantValue() == 1;
    bool rhsIsOne = rhs.getConstantValue() == 1;
    if (lhsIsOne)
      return rhs;
    if (rhsIsOne)
      return lhs;
    AxisInfo::DimVector contiguity(rank(), 1), divisibility, constancy;
    for (unsigned d = 0; d < rank(); ++d) {
      divisibility.push_back(multiplyDivisor(lhs.getElementDivisibility(d),
                                             rhs.getElementDivisibility(d)));
      constancy.push_back(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
    }
    return finish(contiguity, divisibility, constancy, std::nullopt);
  }

  AxisInfo div(const AxisInfo &lhs, const AxisInfo &rhs,
               std::optional<int64_t> constant) {
    if (constant)
      return AxisInfo::getConstant(*constant, shape);
    if (rhs.getConstantValue() == 1)
      return lhs;
    std::optional<int64_t> divisor = rhs.getConstantValue();
    AxisInfo::DimVector contiguity(rank(), 1), divisibility, constancy;
    for (unsigned d = 0; d < rank(); ++d) {
      // A run x..x+c-1 starting at a multiple of g crosses no multiple of a
      // divisor that g divides within g elements, so x/p is constant there.
      int64_t runs = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
      if (lhs.getContiguity(d) > 1) {
        int64_t g = std::gcd(
            std::gcd(lhs.getContiguity(d), lhs.getDivisibility(d)),
            std::gcd(rhs.getElementDivisibility(d), rhs.getConstancy(d)));
        runs = std::max(runs, g);
      }
      constancy.push_back(runs);
      int64_t div = 1;
      if (lhs.getConstantValue() == 0)
        div = AxisInfo::kMaxDivisibility;
      else if (divisor && *divisor > 0 && llvm::isPowerOf2_64(*divisor))
        div = std::max<int64_t>(lhs.getElementDivisibility(d) / *divisor, 1);
      divisibility.push_back(div);
    }
    return finish(contiguity, divisibility, constancy, std::nullopt);
  }

  /// x % m, and x & (m - 1) for a power of two m (`modulus`).
  AxisInfo rem(const AxisInfo &lhs, const AxisInfo &rhs,
               std::optional<int64_t> modulus,
               std::optional<int64_t> constant) {
    if (constant)
      return AxisInfo::getConstant(*constant, shape);
    if (modulus == 1)
      return AxisInfo::getConstant(0, shape);
    AxisInfo::DimVector contiguity, divisibility, constancy;
    for (unsigned d = 0; d < rank(); ++d) {
      int64_t rhsDiv = modulus ? highestPowerOf2Divisor(*modulus)
                               : rhs.getElementDivisibility(d);
      int64_t rhsConst = modulus ? shape[d] : rhs.getConstancy(d);
      // The run wraps only at multiples of the modulus; aligned blocks of
      // the gcd below never contain one except at their start.
      int64_t contig = 1;
      if (lhs.getContiguity(d) > 1)
        contig =
            std::gcd(std::gcd(lhs.getContiguity(d), lhs.getDivisibility(d)),
                     std::gcd(rhsDiv, rhsConst));
      contiguity.push_back(contig);
      divisibility.push_back(
          std::gcd(divisibilityForRuns(lhs, d, contig), rhsDiv));
      constancy.push_back(std::gcd(lhs.getConstancy(d), rhsConst));
    }
    return finish(contiguity, divisibility, constancy, std::nullopt);
  }

  /// and/or/xor without a known mask. or and xor keep the trailing zeros
  /// both operands guarantee; and, as in Triton, is not credited with any
  /// (although it keeps those of either operand).
  AxisInfo bitwise(const AxisInfo &lhs, const AxisInfo &rhs, bool isAnd,
                   std::optional<int64_t> constant) {
    if (constant)
      return AxisInfo::getConstant(*constant, shape);
    AxisInfo::DimVector contiguity(rank(), 1), divisibility, constancy;
    for (unsigned d = 0; d < rank(); ++d) {
      int64_t l = lhs.getElementDivisibility(d);
      int64_t r = rhs.getElementDivisibility(d);
      divisibility.push_back(isAnd ? 1 : std::min(l, r));
      constancy.push_back(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
    }
    return finish(contiguity, divisibility, constancy, std::nullopt);
  }

  AxisInfo shift(const AxisInfo &lhs, const AxisInfo &rhs, bool isLeft,
                 std::optional<int64_t> constant) {
    if (constant)
      return AxisInfo::getConstant(*constant, shape);
    std::optional<int64_t> amount = rhs.getConstantValue();
    if (amount == 0)
      return lhs;
    bool known = amount && *amount > 0 && *amount < 63;
    AxisInfo::DimVector contiguity(rank(), 1), divisibility, constancy;
    for (unsigned d = 0; d < rank(); ++d) {
      int64_t runs = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
      int64_t div = 1;
      if (isLeft) {
        div = known ? multiplyDivisor(lhs.getElementDivisibility(d),
                                      int64_t(1) << *amount)
                    : lhs.getElementDivisibility(d);
      } else if (known) {
        // As in Triton, only the runs both operands are constant on stay
        // constant (x >> k is in fact constant on aligned blocks of 2^k).
        int64_t step = int64_t(1) << std::min<int64_t>(*amount, 30);
        div = std::max<int64_t>(lhs.getElementDivisibility(d) / step, 1);
      }
      divisibility.push_back(div);
      constancy.push_back(runs);
    }
    return finish(contiguity, divisibility, constancy, std::nullopt);
  }

  AxisInfo cmp(arith::CmpIPredicate predicate, const AxisInfo &lhs,
               const AxisInfo &rhs, std::optional<int64_t> constant) {
    if (constant)
      return AxisInfo::getConstant(*constant, shape);
    using P = arith::CmpIPredicate;
    bool lessOrGreaterEq =
        llvm::is_contained({P::slt, P::ult, P::sge, P::uge}, predicate);
    bool lessEqOrGreater =
        llvm::is_contained({P::sle, P::ule, P::sgt, P::ugt}, predicate);
    AxisInfo::DimVector ones(rank(), 1), constancy;
    for (unsigned d = 0; d < rank(); ++d) {
      int64_t runs = std::gcd(lhs.getConstancy(d), rhs.getConstancy(d));
      // Comparing a run x, x+1, ... with a constant c flips once, where x
      // reaches the boundary b: c for `x < c` / `x >= c`, c+1 for `x <= c`
      // / `x > c` (mirrored when the run is on the right). Between
      // multiples of a g dividing b nothing flips.
      auto runsAgainst = [&](const AxisInfo &run, const AxisInfo &bound,
                             bool boundIsValue) -> int64_t {
        if (run.getContiguity(d) <= 1)
          return 1;
        int64_t boundDiv = 1;
        if (boundIsValue)
          boundDiv = bound.getElementDivisibility(d);
        else if (bound.getConstantValue())
          boundDiv = highestPowerOf2Divisor(*bound.getConstantValue() + 1);
        return std::gcd(std::gcd(run.getContiguity(d), run.getDivisibility(d)),
                        std::gcd(boundDiv, bound.getConstancy(d)));
      };
      if (lessOrGreaterEq || lessEqOrGreater) {
        runs = std::max(runs, runsAgainst(lhs, rhs, lessOrGreaterEq));
        runs = std::max(runs, runsAgainst(rhs, lhs, lessEqOrGreater));
      }
      constancy.push_back(runs);
    }
    return finish(ones, ones, constancy, std::nullopt);
  }

  AxisInfo select(const AxisInfo &cond, const AxisInfo &lhs,
                  const AxisInfo &rhs) {
    if (cond.getConstantValue())
      return *cond.getConstantValue() ? lhs : rhs;
    AxisInfo::DimVector contiguity, divisibility, constancy;
    for (unsigned d = 0; d < rank(); ++d) {
      int64_t condRuns = cond.getConstancy(d);
      int64_t contig = std::gcd(std::gcd(lhs.getContiguity(d), condRuns),
                                std::gcd(rhs.getContiguity(d), condRuns));
      contiguity.push_back(contig);
      divisibility.push_back(std::gcd(divisibilityForRuns(lhs, d, contig),
                                      divisibilityForRuns(rhs, d, contig)));
      constancy.push_back(std::gcd(std::gcd(lhs.getConstancy(d), condRuns),
                                   std::gcd(rhs.getConstancy(d), condRuns)));
    }
    std::optional<int64_t> constant;
    if (lhs.getConstantValue() == rhs.getConstantValue())
      constant = lhs.getConstantValue();
    return finish(contiguity, divisibility, constancy, constant);
  }

  AxisInfo minMax(const AxisInfo &lhs, const AxisInfo &rhs,
                  std::optional<int64_t> constant) {
    if (constant)
      return AxisInfo::getConstant(*constant, shape);
    // max(x + i, y + i) = max(x, y) + i: runs common to both survive.
    AxisInfo::DimVector contiguity, divisibility, constancy;
    for (unsigned d = 0; d < rank(); ++d) {
      int64_t contig = 1;
      if (lhs.getContiguity(d) > 1 && rhs.getContiguity(d) > 1)
        contig = std::gcd(lhs.getContiguity(d), rhs.getContiguity(d));
      contiguity.push_back(contig);
      divisibility.push_back(std::gcd(divisibilityForRuns(lhs, d, contig),
                                      divisibilityForRuns(rhs, d, contig)));
      constancy.push_back(std::gcd(lhs.getConstancy(d), rhs.getConstancy(d)));
    }
    return finish(contiguity, divisibility, constancy, std::nullopt);
  }

private:
  AxisInfo finish(ArrayRef<int64_t> contiguity, ArrayRef<int64_t> divisibility,
                  ArrayRef<int64_t> constancy,
                  std::optional<int64_t> constant) {
    if (constant)
      return AxisInfo::getConstant(*constant, shape);
    return AxisInfo(contiguity, divisibility, constancy);
  }

  ArrayRef<int64_t> shape;
};
} // namespace

std::optional<AxisInfo> axisinfo::addPtrRule(tt::AddPtrOp addptr,
                                             const RuleContext &ctx) {
  if (!ctx.isBinary())
    return std::nullopt;
  int64_t bytes = getPointeeBytes(addptr.getPtr().getType());
  IntegerTransfer rules(ctx.shape);
  return rules.addSub(ctx.lhs(), ctx.rhs(), /*isSub=*/false, bytes,
                      ctx.foldConstants([&](int64_t p, int64_t o) {
                        return std::optional<int64_t>(p + o * bytes);
                      }));
}

std::optional<AxisInfo> axisinfo::addSubRule(Operation *op,
                                             const RuleContext &ctx) {
  if (!ctx.isBinary())
    return std::nullopt;
  bool isSub = isa<arith::SubIOp>(op);
  IntegerTransfer rules(ctx.shape);
  return rules.addSub(ctx.lhs(), ctx.rhs(), isSub, 1,
                      ctx.fold([&](int64_t a, int64_t b) {
                        return std::optional<int64_t>(isSub ? a - b : a + b);
                      }));
}

std::optional<AxisInfo> axisinfo::mulRule(const RuleContext &ctx) {
  if (!ctx.isBinary())
    return std::nullopt;
  // Anything times a zero everywhere is a zero everywhere.
  if (ctx.lhs().getConstantValue() == 0 || ctx.rhs().getConstantValue() == 0)
    return AxisInfo::getConstant(0, ctx.shape);
  IntegerTransfer rules(ctx.shape);
  return rules.mul(ctx.lhs(), ctx.rhs(), ctx.fold([](int64_t a, int64_t b) {
    return std::optional<int64_t>(a * b);
  }));
}

std::optional<AxisInfo> axisinfo::divRule(Operation *op,
                                          const RuleContext &ctx) {
  if (!ctx.isBinary())
    return std::nullopt;
  bool isSigned = isa<arith::DivSIOp>(op);
  IntegerTransfer rules(ctx.shape);
  return rules.div(
      ctx.lhs(), ctx.rhs(),
      ctx.fold([&](int64_t a, int64_t b) -> std::optional<int64_t> {
        if (b == 0 || (isSigned && b == -1))
          return std::nullopt;
        if (!isSigned && (a < 0 || b < 0))
          return std::nullopt;
        return a / b;
      }));
}

std::optional<AxisInfo> axisinfo::remRule(Operation *op,
                                          const RuleContext &ctx) {
  if (!ctx.isBinary())
    return std::nullopt;
  bool isSigned = isa<arith::RemSIOp>(op);
  std::optional<int64_t> modulus = ctx.rhs().getConstantValue();
  if (modulus && *modulus <= 0)
    modulus = std::nullopt;
  IntegerTransfer rules(ctx.shape);
  return rules.rem(
      ctx.lhs(), ctx.rhs(), modulus,
      ctx.fold([&](int64_t a, int64_t b) -> std::optional<int64_t> {
        if (b == 0 || (isSigned && b == -1))
          return std::nullopt;
        if (!isSigned && (a < 0 || b < 0))
          return std::nullopt;
        return a % b;
      }));
}

std::optional<AxisInfo> axisinfo::andRule(const RuleContext &ctx) {
  if (!ctx.isBinary())
    return std::nullopt;
  auto folded = ctx.fold(
      [](int64_t a, int64_t b) { return std::optional<int64_t>(a & b); });
  IntegerTransfer rules(ctx.shape);
  // x & (2^k - 1) is x mod 2^k, exactly, in two's complement.
  for (int side = 0; side < 2 && !folded && ctx.width > 1; ++side) {
    std::optional<int64_t> mask = ctx.operands[1 - side].getConstantValue();
    if (mask && *mask > 0 && llvm::isPowerOf2_64(*mask + 1))
      return rules.rem(ctx.operands[side], ctx.operands[1 - side], *mask + 1,
                       std::nullopt);
  }
  return rules.bitwise(ctx.lhs(), ctx.rhs(), /*isAnd=*/true, folded);
}

std::optional<AxisInfo> axisinfo::orXorRule(Operation *op,
                                            const RuleContext &ctx) {
  if (!ctx.isBinary())
    return std::nullopt;
  bool isOr = isa<arith::OrIOp>(op);
  IntegerTransfer rules(ctx.shape);
  return rules.bitwise(ctx.lhs(), ctx.rhs(), /*isAnd=*/false,
                       ctx.fold([&](int64_t a, int64_t b) {
                         return std::optional<int64_t>(isOr ? (a | b)
                                                            : (a ^ b));
                       }));
}

std::optional<AxisInfo> axisinfo::shiftRule(Operation *op,
                                            const RuleContext &ctx) {
  if (!ctx.isBinary())
    return std::nullopt;
  bool isLeft = isa<arith::ShLIOp>(op);
  bool isSigned = isa<arith::ShRSIOp>(op);
  IntegerTransfer rules(ctx.shape);
  return rules.shift(
      ctx.lhs(), ctx.rhs(), isLeft,
      ctx.fold([&](int64_t a, int64_t b) -> std::optional<int64_t> {
        if (b < 0 || b >= static_cast<int64_t>(ctx.width) || b >= 63)
          return std::nullopt;
        if (isLeft)
          return static_cast<int64_t>(static_cast<uint64_t>(a) << b);
        if (isSigned)
          return a >> b;
        uint64_t mask =
            ctx.width >= 64 ? ~uint64_t(0) : (uint64_t(1) << ctx.width) - 1;
        return static_cast<int64_t>((static_cast<uint64_t>(a) & mask) >> b);
      }));
}

std::optional<AxisInfo> axisinfo::cmpRule(arith::CmpIOp cmp,
                                          const RuleContext &ctx) {
  // As in Triton, a scalar comparison is not analysed (not even folded).
  if (!ctx.isBinary() || !isa<RankedTensorType>(cmp.getType()))
    return std::nullopt;
  unsigned operandWidth = getIntWidth(cmp.getLhs().getType());
  IntegerTransfer rules(ctx.shape);
  return rules.cmp(
      cmp.getPredicate(), ctx.lhs(), ctx.rhs(),
      ctx.foldConstants([&](int64_t a, int64_t b) -> std::optional<int64_t> {
        unsigned bits = std::min(operandWidth, 64u);
        return arith::applyCmpPredicate(
            cmp.getPredicate(), APInt(bits, a, true), APInt(bits, b, true));
      }));
}

std::optional<AxisInfo> axisinfo::selectRule(arith::SelectOp select,
                                             const RuleContext &ctx) {
  if (ctx.operands.size() != 3 || !ctx.hasResultRank(ctx.operands.drop_front()))
    return std::nullopt;
  // A scalar condition picks one side for the whole tensor.
  AxisInfo cond = ctx.operands[0];
  if (!isa<RankedTensorType>(select.getCondition().getType()))
    cond = AxisInfo(AxisInfo::DimVector(ctx.shape.size(), 1),
                    AxisInfo::DimVector(ctx.shape.size(), 1), ctx.shape,
                    cond.getConstantValue());
  if (cond.getRank() != ctx.shape.size())
    return std::nullopt;
  IntegerTransfer rules(ctx.shape);
  return rules.select(cond, ctx.operands[1], ctx.operands[2]);
}

std::optional<AxisInfo> axisinfo::minMaxRule(Operation *op,
                                             const RuleContext &ctx) {
  if (!ctx.isBinary())
    return std::nullopt;
  IntegerTransfer rules(ctx.shape);
  return rules.minMax(
      ctx.lhs(), ctx.rhs(),
      ctx.fold([&](int64_t a, int64_t b) -> std::optional<int64_t> {
        if (isa<arith::MaxSIOp>(op))
          return std::max(a, b);
        if (isa<arith::MinSIOp>(op))
          return std::min(a, b);
        uint64_t ua = a, ub = b;
        return static_cast<int64_t>(isa<arith::MaxUIOp>(op) ? std::max(ua, ub)
                                                            : std::min(ua, ub));
      }));
}

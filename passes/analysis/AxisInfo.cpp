//===- AxisInfo.cpp - Contiguity, divisibility, constancy ----------------===//
//
// The transfer functions of the axis analysis and the queries coalescing and
// the load/store lowering make. Each rule below keeps the facts sound for
// non-negative integers, the values offsets and indices take; like Triton,
// signed division and remainder of negative values are not modelled.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/AxisInfo.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tile;

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

int64_t tile::highestPowerOf2Divisor(int64_t value) {
  if (value == 0)
    return AxisInfo::kMaxDivisibility;
  uint64_t bits = static_cast<uint64_t>(value);
  return std::min<int64_t>(static_cast<int64_t>(bits & (~bits + 1)),
                           AxisInfo::kMaxDivisibility);
}

AxisInfo::AxisInfo(ArrayRef<int64_t> contiguity, ArrayRef<int64_t> divisibility,
                   ArrayRef<int64_t> constancy,
                   std::optional<int64_t> constantValue)
    : contiguity(contiguity), divisibility(divisibility), constancy(constancy),
      constantValue(constantValue) {}

AxisInfo AxisInfo::getPessimistic(unsigned rank) {
  DimVector ones(std::max(rank, 1u), 1);
  return AxisInfo(ones, ones, ones);
}

AxisInfo AxisInfo::getConstant(int64_t value, ArrayRef<int64_t> shape) {
  DimVector ones(shape.size(), 1);
  DimVector divisibility(shape.size(), highestPowerOf2Divisor(value));
  return AxisInfo(ones, divisibility, shape, value);
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.isInitialized())
    return rhs;
  if (!rhs.isInitialized())
    return lhs;
  // Values of different ranks never meet in valid IR; knowing nothing is
  // the safe answer if they do.
  if (lhs.getRank() != rhs.getRank())
    return getPessimistic(lhs.getRank());
  DimVector contiguity, divisibility, constancy;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    contiguity.push_back(std::gcd(lhs.contiguity[d], rhs.contiguity[d]));
    divisibility.push_back(std::gcd(lhs.divisibility[d], rhs.divisibility[d]));
    constancy.push_back(std::gcd(lhs.constancy[d], rhs.constancy[d]));
  }
  std::optional<int64_t> constant;
  if (lhs.constantValue == rhs.constantValue)
    constant = lhs.constantValue;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

void AxisInfo::print(raw_ostream &os) const {
  auto printList = [&](StringRef name, ArrayRef<int64_t> values) {
    os << name << " = [";
    llvm::interleaveComma(values, os);
    os << "]";
  };
  printList("contiguity", contiguity);
  os << ", ";
  printList("divisibility", divisibility);
  os << ", ";
  printList("constancy", constancy);
  os << ", constant_value = ";
  if (constantValue)
    os << *constantValue;
  else
    os << "<none>";
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {
/// The shape the analysis gives `type`: a scalar is one element.
SmallVector<int64_t> getAxisShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    if (tensor.getRank() > 0)
      return SmallVector<int64_t>(tensor.getShape());
  return {1};
}

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

/// The size in bytes of what a pointer (or tensor of pointers) points to; 1
/// for anything else, so pointer arithmetic on it is still sound.
int64_t getPointeeBytes(Type ptrLike) {
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

/// Reads a `tt.contiguity`-style hint: an integer for every dimension, or a
/// dense array / elements attr with one value per dimension. Returns nothing
/// for a malformed hint (wrong length, non-positive values).
std::optional<AxisInfo::DimVector> readHint(Attribute attr, unsigned rank) {
  if (!attr)
    return std::nullopt;
  AxisInfo::DimVector values;
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    values.assign(rank, integer.getValue().getSExtValue());
  } else if (auto array = dyn_cast<DenseI32ArrayAttr>(attr)) {
    values.append(array.asArrayRef().begin(), array.asArrayRef().end());
  } else if (auto array = dyn_cast<DenseI64ArrayAttr>(attr)) {
    values.append(array.asArrayRef().begin(), array.asArrayRef().end());
  } else if (auto elements = dyn_cast<DenseIntElementsAttr>(attr)) {
    for (const APInt &value : elements)
      values.push_back(value.getSExtValue());
  } else {
    return std::nullopt;
  }
  if (values.size() != rank ||
      llvm::any_of(values, [](int64_t v) { return v < 1; }))
    return std::nullopt;
  return values;
}

constexpr StringLiteral kContiguityHint = "tt.contiguity";
constexpr StringLiteral kDivisibilityHint = "tt.divisibility";
constexpr StringLiteral kConstancyHint = "tt.constancy";

/// `info` with every quantity a well-formed hint in `getHint` names replaced.
AxisInfo applyHints(AxisInfo info, function_ref<Attribute(StringRef)> getHint) {
  unsigned rank = info.getRank();
  auto contiguity = readHint(getHint(kContiguityHint), rank);
  auto divisibility = readHint(getHint(kDivisibilityHint), rank);
  auto constancy = readHint(getHint(kConstancyHint), rank);
  if (!contiguity && !divisibility && !constancy)
    return info;
  return AxisInfo(
      contiguity.value_or(AxisInfo::DimVector(info.getContiguity())),
      divisibility.value_or(AxisInfo::DimVector(info.getDivisibility())),
      constancy.value_or(AxisInfo::DimVector(info.getConstancy())),
      info.getConstantValue());
}
} // namespace

AxisInfo AxisInfo::getPessimisticValueState(Value value) {
  AxisInfo info = getPessimistic(getAxisShape(value.getType()).size());
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return info;
  auto func =
      dyn_cast_or_null<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (!func || arg.getArgNumber() >= func.getNumArguments())
    return info;
  unsigned index = arg.getArgNumber();
  return applyHints(
      info, [&](StringRef name) { return func.getArgAttr(index, name); });
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

namespace {
/// The rules, one function per op family. Each receives operand infos of
/// the right rank (checked by the caller) and the result shape.
class AxisInfoRules {
public:
  AxisInfoRules(ArrayRef<int64_t> shape) : shape(shape) {}

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

  /// and/or/xor without a known mask: each element keeps the trailing zeros
  /// both (or, for and, either) operands guarantee.
  AxisInfo bitwise(const AxisInfo &lhs, const AxisInfo &rhs, bool isAnd,
                   std::optional<int64_t> constant) {
    if (constant)
      return AxisInfo::getConstant(*constant, shape);
    AxisInfo::DimVector contiguity(rank(), 1), divisibility, constancy;
    for (unsigned d = 0; d < rank(); ++d) {
      int64_t l = lhs.getElementDivisibility(d);
      int64_t r = rhs.getElementDivisibility(d);
      divisibility.push_back(isAnd ? std::max(l, r) : std::min(l, r));
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
        int64_t step = int64_t(1) << std::min<int64_t>(*amount, 30);
        div = std::max<int64_t>(lhs.getElementDivisibility(d) / step, 1);
        // x >> k is x / 2^k rounded down: constant on aligned blocks.
        if (lhs.getContiguity(d) > 1)
          runs = std::max(runs, std::gcd(std::gcd(lhs.getContiguity(d),
                                                  lhs.getDivisibility(d)),
                                         step));
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

/// Folds `fn` over two known constants; nothing when either is unknown or
/// `fn` refuses (division by zero, overflow).
std::optional<int64_t>
foldConstants(const AxisInfo &lhs, const AxisInfo &rhs,
              function_ref<std::optional<int64_t>(int64_t, int64_t)> fn) {
  if (!lhs.getConstantValue() || !rhs.getConstantValue())
    return std::nullopt;
  return fn(*lhs.getConstantValue(), *rhs.getConstantValue());
}

/// The width in bits of an integer (or tensor of integers) type, 64
/// otherwise (index).
unsigned getIntWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (auto integer = dyn_cast<IntegerType>(element))
    return integer.getWidth();
  return 64;
}

/// Truncates a folded value to `width` bits, sign-extending back, so that
/// constants keep the value the IR computes.
std::optional<int64_t> wrap(std::optional<int64_t> value, unsigned width) {
  if (!value || width >= 64)
    return value;
  if (width == 1)
    return *value & 1;
  return llvm::SignExtend64(static_cast<uint64_t>(*value), width);
}

/// The rule for `op` given its operand infos, or std::nullopt when `op` has
/// no rule (its results then get the pessimistic state).
std::optional<AxisInfo> computeAxisInfo(Operation *op,
                                        ArrayRef<AxisInfo> operands) {
  if (op->getNumResults() != 1)
    return std::nullopt;
  Value result = op->getResult(0);
  SmallVector<int64_t> shape = getAxisShape(result.getType());
  unsigned width = getIntWidth(result.getType());
  AxisInfoRules rules(shape);
  // Elementwise rules need operands of the result's rank.
  auto sameRank = [&](ArrayRef<AxisInfo> infos) {
    return llvm::all_of(infos, [&](const AxisInfo &info) {
      return info.getRank() == shape.size();
    });
  };
  auto fold = [&](auto fn) {
    return wrap(foldConstants(operands[0], operands[1], fn), width);
  };
  auto isBinary = [&] { return operands.size() == 2 && sameRank(operands); };

  return TypeSwitch<Operation *, std::optional<AxisInfo>>(op)
      .Case([&](arith::ConstantOp constant) -> std::optional<AxisInfo> {
        Attribute value = constant.getValue();
        if (auto integer = dyn_cast<IntegerAttr>(value))
          return AxisInfo::getConstant(integer.getValue().getSExtValue(),
                                       shape);
        if (auto dense = dyn_cast<DenseIntElementsAttr>(value))
          if (dense.isSplat())
            return AxisInfo::getConstant(
                dense.getSplatValue<APInt>().getSExtValue(), shape);
        return std::nullopt;
      })
      .Case([&](tt::MakeRangeOp range) -> std::optional<AxisInfo> {
        int64_t start = range.getStart(), end = range.getEnd();
        if (shape.size() != 1 || end <= start)
          return std::nullopt;
        return AxisInfo({end - start}, {highestPowerOf2Divisor(start)}, {1});
      })
      .Case([&](tt::SplatOp) -> std::optional<AxisInfo> {
        const AxisInfo &src = operands[0];
        return AxisInfo(
            AxisInfo::DimVector(shape.size(), 1),
            AxisInfo::DimVector(shape.size(), src.getElementDivisibility(0)),
            shape, src.getConstantValue());
      })
      .Case([&](tt::ExpandDimsOp expand) -> std::optional<AxisInfo> {
        const AxisInfo &src = operands[0];
        unsigned axis = expand.getAxis();
        if (src.getRank() + 1 != shape.size() || axis > src.getRank())
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
        return AxisInfo(contiguity, divisibility, constancy,
                        src.getConstantValue());
      })
      .Case([&](tt::BroadcastOp broadcast) -> std::optional<AxisInfo> {
        const AxisInfo &src = operands[0];
        auto srcType = dyn_cast<RankedTensorType>(broadcast.getSrc().getType());
        if (!srcType || src.getRank() != shape.size() ||
            srcType.getRank() != static_cast<int64_t>(shape.size()))
          return std::nullopt;
        AxisInfo::DimVector contiguity, divisibility, constancy;
        for (unsigned d = 0; d < shape.size(); ++d) {
          bool expanded = srcType.getDimSize(d) == 1 && shape[d] != 1;
          contiguity.push_back(expanded ? 1 : src.getContiguity(d));
          divisibility.push_back(src.getDivisibility(d));
          constancy.push_back(expanded ? shape[d] : src.getConstancy(d));
        }
        return AxisInfo(contiguity, divisibility, constancy,
                        src.getConstantValue());
      })
      .Case([&](tt::TransOp trans) -> std::optional<AxisInfo> {
        const AxisInfo &src = operands[0];
        ArrayRef<int32_t> order = trans.getOrder();
        if (src.getRank() != shape.size() || order.size() != shape.size())
          return std::nullopt;
        AxisInfo::DimVector contiguity, divisibility, constancy;
        for (int32_t d : order) {
          if (d < 0 || static_cast<unsigned>(d) >= src.getRank())
            return std::nullopt;
          contiguity.push_back(src.getContiguity(d));
          divisibility.push_back(src.getDivisibility(d));
          constancy.push_back(src.getConstancy(d));
        }
        return AxisInfo(contiguity, divisibility, constancy,
                        src.getConstantValue());
      })
      // Layout changes and casts keep every value as it is. (Truncation could
      // wrap; like Triton, offsets are assumed to fit.)
      .Case<ttg::ConvertLayoutOp, arith::ExtSIOp, arith::ExtUIOp,
            arith::TruncIOp, arith::IndexCastOp, arith::IndexCastUIOp,
            tt::BitcastOp, tt::IntToPtrOp, tt::PtrToIntOp>(
          [&](Operation *) -> std::optional<AxisInfo> {
            if (!sameRank(operands.take_front(1)))
              return std::nullopt;
            return operands[0];
          })
      .Case([&](tt::AddPtrOp addptr) -> std::optional<AxisInfo> {
        if (!isBinary())
          return std::nullopt;
        int64_t bytes = getPointeeBytes(addptr.getPtr().getType());
        return rules.addSub(
            operands[0], operands[1], /*isSub=*/false, bytes,
            foldConstants(operands[0], operands[1], [&](int64_t p, int64_t o) {
              return std::optional<int64_t>(p + o * bytes);
            }));
      })
      .Case<arith::AddIOp, arith::SubIOp>(
          [&](Operation *op) -> std::optional<AxisInfo> {
            if (!isBinary())
              return std::nullopt;
            bool isSub = isa<arith::SubIOp>(op);
            return rules.addSub(operands[0], operands[1], isSub, 1,
                                fold([&](int64_t a, int64_t b) {
                                  return std::optional<int64_t>(isSub ? a - b
                                                                      : a + b);
                                }));
          })
      .Case([&](arith::MulIOp) -> std::optional<AxisInfo> {
        if (!isBinary())
          return std::nullopt;
        return rules.mul(operands[0], operands[1],
                         fold([](int64_t a, int64_t b) {
                           return std::optional<int64_t>(a * b);
                         }));
      })
      .Case<arith::DivSIOp, arith::DivUIOp>(
          [&](Operation *op) -> std::optional<AxisInfo> {
            if (!isBinary())
              return std::nullopt;
            bool isSigned = isa<arith::DivSIOp>(op);
            return rules.div(
                operands[0], operands[1],
                fold([&](int64_t a, int64_t b) -> std::optional<int64_t> {
                  if (b == 0 || (isSigned && b == -1))
                    return std::nullopt;
                  if (!isSigned && (a < 0 || b < 0))
                    return std::nullopt;
                  return a / b;
                }));
          })
      .Case<arith::RemSIOp, arith::RemUIOp>(
          [&](Operation *op) -> std::optional<AxisInfo> {
            if (!isBinary())
              return std::nullopt;
            bool isSigned = isa<arith::RemSIOp>(op);
            std::optional<int64_t> modulus = operands[1].getConstantValue();
            if (modulus && *modulus <= 0)
              modulus = std::nullopt;
            return rules.rem(
                operands[0], operands[1], modulus,
                fold([&](int64_t a, int64_t b) -> std::optional<int64_t> {
                  if (b == 0 || (isSigned && b == -1))
                    return std::nullopt;
                  if (!isSigned && (a < 0 || b < 0))
                    return std::nullopt;
                  return a % b;
                }));
          })
      .Case([&](arith::AndIOp) -> std::optional<AxisInfo> {
        if (!isBinary())
          return std::nullopt;
        auto folded = fold(
            [](int64_t a, int64_t b) { return std::optional<int64_t>(a & b); });
        // x & (2^k - 1) is x mod 2^k, exactly, in two's complement.
        for (int side = 0; side < 2 && !folded && width > 1; ++side) {
          std::optional<int64_t> mask = operands[1 - side].getConstantValue();
          if (mask && *mask > 0 && llvm::isPowerOf2_64(*mask + 1))
            return rules.rem(operands[side], operands[1 - side], *mask + 1,
                             std::nullopt);
        }
        return rules.bitwise(operands[0], operands[1], /*isAnd=*/true, folded);
      })
      .Case<arith::OrIOp, arith::XOrIOp>(
          [&](Operation *op) -> std::optional<AxisInfo> {
            if (!isBinary())
              return std::nullopt;
            bool isOr = isa<arith::OrIOp>(op);
            return rules.bitwise(operands[0], operands[1], /*isAnd=*/false,
                                 fold([&](int64_t a, int64_t b) {
                                   return std::optional<int64_t>(
                                       isOr ? (a | b) : (a ^ b));
                                 }));
          })
      .Case<arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>(
          [&](Operation *op) -> std::optional<AxisInfo> {
            if (!isBinary())
              return std::nullopt;
            bool isLeft = isa<arith::ShLIOp>(op);
            bool isSigned = isa<arith::ShRSIOp>(op);
            return rules.shift(
                operands[0], operands[1], isLeft,
                fold([&](int64_t a, int64_t b) -> std::optional<int64_t> {
                  if (b < 0 || b >= static_cast<int64_t>(width) || b >= 63)
                    return std::nullopt;
                  if (isLeft)
                    return static_cast<int64_t>(static_cast<uint64_t>(a) << b);
                  if (isSigned)
                    return a >> b;
                  uint64_t mask =
                      width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
                  return static_cast<int64_t>(
                      (static_cast<uint64_t>(a) & mask) >> b);
                }));
          })
      .Case([&](arith::CmpIOp cmp) -> std::optional<AxisInfo> {
        if (!isBinary())
          return std::nullopt;
        unsigned operandWidth = getIntWidth(cmp.getLhs().getType());
        return rules.cmp(
            cmp.getPredicate(), operands[0], operands[1],
            foldConstants(operands[0], operands[1],
                          [&](int64_t a, int64_t b) -> std::optional<int64_t> {
                            unsigned bits = std::min(operandWidth, 64u);
                            return arith::applyCmpPredicate(
                                cmp.getPredicate(), APInt(bits, a, true),
                                APInt(bits, b, true));
                          }));
      })
      .Case([&](arith::SelectOp select) -> std::optional<AxisInfo> {
        if (operands.size() != 3 || !sameRank(operands.drop_front()))
          return std::nullopt;
        // A scalar condition picks one side for the whole tensor.
        AxisInfo cond = operands[0];
        if (!isa<RankedTensorType>(select.getCondition().getType()))
          cond = AxisInfo(AxisInfo::DimVector(shape.size(), 1),
                          AxisInfo::DimVector(shape.size(), 1), shape,
                          cond.getConstantValue());
        if (cond.getRank() != shape.size())
          return std::nullopt;
        return rules.select(cond, operands[1], operands[2]);
      })
      .Case<arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp, arith::MinUIOp>(
          [&](Operation *op) -> std::optional<AxisInfo> {
            if (!isBinary())
              return std::nullopt;
            return rules.minMax(
                operands[0], operands[1],
                fold([&](int64_t a, int64_t b) -> std::optional<int64_t> {
                  if (isa<arith::MaxSIOp>(op))
                    return std::max(a, b);
                  if (isa<arith::MinSIOp>(op))
                    return std::min(a, b);
                  uint64_t ua = a, ub = b;
                  return static_cast<int64_t>(isa<arith::MaxUIOp>(op)
                                                  ? std::max(ua, ub)
                                                  : std::min(ua, ub));
                }));
          })
      .Case([&](tt::LoadOp load) -> std::optional<AxisInfo> {
        // Equal pointers (under equal masks) read equal values.
        AxisInfo info = AxisInfo::getPessimistic(shape.size());
        if (!isa<RankedTensorType>(load.getPtr().getType()) ||
            !sameRank(operands))
          return info;
        AxisInfo::DimVector constancy;
        for (unsigned d = 0; d < shape.size(); ++d) {
          int64_t runs = shape[d];
          for (const AxisInfo &operand : operands)
            runs = std::gcd(runs, operand.getConstancy(d));
          constancy.push_back(runs);
        }
        return AxisInfo(info.getContiguity(), info.getDivisibility(),
                        constancy);
      })
      .Default([](Operation *) { return std::nullopt; });
}
} // namespace

//===----------------------------------------------------------------------===//
// AxisInfoAnalysis
//===----------------------------------------------------------------------===//

void AxisInfoAnalysis::setToEntryState(AxisInfoLattice *lattice) {
  propagateIfChanged(lattice, lattice->join(AxisInfo::getPessimisticValueState(
                                  lattice->getAnchor())));
}

LogicalResult
AxisInfoAnalysis::visitOperation(Operation *op,
                                 ArrayRef<const AxisInfoLattice *> operands,
                                 ArrayRef<AxisInfoLattice *> results) {
  // Wait until every operand is known; the solver revisits the op then.
  SmallVector<AxisInfo> operandInfos;
  for (const AxisInfoLattice *operand : operands) {
    if (!operand->getValue().isInitialized())
      return success();
    operandInfos.push_back(operand->getValue());
  }

  std::optional<AxisInfo> computed = computeAxisInfo(op, operandInfos);
  for (AxisInfoLattice *result : results) {
    Value value = result->getAnchor();
    unsigned rank = getAxisShape(value.getType()).size();
    AxisInfo info = computed && computed->getRank() == rank
                        ? *computed
                        : AxisInfo::getPessimistic(rank);
    // Hints on the op say more than the rules can prove.
    info = applyHints(
        info, [&](StringRef name) { return op->getDiscardableAttr(name); });
    propagateIfChanged(result, result->join(info));
  }
  return success();
}

void AxisInfoAnalysis::visitNonControlFlowArguments(
    Operation *op, const RegionSuccessor &successor,
    ArrayRef<AxisInfoLattice *> argLattices, unsigned firstIndex) {
  auto forOp = dyn_cast<scf::ForOp>(op);
  if (!forOp || successor.getSuccessor() != &forOp.getRegion() ||
      firstIndex == 0) {
    SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);
    return;
  }
  // The induction variable lb + i * step: every value is a multiple of what
  // divides both.
  const AxisInfoLattice *lb =
      getLatticeElementFor(getProgramPointAfter(op), forOp.getLowerBound());
  const AxisInfoLattice *step =
      getLatticeElementFor(getProgramPointAfter(op), forOp.getStep());
  if (lb->getValue().isInitialized() && step->getValue().isInitialized()) {
    int64_t div = std::gcd(lb->getValue().getElementDivisibility(0),
                           step->getValue().getElementDivisibility(0));
    AxisInfo iv({1}, {div}, {1});
    propagateIfChanged(argLattices[0], argLattices[0]->join(iv));
  }
  setAllToEntryStates(argLattices.slice(1, firstIndex - 1));
  setAllToEntryStates(argLattices.drop_front(
      firstIndex + successor.getSuccessorInputs().size()));
}

//===----------------------------------------------------------------------===//
// ModuleAxisInfoAnalysis
//===----------------------------------------------------------------------===//

ModuleAxisInfoAnalysis::ModuleAxisInfoAnalysis(Operation *root) {
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::SparseConstantPropagation>();
  solver.load<AxisInfoAnalysis>();
  solverFailed = mlir::failed(solver.initializeAndRun(root));
}

AxisInfo ModuleAxisInfoAnalysis::getAxisInfo(Value value) const {
  unsigned rank = getAxisShape(value.getType()).size();
  if (const auto *lattice = solver.lookupState<AxisInfoLattice>(value))
    if (lattice->getValue().getRank() == rank)
      return lattice->getValue();
  return AxisInfo::getPessimisticValueState(value);
}

namespace {
/// The tensor dim a layout walks first (the dim of the first non-zero basis
/// of register, then lane, then warp), and how many consecutive elements of
/// it a thread holds. Without an encoding: the last dim, unbounded.
std::pair<unsigned, int64_t> getFastestDim(RankedTensorType type) {
  unsigned rank = std::max<int64_t>(type.getRank(), 1);
  if (!type.getEncoding())
    return {rank - 1, std::numeric_limits<int64_t>::max()};
  std::optional<layout::LinearLayout> layout = ttg::toLinearLayout(type);
  if (!layout)
    return {rank - 1, 1};
  for (const char *inDim :
       {layout::kRegister, layout::kLane, layout::kWarp, layout::kBlock}) {
    if (!layout->hasInDim(inDim))
      continue;
    for (int bit = 0; bit < layout->getInDimSizeLog2(inDim); ++bit)
      for (unsigned d = 0; d < rank; ++d)
        if (layout->getBasis(inDim, bit, layout::outDimName(d)) != 0)
          return {d, layout->getNumConsecutiveInOut(layout::kRegister,
                                                    layout::outDimName(d))};
  }
  return {rank - 1, 1};
}
} // namespace

unsigned ModuleAxisInfoAnalysis::getPtrAlignment(Value ptr) const {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return 1;
  AxisInfo info = getAxisInfo(ptr);
  unsigned dim = getFastestDim(type).first;
  if (dim >= info.getRank())
    return 1;
  int64_t bytes = getPointeeBytes(type);
  int64_t multiple = std::max<int64_t>(info.getDivisibility(dim) / bytes, 1);
  return std::min(multiple, info.getContiguity(dim));
}

unsigned ModuleAxisInfoAnalysis::getPtrContiguity(Value ptr) const {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return 1;
  int64_t perThread = getFastestDim(type).second;
  return std::min<int64_t>(getPtrAlignment(ptr), perThread);
}

unsigned ModuleAxisInfoAnalysis::getMaskAlignment(Value mask) const {
  auto type = dyn_cast<RankedTensorType>(mask.getType());
  if (!type)
    return 1;
  AxisInfo info = getAxisInfo(mask);
  unsigned dim = getFastestDim(type).first;
  if (dim >= info.getRank())
    return 1;
  return std::max<int64_t>(info.getConstancy(dim), 1);
}

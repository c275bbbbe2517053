//===- StrengthReduceMultiplies.cpp - (base + i) * c as adds --------------===//
//
// tile-strength-reduce-multiplies: in each block, the multiplies by one
// integer constant whose other operand is a sum of the same non-constant
// terms plus a constant share one multiply of those terms; each product is
// that multiply plus its constant times the factor.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

#include <map>
#include <vector>

namespace mlir::tile {
#define GEN_PASS_DEF_STRENGTHREDUCEMULTIPLIESPASS
#include "passes/conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;

namespace {
/// A value as a sum: its non-constant terms, in the order the adds name
/// them, and the constant part.
struct Sum {
  SmallVector<Value> terms;
  APInt constant;
};

/// Whether `op` adds its operands: `add`, or an `or` whose operands share no
/// bit.
bool isAddition(Operation *op) {
  if (isa<LLVM::AddOp>(op))
    return true;
  auto orOp = dyn_cast<LLVM::OrOp>(op);
  return orOp && orOp.getIsDisjoint();
}

/// Splits `value` into terms and a constant through nested additions, at most
/// `kMaxTerms` terms (deeper sums are left as one term).
constexpr unsigned kMaxTerms = 8;
void decompose(Value value, Sum &sum) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant))) {
    sum.constant += constant;
    return;
  }
  Operation *op = value.getDefiningOp();
  if (op && isAddition(op) && sum.terms.size() + 2 <= kMaxTerms) {
    decompose(op->getOperand(0), sum);
    decompose(op->getOperand(1), sum);
    return;
  }
  sum.terms.push_back(value);
}

/// What multiplies of one group share: the factor (its attribute carries the
/// type) and the terms, in an order that does not depend on how the adds
/// nest. Pointer order only groups; it builds no IR (it differs between
/// runs).
std::vector<const void *> groupKey(IntegerAttr factor, ArrayRef<Value> terms) {
  std::vector<const void *> key;
  for (Value term : terms)
    key.push_back(term.getAsOpaquePointer());
  llvm::sort(key);
  key.insert(key.begin(), factor.getAsOpaquePointer());
  return key;
}

struct Candidate {
  LLVM::MulOp mul;
  Value operand;
  Sum sum;
};

/// The multiplies of `block` by a constant, grouped by factor and terms of
/// the other operand; groups and members in block order.
SmallVector<std::pair<IntegerAttr, SmallVector<Candidate>>>
collectCandidates(Block &block) {
  SmallVector<std::pair<IntegerAttr, SmallVector<Candidate>>> groups;
  std::map<std::vector<const void *>, size_t> indexOfKey;
  for (auto mul : block.getOps<LLVM::MulOp>()) {
    auto type = dyn_cast<IntegerType>(mul.getType());
    if (!type)
      continue;
    for (unsigned side = 0; side < 2; ++side) {
      APInt factor;
      if (!matchPattern(mul->getOperand(side), m_ConstantInt(&factor)))
        continue;
      // A multiply by a power of two is a shift, as cheap as the add that
      // would replace it (LLVM makes it one; its strength reduction then
      // leaves it alone too).
      if (factor.isPowerOf2() || factor.isZero())
        break;
      Value operand = mul->getOperand(1 - side);
      Sum sum{{}, APInt::getZero(type.getWidth())};
      decompose(operand, sum);
      if (sum.terms.empty())
        break;
      auto factorAttr = IntegerAttr::get(type, factor);
      auto [it, inserted] = indexOfKey.try_emplace(
          groupKey(factorAttr, sum.terms), groups.size());
      if (inserted)
        groups.push_back({factorAttr, {}});
      groups[it->second].second.push_back({mul, operand, std::move(sum)});
      break;
    }
  }
  return groups;
}

/// Rewrites one group: the product of the terms once, before the group's
/// first multiply (every term dominates it: each is an operand, through
/// adds, of that multiply's operand), then one add per multiply.
void rewriteGroup(IntegerAttr factorAttr, MutableArrayRef<Candidate> group) {
  OpBuilder builder(group.front().mul);
  Location loc = group.front().mul.getLoc();
  Type type = factorAttr.getType();
  // A member without a constant part already is the product of the terms.
  Value product;
  for (Candidate &candidate : group)
    if (candidate.sum.constant.isZero()) {
      product = candidate.mul.getResult();
      builder.setInsertionPointAfter(candidate.mul);
      break;
    }
  if (!product) {
    Value base;
    for (Value term : group.front().sum.terms)
      base = base ? Value(LLVM::AddOp::create(builder, loc, base, term)) : term;
    Value factor = LLVM::ConstantOp::create(builder, loc, factorAttr);
    product = LLVM::MulOp::create(builder, loc, base, factor);
  }
  APInt factor = factorAttr.getValue();
  for (Candidate &candidate : group) {
    if (candidate.sum.constant.isZero())
      continue;
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPoint(candidate.mul);
    // The product must dominate the rewritten multiply: a product found
    // among the members may come after it in the block.
    if (product.getDefiningOp()->getBlock() == candidate.mul->getBlock() &&
        candidate.mul->isBeforeInBlock(product.getDefiningOp()))
      continue;
    Value offset = LLVM::ConstantOp::create(
        builder, candidate.mul.getLoc(),
        IntegerAttr::get(type, candidate.sum.constant * factor));
    Value sum =
        LLVM::AddOp::create(builder, candidate.mul.getLoc(), product, offset);
    candidate.mul.getResult().replaceAllUsesWith(sum);
    candidate.mul.erase();
  }
}

struct StrengthReduceMultipliesPass
    : public tile::impl::StrengthReduceMultipliesPassBase<
          StrengthReduceMultipliesPass> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation().walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      for (auto &[factor, group] : collectCandidates(*block)) {
        // One multiply saves nothing: it stays.
        if (group.size() < 2)
          continue;
        rewriteGroup(factor, group);
      }
  }
};
} // namespace

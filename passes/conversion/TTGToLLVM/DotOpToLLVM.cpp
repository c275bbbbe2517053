//===- DotOpToLLVM.cpp - tt.dot to mma.sync and FMA -----------------------===//
//
// tt.dot on registers, two ways:
//  * mma.sync (result #ttg.nvidia_mma version 2, operands #ttg.dot_op of it):
//    m16n8k16 for f16/bf16, m16n8k32 for int8, m16n8k8 for tf32. Each
//    instruction takes one 16xK fragment of A, one Kx8 fragment of B and a
//    16x8 accumulator tile. Which registers of a thread form a fragment is
//    read off the layouts: the elements lane 0 of warp 0 holds at the
//    fragment's PTX positions. That is only right when the lanes and warps
//    hold what PTX says they hold, so the lane and warp bases of all three
//    layouts are checked against the fragment layout first.
//  * FMA (any other layouts): every thread holds, for each of its result
//    elements (m, n), the whole row m of A and column n of B, and chains
//    fma over k.
// The encoding is the decision here (which instruction family), so this
// file names the mma encoding; everything else comes from the algebra.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <map>

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
using Coord = std::pair<int32_t, int32_t>;

Coord basis(const LinearLayout &layout, const char *inDim, int bit) {
  if (!layout.hasInDim(inDim) || bit >= layout.getInDimSizeLog2(inDim))
    return {0, 0};
  auto applied = layout.apply({{inDim, int32_t(1) << bit}});
  return {(*applied)[0].second, (*applied)[1].second};
}

/// For lane 0 of warp 0: the register holding each element.
std::map<Coord, int> registerTable(const LinearLayout &layout) {
  std::map<Coord, int> table;
  for (int32_t r = 0; r < layout.getNumRegisters(); ++r) {
    auto applied = layout.apply({{"register", r}});
    table.emplace(Coord{(*applied)[0].second, (*applied)[1].second}, r);
  }
  return table;
}

/// Whether the warps of A and B hold the rows and columns their warp of the
/// result needs: A's warp bases are the result's along M, B's along N.
bool warpsAgree(const LinearLayout &a, const LinearLayout &b,
                const LinearLayout &c) {
  int bits = c.hasInDim("warp") ? c.getInDimSizeLog2("warp") : 0;
  for (int bit = 0; bit < bits; ++bit) {
    Coord cw = basis(c, "warp", bit);
    if (basis(a, "warp", bit) != Coord{cw.first, 0} ||
        basis(b, "warp", bit) != Coord{0, cw.second})
      return false;
  }
  return true;
}

/// One mma.sync shape: elements per 32-bit register of A and B, K of one
/// instruction, and the PTX types.
struct MmaShape {
  int pack;
  int k;
  NVVM::MMATypes ptxType;
};

std::optional<MmaShape> getMmaShape(Type aElement,
                                    tt::InputPrecision precision) {
  if (aElement.isF16())
    return MmaShape{2, 16, NVVM::MMATypes::f16};
  if (aElement.isBF16())
    return MmaShape{2, 16, NVVM::MMATypes::bf16};
  if (aElement.isInteger(8))
    return MmaShape{4, 32, NVVM::MMATypes::s8};
  if (aElement.isF32() && precision == tt::InputPrecision::TF32)
    return MmaShape{1, 8, NVVM::MMATypes::tf32};
  return std::nullopt;
}

/// One mma.sync: the registers of its A and B operand registers (`pack`
/// elements each, 4 for A and 2 for B) and of its four accumulator
/// elements.
struct MmaStep {
  SmallVector<SmallVector<int>> a, b;
  SmallVector<int> c;
};

/// What a tt.dot lowers to, worked out from the layouts before any IR is
/// emitted: a sequence of mma.sync, or per result register the (A, B)
/// register pairs of its fma chain.
struct DotPlan {
  std::optional<MmaShape> mma;
  SmallVector<MmaStep> mmaSteps;
  SmallVector<SmallVector<std::pair<int, int>>> fmaTerms;
};

FailureOr<DotPlan> planFma(const LinearLayout &a, const LinearLayout &b,
                           const LinearLayout &d, int64_t kSize,
                           std::string &why) {
  int laneBits = d.hasInDim("lane") ? d.getInDimSizeLog2("lane") : 0;
  for (int bit = 0; bit < laneBits; ++bit) {
    Coord cl = basis(d, "lane", bit);
    if (basis(a, "lane", bit) != Coord{cl.first, 0} ||
        basis(b, "lane", bit) != Coord{0, cl.second}) {
      why = "the lanes of A and B do not hold the rows and columns of the "
            "result's lanes";
      return failure();
    }
  }
  if (!warpsAgree(a, b, d)) {
    why = "the warps of A and B do not hold the rows and columns of the "
          "result's warps";
    return failure();
  }
  std::map<Coord, int> aTable = registerTable(a), bTable = registerTable(b);
  DotPlan plan;
  for (int32_t r = 0; r < d.getNumRegisters(); ++r) {
    auto applied = d.apply({{"register", r}});
    int32_t m = (*applied)[0].second, n = (*applied)[1].second;
    SmallVector<std::pair<int, int>> terms;
    for (int32_t k = 0; k < kSize; ++k) {
      auto ai = aTable.find({m, k});
      auto bi = bTable.find({k, n});
      if (ai == aTable.end() || bi == bTable.end()) {
        why = "a thread does not hold the whole K extent of A and B";
        return failure();
      }
      terms.push_back({ai->second, bi->second});
    }
    plan.fmaTerms.push_back(std::move(terms));
  }
  return plan;
}

FailureOr<DotPlan> planMma(const LinearLayout &a, const LinearLayout &b,
                           const LinearLayout &d, int64_t kSize,
                           const MmaShape &shape, std::string &why) {
  int p = shape.pack;
  // The fragment layouts of PTX's m16n8kK: lanes 0-1 step along K (A, B)
  // or N (C) by one register's elements, lanes 2-4 step along M (A, C) or
  // N (B) by one.
  const Coord aLanes[] = {{0, p}, {0, 2 * p}, {1, 0}, {2, 0}, {4, 0}};
  const Coord bLanes[] = {{p, 0}, {2 * p, 0}, {0, 1}, {0, 2}, {0, 4}};
  const Coord cLanes[] = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
  for (int bit = 0; bit < 5; ++bit)
    if (basis(a, "lane", bit) != aLanes[bit] ||
        basis(b, "lane", bit) != bLanes[bit] ||
        basis(d, "lane", bit) != cLanes[bit]) {
      why = "the operand layouts are not mma.sync fragments (check kWidth)";
      return failure();
    }
  if (!warpsAgree(a, b, d)) {
    why = "the warps of A and B do not hold the rows and columns of the "
          "result's warps";
    return failure();
  }
  if (kSize % shape.k != 0) {
    why = "K = " + std::to_string(kSize) +
          " is not a multiple of the "
          "instruction's K = " +
          std::to_string(shape.k);
    return failure();
  }
  std::map<Coord, int> aTable = registerTable(a), bTable = registerTable(b),
                       dTable = registerTable(d);
  auto lookup = [](const std::map<Coord, int> &table, Coord at) {
    auto it = table.find(at);
    return it == table.end() ? -1 : it->second;
  };
  // The registers of one 32-bit operand: `p` elements along K.
  auto operand = [&](const std::map<Coord, int> &table, Coord at, bool kIsRow) {
    SmallVector<int> regs;
    for (int e = 0; e < p; ++e)
      regs.push_back(lookup(table, kIsRow ? Coord{at.first + e, at.second}
                                          : Coord{at.first, at.second + e}));
    return regs;
  };
  DotPlan plan;
  plan.mma = shape;
  int halfK = shape.k / 2;
  for (int64_t k0 = 0; k0 < kSize; k0 += shape.k) {
    for (int32_t r = 0; r < d.getNumRegisters(); ++r) {
      auto origin = d.apply({{"register", r}});
      int32_t m0 = (*origin)[0].second, n0 = (*origin)[1].second;
      if (m0 % 16 != 0 || n0 % 8 != 0)
        continue;
      MmaStep step;
      step.c = {lookup(dTable, {m0, n0}), lookup(dTable, {m0, n0 + 1}),
                lookup(dTable, {m0 + 8, n0}), lookup(dTable, {m0 + 8, n0 + 1})};
      for (Coord at :
           {Coord{m0, int32_t(k0)}, Coord{m0 + 8, int32_t(k0)},
            Coord{m0, int32_t(k0) + halfK}, Coord{m0 + 8, int32_t(k0) + halfK}})
        step.a.push_back(operand(aTable, at, /*kIsRow=*/false));
      for (Coord at : {Coord{int32_t(k0), n0}, Coord{int32_t(k0) + halfK, n0}})
        step.b.push_back(operand(bTable, at, /*kIsRow=*/true));
      auto missing = [](const SmallVector<int> &regs) {
        return llvm::is_contained(regs, -1);
      };
      if (missing(step.c) || llvm::any_of(step.a, missing) ||
          llvm::any_of(step.b, missing)) {
        why = "a fragment of the tile is not held by one thread";
        return failure();
      }
      plan.mmaSteps.push_back(std::move(step));
    }
  }
  return plan;
}

FailureOr<DotPlan> planDot(tt::DotOp op, std::string &why) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto dType = cast<RankedTensorType>(op.getD().getType());
  std::optional<LinearLayout> a = ttg::toLinearLayout(aType, &why);
  std::optional<LinearLayout> b =
      a ? ttg::toLinearLayout(bType, &why) : std::nullopt;
  std::optional<LinearLayout> d =
      b ? ttg::toLinearLayout(dType, &why) : std::nullopt;
  if (!d)
    return failure();
  int64_t kSize = aType.getShape()[1];
  if (!isa<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding()))
    return planFma(*a, *b, *d, kSize, why);
  std::optional<MmaShape> shape =
      getMmaShape(aType.getElementType(), op.getInputPrecision());
  Type dElement = dType.getElementType();
  bool accOk =
      shape &&
      (shape->ptxType == NVVM::MMATypes::s8
           ? dElement.isInteger(32)
           : dElement.isF32() ||
                 (shape->ptxType == NVVM::MMATypes::f16 && dElement.isF16()));
  if (!accOk) {
    why = "mma.sync has no instruction for these element types and input "
          "precision";
    return failure();
  }
  return planMma(*a, *b, *d, kSize, *shape, why);
}

struct DotOpConversion : public ConvertOpToLLVMPattern<tt::DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<DotPlan> plan = planDot(op, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
    Location loc = op.getLoc();
    SmallVector<Value> aRegs = unpackElements(rewriter, loc, adaptor.getA());
    SmallVector<Value> bRegs = unpackElements(rewriter, loc, adaptor.getB());
    SmallVector<Value> result = unpackElements(rewriter, loc, adaptor.getC());
    Type aElement =
        cast<RankedTensorType>(op.getA().getType()).getElementType();
    Type dElement = op.getD().getType().getElementType();

    if (plan->mma) {
      for (const MmaStep &step : plan->mmaSteps) {
        SmallVector<Value> aOps, bOps, acc;
        for (const SmallVector<int> &regs : step.a)
          aOps.push_back(packOperand(rewriter, loc, aElement, aRegs, regs));
        for (const SmallVector<int> &regs : step.b)
          bOps.push_back(packOperand(rewriter, loc, aElement, bRegs, regs));
        for (int i : step.c)
          acc.push_back(result[i]);
        acc = emitMma(rewriter, loc, *plan->mma, dElement, aOps, bOps, acc);
        for (auto [i, value] : llvm::zip(step.c, acc))
          result[i] = value;
      }
    } else {
      bool isFloat = isa<FloatType>(dElement);
      for (auto [r, terms] : llvm::enumerate(plan->fmaTerms))
        for (auto [ai, bi] : terms) {
          Value x = aRegs[ai], y = bRegs[bi];
          result[r] =
              isFloat
                  ? Value(LLVM::FMAOp::create(rewriter, loc, x, y, result[r]))
                  : Value(LLVM::AddOp::create(
                        rewriter, loc, result[r],
                        LLVM::MulOp::create(rewriter, loc, x, y)));
        }
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, *getTypeConverter(),
                                        result, op.getD().getType()));
    return success();
  }

private:
  /// One 32-bit mma operand from its elements: f16 pairs as vector<2xf16>
  /// (what nvvm.mma.sync takes), everything else as i32.
  static Value packOperand(ConversionPatternRewriter &rewriter, Location loc,
                           Type element, ArrayRef<Value> regs,
                           ArrayRef<int> indices) {
    if (indices.size() == 1)
      return LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(),
                                     regs[indices.front()]);
    auto vectorType = VectorType::get({int64_t(indices.size())}, element);
    Value vector = LLVM::UndefOp::create(rewriter, loc, vectorType);
    for (auto [i, index] : llvm::enumerate(indices))
      vector = LLVM::InsertElementOp::create(rewriter, loc, vector, regs[index],
                                             i32Constant(rewriter, loc, i));
    if (element.isF16())
      return vector;
    return LLVM::BitcastOp::create(rewriter, loc, rewriter.getI32Type(),
                                   vector);
  }

  /// One mma.sync; returns the four accumulator elements.
  static SmallVector<Value> emitMma(ConversionPatternRewriter &rewriter,
                                    Location loc, const MmaShape &shape,
                                    Type dElement, ArrayRef<Value> aOps,
                                    ArrayRef<Value> bOps, ArrayRef<Value> acc) {
    // f16 accumulators travel as two f16 pairs.
    SmallVector<Value> cOps;
    Type accType = dElement;
    if (dElement.isF16()) {
      accType = VectorType::get({2}, dElement);
      for (int i = 0; i < 4; i += 2) {
        Value pair = LLVM::UndefOp::create(rewriter, loc, accType);
        for (int j = 0; j < 2; ++j)
          pair = LLVM::InsertElementOp::create(rewriter, loc, pair, acc[i + j],
                                               i32Constant(rewriter, loc, j));
        cOps.push_back(pair);
      }
    } else {
      cOps.assign(acc.begin(), acc.end());
    }
    auto resultType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), SmallVector<Type>(cOps.size(), accType));
    std::optional<NVVM::MMAIntOverflow> overflow;
    if (shape.ptxType == NVVM::MMATypes::s8)
      overflow = NVVM::MMAIntOverflow::wrapped;
    std::array<NVVM::MMATypes, 2> types = {shape.ptxType, shape.ptxType};
    std::array<NVVM::MMALayout, 2> layouts = {NVVM::MMALayout::row,
                                              NVVM::MMALayout::col};
    Value mma = NVVM::MmaOp::create(rewriter, loc, resultType, aOps, bOps, cOps,
                                    ArrayRef<int64_t>{16, 8, shape.k},
                                    std::nullopt, overflow, types, layouts);
    SmallVector<Value> out;
    for (int64_t i = 0; i < int64_t(cOps.size()); ++i) {
      Value field = LLVM::ExtractValueOp::create(rewriter, loc, mma, i);
      if (!dElement.isF16()) {
        out.push_back(field);
        continue;
      }
      for (int j = 0; j < 2; ++j)
        out.push_back(LLVM::ExtractElementOp::create(
            rewriter, loc, field, i32Constant(rewriter, loc, j)));
    }
    return out;
  }
};
} // namespace

LogicalResult mlir::tile::checkDotLowering(tt::DotOp op) {
  std::string why;
  if (succeeded(planDot(op, why)))
    return success();
  return op.emitOpError("cannot be lowered: ") << why;
}

void mlir::tile::populateDotOpToLLVMPatterns(LLVMTypeConverter &converter,
                                             RewritePatternSet &patterns,
                                             const LoweringContext &lowering) {
  patterns.add<DotOpConversion>(converter);
}

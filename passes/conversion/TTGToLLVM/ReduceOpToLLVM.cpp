//===- ReduceOpToLLVM.cpp - tt.reduce to LLVM -----------------------------===//
//
// A reduction runs in three levels, all read off the operand's linear layout
// (passes/analysis/Scratch.h has the plan): the registers of a thread that
// hold the same output element, then the lanes along the axis with
// butterfly shuffles (every lane ends with the lane group's result), then
// the warps along the axis through scratch in shared memory. The combiner
// region is inlined at every step, in the order Triton 3.6 combines, so that
// float results round as Triton's do: registers in register order, lanes by
// decreasing shuffle distance, and warps as a butterfly from the largest
// distance down (what Triton's second shuffle round over the warps' partials
// leaves in its first lane). A full-warp reduction of 32-bit or narrower
// integers by one add, and, or, xor, min or max is one redux.sync on sm_80
// and later, as in Triton.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Scratch.h"
#include "passes/conversion/TTGToLLVM/Combiner.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/TypeSwitch.h"

#include <map>

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
/// The values of one output element, one per reduced operand.
using Partial = OperandValues;

SmallVector<int32_t> registerCoords(const LinearLayout &layout, int32_t reg) {
  SmallVector<int32_t> coords;
  if (auto applied = layout.apply({{layout::kRegister, reg}}))
    for (const auto &[name, value] : *applied)
      coords.push_back(value);
  return coords;
}

struct ReduceOpConversion : public ConvertOpToLLVMPattern<tt::ReduceOp> {
  ReduceOpConversion(LLVMTypeConverter &converter,
                     const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(tt::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string error;
    std::optional<ReducePlan> plan = getReducePlan(op, error);
    if (!plan)
      return rewriter.notifyMatchFailure(op, error);
    Location loc = op.getLoc();
    const LinearLayout &layout = plan->operandLayout;
    size_t numOperands = op.getSrcs().size();

    // 1. Within each thread: registers whose coordinates differ only along
    // the axis hold parts of one output element.
    SmallVector<SmallVector<Value>> operandElements;
    for (Value operand : adaptor.getSrcs())
      operandElements.push_back(unpackElements(rewriter, loc, operand));
    std::map<SmallVector<int32_t>, size_t> keyOf;
    SmallVector<Partial> partials;
    SmallVector<int32_t> firstRegister;
    for (int32_t r = 0; r < layout.getNumRegisters(); ++r) {
      SmallVector<int32_t> key = registerCoords(layout, r);
      key.erase(key.begin() + plan->axis);
      Partial values;
      for (size_t i = 0; i < numOperands; ++i)
        values.push_back(operandElements[i][r]);
      auto [it, inserted] = keyOf.emplace(key, partials.size());
      if (inserted) {
        partials.push_back(values);
        firstRegister.push_back(r);
      } else {
        partials[it->second] =
            combine(rewriter, op, partials[it->second], values);
      }
    }

    // 2. Across lanes. Each partial combines in Triton's order; the
    // partials take each distance together, so that their shuffles are
    // independent neighbours (one partial after the other measured 1.5 %
    // slower on the causal d64 attention, sm_90).
    if (std::optional<nvidia::WarpReductionKind> kind =
            getWarpReductionKind(op, *plan)) {
      for (Partial &partial : partials)
        partial = {
            nvidia::emitWarpReduction(rewriter, loc, partial.front(), *kind)};
    } else {
      for (int32_t mask : llvm::reverse(plan->laneMasks))
        for (Partial &partial : partials) {
          Partial other = shuffleXorValues(rewriter, loc, partial, mask,
                                           lowering.threadsPerWarp);
          partial = combine(rewriter, op, partial, other);
        }
    }

    // 3. Across warps (or into a result layout the partials do not follow).
    SmallVector<Partial> resultElements;
    if (!plan->usesScratch) {
      if (!plan->resultLayout) {
        resultElements.push_back(partials.front());
      } else {
        for (int32_t r = 0; r < plan->resultLayout->getNumRegisters(); ++r)
          resultElements.push_back(
              partials[keyOf.at(registerCoords(*plan->resultLayout, r))]);
      }
    } else {
      FailureOr<SmallVector<Partial>> exchanged =
          exchangeThroughScratch(rewriter, op, *plan, partials, firstRegister);
      if (failed(exchanged))
        return failure();
      resultElements = std::move(*exchanged);
    }

    SmallVector<Value> results;
    for (size_t i = 0; i < numOperands; ++i) {
      Type resultType = op.getResult()[i].getType();
      if (!isa<RankedTensorType>(resultType)) {
        results.push_back(resultElements.front()[i]);
        continue;
      }
      SmallVector<Value> elements;
      for (const Partial &element : resultElements)
        elements.push_back(element[i]);
      results.push_back(packElements(rewriter, loc, *getTypeConverter(),
                                     elements, resultType));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

private:
  /// The redux.sync kind that reduces `op` across the lanes in one
  /// instruction: a single integer operand of at most 32 bits combined by
  /// one commutative op of the block arguments, over all 32 lanes, on sm_80
  /// or later (Triton takes it under the same conditions).
  std::optional<nvidia::WarpReductionKind>
  getWarpReductionKind(tt::ReduceOp op, const ReducePlan &plan) const {
    if (lowering.computeCapability < 80 || lowering.threadsPerWarp != 32 ||
        plan.laneMasks.size() != 5 || op.getSrcs().size() != 1)
      return std::nullopt;
    Block &body = op.getCombineOp().front();
    if (body.getOperations().size() != 2)
      return std::nullopt;
    Operation &combiner = body.front();
    auto type = dyn_cast<IntegerType>(body.getArgument(0).getType());
    if (!type || type.getWidth() > 32 || combiner.getNumOperands() != 2 ||
        !llvm::is_contained(combiner.getOperands(), body.getArgument(0)) ||
        !llvm::is_contained(combiner.getOperands(), body.getArgument(1)) ||
        body.getTerminator()->getOperand(0) != combiner.getResult(0))
      return std::nullopt;
    using Kind = nvidia::WarpReductionKind;
    return llvm::TypeSwitch<Operation *, std::optional<Kind>>(&combiner)
        .Case([](arith::AddIOp) { return Kind::Add; })
        .Case([](arith::AndIOp) { return Kind::And; })
        .Case([](arith::OrIOp) { return Kind::Or; })
        .Case([](arith::XOrIOp) { return Kind::Xor; })
        .Case([](arith::MinSIOp) { return Kind::MinS; })
        .Case([](arith::MinUIOp) { return Kind::MinU; })
        .Case([](arith::MaxSIOp) { return Kind::MaxS; })
        .Case([](arith::MaxUIOp) { return Kind::MaxU; })
        .Default([](Operation *) { return std::nullopt; });
  }

  /// Inlines the combiner region on (lhs, rhs).
  static Partial combine(ConversionPatternRewriter &rewriter, tt::ReduceOp op,
                         ValueRange lhs, ValueRange rhs) {
    return inlineCombiner(rewriter, op.getCombineOp(), lhs, rhs);
  }

  /// Every warp stores its partials, then each thread combines the partials
  /// of the result elements it holds.
  FailureOr<SmallVector<Partial>>
  exchangeThroughScratch(ConversionPatternRewriter &rewriter, tt::ReduceOp op,
                         const ReducePlan &plan, ArrayRef<Partial> partials,
                         ArrayRef<int32_t> firstRegister) const {
    Location loc = op.getLoc();
    FailureOr<OperandScratch> scratch =
        OperandScratch::get(rewriter, loc, op, op.getSrcs(),
                            plan.operandOffsets, *getTypeConverter());
    if (failed(scratch))
      return rewriter.notifyMatchFailure(op, "no allocation.offset");
    auto resultType =
        dyn_cast<RankedTensorType>(op.getResult().front().getType());
    SmallVector<int64_t> resultShape;
    if (resultType)
      resultShape = llvm::to_vector(resultType.getShape());

    // The warp's index among the warps along the axis.
    ThreadIndex thread = getThreadIndex(rewriter, loc, lowering.threadsPerWarp);
    SmallVector<int32_t> warpImages(
        plan.operandLayout.getInDimSizeLog2(layout::kWarp), 0);
    for (auto [k, bit] : llvm::enumerate(plan.warpBits))
      warpImages[bit] = int32_t(1) << k;
    Value warpAlongAxis = xorOfBits(rewriter, loc, thread.warp, warpImages);
    Value warpOffset =
        LLVM::MulOp::create(rewriter, loc, warpAlongAxis,
                            i32Constant(rewriter, loc, plan.outputElements));

    // Store: the output coordinates of a partial are those of its first
    // register without the axis.
    SmallVector<SmallVector<Value>> operandCoords =
        emitIndices(rewriter, loc, plan.operandLayout, lowering.threadsPerWarp);
    for (auto [partial, reg] : llvm::zip(partials, firstRegister)) {
      SmallVector<Value> coords = operandCoords[reg];
      coords.erase(coords.begin() + plan.axis);
      Value index =
          LLVM::AddOp::create(rewriter, loc, warpOffset,
                              linearIndex(rewriter, loc, coords, resultShape));
      scratch->store(rewriter, loc, index, partial);
    }
    nvidia::emitCTABarrier(rewriter, loc);

    // Load and combine, per result register.
    SmallVector<SmallVector<Value>> resultCoords;
    if (plan.resultLayout)
      resultCoords = emitIndices(rewriter, loc, *plan.resultLayout,
                                 lowering.threadsPerWarp);
    else
      resultCoords.push_back({});
    SmallVector<Partial> results;
    for (ArrayRef<Value> coords : resultCoords) {
      Value outputIndex = linearIndex(rewriter, loc, coords, resultShape);
      SmallVector<Partial> warpPartials;
      for (int64_t w = 0; w < plan.warpsAlongAxis(); ++w) {
        Value index = LLVM::AddOp::create(
            rewriter, loc, outputIndex,
            i32Constant(rewriter, loc, w * plan.outputElements));
        warpPartials.push_back(scratch->load(rewriter, loc, index));
      }
      // Triton shuffles the partials among as many lanes with xor distances
      // from the largest down and takes the first lane's value: that lane
      // combines its own partial with the one `distance` away at each step.
      for (size_t distance = warpPartials.size() / 2; distance > 0;
           distance /= 2)
        for (size_t w = 0; w < distance; ++w)
          warpPartials[w] = combine(rewriter, op, warpPartials[w],
                                    warpPartials[w + distance]);
      results.push_back(warpPartials.front());
    }
    return results;
  }

  const LoweringContext &lowering;
};
} // namespace

void mlir::tile::populateReduceOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<ReduceOpConversion>(converter, lowering);
}

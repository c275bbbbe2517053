//===- ReduceOpToLLVM.cpp - tt.reduce to LLVM -----------------------------===//
//
// A reduction runs in three levels, all read off the operand's linear layout
// (passes/analysis/Scratch.h has the plan): the registers of a thread that
// hold the same output element, then the lanes along the axis with
// butterfly shuffles (every lane ends with the lane group's result), then
// the warps along the axis through scratch in shared memory. The combiner
// region is inlined at every step, in the order Triton combines: registers
// in register order, lanes by increasing shuffle distance, warps in warp
// order.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Scratch.h"
#include "passes/conversion/TTGToLLVM/Combiner.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

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

    // 2. Across lanes.
    for (int32_t mask : plan->laneMasks)
      for (Partial &partial : partials) {
        Partial other = shuffleXorValues(rewriter, loc, partial, mask,
                                         lowering.threadsPerWarp);
        partial = combine(rewriter, op, partial, other);
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
      std::optional<Partial> accumulated;
      for (int64_t w = 0; w < plan.warpsAlongAxis(); ++w) {
        Value index = LLVM::AddOp::create(
            rewriter, loc, outputIndex,
            i32Constant(rewriter, loc, w * plan.outputElements));
        Partial loaded = scratch->load(rewriter, loc, index);
        accumulated =
            accumulated ? combine(rewriter, op, *accumulated, loaded) : loaded;
      }
      results.push_back(*accumulated);
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

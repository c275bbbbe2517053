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
// leaves in its first lane; with 8 or more partials per thread, that
// shuffle round itself). A full-warp reduction of 32-bit or narrower
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

    SmallVector<SmallVector<Value>> resultCoords;
    if (plan.resultLayout)
      resultCoords = emitIndices(rewriter, loc, *plan.resultLayout,
                                 lowering.threadsPerWarp);
    else
      resultCoords.push_back({});
    SmallVector<Partial> results;
    if (combinesByShuffles(plan)) {
      combinePartialsByShuffles(rewriter, op, plan, *scratch);
      for (ArrayRef<Value> coords : resultCoords)
        results.push_back(scratch->load(
            rewriter, loc, linearIndex(rewriter, loc, coords, resultShape)));
      return results;
    }

    // Every thread loads and combines the partials of each result register.
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

  /// Whether the warps' partials are combined as Triton does: one partial
  /// per thread, shuffled among the lanes that hold one output's partials.
  /// Taken where 8 or more warps lie along the axis (a 16-warp row
  /// reduction otherwise keeps 16 partials live in every thread, which
  /// took its registers from 40 to 63), and where one round of the group's
  /// threads covers every partial.
  bool combinesByShuffles(const ReducePlan &plan) const {
    int64_t warps = plan.warpsAlongAxis();
    int64_t threads = int64_t(plan.operandLayout.getInDimSize(layout::kWarp)) *
                      lowering.threadsPerWarp;
    return warps >= 8 && warps <= lowering.threadsPerWarp &&
           warps * plan.outputElements <= threads;
  }

  /// Thread t combines partial (warp t % W, output t / W) with those of the
  /// W - 1 lanes beside it by xor shuffles from distance W / 2 down (the
  /// order of the in-thread combine, so results round alike); the lane of
  /// warp 0 stores the output back into its own slot, then a barrier. Slots
  /// of warp 0 are read only by the thread that writes them, and the
  /// threads past the W x O partials read the last slot (of warp W - 1),
  /// which nothing writes: no race.
  void combinePartialsByShuffles(ConversionPatternRewriter &rewriter,
                                 tt::ReduceOp op, const ReducePlan &plan,
                                 const OperandScratch &scratch) const {
    Location loc = op.getLoc();
    int64_t warps = plan.warpsAlongAxis();
    int64_t partials = warps * plan.outputElements;
    Value tid = getGroupThreadId(rewriter, loc, lowering.threadsPerWarp);
    Value last = i32Constant(rewriter, loc, partials - 1);
    Value slot = LLVM::UMinOp::create(rewriter, loc, tid, last);
    Value groupSize = i32Constant(rewriter, loc, warps);
    Value warpOfSlot = LLVM::URemOp::create(rewriter, loc, slot, groupSize);
    Value output = LLVM::UDivOp::create(rewriter, loc, slot, groupSize);
    Value warpStride = i32Constant(rewriter, loc, plan.outputElements);
    Value warpStart =
        LLVM::MulOp::create(rewriter, loc, warpOfSlot, warpStride);
    Value index = LLVM::AddOp::create(rewriter, loc, warpStart, output);
    Partial partial = scratch.load(rewriter, loc, index);
    for (int64_t distance = warps / 2; distance > 0; distance /= 2) {
      Partial other = shuffleXorValues(rewriter, loc, partial, distance,
                                       lowering.threadsPerWarp);
      partial = combine(rewriter, op, partial, other);
    }
    Value count = i32Constant(rewriter, loc, partials);
    Value holdsPartial = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::ult, tid, count);
    Value zero = i32Constant(rewriter, loc, 0);
    Value ofWarpZero = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::eq, warpOfSlot, zero);
    Value writes = LLVM::AndOp::create(rewriter, loc, holdsPartial, ofWarpZero);
    scratch.storeIf(rewriter, loc, writes, output, partial);
    nvidia::emitCTABarrier(rewriter, loc);
  }

  const LoweringContext &lowering;
};
} // namespace

void mlir::tile::populateReduceOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<ReduceOpConversion>(converter, lowering);
}

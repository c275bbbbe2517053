//===- HistogramOpToLLVM.cpp - tt.histogram to LLVM -----------------------===//
//
// A histogram of B bins (a power of two) is counted a warp at a time, one
// source register at a time, without a shared-memory access per element:
// the warp takes one ballot per bit of the bin index (and one of which
// lanes count at all), and each lane, owning the bins `lane + 32 * k`,
// matches its own bin bits against the ballots: the lanes whose value has
// exactly those bits are the AND of the ballots (or their complements), and
// their population count is the lane's count for that bin. The warps' counts
// are then added into a B-element i32 scratch buffer with shared-memory
// atomics, and every thread reads the bins of the result layout.
//
// As in Triton 3.6, values outside [0, B) (compared unsigned, so negative
// values too) and masked-off elements are not counted; an element a layout
// holds in several registers, lanes or warps is counted once.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
/// The lanes of a warp the ballot-based count is written for.
constexpr int kLanes = 32;

/// Why `op` cannot be lowered, or an empty string when it can.
std::string whyHistogramUnsupported(tt::HistogramOp op) {
  // The bins are a power of two: tt tensors have a power-of-two number of
  // elements.
  RankedTensorType resultType = op.getType();
  if (!resultType.getElementType().isInteger(32))
    return "the result elements must be i32";
  if (ttg::getThreadsPerWarp(op) != kLanes)
    return "the warp must have 32 lanes";
  std::string error;
  if (!ttg::toLinearLayout(op.getSrc().getType(), &error) ||
      !ttg::toLinearLayout(resultType, &error))
    return error;
  return "";
}

Value allOnes(OpBuilder &builder, Location loc) {
  return i32Constant(builder, loc, -1);
}

struct HistogramOpConversion : public ConvertOpToLLVMPattern<tt::HistogramOp> {
  HistogramOpConversion(LLVMTypeConverter &converter,
                        const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(tt::HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string reason = whyHistogramUnsupported(op);
    if (!reason.empty())
      return rewriter.notifyMatchFailure(op, reason);
    Location loc = op.getLoc();
    Value scratch = getAllocationPointer(rewriter, loc, op);
    if (!scratch)
      return rewriter.notifyMatchFailure(op, "no allocation.offset");
    Type i32 = rewriter.getI32Type();
    int64_t bins = op.getType().getDimSize(0);
    int binBits = llvm::Log2_64(bins);
    int laneBinBits = std::min<int>(binBits, llvm::Log2_32(kLanes));
    int64_t binsPerLane = llvm::divideCeil(bins, kLanes);

    LinearLayout srcLayout = *ttg::toLinearLayout(op.getSrc().getType());
    ElementOwners owners = getElementOwners(srcLayout);
    Value ownerPredicate = emitOwnerPredicate(rewriter, loc, owners, kLanes);
    ThreadIndex thread = getThreadIndex(rewriter, loc, kLanes);

    // Per low bin bit: all ones where the lane's bit is clear, so that XOR
    // with a ballot selects the lanes whose value agrees with the lane.
    SmallVector<Value> laneComplement;
    for (int bit = 0; bit < laneBinBits; ++bit) {
      Value laneBit = LLVM::AndOp::create(rewriter, loc, thread.lane,
                                          i32Constant(rewriter, loc, 1 << bit));
      Value isClear =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, laneBit,
                               i32Constant(rewriter, loc, 0));
      laneComplement.push_back(
          LLVM::SelectOp::create(rewriter, loc, isClear, allOnes(rewriter, loc),
                                 i32Constant(rewriter, loc, 0)));
    }

    SmallVector<Value> values = unpackElements(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackElements(rewriter, loc, adaptor.getMask());
    // Null until a register adds to it.
    SmallVector<Value> counts(binsPerLane);
    for (auto [reg, value] : llvm::enumerate(values)) {
      if (owners.ownerRegister[reg] != int(reg))
        continue;
      // Compare at least 32 bits wide, sign-extending narrower values, so
      // that negative values are out of range.
      auto type = cast<IntegerType>(value.getType());
      if (type.getWidth() < 32) {
        type = rewriter.getI32Type();
        value = LLVM::SExtOp::create(rewriter, loc, type, value);
      }
      Value inRange = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::ult, value,
          LLVM::ConstantOp::create(rewriter, loc, type,
                                   rewriter.getIntegerAttr(type, bins)));
      Value counted = andPredicates(rewriter, loc, inRange, ownerPredicate);
      if (!masks.empty())
        counted = andPredicates(rewriter, loc, counted, masks[reg]);
      Value countedLanes = nvidia::emitBallot(rewriter, loc, counted);
      SmallVector<Value> bitBallots;
      for (int bit = 0; bit < binBits; ++bit) {
        Value isSet = LLVM::TruncOp::create(
            rewriter, loc, rewriter.getI1Type(),
            LLVM::LShrOp::create(
                rewriter, loc, value,
                LLVM::ConstantOp::create(rewriter, loc, type,
                                         rewriter.getIntegerAttr(type, bit))));
        bitBallots.push_back(nvidia::emitBallot(rewriter, loc, isSet));
      }
      // The lanes whose value has the lane's low bin bits.
      Value laneMatch = countedLanes;
      for (int bit = 0; bit < laneBinBits; ++bit)
        laneMatch = LLVM::AndOp::create(
            rewriter, loc, laneMatch,
            LLVM::XOrOp::create(rewriter, loc, bitBallots[bit],
                                laneComplement[bit]));
      // The high bin bits are those of k in bin `lane + 32 * k`.
      for (int64_t k = 0; k < binsPerLane; ++k) {
        Value binMatch = laneMatch;
        for (int bit = laneBinBits; bit < binBits; ++bit) {
          Value ballot = bitBallots[bit];
          if (!((k >> (bit - laneBinBits)) & 1))
            ballot = LLVM::XOrOp::create(rewriter, loc, ballot,
                                         allOnes(rewriter, loc));
          binMatch = LLVM::AndOp::create(rewriter, loc, binMatch, ballot);
        }
        Value population = LLVM::CtPopOp::create(rewriter, loc, i32, binMatch);
        counts[k] = counts[k] ? LLVM::AddOp::create(rewriter, loc, counts[k],
                                                    population)
                              : population;
      }
    }

    // Zero the buffer, add every warp's counts, read the result's bins.
    int64_t threads =
        int64_t(getGroupNumWarps(rewriter, lowering.numWarps)) * kLanes;
    Value threadId = LLVM::AddOp::create(
        rewriter, loc, thread.lane,
        LLVM::MulOp::create(rewriter, loc, thread.warp,
                            i32Constant(rewriter, loc, kLanes)));
    for (int64_t first = 0; first < bins; first += threads) {
      Value index =
          first == 0 ? threadId
                     : LLVM::AddOp::create(rewriter, loc, threadId,
                                           i32Constant(rewriter, loc, first));
      Value pointer =
          getSharedElementPointer(rewriter, loc, scratch, i32, index);
      Value zero = i32Constant(rewriter, loc, 0);
      if (first + threads <= bins) {
        storeShared(rewriter, loc, pointer, zero);
        continue;
      }
      Value inside =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult, index,
                               i32Constant(rewriter, loc, bins));
      storeSharedIf(rewriter, loc, inside, pointer, zero);
    }
    nvidia::emitCTABarrier(rewriter, loc);
    for (int64_t k = 0; k < binsPerLane; ++k) {
      Value bin =
          k == 0 ? thread.lane
                 : LLVM::AddOp::create(rewriter, loc, thread.lane,
                                       i32Constant(rewriter, loc, k * kLanes));
      // A thread whose registers are all copies counts nothing.
      Value count = counts[k] ? counts[k] : i32Constant(rewriter, loc, 0);
      if (bins < kLanes) {
        // Lanes past the last bin matched only the low bits of a bin: they
        // add nothing, at a bin inside the buffer.
        Value owns =
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult, bin,
                                 i32Constant(rewriter, loc, bins));
        count = LLVM::SelectOp::create(rewriter, loc, owns, count,
                                       i32Constant(rewriter, loc, 0));
        bin = LLVM::AndOp::create(rewriter, loc, bin,
                                  i32Constant(rewriter, loc, bins - 1));
      }
      Value pointer = getSharedElementPointer(rewriter, loc, scratch, i32, bin);
      LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add, pointer,
                                count, LLVM::AtomicOrdering::monotonic);
    }
    nvidia::emitCTABarrier(rewriter, loc);

    LinearLayout resultLayout = *ttg::toLinearLayout(op.getType());
    SmallVector<Value> results;
    for (ArrayRef<Value> coords :
         emitIndices(rewriter, loc, resultLayout, kLanes)) {
      Value pointer =
          getSharedElementPointer(rewriter, loc, scratch, i32, coords[0]);
      results.push_back(loadShared(rewriter, loc, pointer, i32));
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, *getTypeConverter(),
                                        results, op.getType()));
    return success();
  }

  const LoweringContext &lowering;
};
} // namespace

LogicalResult mlir::tile::checkHistogramLowering(Operation *op) {
  auto histogram = dyn_cast<tt::HistogramOp>(op);
  if (!histogram)
    return success();
  std::string reason = whyHistogramUnsupported(histogram);
  if (reason.empty())
    return success();
  return op->emitOpError("cannot be lowered: ") << reason;
}

void mlir::tile::populateHistogramOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<HistogramOpConversion>(converter, lowering);
}

//===- ScanOpToLLVM.cpp - tt.scan to LLVM ---------------------------------===//
//
// An inclusive scan runs in the levels passes/analysis/Scratch.h plans from
// the operand's linear layout (ScanPlan): each thread scans, line by line,
// the chunk of the axis it holds in registers; the lanes along the axis
// scan the chunks' totals with shuffles from the previous lane at distances
// 1, 2, 4, ...; where warps lie along the axis, the last lane of each warp
// stores the warp's totals to scratch and, after one barrier, every thread
// combines the totals of the warps (and blocks) before it into a carry.
// Without warps along the axis, the carry into the next block is the last
// lane's result, read with a shuffle. Each element is then completed from
// the carry and the previous lane's result.
//
// A reverse scan runs the same steps in mirrored order: registers, blocks
// and warps from the last, shuffles from the next lane. The combiner always
// takes the elements that come earlier in scan order on its left, as in
// Triton, so non-commutative combiners scan as they do there.
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
#include "mlir/IR/Matchers.h"

#include <map>

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
/// The registers of a thread that hold one line (the elements sharing
/// their coordinates off the axis), in scan order: `registers[block][i]` is
/// the i-th register of the block's chunk.
struct Line {
  SmallVector<SmallVector<int32_t>> registers;
};

/// The number whose bit k is bit `bits[k]` of `value`.
int64_t gatherBits(int32_t value, ArrayRef<int> bits) {
  int64_t gathered = 0;
  for (auto [k, bit] : llvm::enumerate(bits))
    gathered |= int64_t((value >> bit) & 1) << k;
  return gathered;
}

/// The thread's lines, each register placed by the chunk and block bits of
/// its index (mirrored for a reverse scan).
SmallVector<Line> getLines(const ScanPlan &plan) {
  int32_t axisRegisters = 0;
  for (int bit : plan.chunkRegisterBits)
    axisRegisters |= int32_t(1) << bit;
  for (int bit : plan.blockRegisterBits)
    axisRegisters |= int32_t(1) << bit;
  std::map<int32_t, size_t> lineOf;
  SmallVector<Line> lines;
  for (int32_t r = 0; r < plan.layout.getNumRegisters(); ++r) {
    auto [it, inserted] = lineOf.emplace(r & ~axisRegisters, lines.size());
    if (inserted)
      lines.push_back({SmallVector<SmallVector<int32_t>>(
          plan.blocksAlongAxis(), SmallVector<int32_t>(plan.chunkSize(), 0))});
    int64_t position = gatherBits(r, plan.chunkRegisterBits);
    int64_t block = gatherBits(r, plan.blockRegisterBits);
    if (plan.reverse) {
      position = plan.chunkSize() - 1 - position;
      block = plan.blocksAlongAxis() - 1 - block;
    }
    lines[it->second].registers[block][position] = r;
  }
  return lines;
}

struct ScanOpConversion : public ConvertOpToLLVMPattern<tt::ScanOp> {
  ScanOpConversion(LLVMTypeConverter &converter,
                   const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(tt::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string error;
    std::optional<ScanPlan> plan = getScanPlan(op, error);
    if (!plan)
      return rewriter.notifyMatchFailure(op, error);
    std::optional<OperandScratch> scratch;
    if (plan->usesScratch()) {
      FailureOr<OperandScratch> parts =
          OperandScratch::get(rewriter, op.getLoc(), op, op.getSrcs(),
                              plan->operandOffsets, *getTypeConverter());
      if (failed(parts))
        return rewriter.notifyMatchFailure(op, "no allocation.offset");
      scratch = std::move(*parts);
    }
    Emitter emitter(rewriter, op, *plan, lowering.threadsPerWarp);

    SmallVector<SmallVector<Value>> operandElements;
    for (Value operand : adaptor.getSrcs())
      operandElements.push_back(unpackElements(rewriter, op.getLoc(), operand));
    SmallVector<OperandValues> elements(plan->layout.getNumRegisters());
    for (auto [r, element] : llvm::enumerate(elements))
      for (const SmallVector<Value> &values : operandElements)
        element.push_back(values[r]);

    SmallVector<Line> lines = getLines(*plan);
    SmallVector<SmallVector<OperandValues>> totals;
    for (const Line &line : lines)
      totals.push_back(emitter.scanInWarp(line, elements));

    if (scratch) {
      emitter.completeAcrossWarps(*scratch, lines, totals, elements);
    } else {
      for (auto [line, lineTotals] : llvm::zip(lines, totals))
        emitter.completeInWarp(line, lineTotals, elements);
    }

    SmallVector<Value> results;
    for (auto [i, result] : llvm::enumerate(op.getResult())) {
      SmallVector<Value> values;
      for (const OperandValues &element : elements)
        values.push_back(element[i]);
      results.push_back(packElements(rewriter, op.getLoc(), *getTypeConverter(),
                                     values, result.getType()));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

private:
  /// Emits the steps of one scan; `elements` are the thread's registers
  /// (all operands' values of each), rewritten in place.
  class Emitter {
  public:
    Emitter(ConversionPatternRewriter &rewriter, tt::ScanOp op,
            const ScanPlan &plan, int threadsPerWarp)
        : rewriter(rewriter), op(op), loc(op.getLoc()), plan(plan),
          threadsPerWarp(threadsPerWarp) {
      thread = getThreadIndex(rewriter, loc, threadsPerWarp);
      int64_t lanes = plan.lanesAlongAxis();
      if (lanes > 1) {
        Value shifted = thread.lane;
        if (plan.laneShift > 0)
          shifted =
              LLVM::LShrOp::create(rewriter, loc, shifted,
                                   i32Constant(rewriter, loc, plan.laneShift));
        laneIndex = LLVM::AndOp::create(rewriter, loc, shifted,
                                        i32Constant(rewriter, loc, lanes - 1));
        if (plan.reverse)
          laneIndex = LLVM::XOrOp::create(
              rewriter, loc, laneIndex, i32Constant(rewriter, loc, lanes - 1));
      }
    }

    /// Scans each block's chunk of `line` in registers, then the chunks'
    /// totals across the lanes along the axis. Returns, per block, the
    /// combination of the chunks of this lane and the lanes before it.
    SmallVector<OperandValues>
    scanInWarp(const Line &line, MutableArrayRef<OperandValues> elements) {
      SmallVector<OperandValues> totals;
      for (ArrayRef<int32_t> chunk : line.registers) {
        for (size_t i = 1; i < chunk.size(); ++i)
          elements[chunk[i]] =
              combine(elements[chunk[i - 1]], elements[chunk[i]]);
        OperandValues total = elements[chunk.back()];
        for (int64_t distance = 1; distance < plan.lanesAlongAxis();
             distance *= 2) {
          OperandValues before = fromPreviousLane(total, distance);
          Value hasBefore =
              LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge,
                                   laneIndex, constant(distance));
          total = selectValues(rewriter, loc, hasBefore, combine(before, total),
                               total);
        }
        totals.push_back(std::move(total));
      }
      return totals;
    }

    /// Completes `line` when no warps lie along the axis: the carry into a
    /// block is the last lane's result of the block before.
    void completeInWarp(const Line &line, ArrayRef<OperandValues> totals,
                        MutableArrayRef<OperandValues> elements) {
      std::optional<OperandValues> carry;
      for (auto [block, chunk] : llvm::enumerate(line.registers)) {
        OperandValues last =
            complete(chunk, totals[block], carry, Value(), elements);
        if (block + 1 == line.registers.size())
          break;
        if (plan.lanesAlongAxis() > 1)
          last = shuffleIdxValues(rewriter, loc, last, getLastLane(),
                                  threadsPerWarp);
        carry = std::move(last);
      }
    }

    /// Completes every line when warps lie along the axis: the last lane of
    /// every warp stores its totals, and each thread combines those of the
    /// warps and blocks before its own.
    void completeAcrossWarps(const OperandScratch &scratch,
                             ArrayRef<Line> lines,
                             ArrayRef<SmallVector<OperandValues>> totals,
                             MutableArrayRef<OperandValues> elements) {
      int64_t warps = plan.warpsAlongAxis();
      SmallVector<int32_t> warpImages(
          plan.layout.getInDimSizeLog2(layout::kWarp), 0);
      for (auto [k, bit] : llvm::enumerate(plan.warpBits))
        warpImages[bit] = int32_t(1) << k;
      Value warpIndex = xorOfBits(rewriter, loc, thread.warp, warpImages);
      if (plan.reverse)
        warpIndex =
            LLVM::XOrOp::create(rewriter, loc, warpIndex, constant(warps - 1));

      // Line `line` of block `block` of the warp `warp` (the warp's index
      // along the axis) keeps its total at
      //   lineIndex + (block * warps + warp) * lineCount.
      SmallVector<Value> lineIndices = getLineIndices(lines);
      Value warpRow = warpIndex;
      if (plan.lineCount > 1)
        warpRow = LLVM::MulOp::create(rewriter, loc, warpIndex,
                                      constant(plan.lineCount));
      auto storeSlot = [&](size_t line, int64_t block) {
        return add(add(lineIndices[line], warpRow),
                   constant(block * warps * plan.lineCount));
      };
      auto loadSlot = [&](size_t line, int64_t block, int64_t warp) {
        return add(lineIndices[line],
                   constant((block * warps + warp) * plan.lineCount));
      };

      Value stores = getStoringThreads();
      for (auto [line, lineTotals] : llvm::enumerate(totals))
        for (auto [block, total] : llvm::enumerate(lineTotals))
          scratch.storeIf(rewriter, loc, stores, storeSlot(line, block), total);
      nvidia::emitCTABarrier(rewriter, loc);

      Value notFirstWarp = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::ne, warpIndex, constant(0));
      for (auto [line, lineTotals] : llvm::enumerate(totals)) {
        // The combination of all totals read so far, and the carry: the
        // part of it before this thread's warp.
        std::optional<OperandValues> all;
        for (auto [block, total] : llvm::enumerate(lineTotals)) {
          std::optional<OperandValues> carry = all;
          for (int64_t warp = 0; warp < warps; ++warp) {
            OperandValues loaded =
                scratch.load(rewriter, loc, loadSlot(line, block, warp));
            all = all ? combine(*all, loaded) : loaded;
            if (warp + 1 == warps)
              break;
            Value after =
                LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ugt,
                                     warpIndex, constant(warp));
            carry =
                carry ? selectValues(rewriter, loc, after, *all, *carry) : *all;
          }
          // In the first block the first warp has no carry.
          complete(lines[line].registers[block], total, carry,
                   block == 0 ? notFirstWarp : Value(), elements);
        }
      }
    }

  private:
    /// Completes the chunk `chunk` (registers in scan order) whose lane-level
    /// total is `total`, given the carry of what comes before the warp's
    /// part of the block (none when nothing does; applied only where
    /// `hasCarry` holds, always when it is null). Returns the chunk's last
    /// element.
    OperandValues complete(ArrayRef<int32_t> chunk, const OperandValues &total,
                           const std::optional<OperandValues> &carry,
                           Value hasCarry,
                           MutableArrayRef<OperandValues> elements) {
      OperandValues last = total;
      if (carry)
        last = combineIf(hasCarry, *carry, total);

      // The other registers of the chunk need the previous lane's last
      // element (the carry in the first lane).
      if (chunk.size() > 1) {
        std::optional<OperandValues> prefix;
        Value hasPrefix;
        if (plan.lanesAlongAxis() > 1) {
          OperandValues previous = fromPreviousLane(last, 1);
          Value notFirstLane = LLVM::ICmpOp::create(
              rewriter, loc, LLVM::ICmpPredicate::ne, laneIndex, constant(0));
          if (carry) {
            prefix =
                selectValues(rewriter, loc, notFirstLane, previous, *carry);
            if (hasCarry)
              hasPrefix =
                  LLVM::OrOp::create(rewriter, loc, notFirstLane, hasCarry);
          } else {
            prefix = previous;
            hasPrefix = notFirstLane;
          }
        } else if (carry) {
          prefix = carry;
          hasPrefix = hasCarry;
        }
        if (prefix)
          for (int32_t reg : chunk.drop_back())
            elements[reg] = combineIf(hasPrefix, *prefix, elements[reg]);
      }
      elements[chunk.back()] = last;
      return last;
    }

    OperandValues combine(ValueRange lhs, ValueRange rhs) {
      return inlineCombiner(rewriter, op.getCombineOp(), lhs, rhs);
    }

    /// combine(lhs, rhs) where `condition` holds (always when it is null),
    /// rhs elsewhere.
    OperandValues combineIf(Value condition, ValueRange lhs, ValueRange rhs) {
      OperandValues combined = combine(lhs, rhs);
      if (!condition)
        return combined;
      return selectValues(rewriter, loc, condition, combined, rhs);
    }

    /// The values of the lane `distance` positions earlier along the axis,
    /// in scan order.
    OperandValues fromPreviousLane(ValueRange values, int64_t distance) {
      int32_t delta = int32_t(distance) << plan.laneShift;
      return plan.reverse ? shuffleDownValues(rewriter, loc, values, delta,
                                              threadsPerWarp)
                          : shuffleUpValues(rewriter, loc, values, delta,
                                            threadsPerWarp);
    }

    /// The lane holding the thread's lines at the last position along the
    /// axis, in scan order.
    Value getLastLane() {
      int64_t lanes = plan.lanesAlongAxis();
      int32_t axisLanes = int32_t(lanes - 1) << plan.laneShift;
      int32_t last = plan.reverse ? 0 : axisLanes;
      Value others =
          LLVM::AndOp::create(rewriter, loc, thread.lane, constant(~axisLanes));
      return LLVM::OrOp::create(rewriter, loc, others, constant(last));
    }

    /// Whether this thread stores its warp's totals: the last lane along
    /// the axis, and of the threads holding copies of the same elements
    /// (zero lane or warp bases) only the first.
    Value getStoringThreads() {
      Value stores = LLVM::ConstantOp::create(
          rewriter, loc, rewriter.getI1Type(), rewriter.getBoolAttr(true));
      if (plan.lanesAlongAxis() > 1)
        stores = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                      laneIndex,
                                      constant(plan.lanesAlongAxis() - 1));
      auto firstCopy = [&](Value index, int32_t broadcastMask) {
        if (broadcastMask == 0)
          return;
        Value bits =
            LLVM::AndOp::create(rewriter, loc, index, constant(broadcastMask));
        Value first = LLVM::ICmpOp::create(
            rewriter, loc, LLVM::ICmpPredicate::eq, bits, constant(0));
        stores = LLVM::AndOp::create(rewriter, loc, stores, first);
      };
      firstCopy(thread.lane, plan.broadcastLaneMask);
      firstCopy(thread.warp, plan.broadcastWarpMask);
      return stores;
    }

    /// For each line, its row-major index over the shape without the axis,
    /// from the coordinates of its first register.
    SmallVector<Value> getLineIndices(ArrayRef<Line> lines) {
      auto type = cast<RankedTensorType>(op.getSrcs().front().getType());
      SmallVector<int64_t> shape(type.getShape());
      shape.erase(shape.begin() + plan.axis);
      SmallVector<SmallVector<Value>> coords =
          emitIndices(rewriter, loc, plan.layout, threadsPerWarp);
      SmallVector<Value> indices;
      for (const Line &line : lines) {
        SmallVector<Value> lineCoords = coords[line.registers[0][0]];
        lineCoords.erase(lineCoords.begin() + plan.axis);
        indices.push_back(linearIndex(rewriter, loc, lineCoords, shape));
      }
      return indices;
    }

    Value constant(int64_t value) { return i32Constant(rewriter, loc, value); }

    /// a + b, leaving out a constant zero operand.
    Value add(Value a, Value b) {
      if (matchPattern(a, m_Zero()))
        return b;
      if (matchPattern(b, m_Zero()))
        return a;
      return LLVM::AddOp::create(rewriter, loc, a, b);
    }

    ConversionPatternRewriter &rewriter;
    tt::ScanOp op;
    Location loc;
    const ScanPlan &plan;
    int threadsPerWarp;
    ThreadIndex thread;
    /// The lane's position along the axis in scan order (null with one
    /// lane along the axis).
    Value laneIndex;
  };

  const LoweringContext &lowering;
};
} // namespace

void mlir::tile::populateScanOpToLLVMPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns,
                                              const LoweringContext &lowering) {
  patterns.add<ScanOpConversion>(converter, lowering);
}

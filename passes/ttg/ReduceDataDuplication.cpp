//===- ReduceDataDuplication.cpp - Dot operands through shared memory -----===//
//
// tritongpu-reduce-data-duplication: a dot operand layout replicates data
// across warps (every warp along N needs the same rows of A), so converting
// a register tensor to it moves data between warps (or, within a warp,
// takes shuffles that pick their registers at run time). This pass makes
// that trip through shared memory explicit, as a ttg.local_alloc into the
// swizzled layout Triton 3.6 picks for the operand and a ttg.local_load
// (ldmatrix for mma operands) into the dot operand layout, so later passes
// (allocation, barriers, the pipeliner) see the buffer.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "passes/analysis/Scratch.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "tritongpu-reduce-data-duplication"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGREDUCEDATADUPLICATIONPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Whether converting `src` to `dst` is better done through shared memory.
/// A conversion that moves data between warps (or CTAs) needs it, and so
/// does, as in Triton, a warp shuffle whose source register depends on the
/// destination lane in two or more independent ways (getShuffleSelectLayers:
/// a layer of run-time selects over all the registers each; a batched f64
/// operand took 1,024 selects and spilled). A register permutation or a simple
/// shuffle stays a conversion, which the lowering does without a buffer.
/// Unknown layouts count as needing shared memory.
bool needsSharedMemory(RankedTensorType src, RankedTensorType dst) {
  std::optional<layout::LinearLayout> srcLayout = ttg::toLinearLayout(src);
  std::optional<layout::LinearLayout> dstLayout = ttg::toLinearLayout(dst);
  if (!srcLayout || !dstLayout)
    return true;
  std::string error;
  std::optional<ConversionPlan> plan =
      getConversionPlan(*srcLayout, *dstLayout, error);
  if (!plan)
    return true;
  switch (plan->strategy) {
  case ConversionStrategy::RegisterPermutation:
    return false;
  case ConversionStrategy::WarpShuffle:
    return getShuffleSelectLayers(*plan) >= 2;
  case ConversionStrategy::SharedMemory:
    return true;
  }
  llvm_unreachable("unknown conversion strategy");
}

/// Replaces `convert` (register layout to dot operand layout) by a store to
/// and a load from a swizzled shared buffer; false when the operand's
/// element type has no shared encoding.
bool stageThroughSharedMemory(ttg::ConvertLayoutOp convert,
                              ttg::DotOperandEncodingAttr dotOperand) {
  RankedTensorType srcType = convert.getSrc().getType();
  SmallVector<unsigned> order = ttg::getOrderForMemory(srcType);
  if (order.empty())
    return false;
  ttg::SwizzledSharedEncodingAttr shared = ttg::getDotOperandSharedEncoding(
      dotOperand, srcType.getShape(), order, srcType.getElementType());
  if (!shared)
    return false;
  MLIRContext *context = convert.getContext();
  auto bufferType =
      ttg::MemDescType::get(srcType.getShape(), srcType.getElementType(),
                            shared, ttg::SharedMemorySpaceAttr::get(context));
  // The store goes right after the value is defined and the load where the
  // conversion was, as Triton places them: a conversion left in a loop of a
  // loop-invariant operand stores it once and re-reads it each iteration.
  OpBuilder builder(convert);
  builder.setInsertionPointAfterValue(convert.getSrc());
  auto alloc = ttg::LocalAllocOp::create(builder, convert.getLoc(), bufferType,
                                         convert.getSrc(),
                                         /*alignment=*/nullptr);
  builder.setInsertionPoint(convert);
  auto load = ttg::LocalLoadOp::create(builder, convert.getLoc(),
                                       convert.getType(), alloc.getResult(),
                                       /*token=*/Value());
  LDBG() << "staged " << convert << " through " << bufferType;
  convert.getResult().replaceAllUsesWith(load.getResult());
  convert.erase();
  return true;
}

struct TTGReduceDataDuplicationPass
    : public tile::impl::TTGReduceDataDuplicationPassBase<
          TTGReduceDataDuplicationPass> {
  void runOnOperation() override {
    SmallVector<ttg::ConvertLayoutOp> converts;
    getOperation().walk(
        [&](ttg::ConvertLayoutOp convert) { converts.push_back(convert); });
    for (ttg::ConvertLayoutOp convert : converts) {
      auto dotOperand = dyn_cast<ttg::DotOperandEncodingAttr>(
          convert.getType().getEncoding());
      if (!dotOperand ||
          !needsSharedMemory(convert.getSrc().getType(), convert.getType()))
        continue;
      if (stageThroughSharedMemory(convert, dotOperand))
        ++numStagedConversions;
    }
  }
};
} // namespace

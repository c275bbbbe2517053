//===- GatherOpToLLVM.cpp - tt.gather to LLVM -----------------------------===//
//
// `result[i...] = src[i... with axis replaced by indices[i...]]`. An index
// may name an element held by any thread, so the source goes through the
// op's scratch (passes/analysis/Scratch.cpp sizes it): every thread stores
// the source elements it holds at their row-major offsets, the CTA
// synchronizes, and every thread loads, for each index register, the
// element at the index along the axis and its own coordinates elsewhere.
// Both sides take their coordinates from the linear layouts (emitIndices),
// with no case per encoding.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Scratch.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <set>

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
/// The layouts of a gather's source and result (the indices share the
/// result's), or failure with `error` set when the lowering cannot use them.
struct GatherLayouts {
  LinearLayout src;
  LinearLayout result;
};

FailureOr<GatherLayouts> getGatherLayouts(tt::GatherOp op, std::string &error) {
  std::optional<LinearLayout> src =
      ttg::toLinearLayout(op.getSrc().getType(), &error);
  if (!src)
    return failure();
  std::optional<LinearLayout> result =
      ttg::toLinearLayout(op.getType(), &error);
  if (!result)
    return failure();
  // The scratch is the CTA's own shared memory; a layout spreading the
  // tensor over a cluster would need distributed shared memory.
  if (src->getInDimSize(layout::kBlock) > 1 ||
      result->getInDimSize(layout::kBlock) > 1) {
    error = "layouts spanning several CTAs are not supported";
    return failure();
  }
  return GatherLayouts{std::move(*src), std::move(*result)};
}

/// The tensor coordinates register `reg` holds in lane 0 of warp 0;
/// registers of one thread with equal keys hold one element.
SmallVector<int32_t> registerKey(const LinearLayout &layout, int32_t reg) {
  SmallVector<int32_t> coords;
  if (auto out = layout.apply({{layout::kRegister, reg}}))
    for (const auto &[name, coord] : *out)
      coords.push_back(coord);
  return coords;
}

/// `index` (any integer width) as an i32; indices are signed.
Value toI32Index(OpBuilder &builder, Location loc, Value index) {
  Type i32 = builder.getI32Type();
  unsigned width = index.getType().getIntOrFloatBitWidth();
  if (width < 32)
    return LLVM::SExtOp::create(builder, loc, i32, index);
  if (width > 32)
    return LLVM::TruncOp::create(builder, loc, i32, index);
  return index;
}

struct GatherOpConversion : public ConvertOpToLLVMPattern<tt::GatherOp> {
  GatherOpConversion(LLVMTypeConverter &converter,
                     const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(tt::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string error;
    FailureOr<GatherLayouts> layouts = getGatherLayouts(op, error);
    if (failed(layouts))
      return rewriter.notifyMatchFailure(op, error);
    Value scratch = getAllocationPointer(rewriter, loc, op);
    if (!scratch)
      return rewriter.notifyMatchFailure(op, "no allocation.offset");

    RankedTensorType srcType = op.getSrc().getType();
    Type elementType =
        getTypeConverter()->convertType(srcType.getElementType());
    ArrayRef<int64_t> srcShape = srcType.getShape();
    int axis = op.getAxis();
    int threadsPerWarp = lowering.threadsPerWarp;

    // Stage the source, each element a thread holds once (threads holding
    // the same element store the same value).
    SmallVector<Value> srcValues =
        unpackElements(rewriter, loc, adaptor.getSrc());
    SmallVector<SmallVector<Value>> srcCoords =
        emitIndices(rewriter, loc, layouts->src, threadsPerWarp);
    std::set<SmallVector<int32_t>> stored;
    for (auto [r, value] : llvm::enumerate(srcValues)) {
      if (!stored.insert(registerKey(layouts->src, r)).second)
        continue;
      Value offset = linearIndex(rewriter, loc, srcCoords[r], srcShape);
      storeShared(
          rewriter, loc,
          getSharedElementPointer(rewriter, loc, scratch, elementType, offset),
          value);
    }
    nvidia::emitCTABarrier(rewriter, loc);

    // Each result register reads the source at its own coordinates with
    // the axis coordinate replaced by its index.
    SmallVector<Value> indices =
        unpackElements(rewriter, loc, adaptor.getIndices());
    SmallVector<SmallVector<Value>> resultCoords =
        emitIndices(rewriter, loc, layouts->result, threadsPerWarp);
    SmallVector<Value> results;
    for (auto [r, index] : llvm::enumerate(indices)) {
      SmallVector<Value> coords = resultCoords[r];
      coords[axis] = toI32Index(rewriter, loc, index);
      Value offset = linearIndex(rewriter, loc, coords, srcShape);
      results.push_back(loadShared(
          rewriter, loc,
          getSharedElementPointer(rewriter, loc, scratch, elementType, offset),
          elementType));
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, *getTypeConverter(),
                                        results, op.getType()));
    return success();
  }

  const LoweringContext &lowering;
};
} // namespace

LogicalResult mlir::tile::checkGatherLowering(Operation *op) {
  auto gather = dyn_cast<tt::GatherOp>(op);
  if (!gather)
    return success();
  std::string error;
  if (succeeded(getGatherLayouts(gather, error)))
    return success();
  return gather->emitOpError("cannot be lowered: ") << error;
}

void mlir::tile::populateGatherOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<GatherOpConversion>(converter, lowering);
}

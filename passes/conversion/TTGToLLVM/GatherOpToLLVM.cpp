//===- GatherOpToLLVM.cpp - tt.gather to LLVM -----------------------------===//
//
// `result[i...] = src[i... with axis replaced by indices[i...]]`.
//  * Within a warp (passes/analysis/Scratch.h getGatherShufflePlan): when
//    every result element's source element is held in the same warp, each
//    result register computes, from its coordinates with the index on the
//    axis, the lane and register holding its source element (the inverted
//    source layout applied at run time), reads each source register that
//    may be the one with shfl.sync.idx from that lane and selects. No
//    shared memory.
//  * Otherwise an index may name an element held by any thread, so the
//    source goes through the op's scratch (Scratch.cpp sizes it): every
//    thread stores the source elements it holds at their row-major offsets,
//    the CTA synchronizes, and every thread loads, for each index register,
//    the element at the index along the axis and its own coordinates
//    elsewhere.
// Both take their coordinates from the linear layouts (emitIndices), with no
// case per encoding.
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
    RankedTensorType srcType = op.getSrc().getType();
    Type elementType =
        getTypeConverter()->convertType(srcType.getElementType());
    ArrayRef<int64_t> srcShape = srcType.getShape();
    int axis = op.getAxis();
    int threadsPerWarp = lowering.threadsPerWarp;
    std::optional<GatherShufflePlan> plan =
        getGatherShufflePlan(layouts->src, layouts->result, axis);
    Value scratch;
    if (!plan) {
      scratch = getAllocationPointer(rewriter, loc, op);
      if (!scratch)
        return rewriter.notifyMatchFailure(op, "no allocation.offset");
    }
    SmallVector<Value> srcValues =
        unpackElements(rewriter, loc, adaptor.getSrc());
    // The indices and the result registers' coordinates, after the staging
    // stores when there are any.
    // (One statement each: the IR must not depend on the compiler's order
    // of evaluating call arguments.)
    auto emitIndexCoords = [&] {
      SmallVector<Value> indices =
          unpackElements(rewriter, loc, adaptor.getIndices());
      SmallVector<SmallVector<Value>> coords =
          emitIndices(rewriter, loc, layouts->result, threadsPerWarp);
      return std::make_pair(std::move(indices), std::move(coords));
    };

    if (plan) {
      auto [indices, resultCoords] = emitIndexCoords();
      SmallVector<Value> results = gatherInWarp(rewriter, loc, *plan, srcValues,
                                                indices, resultCoords, axis);
      rewriter.replaceOp(op, packElements(rewriter, loc, *getTypeConverter(),
                                          results, op.getType()));
      return success();
    }

    // Stage the source, each element a thread holds once (threads holding
    // the same element store the same value).
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
    auto [indices, resultCoords] = emitIndexCoords();
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

  /// Each result register shuffles, from the lane holding its source
  /// element, every source register that may hold it, and keeps the one
  /// the index selects.
  SmallVector<Value>
  gatherInWarp(OpBuilder &builder, Location loc, const GatherShufflePlan &plan,
               ArrayRef<Value> srcValues, ArrayRef<Value> indices,
               ArrayRef<SmallVector<Value>> resultCoords, int axis) const {
    // The images of each coordinate bit under srcPlace, by in-dim.
    const LinearLayout &place = plan.srcPlace;
    auto imagesOf = [&](int dim, const char *outDim) {
      SmallVector<int32_t> images;
      std::string name = layout::outDimName(dim);
      for (int bit = 0; bit < place.getInDimSizeLog2(name); ++bit) {
        int32_t image = 0;
        if (auto out = place.apply({{name, int32_t(1) << bit}}))
          for (const auto &[outName, value] : *out)
            if (outName == outDim)
              image = value;
        images.push_back(image);
      }
      return images;
    };
    int rank = resultCoords.empty() ? 0 : resultCoords.front().size();
    SmallVector<SmallVector<int32_t>> laneImages, registerImages;
    for (int d = 0; d < rank; ++d) {
      laneImages.push_back(imagesOf(d, layout::kLane));
      registerImages.push_back(imagesOf(d, layout::kRegister));
    }
    auto apply = [&](ArrayRef<Value> coords,
                     ArrayRef<SmallVector<int32_t>> images) {
      Value result;
      for (auto [coord, dimImages] : llvm::zip(coords, images)) {
        Value part = xorOfBits(builder, loc, coord, dimImages);
        result = result ? emitXor(builder, loc, result, part) : part;
      }
      return result ? result : i32Constant(builder, loc, 0);
    };

    SmallVector<Value> results;
    for (auto [r, index] : llvm::enumerate(indices)) {
      SmallVector<Value> coords = resultCoords[r];
      coords[axis] = toI32Index(builder, loc, index);
      Value lane = apply(coords, laneImages);
      ArrayRef<int32_t> candidates = plan.candidates[r];
      Value value = shuffleIdx(builder, loc, srcValues[candidates.front()],
                               lane, lowering.threadsPerWarp);
      if (candidates.size() == 1) {
        results.push_back(value);
        continue;
      }
      Value reg = apply(coords, registerImages);
      for (int32_t candidate : candidates.drop_front()) {
        Value shuffled = shuffleIdx(builder, loc, srcValues[candidate], lane,
                                    lowering.threadsPerWarp);
        Value isCandidate =
            LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq, reg,
                                 i32Constant(builder, loc, candidate));
        value =
            LLVM::SelectOp::create(builder, loc, isCandidate, shuffled, value);
      }
      results.push_back(value);
    }
    return results;
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

//===- OptimizeDotOperands.cpp - Transposes and reshapes as views
//----------===//
//
// tritongpu-optimize-dot-operands: a dot operand that is a tt.trans (or
// tt.reshape) of a register tensor costs a shuffle through shared memory
// in the convert_layout lowering. When the operand goes through shared
// memory anyway, the buffer can be written untransposed and read through a
// view: ldmatrix.trans reads an mma v2 operand transposed, wgmma reads
// either major order, and a reshape that regroups outer dims of an nvmma
// buffer is only a different descriptor. Which view encoding is sound is
// decided by comparing linear layouts (MemDescViews.h).
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/MemDescViews.h"
#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/Swizzle.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "tritongpu-optimize-dot-operands"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGOPTIMIZEDOTOPERANDSPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
constexpr int32_t kSwapOrder[] = {1, 0};

/// dot(convert_layout(trans(x)) : #dot_op of mma v2)
///   -> dot(local_load(memdesc_trans(local_alloc(x))))
/// with `x` stored swizzled for the operand read transposed, so the load
/// is an ldmatrix.trans instead of a register shuffle.
struct TransposedOperandThroughShared
    : public OpRewritePattern<ttg::ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ttg::ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    if (!convert->hasOneUse() || !isa<tt::DotOp>(*convert->user_begin()))
      return failure();
    auto trans = convert.getSrc().getDefiningOp<tt::TransOp>();
    if (!trans || trans.getOrder() != ArrayRef<int32_t>(kSwapOrder))
      return failure();
    RankedTensorType loadType = convert.getType();
    auto dotOperand =
        dyn_cast<ttg::DotOperandEncodingAttr>(loadType.getEncoding());
    auto mma =
        dotOperand
            ? dyn_cast<ttg::NvidiaMmaEncodingAttr>(dotOperand.getParent())
            : nullptr;
    if (!mma || !mma.isAmpere())
      return failure();
    // The layout of the value stored: the transpose's source, or what a
    // conversion right before the transpose started from.
    Value stored = trans.getSrc();
    RankedTensorType storedType = trans.getSrc().getType();
    if (auto inner = stored.getDefiningOp<ttg::ConvertLayoutOp>())
      storedType = inner.getSrc().getType();
    SmallVector<unsigned> order = ttg::getOrderForMemory(storedType);
    Type elementType = storedType.getElementType();
    if (order.size() != 2 || !elementType.isIntOrFloat())
      return failure();
    // Swizzled for the operand as the dot reads it, i.e. after the
    // transpose (needTrans).
    layout::SwizzleParams swizzle = layout::getMmaOperandSwizzle(
        dotOperand.getOpIdx(), dotOperand.getKWidth(),
        std::vector<int64_t>(storedType.getShape().begin(),
                             storedType.getShape().end()),
        std::vector<unsigned>(order.begin(), order.end()),
        elementType.getIntOrFloatBitWidth(), /*needTrans=*/true);
    MLIRContext *context = getContext();
    auto shared = ttg::SwizzledSharedEncodingAttr::get(
        context, swizzle.vec, swizzle.perPhase, swizzle.maxPhase, order,
        /*cgaLayout=*/{});
    auto bufferType =
        ttg::MemDescType::get(storedType.getShape(), elementType, shared,
                              ttg::SharedMemorySpaceAttr::get(context));
    Attribute viewEncoding =
        ttg::getTransposedSharedEncoding(bufferType, kSwapOrder);
    if (!viewEncoding)
      return failure();
    auto viewType =
        ttg::MemDescType::get(trans.getType().getShape(), elementType,
                              viewEncoding, bufferType.getMemorySpace());

    rewriter.setInsertionPoint(trans);
    Location loc = trans.getLoc();
    auto alloc =
        ttg::LocalAllocOp::create(rewriter, loc, bufferType, trans.getSrc(),
                                  /*alignment=*/nullptr);
    auto view =
        ttg::MemDescTransOp::create(rewriter, loc, viewType, alloc, kSwapOrder);
    auto load = ttg::LocalLoadOp::create(rewriter, loc, loadType, view,
                                         /*token=*/Value());
    rewriter.replaceOp(convert, load.getResult());
    return success();
  }
};

/// local_alloc(trans(x)) read only by a wgmma or a tcgen05 MMA (which read
/// either major order from shared memory)
///   -> memdesc_trans(local_alloc(x))
/// with `x` stored in the nvmma layout of the other major order.
struct TransposeIntoWarpGroupDotView
    : public OpRewritePattern<ttg::LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ttg::LocalAllocOp alloc,
                                PatternRewriter &rewriter) const override {
    if (!alloc.getSrc() || !alloc->hasOneUse() ||
        !isa<ttng::WarpGroupDotOp, ttng::TCGen5MMAOp, ttng::TCGen5MMAScaledOp>(
            *alloc->user_begin()))
      return failure();
    auto trans = alloc.getSrc().getDefiningOp<tt::TransOp>();
    if (!trans || trans.getOrder() != ArrayRef<int32_t>(kSwapOrder))
      return failure();
    ttg::MemDescType allocType = alloc.getType();
    if (!isa<ttg::NVMMASharedEncodingAttr>(allocType.getEncoding()))
      return failure();
    // Swapping two dims is its own inverse: the encoding whose transposed
    // view is the allocated one.
    Attribute storedEncoding =
        ttg::getTransposedSharedEncoding(allocType, kSwapOrder);
    if (!storedEncoding)
      return failure();
    RankedTensorType storedType = trans.getSrc().getType();
    auto bufferType = ttg::MemDescType::get(
        storedType.getShape(), storedType.getElementType(), storedEncoding,
        allocType.getMemorySpace(), allocType.getMutableMemory());
    auto newAlloc =
        ttg::LocalAllocOp::create(rewriter, alloc.getLoc(), bufferType,
                                  trans.getSrc(), alloc.getAlignmentAttr());
    rewriter.replaceOpWithNewOp<ttg::MemDescTransOp>(alloc, allocType, newAlloc,
                                                     kSwapOrder);
    return success();
  }
};

/// local_alloc(reshape(x)) into an nvmma layout
///   -> memdesc_reshape(local_alloc(x))
/// when an nvmma layout of `x`'s shape holds every element at the offset
/// the allocated layout gives it.
struct ReshapeIntoView : public OpRewritePattern<ttg::LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ttg::LocalAllocOp alloc,
                                PatternRewriter &rewriter) const override {
    if (!alloc.getSrc())
      return failure();
    auto reshape = alloc.getSrc().getDefiningOp<tt::ReshapeOp>();
    if (!reshape)
      return failure();
    ttg::MemDescType allocType = alloc.getType();
    auto nvmma =
        dyn_cast<ttg::NVMMASharedEncodingAttr>(allocType.getEncoding());
    if (!nvmma || !nvmma.getCgaLayout().empty())
      return failure();
    RankedTensorType storedType = reshape.getSrc().getType();
    auto storedEncoding = ttg::NVMMASharedEncodingAttr::get(
        getContext(), nvmma.getSwizzlingByteWidth(), nvmma.getTransposed(),
        nvmma.getElementBitWidth(), nvmma.getFp4Padded(), storedType.getRank(),
        /*cgaLayout=*/{});
    auto bufferType = ttg::MemDescType::get(
        storedType.getShape(), storedType.getElementType(), storedEncoding,
        allocType.getMemorySpace(), allocType.getMutableMemory());
    if (!ttg::isReshapedView(bufferType, allocType))
      return failure();
    auto newAlloc =
        ttg::LocalAllocOp::create(rewriter, alloc.getLoc(), bufferType,
                                  reshape.getSrc(), alloc.getAlignmentAttr());
    rewriter.replaceOpWithNewOp<ttg::MemDescReshapeOp>(alloc, allocType,
                                                       newAlloc);
    return success();
  }
};

struct TTGOptimizeDotOperandsPass
    : public tile::impl::TTGOptimizeDotOperandsPassBase<
          TTGOptimizeDotOperandsPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<TransposedOperandThroughShared, TransposeIntoWarpGroupDotView,
                 ReshapeIntoView>(context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace

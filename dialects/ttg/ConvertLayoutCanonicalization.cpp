//===- ConvertLayoutCanonicalization.cpp - Folding layout conversions -----===//
//
// The canonicalization patterns of ttg.convert_layout, with Triton 3.6's
// rules: a conversion of a value that can be produced in any layout
// (a splat, a range, a splat constant, a shared-memory read, a histogram,
// another conversion; a reshape or cat that may reorder elements, where that
// costs no data movement between threads) becomes that producer in the
// target layout, and ops that accept any register layout (writes to shared
// memory, a histogram's input, a gather's source without a chosen layout)
// or that infer their result layout (a reshape that may reorder, split,
// trans) read through the conversion.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"
#include "dialects/tt/TTLayoutInterface.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttg;

namespace {
/// Whether the conversion keeps every element in the same register of the
/// same thread (the two layouts are the same linear layout).
bool isTrivialConversion(ConvertLayoutOp convert) {
  std::optional<layout::LinearLayout> src =
      toLinearLayout(convert.getSrc().getType());
  std::optional<layout::LinearLayout> dst = toLinearLayout(convert.getType());
  return src && dst && *src == *dst;
}

/// Whether viewing `src`'s elements as `dst` (a reshape that may reorder
/// them) moves data between threads: the two layouts hold a different number
/// of elements per thread or broadcast along different hardware bits.
bool isExpensiveView(RankedTensorType src, RankedTensorType dst) {
  std::optional<layout::LinearLayout> srcLayout = toLinearLayout(src);
  std::optional<layout::LinearLayout> dstLayout = toLinearLayout(dst);
  if (!srcLayout || !dstLayout)
    return true;
  for (auto [srcMask, dstMask] : llvm::zip(srcLayout->getFreeVariableMasks(),
                                           dstLayout->getFreeVariableMasks()))
    if (srcMask.second != dstMask.second)
      return true;
  return srcLayout->getNumRegisters() != dstLayout->getNumRegisters();
}

bool hasDotOperandEncoding(Value value) {
  return isa<DotOperandEncodingAttr>(
      cast<RankedTensorType>(value.getType()).getEncoding());
}

/// Registers each thread holds of `shape` in `encoding`.
std::optional<int32_t> getRegisterCount(Attribute encoding,
                                        ArrayRef<int64_t> shape) {
  std::optional<layout::LinearLayout> layout = toLinearLayout(encoding, shape);
  if (!layout)
    return std::nullopt;
  return layout->getNumRegisters();
}

/// convert(producer(...)) -> producer(...) in the converted layout.
struct FoldConvertIntoProducer : public OpRewritePattern<ConvertLayoutOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConvertLayoutOp convert,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = convert.getType();
    // Triton keeps mma-to-dot-operand conversions (the fused-attention
    // pattern, which the lowering does in registers) out of this.
    if (isa<DotOperandEncodingAttr>(type.getEncoding()) &&
        isa<NvidiaMmaEncodingAttr>(convert.getSrc().getType().getEncoding()))
      return failure();
    Operation *producer = convert.getSrc().getDefiningOp();
    if (!producer)
      return failure();

    if (auto inner = dyn_cast<ConvertLayoutOp>(producer)) {
      rewriter.replaceOpWithNewOp<ConvertLayoutOp>(convert, type,
                                                   inner.getSrc());
      return success();
    }
    if (auto splat = dyn_cast<tt::SplatOp>(producer)) {
      rewriter.replaceOpWithNewOp<tt::SplatOp>(convert, type, splat.getSrc());
      return success();
    }
    if (auto range = dyn_cast<tt::MakeRangeOp>(producer)) {
      rewriter.replaceOpWithNewOp<tt::MakeRangeOp>(
          convert, type, range.getStart(), range.getEnd());
      return success();
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(producer)) {
      auto splat = dyn_cast<SplatElementsAttr>(constant.getValue());
      if (!splat)
        return failure();
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          convert,
          SplatElementsAttr::get(type, splat.getSplatValue<Attribute>()));
      return success();
    }
    if (auto reshape = dyn_cast<tt::ReshapeOp>(producer)) {
      // Only a reshape free to reorder, whose layout the compiler did not
      // choose, and where the new layout moves no data between threads.
      // Dot operand layouts pack several elements into a register, which
      // the reshape lowering does not unpack.
      if (!reshape.getAllowReorder() || reshape.getEfficientLayout() ||
          isExpensiveView(reshape.getSrc().getType(), type) ||
          hasDotOperandEncoding(convert.getSrc()) ||
          hasDotOperandEncoding(convert.getResult()))
        return failure();
      // As Triton: the new reshape reads the old one, which then folds.
      rewriter.replaceOpWithNewOp<tt::ReshapeOp>(
          convert, type, reshape.getResult(), reshape.getAllowReorder());
      return success();
    }
    if (auto histogram = dyn_cast<tt::HistogramOp>(producer)) {
      // A histogram's result layout does not depend on its input's.
      rewriter.replaceOpWithNewOp<tt::HistogramOp>(
          convert, type, histogram.getSrc(), histogram.getMask());
      return success();
    }
    if (auto cat = dyn_cast<tt::CatOp>(producer)) {
      // Fewer elements per thread would need a trip through shared memory.
      std::optional<int32_t> before = getRegisterCount(
          cat.getType().getEncoding(), cat.getType().getShape());
      std::optional<int32_t> after =
          getRegisterCount(type.getEncoding(), type.getShape());
      if (!before || !after || *after < *before)
        return failure();
      rewriter.replaceOpWithNewOp<tt::CatOp>(convert, type, cat.getOperands());
      return success();
    }
    if (auto load = dyn_cast<LocalLoadOp>(producer)) {
      // A shared-memory read produces any layout. It stays where it was:
      // a store may follow it before the conversion.
      rewriter.setInsertionPoint(load);
      rewriter.replaceOpWithNewOp<LocalLoadOp>(convert, type, load.getSrc(),
                                               load.getToken());
      return success();
    }
    return failure();
  }
};

/// local_alloc(convert(x)) -> local_alloc(x): the buffer's contents do not
/// depend on the register layout they come from.
struct AllocWithoutConvert : public OpRewritePattern<LocalAllocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalAllocOp alloc,
                                PatternRewriter &rewriter) const override {
    if (!alloc.getSrc())
      return failure();
    auto convert = alloc.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    rewriter.modifyOpInPlace(
        alloc, [&] { alloc.getSrcMutable().assign(convert.getSrc()); });
    return success();
  }
};

/// local_store(convert(x)) -> local_store(x), for the same reason.
struct StoreWithoutConvert : public OpRewritePattern<LocalStoreOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LocalStoreOp store,
                                PatternRewriter &rewriter) const override {
    auto convert = store.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    rewriter.modifyOpInPlace(
        store, [&] { store.getSrcMutable().assign(convert.getSrc()); });
    return success();
  }
};
/// reshape(convert(x)) -> reshape(x), when the conversion is trivial or the
/// reshape may reorder elements and viewing x's layout costs no data
/// movement.
struct ReshapeWithoutConvert : public OpRewritePattern<tt::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    auto convert = reshape.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    if (!isTrivialConversion(convert) &&
        (!reshape.getAllowReorder() ||
         isExpensiveView(convert.getSrc().getType(), reshape.getType())))
      return failure();
    rewriter.replaceOpWithNewOp<tt::ReshapeOp>(
        reshape, reshape.getType(), convert.getSrc(), reshape.getAllowReorder(),
        reshape.getEfficientLayout());
    return success();
  }
};

/// trans(x) with the identity order -> convert(x) (which folds when the
/// layouts agree); trans(convert(x)) -> trans(x) for a trivial conversion.
struct TransWithoutConvert : public OpRewritePattern<tt::TransOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::TransOp trans,
                                PatternRewriter &rewriter) const override {
    if (llvm::equal(trans.getOrder(),
                    llvm::seq<int32_t>(0, trans.getOrder().size()))) {
      rewriter.replaceOpWithNewOp<ConvertLayoutOp>(trans, trans.getType(),
                                                   trans.getSrc());
      return success();
    }
    auto convert = trans.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert || !isTrivialConversion(convert))
      return failure();
    rewriter.replaceOpWithNewOp<tt::TransOp>(
        trans, trans.getType(), convert.getSrc(), trans.getOrder());
    return success();
  }
};

/// histogram(convert(x), mask) -> histogram(x, convert(mask)): the bins do
/// not depend on the input's layout; the mask follows the input.
struct HistogramWithoutConvert : public OpRewritePattern<tt::HistogramOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::HistogramOp histogram,
                                PatternRewriter &rewriter) const override {
    auto convert = histogram.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    Value src = convert.getSrc();
    Value mask = histogram.getMask();
    if (mask)
      mask = ConvertLayoutOp::create(rewriter, histogram.getLoc(),
                                     tt::getI1SameShape(src.getType()), mask);
    rewriter.replaceOpWithNewOp<tt::HistogramOp>(histogram, histogram.getType(),
                                                 src, mask);
    return success();
  }
};

/// gather(convert(src), indices) -> gather(src, indices) unless the compiler
/// chose the source layout (efficient_layout): the lowering otherwise goes
/// through shared memory, which takes any layout.
struct GatherWithoutConvert : public OpRewritePattern<tt::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::GatherOp gather,
                                PatternRewriter &rewriter) const override {
    if (gather.getEfficientLayout())
      return failure();
    auto convert = gather.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    rewriter.replaceOpWithNewOp<tt::GatherOp>(
        gather, gather.getType(), convert.getSrc(), gather.getIndices(),
        gather.getAxis(),
        /*efficient_layout=*/false);
    return success();
  }
};

/// split(convert(x)) -> split(x) when x's layout splits into the same
/// result layout.
struct SplitWithoutConvert : public OpRewritePattern<tt::SplitOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::SplitOp split,
                                PatternRewriter &rewriter) const override {
    auto convert = split.getSrc().getDefiningOp<ConvertLayoutOp>();
    if (!convert)
      return failure();
    RankedTensorType srcType = convert.getSrc().getType();
    const tt::LayoutInferenceInterface *iface =
        tt::getLayoutInterface(srcType.getEncoding());
    if (!iface)
      return failure();
    FailureOr<Attribute> inferred = iface->inferSplitEncoding(
        srcType.getEncoding(), srcType.getShape(), /*loc=*/std::nullopt);
    if (failed(inferred) ||
        *inferred != split.getOutLHS().getType().getEncoding())
      return failure();
    RankedTensorType half = split.getOutLHS().getType();
    rewriter.replaceOpWithNewOp<tt::SplitOp>(split, half, half,
                                             convert.getSrc());
    return success();
  }
};
} // namespace

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                  MLIRContext *context) {
  patterns
      .add<FoldConvertIntoProducer, AllocWithoutConvert, StoreWithoutConvert,
           ReshapeWithoutConvert, TransWithoutConvert, HistogramWithoutConvert,
           GatherWithoutConvert, SplitWithoutConvert>(context);
}

//===- TTCanonicalize.cpp - Folders and canonicalizations of tt -----------===//
//
// The obvious simplifications Triton also makes: constants through shape ops,
// identities (addptr by zero, trans by the identity order, broadcast to the
// same shape), chains of shape ops collapsed into one, and loads/stores whose
// mask is a constant.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"
#include "dialects/tt/TTLayoutInterface.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tile::tt;

/// A splat constant reshaped to `type` (same element type, any shape).
static Attribute reshapeSplat(Attribute constant, Type type) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(constant);
  if (!splat)
    return {};
  return SplatElementsAttr::get(cast<ShapedType>(type),
                                splat.getSplatValue<Attribute>());
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<BitcastOp>())
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
  return {};
}

/// A zero converts to the zero of the same sign (the only sign of types
/// without a negative zero, which APFloat knows); other constants are left
/// to the conversion, whose rounding the folder would have to repeat.
OpFoldResult FpToFpOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  auto dstType = cast<FloatType>(getElementTypeOrSelf(getType()));
  bool negative = false;
  if (matchPattern(getSrc(), m_NegZeroFloat()))
    negative = true;
  else if (!matchPattern(getSrc(), m_PosZeroFloat()))
    return {};
  APFloat zero = APFloat::getZero(dstType.getFloatSemantics(), negative);
  if (auto tensorType = dyn_cast<RankedTensorType>(getType()))
    return DenseElementsAttr::get(tensorType, zero);
  return FloatAttr::get(dstType, zero);
}

OpFoldResult AddPtrOp::fold(FoldAdaptor) {
  if (matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}

OpFoldResult AdvanceOp::fold(FoldAdaptor) {
  if (llvm::all_of(getOffsets(),
                   [](Value v) { return matchPattern(v, m_Zero()); }))
    return getPtr();
  return {};
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getSrc();
  if (!isa_and_present<IntegerAttr, FloatAttr>(value))
    return {};
  return SplatElementsAttr::get(getType(), value);
}

OpFoldResult UnsplatOp::fold(FoldAdaptor adaptor) {
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getSrc()))
    return splat.getSplatValue<Attribute>();
  if (auto splat = getSrc().getDefiningOp<SplatOp>())
    return splat.getSrc();
  return {};
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return reshapeSplat(adaptor.getSrc(), getType());
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  // With allow_reorder the op may permute elements, so it is not an identity.
  if (getSrc().getType() == getType() && !getAllowReorder())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  if (llvm::equal(getOrder(), llvm::seq<int32_t>(0, getOrder().size())) &&
      getSrc().getType() == getType())
    return getSrc();
  if (Attribute splat = reshapeSplat(adaptor.getSrc(), getType()))
    return splat;
  // trans(trans(x)) whose orders cancel.
  if (auto inner = getSrc().getDefiningOp<TransOp>()) {
    bool cancels =
        llvm::all_of(llvm::seq<size_t>(0, getOrder().size()), [&](size_t i) {
          return inner.getOrder()[getOrder()[i]] == static_cast<int32_t>(i);
        });
    if (cancels && inner.getSrc().getType() == getType())
      return inner.getSrc();
  }
  return {};
}

OpFoldResult MakeRangeOp::fold(FoldAdaptor) {
  int64_t start = getStartAttr().getInt(), end = getEndAttr().getInt();
  if (end - start != 1)
    return {};
  return SplatElementsAttr::get(getType(), getStartAttr());
}

//===----------------------------------------------------------------------===//
// Canonicalization patterns
//===----------------------------------------------------------------------===//

namespace {
/// shape_op(splat(x)) -> splat(x) for expand_dims, reshape, broadcast, trans:
/// every element is x either way.
template <typename ShapeOp>
struct SplatThroughShapeOp : OpRewritePattern<ShapeOp> {
  using OpRewritePattern<ShapeOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ShapeOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return rewriter.notifyMatchFailure(op, "source is not a splat");
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

/// expand_dims(broadcast(x)) -> broadcast(expand_dims(x)): the unit
/// dimension is inserted before broadcasting, so that a broadcast above
/// (broadcast(expand_dims(broadcast(x)))) collapses with this one.
struct ExpandDimsBeforeBroadcast : OpRewritePattern<ExpandDimsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ExpandDimsOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!broadcast)
      return rewriter.notifyMatchFailure(op, "source is not a broadcast");
    RankedTensorType srcType = broadcast.getSrc().getType();
    SmallVector<int64_t> shape(srcType.getShape());
    shape.insert(shape.begin() + op.getAxis(), 1);
    Attribute encoding;
    if (Attribute srcEnc = srcType.getEncoding()) {
      const LayoutInferenceInterface *iface = getLayoutInterface(srcEnc);
      if (!iface)
        return rewriter.notifyMatchFailure(op, "encoding without inference");
      FailureOr<Attribute> inferred =
          iface->inferExpandDimsEncoding(srcEnc, op.getAxis(), std::nullopt);
      if (failed(inferred))
        return rewriter.notifyMatchFailure(op, "no expanded encoding");
      encoding = *inferred;
    }
    auto expanded = ExpandDimsOp::create(
        rewriter, op.getLoc(),
        RankedTensorType::get(shape, srcType.getElementType(), encoding),
        broadcast.getSrc(), op.getAxis());
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), expanded);
    return success();
  }
};

/// broadcast(broadcast(x)) -> broadcast(x).
struct CollapseBroadcasts : OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "source is not a broadcast");
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};

/// reshape(reshape(x)) -> reshape(x); the result may reorder elements if
/// either reshape could.
struct CollapseReshapes : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<ReshapeOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "source is not a reshape");
    bool allowReorder = op.getAllowReorder() || inner.getAllowReorder();
    rewriter.replaceOpWithNewOp<ReshapeOp>(op, op.getType(), inner.getSrc(),
                                           allowReorder,
                                           op.getEfficientLayout());
    return success();
  }
};

/// trans(trans(x)) -> trans(x) with the composed order.
struct CollapseTransposes : OpRewritePattern<TransOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<TransOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "source is not a trans");
    // Result dim i is inner's result dim order[i], i.e. source dim
    // innerOrder[order[i]].
    SmallVector<int32_t> order = llvm::map_to_vector(
        op.getOrder(), [&](int32_t d) { return inner.getOrder()[d]; });
    rewriter.replaceOpWithNewOp<TransOp>(op, op.getType(), inner.getSrc(),
                                         order);
    return success();
  }
};

/// Loads and stores whose mask is a constant.
struct FoldConstantLoadMask : OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return rewriter.notifyMatchFailure(op, "no mask");
    if (matchPattern(mask, m_One())) {
      rewriter.modifyOpInPlace(op, [&] {
        op.getMaskMutable().clear();
        op.getOtherMutable().clear();
      });
      return success();
    }
    // A load that reads nothing yields `other`; a volatile one must stay.
    if (matchPattern(mask, m_Zero()) && op.getOther() && !op.getIsVolatile()) {
      rewriter.replaceOp(op, op.getOther());
      return success();
    }
    return rewriter.notifyMatchFailure(op, "mask is not a constant");
  }
};

struct FoldConstantStoreMask : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return rewriter.notifyMatchFailure(op, "no mask");
    if (matchPattern(mask, m_One())) {
      rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().clear(); });
      return success();
    }
    if (matchPattern(mask, m_Zero())) {
      rewriter.eraseOp(op);
      return success();
    }
    return rewriter.notifyMatchFailure(op, "mask is not a constant");
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<FoldConstantLoadMask>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<FoldConstantStoreMask>(context);
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<SplatThroughShapeOp<ExpandDimsOp>, ExpandDimsBeforeBroadcast>(
      context);
}

void ReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<SplatThroughShapeOp<ReshapeOp>, CollapseReshapes>(context);
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<SplatThroughShapeOp<BroadcastOp>, CollapseBroadcasts>(context);
}

void TransOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<SplatThroughShapeOp<TransOp>, CollapseTransposes>(context);
}

//===- ConvertLayoutCanonicalization.cpp - Folding layout conversions -----===//
//
// The canonicalization patterns of ttg.convert_layout, with Triton 3.6's
// rules: a conversion of a value that can be produced in any layout
// (a splat, a range, a splat constant, a shared-memory read, another
// conversion) becomes that producer in the target layout, and ops that
// accept any register layout (writes to shared memory) read through the
// conversion.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttg;

namespace {
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
} // namespace

void ConvertLayoutOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                  MLIRContext *context) {
  patterns
      .add<FoldConvertIntoProducer, AllocWithoutConvert, StoreWithoutConvert>(
          context);
}

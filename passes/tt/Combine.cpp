//===- Combine.cpp - triton-combine ---------------------------------------===//
//
// triton-combine: the peephole rewrites make_ttir applies after
// canonicalize. Each pattern below names the IR it matches and the IR it
// leaves; the pass description in Passes.td lists them for users.
//
//===----------------------------------------------------------------------===//

#include "passes/tt/Passes.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TRITONCOMBINEPASS
#include "passes/tt/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Whether `value` is an integer or float zero (scalar or splat).
bool isZeroConstant(Value value) {
  return matchPattern(value, m_Zero()) || matchPattern(value, m_AnyZeroFloat());
}

/// The integer `value` holds everywhere, when it is a constant, a splat
/// constant or a `tt.splat` of a constant.
std::optional<APInt> getUniformConstant(Value value) {
  if (auto splat = value.getDefiningOp<tt::SplatOp>())
    value = splat.getSrc();
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant;
  return std::nullopt;
}

/// Whether `first + second` computes the same address offset as adding
/// them to the pointer one after the other: offsets as wide as a pointer
/// cannot overflow differently, narrower ones only when both are known and
/// their sum fits.
bool canAddOffsets(Value first, Value second) {
  if (first.getType() != second.getType())
    return false;
  if (getElementTypeOrSelf(first.getType()).getIntOrFloatBitWidth() == 64)
    return true;
  std::optional<APInt> a = getUniformConstant(first);
  std::optional<APInt> b = getUniformConstant(second);
  if (!a || !b)
    return false;
  bool overflow = false;
  (void)a->sadd_ov(*b, overflow);
  return !overflow;
}

/// addi/addf(dot(a, b, 0), d) -> dot(a, b, d), either operand order. The
/// dot must have no other user; a float dot that may accumulate imprecisely
/// keeps its add, since moving `d` into the accumulator would change what
/// is accumulated imprecisely.
template <typename AddOp>
struct FoldAddIntoDotAccumulator : OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp add,
                                PatternRewriter &rewriter) const override {
    Value addend = add.getLhs();
    auto dot = add.getRhs().template getDefiningOp<tt::DotOp>();
    if (!dot) {
      addend = add.getRhs();
      dot = add.getLhs().template getDefiningOp<tt::DotOp>();
    }
    if (!dot || !dot->hasOneUse() || !isZeroConstant(dot.getC()))
      return failure();
    if (std::is_same_v<AddOp, arith::AddFOp> &&
        dot.getMaxNumImpreciseAcc() != 0)
      return failure();
    rewriter.modifyOpInPlace(dot, [&] {
      dot.getCMutable().assign(addend);
      dot->moveBefore(add);
    });
    rewriter.replaceOp(add, dot.getResult());
    return success();
  }
};

/// addptr(addptr(p, i), j) -> addptr(p, i + j) when canAddOffsets. The
/// outer addptr's pointer-analysis hints describe the result and stay.
struct CombineAddPtrChain : OpRewritePattern<tt::AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::AddPtrOp outer,
                                PatternRewriter &rewriter) const override {
    auto inner = outer.getPtr().getDefiningOp<tt::AddPtrOp>();
    if (!inner || !canAddOffsets(inner.getOffset(), outer.getOffset()))
      return failure();
    Value offset = arith::AddIOp::create(rewriter, outer.getLoc(),
                                         inner.getOffset(), outer.getOffset());
    auto combined = tt::AddPtrOp::create(
        rewriter, outer.getLoc(), outer.getType(), inner.getPtr(), offset);
    for (llvm::StringRef hint :
         {"tt.divisibility", "tt.contiguity", "tt.constancy"})
      if (Attribute value = outer->getDiscardableAttr(hint))
        combined->setDiscardableAttr(hint, value);
    rewriter.replaceOp(outer, combined);
    return success();
  }
};

/// select(c, load(p, splat(c), x), y) -> load(p, splat(c), y): where `c`
/// is false the load reads nothing and yields its `other`.
struct FoldSelectIntoMaskedLoad : OpRewritePattern<arith::SelectOp> {
  FoldSelectIntoMaskedLoad(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/3) {}

  LogicalResult matchAndRewrite(arith::SelectOp select,
                                PatternRewriter &rewriter) const override {
    auto load = select.getTrueValue().getDefiningOp<tt::LoadOp>();
    if (!load || !load.getMask())
      return failure();
    auto maskSplat = load.getMask().getDefiningOp<tt::SplatOp>();
    if (!maskSplat || maskSplat.getSrc() != select.getCondition())
      return failure();
    rewriter.replaceOpWithNewOp<tt::LoadOp>(
        select, load.getPtr(), load.getMask(), select.getFalseValue(),
        load.getBoundaryCheck(), load.getPaddingAttr(), load.getCache(),
        load.getEvict(), load.getIsVolatile());
    return success();
  }
};

/// Whether `region` is a reduction combiner that is one f32-or-narrower
/// addf.
bool isFloatAddCombiner(Region &region) {
  if (!region.hasOneBlock() || region.front().getOperations().size() != 2)
    return false;
  auto add = dyn_cast<arith::AddFOp>(region.front().front());
  return add && add.getType().getIntOrFloatBitWidth() <= 32;
}

/// sum(broadcast(expand_dims(x, 2)) * broadcast(expand_dims(y, 0)), axis 1)
/// -> dot(x, y, 0): the outer-product-and-sum spelling of a matrix product,
/// taken only where K is large enough for a dot to pay off.
struct BroadcastMulReduceToDot : OpRewritePattern<tt::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    if (reduce->getNumOperands() != 1 ||
        !isFloatAddCombiner(reduce.getCombineOp()))
      return failure();
    auto mul = reduce->getOperand(0).getDefiningOp<arith::MulFOp>();
    if (!mul)
      return failure();
    auto lhsBroadcast = mul.getLhs().getDefiningOp<tt::BroadcastOp>();
    auto rhsBroadcast = mul.getRhs().getDefiningOp<tt::BroadcastOp>();
    if (!lhsBroadcast || !rhsBroadcast)
      return failure();
    auto lhsExpand = lhsBroadcast.getSrc().getDefiningOp<tt::ExpandDimsOp>();
    auto rhsExpand = rhsBroadcast.getSrc().getDefiningOp<tt::ExpandDimsOp>();
    if (!lhsExpand || !rhsExpand || lhsExpand.getAxis() != 2 ||
        rhsExpand.getAxis() != 0)
      return failure();
    // [M, K, N] for both operands of the product.
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(lhsBroadcast.getType()).getShape();
    if (shape.size() != 3 || shape[2] < 16 || shape[0] < 16)
      return failure();
    auto accType = RankedTensorType::get(
        {shape[0], shape[2]},
        cast<RankedTensorType>(lhsBroadcast.getSrc().getType())
            .getElementType());
    Location loc = reduce.getLoc();
    Value zero = arith::ConstantOp::create(
        rewriter, loc, rewriter.getZeroAttr(accType.getElementType()));
    Value acc = tt::SplatOp::create(rewriter, loc, accType, zero);
    rewriter.replaceOpWithNewOp<tt::DotOp>(
        reduce, accType, lhsExpand.getSrc(), rhsExpand.getSrc(), acc,
        tt::InputPrecision::TF32, /*maxNumImpreciseAcc=*/0);
    return success();
  }
};

/// A rank-1 reshape whose users only reduce or count its elements may
/// reorder them.
struct AllowReorderBeforeReduction : OpRewritePattern<tt::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    if (reshape.getAllowReorder() || reshape.getType().getRank() != 1)
      return failure();
    if (!llvm::all_of(reshape->getUsers(), [](Operation *user) {
          return isa<tt::ReduceOp, tt::HistogramOp>(user);
        }))
      return failure();
    rewriter.modifyOpInPlace(reshape, [&] { reshape.setAllowReorder(true); });
    return success();
  }
};

/// reshape(descriptor_load) that drops leading unit dimensions -> a
/// descriptor_load of the reshaped type (the load may produce a block of
/// lower rank than its descriptor's).
struct DropUnitDimsOfDescriptorLoad : OpRewritePattern<tt::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    auto load = reshape.getSrc().getDefiningOp<tt::DescriptorLoadOp>();
    if (!load || !load->hasOneUse())
      return failure();
    ArrayRef<int64_t> loadShape = load.getType().getShape();
    ArrayRef<int64_t> newShape = reshape.getType().getShape();
    if (newShape.size() >= loadShape.size())
      return failure();
    size_t dropped = loadShape.size() - newShape.size();
    if (llvm::any_of(loadShape.take_front(dropped),
                     [](int64_t size) { return size != 1; }) ||
        loadShape.drop_front(dropped) != newShape)
      return failure();
    rewriter.modifyOpInPlace(
        load, [&] { load.getResult().setType(reshape.getType()); });
    rewriter.replaceOp(reshape, load.getResult());
    return success();
  }
};

struct TritonCombinePass
    : tile::impl::TritonCombinePassBase<TritonCombinePass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns
        .add<FoldAddIntoDotAccumulator<arith::AddIOp>,
             FoldAddIntoDotAccumulator<arith::AddFOp>, FoldSelectIntoMaskedLoad,
             CombineAddPtrChain, BroadcastMulReduceToDot,
             AllowReorderBeforeReduction, DropUnitDimsOfDescriptorLoad>(
            context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

//===- ReorderBroadcast.cpp - triton-reorder-broadcast --------------------===//
//
// triton-reorder-broadcast: an elementwise op fed only by splats (and at
// most broadcasts from one shape) computes the same elements as the op
// applied before the splat or broadcast, on fewer of them. The op is
// rebuilt on the smaller operands and its results splat or broadcast.
//
//===----------------------------------------------------------------------===//

#include "passes/tt/Passes.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TRITONREORDERBROADCASTPASS
#include "passes/tt/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The scalar a splat-like value repeats: the source of a `tt.splat` or
/// the value of a splat constant. Null otherwise.
struct SplatSource {
  Value scalar;
  Attribute constant;
  explicit operator bool() const { return scalar || constant; }
};

SplatSource getSplatSource(Value value) {
  if (auto splat = value.getDefiningOp<tt::SplatOp>())
    return {splat.getSrc(), {}};
  DenseElementsAttr dense;
  if (matchPattern(value, m_Constant(&dense)) && dense.isSplat())
    return {{}, dense.getSplatValue<Attribute>()};
  return {};
}

/// `op` again with `operands` and `resultTypes`, its attributes kept.
Operation *rebuildWith(PatternRewriter &rewriter, Operation *op,
                       ValueRange operands, TypeRange resultTypes) {
  OperationState state(op->getLoc(), op->getName());
  state.addOperands(operands);
  state.addTypes(resultTypes);
  state.addAttributes(op->getAttrs());
  return rewriter.create(state);
}

/// Whether the pattern may move `op`: an elementwise op on tensors that
/// neither reads nor writes memory. Inline assembly that takes several
/// elements at a time stays: its packs depend on the tensor's shape.
bool isMovableElementwise(Operation *op) {
  if (auto asmOp = dyn_cast<tt::ElementwiseInlineAsmOp>(op))
    if (asmOp.getPackedElement() != 1)
      return false;
  return op->getNumOperands() > 0 && op->getNumRegions() == 0 &&
         isMemoryEffectFree(op) &&
         llvm::all_of(op->getResultTypes(),
                      [](Type type) { return isa<RankedTensorType>(type); });
}

/// elementwise(splat(a), splat(b), ...) -> splat(elementwise(a, b, ...))
struct ElementwiseBeforeSplat : OpTraitRewritePattern<OpTrait::Elementwise> {
  using OpTraitRewritePattern::OpTraitRewritePattern;

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return failure();
    SmallVector<SplatSource> sources;
    for (Value operand : op->getOperands()) {
      sources.push_back(getSplatSource(operand));
      if (!sources.back())
        return failure();
    }
    Location loc = op->getLoc();
    SmallVector<Value> scalars;
    for (auto [source, operand] : llvm::zip(sources, op->getOperands())) {
      if (source.scalar) {
        scalars.push_back(source.scalar);
        continue;
      }
      Type elementType = getElementTypeOrSelf(operand.getType());
      scalars.push_back(arith::ConstantOp::materialize(
          rewriter, source.constant, elementType, loc));
      if (!scalars.back())
        return failure();
    }
    SmallVector<Type> scalarTypes = llvm::map_to_vector(
        op->getResultTypes(), [](Type t) { return getElementTypeOrSelf(t); });
    Operation *scalarOp = rebuildWith(rewriter, op, scalars, scalarTypes);
    SmallVector<Value> results;
    for (auto [type, result] :
         llvm::zip(op->getResultTypes(), scalarOp->getResults()))
      results.push_back(tt::SplatOp::create(rewriter, loc, type, result));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// elementwise(broadcast(a), splat(b), ...) -> broadcast(elementwise(a,
/// splat'(b), ...)), when every broadcast operand comes from the same
/// shape; the splats are re-made at that shape.
struct ElementwiseBeforeBroadcast
    : OpTraitRewritePattern<OpTrait::Elementwise> {
  using OpTraitRewritePattern::OpTraitRewritePattern;

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isMovableElementwise(op))
      return failure();
    RankedTensorType sourceType;
    for (Value operand : op->getOperands()) {
      if (auto broadcast = operand.getDefiningOp<tt::BroadcastOp>()) {
        auto type = cast<RankedTensorType>(broadcast.getSrc().getType());
        if (sourceType && sourceType.getShape() != type.getShape())
          return failure();
        sourceType = type;
      } else if (!getSplatSource(operand)) {
        return failure();
      }
    }
    if (!sourceType)
      return failure();

    Location loc = op->getLoc();
    auto atSourceShape = [&](Type type) {
      return sourceType.clone(getElementTypeOrSelf(type));
    };
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      if (auto broadcast = operand.getDefiningOp<tt::BroadcastOp>()) {
        operands.push_back(broadcast.getSrc());
        continue;
      }
      RankedTensorType type = atSourceShape(operand.getType());
      SplatSource source = getSplatSource(operand);
      if (source.scalar) {
        operands.push_back(
            tt::SplatOp::create(rewriter, loc, type, source.scalar));
        continue;
      }
      operands.push_back(arith::ConstantOp::create(
          rewriter, loc, type, SplatElementsAttr::get(type, source.constant)));
    }
    SmallVector<Type> smallTypes =
        llvm::map_to_vector(op->getResultTypes(), [&](Type type) -> Type {
          return atSourceShape(type);
        });
    Operation *smallOp = rebuildWith(rewriter, op, operands, smallTypes);
    SmallVector<Value> results;
    for (auto [type, result] :
         llvm::zip(op->getResultTypes(), smallOp->getResults()))
      results.push_back(tt::BroadcastOp::create(rewriter, loc, type, result));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct TritonReorderBroadcastPass
    : tile::impl::TritonReorderBroadcastPassBase<TritonReorderBroadcastPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    tt::BroadcastOp::getCanonicalizationPatterns(patterns, context);
    tt::ExpandDimsOp::getCanonicalizationPatterns(patterns, context);
    patterns.add<ElementwiseBeforeBroadcast, ElementwiseBeforeSplat>(context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

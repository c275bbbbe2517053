//===- OptimizeAccumulatorInit.cpp - Zeroing as a use-accumulator flag ----===//
//
// tritongpu-optimize-accumulator-init: wgmma can ignore its accumulator
// (scale-d = 0), so a loop that zeroes its accumulator every few
// iterations (attention, split-K) need not write zeros into the registers:
// an i1 carried through the loop says whether the accumulator holds a value
// yet, and the dot's `useC` reads it.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGOPTIMIZEACCUMULATORINITPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
bool isZeroConstant(Value value) {
  return matchPattern(value, m_Zero()) || matchPattern(value, m_AnyZeroFloat());
}

/// Where a loop's accumulator is set to zero: a select or an scf.if result
/// (`resultIndex`) with a zero constant on one side.
struct Zeroing {
  Operation *op;
  unsigned resultIndex;
  Value condition;
  /// The value kept when the accumulator is not zeroed.
  Value keptValue;
  /// Whether the true side (then region) is the zero.
  bool zeroWhenTrue;
};

std::optional<Zeroing> matchZeroing(Value value) {
  if (auto select = value.getDefiningOp<arith::SelectOp>()) {
    if (!select.getCondition().getType().isInteger(1))
      return std::nullopt;
    bool zeroWhenTrue = isZeroConstant(select.getTrueValue());
    if (!zeroWhenTrue && !isZeroConstant(select.getFalseValue()))
      return std::nullopt;
    return Zeroing{select, 0, select.getCondition(),
                   zeroWhenTrue ? select.getFalseValue()
                                : select.getTrueValue(),
                   zeroWhenTrue};
  }
  if (auto ifOp = value.getDefiningOp<scf::IfOp>()) {
    unsigned index = cast<OpResult>(value).getResultNumber();
    Value thenValue = ifOp.thenYield().getOperand(index);
    Value elseValue = ifOp.elseYield().getOperand(index);
    bool zeroWhenTrue = isZeroConstant(thenValue);
    if (!zeroWhenTrue && !isZeroConstant(elseValue))
      return std::nullopt;
    // The kept value is yielded in place of the zero, from the other
    // region: it must not be defined inside the if.
    auto definedInIf = [&](Value v) {
      return v.getParentBlock()->getParentOp() == ifOp.getOperation();
    };
    if (definedInIf(thenValue) || definedInIf(elseValue))
      return std::nullopt;
    return Zeroing{ifOp, index, ifOp.getCondition(),
                   zeroWhenTrue ? elseValue : thenValue, zeroWhenTrue};
  }
  return std::nullopt;
}

struct TTGOptimizeAccumulatorInitPass
    : public tile::impl::TTGOptimizeAccumulatorInitPassBase<
          TTGOptimizeAccumulatorInitPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<ttng::WarpGroupDotOp> dots;
    getOperation().walk([&](ttng::WarpGroupDotOp dot) {
      // A dot summing fp8 products in pieces adds each piece to the real
      // accumulator: skipping that would need a select there.
      if (!dot.needsPartialAccumulator() && isa<scf::ForOp>(dot->getParentOp()))
        dots.push_back(dot);
    });
    for (ttng::WarpGroupDotOp dot : dots)
      if (rewrite(dot))
        ++numDotsWithFlag;
    // Fold what the rewrite leaves (a select of the flag between true and
    // false is its condition) and drop dead ops, as Triton's cleanup does:
    // its greedy driver, run for tcgen05 patterns tile lacks, folds too.
    if (failed(applyPatternsGreedily(getOperation(),
                                     RewritePatternSet(&getContext()))))
      signalPassFailure();
  }

  /// Rewrites the accumulator zeroing of `dot` (directly in an scf.for)
  /// into its useC flag; false when there is none to rewrite.
  bool rewrite(ttng::WarpGroupDotOp dot) {
    auto loop = cast<scf::ForOp>(dot->getParentOp());
    IRRewriter rewriter(dot.getContext());
    Location loc = dot.getLoc();
    auto makeFlags = [&] {
      rewriter.setInsertionPoint(loop);
      Value flagTrue =
          arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
      Value flagFalse =
          arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(false));
      return std::make_pair(flagTrue, flagFalse);
    };

    Value acc = dot.getC();
    if (isZeroConstant(acc)) {
      auto [flagTrue, flagFalse] = makeFlags();
      rewriter.eraseOp(flagTrue.getDefiningOp());
      dot.getUseCMutable().assign(flagFalse);
      return true;
    }

    // The accumulator is carried by the loop (possibly starting at zero)
    // and zeroed somewhere in the body, or both.
    bool startsAtZero = false;
    Value zeroedValue = acc;
    if (auto arg = dyn_cast<BlockArgument>(acc);
        arg && arg.getOwner() == loop.getBody()) {
      OpOperand *init = loop.getTiedLoopInit(arg);
      if (!init)
        return false;
      startsAtZero = isZeroConstant(init->get());
      zeroedValue = loop.getTiedLoopYieldedValue(arg)->get();
    }
    std::optional<Zeroing> zeroing = matchZeroing(zeroedValue);
    // The flag's update goes where the zeroing is, in the dot's block.
    if (zeroing && zeroing->op->getBlock() != dot->getBlock())
      zeroing.reset();
    if (!zeroing && !startsAtZero)
      return false;

    // A flag that is not the constant true was set by someone else (an
    // earlier run of this pass, or a dot that never reads its accumulator).
    if (Value useC = dot.getUseC()) {
      BoolAttr known;
      if (!matchPattern(useC, m_Constant(&known)) || !known.getValue())
        return false;
    }

    Value flagTrue, flagFalse;
    std::tie(flagTrue, flagFalse) = makeFlags();
    Value initialFlag = startsAtZero ? flagFalse : flagTrue;
    FailureOr<LoopLikeOpInterface> extended =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(
                rewriter, initialFlag, /*replaceInitOperandUsesInLoop=*/false,
                [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                  return SmallVector<Value>{flagTrue};
                });
    if (failed(extended))
      return false;
    loop = cast<scf::ForOp>(extended->getOperation());
    // The body moved into the new loop, with new block arguments: match
    // again so that the kept value is not the old loop's argument.
    if (zeroing)
      zeroing = matchZeroing(zeroedValue);
    Value carriedFlag = loop.getRegionIterArgs().back();
    OpOperand &yieldedFlag = loop.getYieldedValuesMutable()->back();

    if (!zeroing) {
      // Zero only on entry: after the first dot the accumulator is valid.
      dot.getUseCMutable().assign(carriedFlag);
      return true;
    }

    // The flag after the zeroing: false where it zeroes, else the flag
    // before it (the carried one if the zeroing precedes the dot in the
    // iteration, true if it follows the dot, which just filled it).
    bool zeroingBeforeDot = zeroing->op->isBeforeInBlock(dot);
    Value flagBefore = zeroingBeforeDot ? carriedFlag : flagTrue;
    rewriter.setInsertionPoint(zeroing->op);
    Value flagAfter =
        arith::SelectOp::create(rewriter, loc, zeroing->condition,
                                zeroing->zeroWhenTrue ? flagFalse : flagBefore,
                                zeroing->zeroWhenTrue ? flagBefore : flagFalse);
    if (zeroingBeforeDot) {
      dot.getUseCMutable().assign(flagAfter);
    } else {
      dot.getUseCMutable().assign(carriedFlag);
      yieldedFlag.set(flagAfter);
    }

    // Stop writing the zeros.
    if (auto select = dyn_cast<arith::SelectOp>(zeroing->op)) {
      rewriter.replaceOp(select, zeroing->keptValue);
    } else {
      auto ifOp = cast<scf::IfOp>(zeroing->op);
      scf::YieldOp zeroYield =
          zeroing->zeroWhenTrue ? ifOp.thenYield() : ifOp.elseYield();
      zeroYield.setOperand(zeroing->resultIndex, zeroing->keptValue);
    }
    if (flagFalse.use_empty())
      rewriter.eraseOp(flagFalse.getDefiningOp());
    return true;
  }
};
} // namespace

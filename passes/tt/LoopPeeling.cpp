//===- LoopPeeling.cpp - Peel the last iteration of an scf.for ------------===//

#include "passes/tt/LoopPeeling.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

Value mlir::tile::getLastInductionValue(OpBuilder &builder, scf::ForOp loop) {
  Location loc = loop.getLoc();
  Value span = arith::SubIOp::create(builder, loc, loop.getUpperBound(),
                                     loop.getLowerBound());
  Value one = arith::ConstantOp::create(
      builder, loc, builder.getIntegerAttr(span.getType(), 1));
  Value stepsBeforeLast = arith::DivSIOp::create(
      builder, loc, arith::SubIOp::create(builder, loc, span, one),
      loop.getStep());
  Value offset =
      arith::MulIOp::create(builder, loc, stepsBeforeLast, loop.getStep());
  return arith::AddIOp::create(builder, loc, offset, loop.getLowerBound());
}

scf::IfOp mlir::tile::peelLoopEpilogue(RewriterBase &rewriter,
                                       scf::ForOp loop) {
  Location loc = loop.getLoc();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop);
  Value shortenedBound = arith::SubIOp::create(
      rewriter, loc, loop.getUpperBound(), loop.getStep());

  rewriter.setInsertionPointAfter(loop);
  Value lastIndex = getLastInductionValue(rewriter, loop);
  Value runs =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                            loop.getLowerBound(), loop.getUpperBound());
  auto ifOp = scf::IfOp::create(rewriter, loc, loop.getResultTypes(), runs,
                                /*withElseRegion=*/true);

  // The then-branch is the body, on the loop's results and the last index;
  // its scf.yield yields the if's results.
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), lastIndex);
  mapping.map(loop.getRegionIterArgs(), loop.getResults());
  // (The builder adds scf.yield terminators only to an if without results.)
  Block *thenBlock = ifOp.thenBlock();
  if (!thenBlock->empty())
    rewriter.eraseOp(thenBlock->getTerminator());
  rewriter.setInsertionPointToEnd(thenBlock);
  for (Operation &op : loop.getBody()->getOperations())
    rewriter.clone(op, mapping);

  Block *elseBlock = ifOp.elseBlock();
  if (!elseBlock->empty())
    rewriter.eraseOp(elseBlock->getTerminator());
  rewriter.setInsertionPointToEnd(elseBlock);
  scf::YieldOp::create(rewriter, loc, loop.getResults());

  rewriter.replaceUsesWithIf(
      loop.getResults(), ifOp.getResults(),
      [&](OpOperand &use) { return !ifOp->isAncestor(use.getOwner()); });
  rewriter.modifyOpInPlace(
      loop, [&] { loop.getUpperBoundMutable().assign(shortenedBound); });
  return ifOp;
}

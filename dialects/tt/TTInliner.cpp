//===- TTInliner.cpp - Inlining tt.func bodies at tt.call sites -----------===//

#include "dialects/tt/TTInliner.h"
#include "dialects/tt/TTDialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tile::tt;

bool TTInlinerInterface::isLegalToInline(Operation *call, Operation *callable,
                                         bool wouldBeCloned) const {
  auto noinline = callable->getAttrOfType<BoolAttr>("noinline");
  return !noinline || !noinline.getValue();
}

void TTInlinerInterface::handleTerminator(Operation *op, Block *newDest) const {
  auto returnOp = dyn_cast<ReturnOp>(op);
  if (!returnOp)
    return;
  OpBuilder builder(op);
  cf::BranchOp::create(builder, op->getLoc(), newDest, returnOp.getOperands());
  op->erase();
}

void TTInlinerInterface::handleTerminator(Operation *op,
                                          ValueRange valuesToReplace) const {
  auto returnOp = cast<ReturnOp>(op);
  for (auto [result, value] :
       llvm::zip(valuesToReplace, returnOp.getOperands()))
    result.replaceAllUsesWith(value);
}

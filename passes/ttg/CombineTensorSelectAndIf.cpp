//===- CombineTensorSelectAndIf.cpp - Selects into a sibling scf.if -------===//
//
// tritongpu-combine-tensor-select-and-if: a tensor arith.select computes,
// for every element, both inputs' worth of registers and a predicated move;
// when an scf.if on the same condition sits next to it, the choice can be
// made once by the branch instead, by yielding the select's operands from
// the if's two regions.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGCOMBINETENSORSELECTANDIFPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Inside an scf.if on the select's own condition the select's value is
/// known: its true value in the then region, its false value in the else
/// region. Rewriting those uses first lets the select move into the if
/// even when the if's regions read it.
void forwardSelectsIntoBranches(ModuleOp module) {
  // Collected first: rewriting uses while walking would invalidate the
  // use lists being iterated.
  SmallVector<std::pair<OpOperand *, Value>> replacements;
  module.walk([&](arith::SelectOp select) {
    for (Operation *conditionUser : select.getCondition().getUsers()) {
      auto ifOp = dyn_cast<scf::IfOp>(conditionUser);
      if (!ifOp || ifOp.getCondition() != select.getCondition())
        continue;
      for (OpOperand &use : select.getResult().getUses()) {
        Operation *user = use.getOwner();
        if (!ifOp->isProperAncestor(user))
          continue;
        bool inThen = ifOp.getThenRegion().findAncestorOpInRegion(*user);
        replacements.emplace_back(&use, inThen ? select.getTrueValue()
                                               : select.getFalseValue());
      }
    }
  });
  for (auto [use, value] : replacements)
    use->set(value);
}

/// Whether `select` may become a result of `ifOp`: the select's operands
/// must be available where the if is (the select dominates it) and the
/// if's new result must reach every use of the select.
bool canBecomeResultOf(arith::SelectOp select, scf::IfOp ifOp,
                       DominanceInfo &dominance) {
  if (!dominance.dominates(select.getOperation(), ifOp.getOperation()))
    return false;
  return llvm::all_of(select->getUsers(), [&](Operation *user) {
    return dominance.dominates(ifOp.getOperation(), user);
  });
}

/// Replaces `ifOp` by an if with an else region and one more result per
/// select, each yielding the select's true (then) and false (else) value.
void appendSelectsAsResults(scf::IfOp ifOp, ArrayRef<arith::SelectOp> selects) {
  OpBuilder builder(ifOp);
  Location loc = ifOp.getLoc();
  SmallVector<Type> resultTypes(ifOp.getResultTypes());
  for (arith::SelectOp select : selects)
    resultTypes.push_back(select.getType());
  auto newIf = scf::IfOp::create(builder, loc, resultTypes, ifOp.getCondition(),
                                 /*withElseRegion=*/true);
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  if (ifOp.elseBlock()) {
    newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  } else {
    OpBuilder elseBuilder = newIf.getElseBodyBuilder();
    scf::YieldOp::create(elseBuilder, loc);
  }

  auto extendYield = [&](scf::YieldOp yield, bool thenSide) {
    SmallVector<Value> operands(yield.getOperands());
    for (arith::SelectOp select : selects)
      operands.push_back(thenSide ? select.getTrueValue()
                                  : select.getFalseValue());
    builder.setInsertionPoint(yield);
    scf::YieldOp::create(builder, yield.getLoc(), operands);
    yield.erase();
  };
  extendYield(newIf.thenYield(), /*thenSide=*/true);
  extendYield(newIf.elseYield(), /*thenSide=*/false);

  unsigned numOldResults = ifOp.getNumResults();
  ifOp.replaceAllUsesWith(newIf.getResults().take_front(numOldResults));
  for (auto [index, select] : llvm::enumerate(selects)) {
    arith::SelectOp folded = select;
    folded.getResult().replaceAllUsesWith(
        newIf.getResult(numOldResults + index));
    folded.erase();
  }
  ifOp.erase();
}

struct TTGCombineTensorSelectAndIfPass
    : public tile::impl::TTGCombineTensorSelectAndIfPassBase<
          TTGCombineTensorSelectAndIfPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    forwardSelectsIntoBranches(module);

    DominanceInfo dominance(module);
    // Ordered so that the rewritten IR does not depend on pointer values.
    llvm::MapVector<scf::IfOp, SmallVector<arith::SelectOp>> selectsOfIf;
    module.walk([&](arith::SelectOp select) {
      // Scalar selects are a single predicated move: not worth a branch.
      if (!isa<RankedTensorType>(select.getType()))
        return;
      SetVector<Operation *> conditionUsers(llvm::from_range,
                                            select.getCondition().getUsers());
      // The first if (in program order) that can take the select.
      conditionUsers = topologicalSort(conditionUsers);
      for (Operation *user : conditionUsers) {
        auto ifOp = dyn_cast<scf::IfOp>(user);
        if (!ifOp || ifOp->getBlock() != select->getBlock() ||
            ifOp.getCondition() != select.getCondition())
          continue;
        if (canBecomeResultOf(select, ifOp, dominance)) {
          selectsOfIf[ifOp].push_back(select);
          break;
        }
      }
    });

    for (auto &[ifOp, selects] : selectsOfIf) {
      numCombinedSelects += selects.size();
      appendSelectsAsResults(ifOp, selects);
    }
  }
};
} // namespace

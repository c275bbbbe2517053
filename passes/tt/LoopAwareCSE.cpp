//===- LoopAwareCSE.cpp - triton-loop-aware-cse ---------------------------===//
//
// triton-loop-aware-cse: CSE cannot merge two scf.for iteration arguments,
// since their values in the body depend on what the previous iteration
// yielded, which depends on them. This pass proves two arguments equal by
// induction: same initial value, and yielded values computed alike from
// values equal under the assumption that the two arguments are. Merged
// arguments let CSE remove the duplicated computation in the body.
//
//===----------------------------------------------------------------------===//

#include "passes/tt/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TRITONLOOPAWARECSEPASS
#include "passes/tt/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Decides equality of values in the body of one loop.
class IterArgEquality {
public:
  explicit IterArgEquality(scf::ForOp loop) : loop(loop) {}

  /// Whether iteration arguments `i` and `j` hold equal values in every
  /// iteration.
  bool argsEqual(unsigned i, unsigned j) {
    if (i == j)
      return true;
    if (loop.getInitArgs()[i] != loop.getInitArgs()[j])
      return false;
    // The induction hypothesis: while proving (i, j), assume it.
    if (llvm::is_contained(assumed, std::make_pair(i, j)))
      return true;
    assumed.push_back({i, j});
    bool equal =
        valuesEqual(loop.getYieldedValues()[i], loop.getYieldedValues()[j]);
    assumed.pop_back();
    return equal;
  }

private:
  bool valuesEqual(Value a, Value b) {
    if (a == b)
      return true;
    if (a.getType() != b.getType())
      return false;
    // Distinct values defined outside the body are not known equal (CSE ran
    // first), and the induction variable equals only itself.
    Block *body = loop.getBody();
    if (a.getParentBlock() != body || b.getParentBlock() != body)
      return false;
    if (a == loop.getInductionVar() || b == loop.getInductionVar())
      return false;
    auto argA = dyn_cast<BlockArgument>(a);
    auto argB = dyn_cast<BlockArgument>(b);
    if (argA || argB)
      return argA && argB &&
             argsEqual(argA.getArgNumber() - loop.getNumInductionVars(),
                       argB.getArgNumber() - loop.getNumInductionVars());
    auto resultA = cast<OpResult>(a);
    auto resultB = cast<OpResult>(b);
    Operation *opA = resultA.getOwner();
    Operation *opB = resultB.getOwner();
    // Ops with memory effects may give different results for equal
    // operands; ops with regions are not worth comparing.
    if (resultA.getResultNumber() != resultB.getResultNumber() ||
        !isMemoryEffectFree(opA) || !isMemoryEffectFree(opB) ||
        opA->getNumRegions() || opB->getNumRegions())
      return false;
    return OperationEquivalence::isEquivalentTo(
        opA, opB, [&](Value x, Value y) { return success(valuesEqual(x, y)); },
        /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
  }

  scf::ForOp loop;
  SmallVector<std::pair<unsigned, unsigned>> assumed;
};

/// Redirects the uses of every iteration argument (and result) of `loop`
/// that equals an earlier one to the earlier one. The redundant argument
/// then yields itself, which the scf.for canonicalizer removes.
void mergeEqualIterArgs(scf::ForOp loop) {
  unsigned numArgs = loop.getNumRegionIterArgs();
  IterArgEquality equality(loop);
  llvm::EquivalenceClasses<unsigned> classes;
  for (unsigned i = 0; i < numArgs; ++i)
    for (unsigned j = i + 1; j < numArgs; ++j)
      if (equality.argsEqual(i, j))
        classes.unionSets(i, j);

  for (auto it = classes.begin(), end = classes.end(); it != end; ++it) {
    if (!(*it)->isLeader())
      continue;
    SmallVector<unsigned> members(classes.member_begin(**it),
                                  classes.member_end());
    llvm::sort(members);
    BlockArgument kept = loop.getRegionIterArg(members.front());
    Value keptResult = loop.getResult(members.front());
    for (unsigned j : llvm::drop_begin(members)) {
      BlockArgument merged = loop.getRegionIterArg(j);
      merged.replaceAllUsesWith(kept);
      (*loop.getYieldedValuesMutable())[j].set(merged);
      loop.getResult(j).replaceAllUsesWith(keptResult);
    }
  }
}

struct TritonLoopAwareCSEPass
    : tile::impl::TritonLoopAwareCSEPassBase<TritonLoopAwareCSEPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    auto &dominance = getAnalysis<DominanceInfo>();
    // Values outside the loops must be pointer-equal when equal, so that
    // comparing initial values by identity is enough.
    eliminateCommonSubExpressions(rewriter, dominance, getOperation());
    getOperation()->walk(mergeEqualIterArgs);
    eliminateCommonSubExpressions(rewriter, dominance, getOperation());
    RewritePatternSet patterns(&getContext());
    scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

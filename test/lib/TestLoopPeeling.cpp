//===- TestLoopPeeling.cpp - Peel loops marked for the test ---------------===//
//
// triton-test-loop-peeling (Triton's name) peels the last iteration of
// every scf.for marked __test_peel_epilogue with peelLoopEpilogue, so that
// lit tests see what the utility makes.
//
//===----------------------------------------------------------------------===//

#include "test/lib/TestPasses.h"

#include "passes/tt/LoopPeeling.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

namespace {
struct TestLoopPeelingPass
    : public PassWrapper<TestLoopPeelingPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLoopPeelingPass)

  StringRef getArgument() const final { return "triton-test-loop-peeling"; }
  StringRef getDescription() const final {
    return "Peel the last iteration of each scf.for marked "
           "__test_peel_epilogue";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, scf::SCFDialect>();
  }

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr("__test_peel_epilogue"))
        loops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops)
      tile::peelLoopEpilogue(rewriter, loop);
  }
};
} // namespace

namespace mlir::tile {
void registerTestLoopPeelingPass() { PassRegistration<TestLoopPeelingPass>(); }
} // namespace mlir::tile

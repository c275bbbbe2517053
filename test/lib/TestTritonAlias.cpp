//===- TestTritonAlias.cpp - Which buffers a memdesc may view -------------===//
//
// test-print-alias reports, for every memdesc value of every tt.func, the
// ttg.local_alloc ops whose buffer it may view (getAllocationSources:
// through view ops, scf region arguments and results, and cf branches), in
// the form Triton's own test pass uses:
//   %3#2 -> %0,%1,%2
// naming values as the printer would, allocations sorted by name. Values
// that view no buffer get no remark. As in Triton's pass, the iter_args of
// an scf.for report what their initial values view, and a branch reports
// the arguments of the block it ends.
//
//===----------------------------------------------------------------------===//

#include "test/lib/TestPasses.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "passes/analysis/Allocation.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestTritonAliasPass
    : public PassWrapper<TestTritonAliasPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestTritonAliasPass)

  StringRef getArgument() const final { return "test-print-alias"; }
  StringRef getDescription() const final {
    return "Print the buffers every memdesc may view, in Triton's format";
  }

  void runOnOperation() override {
    AsmState state(getOperation());
    auto name = [&](Value value) {
      std::string text;
      llvm::raw_string_ostream os(text);
      value.printAsOperand(os, state);
      return text;
    };
    // Reports what `source` views under the name of `value`.
    auto report = [&](Location loc, Value value, Value source) {
      if (!isa<ttg::MemDescType>(source.getType()))
        return;
      SmallVector<Operation *> allocs;
      (void)getAllocationSources(source, allocs);
      if (allocs.empty())
        return;
      SmallVector<std::string> names;
      for (Operation *alloc : allocs)
        names.push_back(name(alloc->getResult(0)));
      llvm::sort(names);
      emitRemark(loc) << name(value) << " -> " << llvm::join(names, ",");
    };
    getOperation().walk([&](tt::FuncOp func) {
      func.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (op->getNumResults() == 0) {
          if (isa<BranchOpInterface>(op))
            for (BlockArgument arg : op->getBlock()->getArguments())
              report(op->getLoc(), arg, arg);
          return;
        }
        if (auto loop = dyn_cast<scf::ForOp>(op))
          for (BlockArgument arg : loop.getRegionIterArgs())
            report(op->getLoc(), arg, loop.getTiedLoopInit(arg)->get());
        for (Value result : op->getResults())
          report(op->getLoc(), result, result);
      });
    });
  }
};
} // namespace

namespace mlir::tile {
void registerTestTritonAliasPass() { PassRegistration<TestTritonAliasPass>(); }
} // namespace mlir::tile

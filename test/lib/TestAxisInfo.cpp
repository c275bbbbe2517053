//===- TestAxisInfo.cpp - Print the axis analysis as remarks --------------===//
//
// test-tile-print-axis-info runs ModuleAxisInfoAnalysis over the module and
// attaches one remark per integer or pointer result (and function argument)
// with what the analysis knows, e.g.
//   contiguity = [128], divisibility = [16], constancy = [1],
//   constant_value = <none>
// so that tests check it with `-verify-diagnostics` and expected-remark.
//
//===----------------------------------------------------------------------===//

#include "test/lib/TestPasses.h"

#include "dialects/tt/TTDialect.h"
#include "passes/analysis/AxisInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Whether the analysis says something meaningful about `type`: integers,
/// pointers and tensors of them.
bool isAnalysed(Type type) {
  Type element = getElementTypeOrSelf(type);
  return isa<IntegerType, IndexType, tt::PointerType>(element);
}

struct TestAxisInfoPass
    : public PassWrapper<TestAxisInfoPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAxisInfoPass)

  StringRef getArgument() const final { return "test-tile-print-axis-info"; }
  StringRef getDescription() const final {
    return "Print the axis analysis (contiguity, divisibility, constancy, "
           "constant value) of every integer and pointer value as remarks";
  }

  void runOnOperation() override {
    ModuleAxisInfoAnalysis analysis(getOperation());
    if (analysis.failed()) {
      getOperation().emitError("axis analysis did not converge");
      return signalPassFailure();
    }
    auto describe = [&](Value value) {
      std::string text;
      llvm::raw_string_ostream os(text);
      analysis.getAxisInfo(value).print(os);
      return text;
    };
    getOperation().walk([&](Operation *op) {
      // Arguments are reported on the function, in order.
      if (auto func = dyn_cast<FunctionOpInterface>(op)) {
        if (func.isExternal())
          return;
        for (BlockArgument arg : func.getArguments())
          if (isAnalysed(arg.getType()))
            func.emitRemark()
                << "arg " << arg.getArgNumber() << ": " << describe(arg);
        return;
      }
      for (Value result : op->getResults()) {
        if (!isAnalysed(result.getType()))
          continue;
        InFlightDiagnostic remark = op->emitRemark();
        if (op->getNumResults() > 1)
          remark << "result " << cast<OpResult>(result).getResultNumber()
                 << ": ";
        remark << describe(result);
      }
      // Loop induction variables and iter_args.
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (!isa<FunctionOpInterface>(op))
            for (BlockArgument arg : block.getArguments())
              if (isAnalysed(arg.getType()))
                op->emitRemark() << "region arg " << arg.getArgNumber() << ": "
                                 << describe(arg);
    });
  }
};
} // namespace

namespace mlir::tile {
void registerTestAxisInfoPass() { PassRegistration<TestAxisInfoPass>(); }
} // namespace mlir::tile

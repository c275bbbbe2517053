//===- TestTritonAxisInfo.cpp - Axis analysis remarks in Triton's form ----===//
//
// test-print-alignment prints what ModuleAxisInfoAnalysis knows about every
// result of every op inside a tt.func, one remark per result, in the form
// Triton's own test pass uses:
//   %0 = arith.constant 1 : i32 => contiguity = [1], divisibility = [1],
//   constancy = [1], constant_value = 1
// (the value, " => ", then AxisInfo::print), so that Triton's alignment tests
// run unchanged with `-verify-diagnostics=only-expected`. memdesc results
// get the value alone.
// test-tile-print-axis-info (TestAxisInfo.cpp) is tile's finer variant.
//
//===----------------------------------------------------------------------===//

#include "test/lib/TestPasses.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "passes/analysis/AxisInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TestTritonAxisInfoPass
    : public PassWrapper<TestTritonAxisInfoPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestTritonAxisInfoPass)

  StringRef getArgument() const final { return "test-print-alignment"; }
  StringRef getDescription() const final {
    return "Print the axis analysis of every op result inside tt.func as "
           "remarks, in Triton's format";
  }

  void runOnOperation() override {
    ModuleAxisInfoAnalysis analysis(getOperation());
    if (analysis.failed()) {
      getOperation().emitError("axis analysis did not converge");
      return signalPassFailure();
    }
    getOperation().walk([&](tt::FuncOp func) {
      func.walk([&](Operation *op) {
        for (Value result : op->getResults()) {
          InFlightDiagnostic remark = emitRemark(op->getLoc());
          remark << result << " => ";
          if (isa<ttg::MemDescType>(result.getType()))
            continue;
          AxisInfo info = analysis.getAxisInfo(result);
          std::string text;
          llvm::raw_string_ostream os(text);
          info.print(os);
          remark << text;
        }
      });
    });
  }
};
} // namespace

namespace mlir::tile {
void registerTestTritonAxisInfoPass() {
  PassRegistration<TestTritonAxisInfoPass>();
}
} // namespace mlir::tile

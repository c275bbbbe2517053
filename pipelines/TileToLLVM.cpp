//===- TileToLLVM.cpp - The whole compiler as one pass --------------------===//
//
// `tile-to-llvm` decides at run time which stages a module needs: TTIR gets
// every stage, TTGIR (a module carrying ttg.num-warps) only the stages after
// TTIR. It checks its options first, so a bad option is a diagnostic on the
// module, not a half-compiled kernel.
//
//===----------------------------------------------------------------------===//

#include "pipelines/Pipelines.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TILETOLLVMPASS
#include "pipelines/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TileToLLVMPass : public tile::impl::TileToLLVMPassBase<TileToLLVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    // The stages create ops in dialects the input may not have loaded.
    getStageDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ttg::TargetOptions given{target,    numWarps, threadsPerWarp, numCTAs,
                             numStages, lineInfo, ptxVersion};
    ExplicitTargetOptions explicitly{target.hasValue(), numWarps.hasValue(),
                                     threadsPerWarp.hasValue(),
                                     numCTAs.hasValue()};
    FailureOr<ttg::TargetOptions> options =
        resolveTargetOptions(module, given, explicitly, "tile-to-llvm: ");
    if (failed(options))
      return signalPassFailure();
    // TTGIR has already been through the stages that produce TTGIR.
    bool isTTGIR = isTTGIRModule(module);
    OpPassManager pm(ModuleOp::getOperationName());
    for (const StagePipeline &stage : getStagePipelines()) {
      if (isTTGIR && stage.consumesTTIR)
        continue;
      std::string error;
      llvm::raw_string_ostream errorStream(error);
      if (failed(addStagePipeline(stage, *options, pm, errorStream))) {
        mlir::emitError(module.getLoc(), "tile-to-llvm: ") << error;
        return signalPassFailure();
      }
    }
    if (failed(runPipeline(pm, module)))
      signalPassFailure();
  }
};
} // namespace

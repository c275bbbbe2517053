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
/// The module attribute that marks TTGIR, as Triton writes it.
constexpr llvm::StringLiteral kNumWarpsAttr = "ttg.num-warps";

struct TileToLLVMPass : public tile::impl::TileToLLVMPassBase<TileToLLVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    // The stages create ops in dialects the input may not have loaded.
    for (const StagePipeline &stage : getStagePipelines()) {
      OpPassManager pm(ModuleOp::getOperationName());
      if (succeeded(
              addStagePipeline(stage, ttg::TargetOptions(), pm, llvm::nulls())))
        pm.getDependentDialects(registry);
    }
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<ttg::TargetOptions> options = resolveOptions(module);
    if (failed(options))
      return signalPassFailure();
    // TTGIR has already been through the stages that produce TTGIR.
    bool isTTGIR = module->hasAttr(kNumWarpsAttr);
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

  /// The options this module compiles with: TTIR takes the pass options;
  /// TTGIR takes its own module attributes, and an explicitly given option
  /// must agree with them.
  FailureOr<ttg::TargetOptions> resolveOptions(ModuleOp module) {
    ttg::TargetOptions options{target,  numWarps,  threadsPerWarp,
                               numCTAs, numStages, lineInfo};
    // Not module.emitError: that would print the whole module with the note.
    auto emitError = [&] {
      return mlir::emitError(module.getLoc(), "tile-to-llvm: ");
    };
    if (failed(ttg::verifyTargetOptions(options, emitError)))
      return failure();
    if (!module->hasAttr(kNumWarpsAttr))
      return options;

    // Reads one module attribute into `value`, rejecting a contradiction
    // with an explicitly given option.
    auto adopt = [&](StringRef attrName, StringRef optionName, bool explicitly,
                     auto &value) -> LogicalResult {
      Attribute attr = module->getAttr(attrName);
      if (!attr)
        return success();
      using T = std::decay_t<decltype(value)>;
      T moduleValue;
      if constexpr (std::is_same_v<T, std::string>) {
        auto str = dyn_cast<StringAttr>(attr);
        if (!str)
          return emitError() << attrName << " must be a string, got " << attr;
        moduleValue = str.getValue().str();
      } else {
        auto integer = dyn_cast<IntegerAttr>(attr);
        if (!integer)
          return emitError() << attrName << " must be an integer, got " << attr;
        moduleValue = integer.getInt();
      }
      if (explicitly && moduleValue != value)
        return emitError() << "option " << optionName << "=" << value
                           << " contradicts the module's " << attrName << " = "
                           << moduleValue;
      value = moduleValue;
      return success();
    };
    if (failed(
            adopt("ttg.target", "target", target.hasValue(), options.target)) ||
        failed(adopt(kNumWarpsAttr, "num-warps", numWarps.hasValue(),
                     options.numWarps)) ||
        failed(adopt("ttg.threads-per-warp", "threads-per-warp",
                     threadsPerWarp.hasValue(), options.threadsPerWarp)) ||
        failed(adopt("ttg.num-ctas", "num-ctas", numCTAs.hasValue(),
                     options.numCTAs)))
      return failure();
    // The module's own values must be ones tile supports, too.
    if (failed(ttg::verifyTargetOptions(options, emitError)))
      return failure();
    return options;
  }
};
} // namespace

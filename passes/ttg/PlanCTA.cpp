//===- PlanCTA.cpp - CTA tiling of a cluster
//-------------------------------===//
//
// triton-nvidia-gpu-plan-cta: with thread block clusters (ttg.num-ctas > 1)
// Triton picks how each dot, reduction and store splits its tensor across
// the cluster's CTAs and propagates those CTA layouts through the function.
// A single CTA owns every tensor whole, so there is nothing to choose: the
// pass leaves such modules alone, which is all tile needs since it
// compiles single-CTA kernels only. Larger clusters are refused rather
// than compiled with layouts Triton would have changed.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTNGPLANCTAPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TTNGPlanCTAPass
    : public tile::impl::TTNGPlanCTAPassBase<TTNGPlanCTAPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    int numCTAs = ttg::getNumCTAs(module);
    if (numCTAs == 1)
      return;
    module.emitError("triton-nvidia-gpu-plan-cta: ttg.num-ctas = ")
        << numCTAs << " is not supported (tile compiles one CTA per cluster)";
    signalPassFailure();
  }
};
} // namespace

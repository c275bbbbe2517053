//===- WarpSpecialization.cpp - Hopper producer/consumer warp groups ------===//
//
// nvgpu-warp-specialization (Triton's Hopper autoWS): a loop marked
// `tt.warp_specialize` (a persistent tile loop whose inner loop feeds a wgmma
// from TMA loads, or such a K loop itself) becomes a `ttg.warp_specialize` of
// a TMA producer (the default warps) and wgmma consumers
// (WarpSpecializationMatch.cpp decides what qualifies,
// WarpSpecializationBuild.cpp rewrites it). Other marked loops stay as they
// are, with a remark.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/WarpSpecialization.h"
#include "passes/ttg/Passes.h"
#include "passes/ttg/PipelineUtils.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_NVGPUWARPSPECIALIZATIONPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ws;

namespace {
struct NVGPUWarpSpecializationPass
    : public tile::impl::NVGPUWarpSpecializationPassBase<
          NVGPUWarpSpecializationPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kWarpSpecializeAttr))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      std::string why;
      FailureOr<LoopNest> nest = failure();
      // The loop's own num_stages (tl.range(..., num_stages=)) sizes the
      // rings, as in Triton; the kernel's otherwise.
      int slots = numStages;
      if (auto stages = loop->getAttrOfType<IntegerAttr>(kNumStagesAttrName))
        slots = stages.getInt();
      if (ttg::getNumWarps(loop) != 4)
        why = "the kernel does not have 4 warps";
      else if (loop->getParentOfType<ttg::WarpSpecializeOp>())
        why = "the loop is already in a warp_specialize";
      else if (slots < 2)
        why = "num-stages is below 2 (a consumer keeps one wgmma in flight "
              "on one slot while the producer fills the next)";
      else
        nest = matchLoopNest(loop, why);
      if (failed(nest)) {
        loop.emitRemark() << "nvgpu-warp-specialization left the loop "
                             "unchanged: "
                          << why;
        continue;
      }
      specializeLoopNest(*nest, slots);
      ++numSpecializedLoops;
    }
  }
};
} // namespace

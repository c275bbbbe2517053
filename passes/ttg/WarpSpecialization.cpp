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
    SmallVector<tt::FuncOp> funcs(getOperation().getOps<tt::FuncOp>());
    for (tt::FuncOp func : funcs) {
      SmallVector<scf::ForOp> loops;
      func.walk([&](scf::ForOp loop) {
        if (loop->hasAttr(kWarpSpecializeAttrName))
          loops.push_back(loop);
      });
      if (loops.empty())
        continue;
      // An attention kernel is rewritten as a whole, all its marked loops
      // at once; a matmul loop nest by itself.
      std::string attentionWhy =
          "the attention rewrite is off (its option `attention`)";
      // Two marked loops are the causal kernel's blocks left of the
      // diagonal and on it; its option `causal` turns that case off.
      if (attention && loops.size() > 1 && !causal)
        attentionWhy = "the kernel has " + std::to_string(loops.size()) +
                       " marked loops (a causal kernel), which the attention "
                       "rewrite takes only with its option `causal`";
      ws::AttentionOptions options;
      options.slots = getSlots(loops.front());
      options.pingPong = pingPong;
      options.overlap = overlap;
      options.minHeadDim = minHeadDim;
      options.blocksPerSM = blocksPerSM;
      if (attention && (loops.size() == 1 || causal) &&
          succeeded(checkLoop(loops.front(), attentionWhy)) &&
          succeeded(specializeAttentionKernel(func, options, attentionWhy))) {
        numSpecializedLoops += loops.size();
        continue;
      }
      for (scf::ForOp loop : loops) {
        std::string why;
        FailureOr<LoopNest> nest = failure();
        if (succeeded(checkLoop(loop, why)))
          nest = matchLoopNest(loop, why);
        if (failed(nest)) {
          // A loop of more than one wgmma is taken for attention.
          auto dots = loop.getBody()->getOps<ttng::WarpGroupDotOp>();
          if (std::distance(dots.begin(), dots.end()) > 1)
            why = attentionWhy;
          loop.emitRemark() << "nvgpu-warp-specialization left the loop "
                               "unchanged: "
                            << why;
          continue;
        }
        specializeLoopNest(*nest, getSlots(loop));
        ++numSpecializedLoops;
      }
    }
  }

private:
  /// The loop's own num_stages (tl.range(..., num_stages=)) sizes the
  /// rings, as in Triton; the kernel's otherwise.
  int getSlots(scf::ForOp loop) {
    if (auto stages = loop->getAttrOfType<IntegerAttr>(kNumStagesAttrName))
      return stages.getInt();
    return numStages;
  }

  /// What every specialized loop needs, whatever its shape.
  LogicalResult checkLoop(scf::ForOp loop, std::string &why) {
    if (ttg::getNumWarps(loop) != 4)
      why = "the kernel does not have 4 warps";
    else if (loop->getParentOfType<ttg::WarpSpecializeOp>())
      why = "the loop is already in a warp_specialize";
    else if (getSlots(loop) < 2)
      why = "num-stages is below 2 (a consumer keeps one wgmma in flight "
            "on one slot while the producer fills the next)";
    else
      return success();
    return failure();
  }
};
} // namespace

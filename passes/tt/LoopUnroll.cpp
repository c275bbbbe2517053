//===- LoopUnroll.cpp - triton-loop-unroll --------------------------------===//
//
// triton-loop-unroll: the user's `loop_unroll_factor` reaches TTIR as the
// scf.for attribute tt.loop_unroll_factor; MLIR's SCF unroller does the
// work. The epilogue loop it may leave holds the few leftover iterations,
// which are not worth software pipelining.
//
//===----------------------------------------------------------------------===//

#include "passes/tt/Passes.h"

#include "passes/tt/UnrollByFactor.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TRITONLOOPUNROLLPASS
#include "passes/tt/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
constexpr llvm::StringLiteral kUnrollFactorAttr = "tt.loop_unroll_factor";
constexpr llvm::StringLiteral kNumStagesAttr = "tt.num_stages";

struct TritonLoopUnrollPass
    : tile::impl::TritonLoopUnrollPassBase<TritonLoopUnrollPass> {
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, int64_t>> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      auto factor = loop->getAttrOfType<IntegerAttr>(kUnrollFactorAttr);
      if (factor && factor.getInt() > 1)
        loops.push_back({loop, factor.getInt()});
    });
    Builder builder(&getContext());
    for (auto [loop, factor] : loops) {
      loop->removeAttr(kUnrollFactorAttr);
      std::optional<scf::ForOp> epilogue;
      if (succeeded(scf_unroll::unrollByFactor(loop, factor, epilogue)) &&
          epilogue)
        (*epilogue)->setAttr(kNumStagesAttr, builder.getI32IntegerAttr(1));
    }
  }
};
} // namespace

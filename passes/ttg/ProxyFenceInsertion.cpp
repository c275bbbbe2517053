//===- ProxyFenceInsertion.cpp - Proxy fences before TMA writes -----------===//
//
// triton-nvidia-gpu-proxy-fence-insertion: runs the proxy-fence walk
// (passes/analysis/Membar.h, insertProxyFences) over each module, after
// allocating shared memory where the module has no allocation yet.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Allocation.h"
#include "passes/analysis/Membar.h"
#include "passes/ttg/Passes.h"

#include "dialects/ttg/TTGDialect.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTNGPROXYFENCEINSERTIONPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct TTNGProxyFenceInsertionPass
    : public tile::impl::TTNGProxyFenceInsertionPassBase<
          TTNGProxyFenceInsertionPass> {
  using Base::Base;

  void runOnOperation() override {
    if (computeCapability < 90)
      return;
    for (ModuleOp module : getModulesToAllocate(getOperation())) {
      // The fences follow the buffers' byte ranges, so they need offsets.
      if (!hasSharedMemoryAllocation(module) &&
          failed(annotateSharedMemoryAllocation(module)))
        return signalPassFailure();
      numFences += insertProxyFences(module);
    }
  }
};
} // namespace

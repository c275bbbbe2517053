//===- InsertBarriers.cpp - tile-insert-barriers pass ---------------------===//
//
// Runs the barrier analysis (passes/analysis/Membar.h) as a visible pass and
// marks the module, so that convert-triton-gpu-to-llvm does not run it again.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Allocation.h"
#include "passes/analysis/Membar.h"
#include "passes/ttg/Passes.h"

#include "dialects/ttg/TTGDialect.h"

namespace mlir::tile {
#define GEN_PASS_DEF_INSERTBARRIERSPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct InsertBarriersPass
    : public tile::impl::InsertBarriersPassBase<InsertBarriersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!hasSharedMemoryAllocation(module)) {
      mlir::emitError(module.getLoc(),
                      "tile-insert-barriers: the module has no shared-memory "
                      "allocation (ttg.shared); run allocate-shared-memory "
                      "first");
      return signalPassFailure();
    }
    numBarriers += insertSharedMemoryBarriers(module);
    module->setAttr(kBarriersInsertedAttrName, UnitAttr::get(&getContext()));
  }
};
} // namespace

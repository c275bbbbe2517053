//===- AllocateSharedMemory.cpp - allocate-shared-memory pass -------------===//
//
// Records the shared-memory allocation (passes/analysis/Allocation.h) in the
// IR, under both of Triton's names for the pass.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Allocation.h"
#include "passes/analysis/Scratch.h"
#include "passes/ttg/Passes.h"

#include "dialects/ttg/TTGDialect.h"

namespace mlir::tile {
#define GEN_PASS_DEF_ALLOCATESHAREDMEMORYPASS
#define GEN_PASS_DEF_ALLOCATESHAREDMEMORYNVPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Records the allocation of `root` and of the modules nested in it, and
/// adds their sizes to `sharedBytes`.
LogicalResult allocate(ModuleOp root, Pass::Statistic &sharedBytes) {
  for (ModuleOp module : getModulesToAllocate(root)) {
    if (failed(annotateSharedMemoryAllocation(module)))
      return failure();
    if (auto bytes =
            module->getAttrOfType<IntegerAttr>(kSharedMemorySizeAttrName))
      sharedBytes += bytes.getInt();
  }
  return success();
}

struct AllocateSharedMemoryPass
    : public tile::impl::AllocateSharedMemoryPassBase<
          AllocateSharedMemoryPass> {
  void runOnOperation() override {
    if (failed(allocate(getOperation(), numSharedBytes)))
      signalPassFailure();
  }
};

struct AllocateSharedMemoryNvPass
    : public tile::impl::AllocateSharedMemoryNvPassBase<
          AllocateSharedMemoryNvPass> {
  using AllocateSharedMemoryNvPassBase::AllocateSharedMemoryNvPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (computeCapability > 0 &&
        !module->hasAttr(ttg::TTGDialect::getTargetAttrName()))
      module->setAttr(ttg::TTGDialect::getTargetAttrName(),
                      StringAttr::get(module.getContext(),
                                      "cuda:" + Twine(computeCapability)));
    if (failed(allocate(getOperation(), numSharedBytes)))
      signalPassFailure();
  }
};
} // namespace

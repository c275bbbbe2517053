//===- FenceInsertion.cpp - Proxy fences before wgmma ---------------------===//
//
// triton-nvidia-gpu-fence-insertion: the generic-proxy stores that fill a
// wgmma operand buffer must be ordered before the async-proxy reads of
// wgmma by fence.proxy.async (ttng.fence_async_shared). The fence goes
// before the dot and moves out of the loops that do not write the buffer,
// so a loop over a buffer written once outside it fences once.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "passes/analysis/Allocation.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTNGFENCEINSERTIONPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The ops that write `alloc`'s buffer with ordinary stores: the alloc
/// itself when it takes a value, and every local_store into a view of it.
SmallVector<Operation *> getGenericWriters(Operation *alloc,
                                           ArrayRef<ttg::LocalStoreOp> stores) {
  SmallVector<Operation *> writers;
  if (auto local = dyn_cast<ttg::LocalAllocOp>(alloc); local && local.getSrc())
    writers.push_back(alloc);
  for (ttg::LocalStoreOp store : stores) {
    SmallVector<Operation *> targets;
    if (!getAllocationSources(store.getDst(), targets) ||
        llvm::is_contained(targets, alloc))
      writers.push_back(store);
  }
  return writers;
}

/// The ops that write `operand` (a wgmma operand) through the generic
/// proxy; null entries stand for writers the tracing cannot see (a buffer
/// of unknown origin), which are fenced conservatively.
SmallVector<Operation *> getGenericWriters(Value operand,
                                           ArrayRef<ttg::LocalStoreOp> stores) {
  if (!isa<ttg::MemDescType>(operand.getType()))
    return {};
  SmallVector<Operation *> allocs;
  if (!getAllocationSources(operand, allocs))
    return {nullptr};
  SmallVector<Operation *> writers;
  for (Operation *alloc : allocs)
    writers.append(getGenericWriters(alloc, stores));
  return writers;
}

struct TTNGFenceInsertionPass
    : public tile::impl::TTNGFenceInsertionPassBase<TTNGFenceInsertionPass> {
  using Base::Base;

  void runOnOperation() override {
    if (computeCapability < 90)
      return;
    ModuleOp module = getOperation();
    SmallVector<ttg::LocalStoreOp> stores;
    module.walk([&](ttg::LocalStoreOp store) { stores.push_back(store); });
    module.walk([&](ttng::WarpGroupDotOp dot) {
      SmallVector<Operation *> writers = getGenericWriters(dot.getA(), stores);
      writers.append(getGenericWriters(dot.getB(), stores));
      if (writers.empty())
        return;
      OpBuilder builder(dot);
      auto fence = ttng::FenceAsyncSharedOp::create(builder, dot.getLoc(),
                                                    /*bCluster=*/false);
      ++numFences;
      // Out of each loop that holds no writer: the writes all happened
      // before the loop started.
      while (auto loop = dyn_cast<LoopLikeOpInterface>(fence->getParentOp())) {
        bool writesInside = llvm::any_of(writers, [&](Operation *writer) {
          return !writer || loop->isAncestor(writer);
        });
        if (writesInside)
          break;
        loop.moveOutOfLoop(fence);
      }
    });
  }
};
} // namespace

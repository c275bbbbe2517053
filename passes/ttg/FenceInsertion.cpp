//===- FenceInsertion.cpp - Proxy fences before wgmma ---------------------===//
//
// triton-nvidia-gpu-fence-insertion: the generic-proxy stores that fill a
// wgmma operand buffer must be ordered before the async-proxy reads of
// wgmma and tcgen05.mma by fence.proxy.async (ttng.fence_async_shared).
// The fence goes before the MMA and moves out of the loops that do not
// write the buffer, so a loop over a buffer written once outside it fences
// once; a fence right after another is dropped.
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
/// A ttg.local_store and the buffers it may write (`known` false: the
/// tracing could not tell, so it may write any).
struct TracedStore {
  Operation *store;
  SmallVector<Operation *> allocs;
  bool known;
};

/// The ops that write `operand` (a wgmma operand) through the generic
/// proxy: its allocs that take a value, and the stores into views of them.
/// A null entry stands for writers the tracing cannot see (a buffer of
/// unknown origin), which are fenced conservatively.
SmallVector<Operation *> getGenericWriters(Value operand,
                                           ArrayRef<TracedStore> stores) {
  if (!isa<ttg::MemDescType>(operand.getType()))
    return {};
  SmallVector<Operation *> allocs;
  if (!getAllocationSources(operand, allocs))
    return {nullptr};
  SmallVector<Operation *> writers;
  for (Operation *alloc : allocs) {
    if (auto local = dyn_cast<ttg::LocalAllocOp>(alloc);
        local && local.getSrc())
      writers.push_back(alloc);
    for (const TracedStore &store : stores)
      if (!store.known || llvm::is_contained(store.allocs, alloc))
        writers.push_back(store.store);
  }
  return writers;
}

/// The shared operands an MMA reads through the async proxy: wgmma's and
/// tcgen05.mma's A and B; nulls for any other op.
std::pair<Value, Value> getAsyncProxyOperands(Operation *op) {
  if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op))
    return {dot.getA(), dot.getB()};
  if (auto mma = dyn_cast<ttng::TCGen5MMAOp>(op))
    return {mma.getA(), mma.getB()};
  if (auto mma = dyn_cast<ttng::TCGen5MMAScaledOp>(op))
    return {mma.getA(), mma.getB()};
  return {};
}

struct TTNGFenceInsertionPass
    : public tile::impl::TTNGFenceInsertionPassBase<TTNGFenceInsertionPass> {
  using Base::Base;

  void runOnOperation() override {
    if (computeCapability < 90)
      return;
    ModuleOp module = getOperation();
    // Each store's buffers are traced once, not once per dot.
    SmallVector<TracedStore> stores;
    module.walk([&](ttg::LocalStoreOp store) {
      TracedStore traced{store, {}, false};
      traced.known = getAllocationSources(store.getDst(), traced.allocs);
      stores.push_back(std::move(traced));
    });
    module.walk([&](Operation *op) {
      auto [a, b] = getAsyncProxyOperands(op);
      if (!a)
        return;
      SmallVector<Operation *> writers = getGenericWriters(a, stores);
      writers.append(getGenericWriters(b, stores));
      if (writers.empty())
        return;
      OpBuilder builder(op);
      auto fence = ttng::FenceAsyncSharedOp::create(builder, op->getLoc(),
                                                    /*bCluster=*/false);
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
      // Two fences in a row order nothing more than one (two dots of a
      // loop whose fences both left it).
      auto previous =
          dyn_cast_or_null<ttng::FenceAsyncSharedOp>(fence->getPrevNode());
      if (previous && previous.getBCluster() == fence.getBCluster()) {
        fence.erase();
        return;
      }
      ++numFences;
    });
  }
};
} // namespace

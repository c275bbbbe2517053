//===- PipelineTMAStores.cpp - Asynchronous TMA stores in loops -----------===//
//
// A tt.descriptor_store in a loop would otherwise become a TMA store that the
// loop waits for at once (triton-nvidia-tma-lowering). Here, as Triton's
// pipeliner does, each store of a pipelined loop writes its block into a
// shared buffer allocated before the loop and is then left in flight: the
// wait for the previous store moves to just before the buffer is written
// again, so a persistent kernel's epilogue store overlaps the next tile's
// main loop. Stores of one block shape and element type share a buffer
// (every write of it is preceded by a full wait); one wait after the loop
// drains them. Reductions (tt.descriptor_reduce) are stores that combine
// with memory: they go the same way, as ttng.async_tma_reduce.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/PipelineUtils.h"
#include "passes/ttg/TMAUtils.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// A descriptor store or reduction: what it writes, through which
/// descriptor, where.
struct StoreLike {
  Operation *op;
  TypedValue<tt::TensorDescType> desc;
  Value src;
  ValueRange indices;
};

std::optional<StoreLike> getStoreLike(Operation *op) {
  if (auto store = dyn_cast<tt::DescriptorStoreOp>(op))
    return StoreLike{op, store.getDesc(), store.getSrc(), store.getIndices()};
  if (auto reduce = dyn_cast<tt::DescriptorReduceOp>(op))
    return StoreLike{op, reduce.getDesc(), reduce.getSrc(),
                     reduce.getIndices()};
  return std::nullopt;
}

/// The TMA copy of `buffer` that replaces `store`.
void createTMACopy(OpBuilder &builder, const StoreLike &store, Value buffer) {
  Location loc = store.op->getLoc();
  if (auto reduce = dyn_cast<tt::DescriptorReduceOp>(store.op))
    ttng::AsyncTMAReduceOp::create(builder, loc, reduce.getKind(), store.desc,
                                   store.indices, buffer);
  else
    ttng::AsyncTMACopyLocalToGlobalOp::create(builder, loc, store.desc,
                                              store.indices, buffer);
}
} // namespace

bool mlir::tile::pipelineTMAStores(scf::ForOp loop) {
  SmallVector<StoreLike> stores;
  loop.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<scf::ForOp>(op))
      return WalkResult::skip();
    if (std::optional<StoreLike> store = getStoreLike(op))
      stores.push_back(*store);
    return WalkResult::advance();
  });
  if (stores.empty())
    return false;

  OpBuilder builder(loop);
  // Keyed by the block's shape and element type (an encoding-free type).
  llvm::DenseMap<Type, Value> buffers;
  SmallVector<Value> allocated;
  for (const StoreLike &store : stores) {
    tt::TensorDescType desc = store.desc.getType();
    RankedTensorType block = desc.getSignlessBlockType();
    Value &buffer = buffers[RankedTensorType::get(block.getShape(),
                                                  block.getElementType())];
    if (!buffer) {
      builder.setInsertionPoint(loop);
      buffer = ttg::LocalAllocOp::create(
          builder, store.op->getLoc(), getDescriptorBufferType(desc),
          /*src=*/Value(), /*alignment=*/IntegerAttr());
      allocated.push_back(buffer);
    }
    builder.setInsertionPoint(store.op);
    Location loc = store.op->getLoc();
    // The previous store from the buffer must have read it.
    ttng::TMAStoreWaitOp::create(builder, loc, /*pendings=*/0);
    ttg::LocalStoreOp::create(builder, loc, store.src, buffer);
    // The generic-proxy writes come before TMA reads the buffer.
    ttng::FenceAsyncSharedOp::create(builder, loc, /*bCluster=*/false);
    createTMACopy(builder, store, buffer);
    store.op->erase();
  }

  builder.setInsertionPointAfter(loop);
  ttng::TMAStoreWaitOp::create(builder, loop.getLoc(), /*pendings=*/0);
  for (Value buffer : allocated)
    ttg::LocalDeallocOp::create(builder, loop.getLoc(), buffer);
  return true;
}

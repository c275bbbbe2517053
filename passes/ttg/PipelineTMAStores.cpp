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
// drains them.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/PipelineUtils.h"
#include "passes/ttg/TMAUtils.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::tile;

bool mlir::tile::pipelineTMAStores(scf::ForOp loop) {
  SmallVector<tt::DescriptorStoreOp> stores;
  loop.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<scf::ForOp>(op))
      return WalkResult::skip();
    if (auto store = dyn_cast<tt::DescriptorStoreOp>(op))
      stores.push_back(store);
    return WalkResult::advance();
  });
  if (stores.empty())
    return false;

  OpBuilder builder(loop);
  // Keyed by the block's shape and element type (an encoding-free type).
  llvm::DenseMap<Type, Value> buffers;
  SmallVector<Value> allocated;
  for (tt::DescriptorStoreOp store : stores) {
    tt::TensorDescType desc = store.getDesc().getType();
    RankedTensorType block = desc.getBlockType();
    Value &buffer = buffers[RankedTensorType::get(block.getShape(),
                                                  block.getElementType())];
    if (!buffer) {
      builder.setInsertionPoint(loop);
      buffer = ttg::LocalAllocOp::create(
          builder, store.getLoc(), getDescriptorBufferType(desc),
          /*src=*/Value(), /*alignment=*/IntegerAttr());
      allocated.push_back(buffer);
    }
    builder.setInsertionPoint(store);
    Location loc = store.getLoc();
    // The previous store from the buffer must have read it.
    ttng::TMAStoreWaitOp::create(builder, loc, /*pendings=*/0);
    ttg::LocalStoreOp::create(builder, loc, store.getSrc(), buffer);
    // The generic-proxy writes come before TMA reads the buffer.
    ttng::FenceAsyncSharedOp::create(builder, loc, /*bCluster=*/false);
    ttng::AsyncTMACopyLocalToGlobalOp::create(builder, loc, store.getDesc(),
                                              store.getIndices(), buffer);
    store->erase();
  }

  builder.setInsertionPointAfter(loop);
  ttng::TMAStoreWaitOp::create(builder, loop.getLoc(), /*pendings=*/0);
  for (Value buffer : allocated)
    ttg::LocalDeallocOp::create(builder, loop.getLoc(), buffer);
  return true;
}

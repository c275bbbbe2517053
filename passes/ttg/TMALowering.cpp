//===- TMALowering.cpp - triton-nvidia-tma-lowering -----------------------===//
//
// Descriptor loads and stores the pipeliner did not take become TMA copies
// through a shared buffer in the descriptor's layout. A load:
//
//   buf = local_alloc; bar = local_alloc (one mbarrier); init_barrier bar, 1
//   barrier_expect bar, BYTES, true
//   async_tma_copy_global_to_local desc[i, j] buf, bar, true
//   wait_barrier bar, 0; inval_barrier bar
//   v = local_load buf
//
// A store: buf = local_alloc v; fence_async_shared;
// async_tma_copy_local_to_global desc[i, j] buf; async_tma_store_wait 0.
// A reduction stores the same way through async_tma_reduce KIND.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"
#include "passes/ttg/TMAUtils.h"

#include "dialects/ttg/TMABlock.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTNGTMALOWERINGPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Emits an error on `op` unless its descriptor's blocks can move by TMA.
LogicalResult checkDescriptor(Operation *op, Value descriptor) {
  // Device-side descriptors need a tensor map written to global scratch
  // (ttng.tensormap_create), which tile does not emit yet.
  if (auto make = descriptor.getDefiningOp<tt::MakeTensorDescOp>())
    return make.emitOpError("(a device-side tensor descriptor) is not "
                            "supported on sm_90 yet: it needs a tensor map "
                            "in global scratch");
  auto desc = cast<tt::TensorDescType>(descriptor.getType());
  RankedTensorType block = desc.getBlockType();
  if (!block.getEncoding())
    return op->emitOpError("needs a descriptor with a shared encoding; run "
                           "triton-nvidia-optimize-descriptor-encoding first");
  std::string why;
  if (failed(ttg::planTMABlock(block.getShape(), block.getElementType(),
                               block.getEncoding(), why)))
    return op->emitOpError("cannot move its blocks by TMA: ") << why;
  return success();
}

void lowerLoad(tt::DescriptorLoadOp load) {
  OpBuilder builder(load);
  Location loc = load.getLoc();
  MLIRContext *context = load.getContext();
  tt::TensorDescType desc = load.getDesc().getType();
  Value buffer = ttg::LocalAllocOp::create(
      builder, loc, getDescriptorBufferType(desc), /*src=*/Value(),
      /*alignment=*/IntegerAttr());
  Value barrier = ttg::LocalAllocOp::create(
      builder, loc, getMBarrierType(context), /*src=*/Value(),
      /*alignment=*/IntegerAttr());
  ttng::InitBarrierOp::create(builder, loc, barrier, /*count=*/1);
  Value always =
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
  ttng::BarrierExpectOp::create(builder, loc, barrier,
                                int32_t(getDescriptorBlockBytes(desc)), always);
  ttng::AsyncTMACopyGlobalToLocalOp::create(
      builder, loc, load.getDesc(), load.getIndices(), buffer, barrier, always,
      load.getCache(), load.getEvict(), /*isVolatile=*/false);
  Value phase =
      arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(0));
  ttng::WaitBarrierOp::create(builder, loc, barrier, phase, /*pred=*/Value(),
                              /*deps=*/ValueRange{});
  ttng::InvalBarrierOp::create(builder, loc, barrier);
  Value value = ttg::LocalLoadOp::create(builder, loc, load.getType(), buffer);
  ttg::LocalDeallocOp::create(builder, loc, barrier);
  load.replaceAllUsesWith(value);
  load->erase();
}

/// Replaces a store-like descriptor op (a store or a reduction) of `src`
/// through `desc` by a TMA copy out of a shared buffer: `createCopy` builds
/// the copy of the buffer it gets, which is waited for at once.
void lowerStoreLike(Operation *op, Value desc, Value src,
                    function_ref<void(OpBuilder &, Value)> createCopy) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  ttg::MemDescType type =
      getDescriptorBufferType(cast<tt::TensorDescType>(desc.getType()));
  auto immutable =
      ttg::MemDescType::get(type.getShape(), type.getElementType(),
                            type.getEncoding(), type.getMemorySpace(),
                            /*mutableMemory=*/false);
  Value buffer = ttg::LocalAllocOp::create(builder, loc, immutable, src,
                                           /*alignment=*/IntegerAttr());
  // The generic-proxy stores into the buffer come before TMA reads it.
  ttng::FenceAsyncSharedOp::create(builder, loc, /*bCluster=*/false);
  createCopy(builder, buffer);
  ttng::TMAStoreWaitOp::create(builder, loc, /*pendings=*/0);
  op->erase();
}

void lowerStore(tt::DescriptorStoreOp store) {
  lowerStoreLike(store, store.getDesc(), store.getSrc(),
                 [&](OpBuilder &builder, Value buffer) {
                   ttng::AsyncTMACopyLocalToGlobalOp::create(
                       builder, store.getLoc(), store.getDesc(),
                       store.getIndices(), buffer);
                 });
}

//===----------------------------------------------------------------------===//
// Reductions (tt.descriptor_reduce)
//===----------------------------------------------------------------------===//

/// Emits an error on `reduce` unless TMA can reduce its block: a block TMA
/// moves, of an element type the reduction kind takes.
LogicalResult checkReduce(tt::DescriptorReduceOp reduce) {
  if (failed(checkDescriptor(reduce, reduce.getDesc())))
    return failure();
  std::string why;
  if (failed(ttg::checkTMAReduce(
          reduce.getKind(),
          reduce.getDesc().getType().getBlockType().getElementType(), why)))
    return reduce.emitOpError("cannot be lowered: ") << why;
  return success();
}

void lowerReduce(tt::DescriptorReduceOp reduce) {
  lowerStoreLike(reduce, reduce.getDesc(), reduce.getSrc(),
                 [&](OpBuilder &builder, Value buffer) {
                   ttng::AsyncTMAReduceOp::create(
                       builder, reduce.getLoc(), reduce.getKind(),
                       reduce.getDesc(), reduce.getIndices(), buffer);
                 });
}

struct TTNGTMALoweringPass
    : public tile::impl::TTNGTMALoweringPassBase<TTNGTMALoweringPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (ttg::getComputeCapability(module).value_or(0) < 90)
      return;
    SmallVector<tt::DescriptorLoadOp> loads;
    SmallVector<tt::DescriptorStoreOp> stores;
    SmallVector<tt::DescriptorReduceOp> reduces;
    WalkResult result = module.walk([&](Operation *op) {
      if (isa<tt::DescriptorGatherOp, tt::DescriptorScatterOp>(op)) {
        op->emitOpError("needs TMA gather/scatter (.tile::gather4), which "
                        "sm_90 lacks: ptxas accepts it from sm_100 on");
        return WalkResult::interrupt();
      }
      if (auto load = dyn_cast<tt::DescriptorLoadOp>(op)) {
        if (failed(checkDescriptor(op, load.getDesc())))
          return WalkResult::interrupt();
        loads.push_back(load);
      } else if (auto store = dyn_cast<tt::DescriptorStoreOp>(op)) {
        if (failed(checkDescriptor(op, store.getDesc())))
          return WalkResult::interrupt();
        stores.push_back(store);
      } else if (auto reduce = dyn_cast<tt::DescriptorReduceOp>(op)) {
        if (failed(checkReduce(reduce)))
          return WalkResult::interrupt();
        reduces.push_back(reduce);
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    for (tt::DescriptorLoadOp load : loads)
      lowerLoad(load);
    for (tt::DescriptorStoreOp store : stores)
      lowerStore(store);
    numLoweredLoads += loads.size();
    numLoweredStores += stores.size();
    for (tt::DescriptorReduceOp reduce : reduces)
      lowerReduce(reduce);
    numLoweredReduces += reduces.size();
  }
};
} // namespace

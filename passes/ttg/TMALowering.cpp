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
// A descriptor made on the device (tt.make_tensor_descriptor) becomes a
// tensor map the program writes into its slice of global scratch:
//
//   p = global_scratch_alloc {nbytes = 128, alignment = 128}
//   tensormap_create p, base, box, global dims, byte strides, element strides
//   tensormap_fenceproxy_acquire p
//   desc = reinterpret_tensor_descriptor p
//
// with the box, swizzle and element type read off the descriptor's shared
// encoding (the plan the copies follow, dialects/ttg/TMABlock.h).
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
/// A tensor map's size and alignment in global memory (CUtensorMap).
constexpr uint32_t kTensorMapBytes = 128;
constexpr uint32_t kTensorMapAlignment = 128;

/// Emits an error on `op` unless its descriptor's blocks can move by TMA.
LogicalResult checkDescriptor(Operation *op, Value descriptor) {
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

/// The tensor map's element type as `tensormap.replace .elemtype` numbers
/// it (Triton's TMA element types): floats by kind, other types by size,
/// 32- and 64-bit integers unsigned unless declared signed. -1 for none;
/// planTMABlock refuses those types already.
int getTensormapElementType(Type type) {
  if (type.isBF16())
    return 10;
  if (type.isF16())
    return 6;
  if (type.isF32())
    return 7;
  if (type.isF64())
    return 9;
  if (!type.isIntOrFloat())
    return -1;
  switch (type.getIntOrFloatBitWidth()) {
  case 8:
    return 0;
  case 16:
    return 1;
  case 32:
    return type.isSignedInteger() ? 3 : 2;
  case 64:
    return type.isSignedInteger() ? 5 : 4;
  default:
    return -1;
  }
}

/// Replaces a device-side tt.make_tensor_descriptor by a tensor map written
/// into global scratch, as Triton does.
void lowerMakeDescriptor(tt::MakeTensorDescOp make) {
  OpBuilder builder(make);
  Location loc = make.getLoc();
  MLIRContext *context = make.getContext();
  tt::TensorDescType desc = make.getType();
  RankedTensorType block = desc.getBlockType();
  std::string why;
  ttg::TMABlockPlan plan =
      *ttg::planTMABlock(block.getShape(), block.getElementType(),
                         block.getEncoding(), why); // checkDescriptor
  auto i32Constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getI32IntegerAttr(value));
  };

  // A tensor map lists dimensions innermost first; the descriptor's are
  // outermost first. The constants come first, then the map's slot.
  SmallVector<Value> box, globalDims, byteStrides;
  for (int64_t size : llvm::reverse(plan.box))
    box.push_back(i32Constant(size));
  Value one = i32Constant(1);
  SmallVector<Value> elementStrides(box.size(), one);
  Value elementBytes;
  if (plan.elementBytes != 1)
    elementBytes = arith::ConstantOp::create(
        builder, loc, builder.getI64IntegerAttr(plan.elementBytes));
  Value scratch = ttg::GlobalScratchAllocOp::create(
      builder, loc, tt::PointerType::get(IntegerType::get(context, 8), 1),
      kTensorMapBytes, kTensorMapAlignment);
  for (Value size : llvm::reverse(make.getShape()))
    globalDims.push_back(size);
  // The innermost stride is the element size, implied.
  for (Value stride : llvm::reverse(make.getStrides().drop_back()))
    byteStrides.push_back(
        elementBytes ? arith::MulIOp::create(builder, loc, stride, elementBytes)
                     : stride);
  // Swizzle modes 0..3: none, 32, 64, 128 bytes.
  uint32_t swizzle =
      plan.swizzleBytes == 0 ? 0 : llvm::Log2_32(plan.swizzleBytes) - 4;
  uint32_t fill = make.getPadding() == tt::PaddingOption::PAD_NAN ? 1 : 0;
  ttng::TensormapCreateOp::create(
      builder, loc, scratch, make.getBase(), box, globalDims, byteStrides,
      elementStrides, uint32_t(getTensormapElementType(block.getElementType())),
      /*interleave_layout=*/0u, swizzle, fill);
  ttng::TensormapFenceproxyAcquireOp::create(builder, loc, scratch);
  Value view =
      ttng::ReinterpretTensorDescOp::create(builder, loc, desc, scratch);
  make.replaceAllUsesWith(view);
  make->erase();
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
    SmallVector<tt::MakeTensorDescOp> makes;
    SmallVector<tt::DescriptorLoadOp> loads;
    SmallVector<tt::DescriptorStoreOp> stores;
    SmallVector<tt::DescriptorReduceOp> reduces;
    WalkResult result = module.walk([&](Operation *op) {
      if (auto make = dyn_cast<tt::MakeTensorDescOp>(op)) {
        if (failed(checkDescriptor(make, make.getResult())))
          return WalkResult::interrupt();
        makes.push_back(make);
        return WalkResult::advance();
      }
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
    for (tt::MakeTensorDescOp make : makes)
      lowerMakeDescriptor(make);
    for (tt::DescriptorLoadOp load : loads)
      lowerLoad(load);
    for (tt::DescriptorStoreOp store : stores)
      lowerStore(store);
    numLoweredLoads += loads.size();
    numLoweredStores += stores.size();
    numLoweredDescriptors += makes.size();
    for (tt::DescriptorReduceOp reduce : reduces)
      lowerReduce(reduce);
    numLoweredReduces += reduces.size();
  }
};
} // namespace

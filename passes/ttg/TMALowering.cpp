//===- TMALowering.cpp - triton-nvidia-tma-lowering -----------------------===//
//
// Descriptor loads and stores the pipeliner did not take become TMA copies
// through a shared buffer in the descriptor's layout, shaped as the tensor
// (which may drop the block's leading unit dimensions). A load:
//
//   buf = local_alloc; bar = local_alloc (one mbarrier); init_barrier bar, 1
//   barrier_expect bar, BYTES, true
//   async_tma_copy_global_to_local desc[i, j] buf, bar, true
//   wait_barrier bar, 0; inval_barrier bar
//   v = local_load buf
//
// where a ttg.local_alloc of v in the buffer's layout becomes buf itself, as
// in Triton. A gather goes the same way through async_tma_gather.
//
// A store: buf = local_alloc v; fence_async_shared;
// async_tma_copy_local_to_global desc[i, j] buf; async_tma_store_wait 0.
// A reduction stores the same way through async_tma_reduce KIND, a scatter
// through async_tma_scatter.
//
// As Triton's pass, this one rewrites whatever shared layout the descriptor
// has; whether TMA can move such blocks (the layout, the element type, the
// indices, gather and scatter on the target) is for
// convert-triton-gpu-to-llvm to check and diagnose.
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
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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

/// Emits an error on `op` unless its descriptor has a shared encoding, the
/// layout of the buffers its blocks go through. Whether TMA can move those
/// blocks is convert-triton-gpu-to-llvm's question, as in Triton: this pass
/// only rewrites.
LogicalResult checkDescriptor(Operation *op, Value descriptor) {
  auto desc = cast<tt::TensorDescType>(descriptor.getType());
  if (!ttg::isSharedEncoding(desc.getBlockType().getEncoding()))
    return op->emitOpError("needs a descriptor with a shared encoding; run "
                           "triton-nvidia-optimize-descriptor-encoding first");
  return success();
}

/// Emits an error on `make` unless its tensor map can be written: the box
/// and swizzle come from the plan of its block.
LogicalResult checkMakeDescriptor(tt::MakeTensorDescOp make) {
  if (failed(checkDescriptor(make, make.getResult())))
    return failure();
  RankedTensorType block = make.getType().getBlockType();
  std::string why;
  if (failed(ttg::planTMABlock(block.getShape(), block.getElementType(),
                               block.getEncoding(), why)))
    return make.emitOpError("cannot move its blocks by TMA: ") << why;
  return success();
}

/// The shared encoding of the buffer a tensor of `shape` goes through on its
/// way to or from `desc`: the descriptor's when it fits the buffer's rank (a
/// memdesc takes an encoding of its rank or one less), or, when the tensor
/// drops the block's leading unit dimensions, the same encoding of the
/// buffer's rank (ttg::getRankReducedSharedEncoding). Null otherwise.
Attribute getBufferEncoding(tt::TensorDescType desc, ArrayRef<int64_t> shape) {
  RankedTensorType block = desc.getBlockType();
  Attribute encoding = block.getEncoding();
  if (block.getShape() == shape)
    return encoding;
  auto layout = dyn_cast<ttg::LayoutEncodingAttrInterface>(encoding);
  if (!layout)
    return {};
  size_t rank = layout.getRank();
  if (rank == shape.size() || rank + 1 == shape.size())
    return encoding;
  return ttg::getRankReducedSharedEncoding(encoding, shape.size());
}

/// Emits an error on `op` unless a buffer for `tensor` can take the
/// descriptor's encoding (see getBufferEncoding).
LogicalResult checkBufferEncoding(Operation *op, Value descriptor,
                                  RankedTensorType tensor) {
  if (failed(checkDescriptor(op, descriptor)))
    return failure();
  auto desc = cast<tt::TensorDescType>(descriptor.getType());
  if (!getBufferEncoding(desc, tensor.getShape()))
    return op->emitOpError("drops leading unit dimensions of its block, but "
                           "the descriptor's encoding ")
           << desc.getBlockType().getEncoding() << " does not fit a "
           << tensor.getRank() << "-dimensional buffer";
  return success();
}

/// The buffer a tensor of type `tensor` goes through on its way to or from
/// `desc`: the tensor's shape and element type, the descriptor's encoding.
ttg::MemDescType getBufferType(tt::TensorDescType desc, RankedTensorType tensor,
                               bool isMutable) {
  return ttg::MemDescType::get(
      tensor.getShape(), tensor.getElementType(),
      getBufferEncoding(desc, tensor.getShape()),
      ttg::SharedMemorySpaceAttr::get(desc.getContext()), isMutable);
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
                         block.getEncoding(), why); // checkMakeDescriptor
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

//===----------------------------------------------------------------------===//
// Loads and gathers
//===----------------------------------------------------------------------===//

bool isMemDescView(Operation *op) {
  return isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp, ttg::MemDescTransOp,
             ttg::MemDescReshapeOp, ttg::MemDescReinterpretOp>(op);
}

/// Whether every use of memdesc `value` also takes a mutable memdesc of the
/// same type: views and warp_group_dot_wait pass it on to their results
/// (which must then take it too); terminators, calls and ops with regions
/// would need their own types changed, so they refuse.
bool usesTakeMutable(Value value) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (isMemDescView(user)) {
      if (!usesTakeMutable(user->getResult(0)))
        return false;
    } else if (isa<ttng::WarpGroupDotWaitOp>(user)) {
      if (!usesTakeMutable(user->getResult(use.getOperandNumber())))
        return false;
    } else if (user->hasTrait<OpTrait::IsTerminator>() ||
               user->getNumRegions() != 0 || isa<CallOpInterface>(user)) {
      return false;
    }
  }
  return true;
}

/// Makes memdesc `value` mutable, and the views and warp_group_dot_wait
/// results that pass it on (usesTakeMutable holds).
void makeMutable(Value value) {
  auto type = cast<ttg::MemDescType>(value.getType());
  value.setType(ttg::MemDescType::get(
      type.getContext(), type.getShape(), type.getElementType(),
      type.getEncoding(), type.getMemorySpace(), /*mutableMemory=*/true,
      type.getAllocShape()));
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (isMemDescView(user))
      makeMutable(user->getResult(0));
    else if (isa<ttng::WarpGroupDotWaitOp>(user))
      makeMutable(user->getResult(use.getOperandNumber()));
  }
}

/// Hands the tensor `loaded` arrived in `buffer` to its users, as Triton
/// does: a ttg.local_alloc of it in the buffer's encoding becomes the buffer
/// itself (when its uses take a mutable buffer), every other user reads it
/// back through one ttg.local_load, built at `builder`'s point.
void replaceWithBuffer(OpBuilder &builder, Value loaded, Value buffer) {
  auto bufferType = cast<ttg::MemDescType>(buffer.getType());
  SmallVector<ttg::LocalAllocOp> copies;
  for (Operation *user : loaded.getUsers())
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(user))
      if (alloc.getType().getEncoding() == bufferType.getEncoding() &&
          usesTakeMutable(alloc.getResult()))
        copies.push_back(alloc);
  for (ttg::LocalAllocOp copy : copies) {
    makeMutable(copy.getResult());
    copy.replaceAllUsesWith(buffer);
    copy->erase();
  }
  if (loaded.use_empty())
    return;
  Value value = ttg::LocalLoadOp::create(builder, loaded.getLoc(),
                                         loaded.getType(), buffer);
  loaded.replaceAllUsesWith(value);
}

/// Replaces a load-like descriptor op (a load or a gather) of `result`
/// through `desc` by a TMA copy into a fresh buffer that completes on a
/// fresh mbarrier: `createCopy` builds the copy from the buffer, the barrier
/// and an always-true predicate.
void lowerLoadLike(
    Operation *op, Value desc, Value result,
    function_ref<void(OpBuilder &, Value, Value, Value)> createCopy) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  MLIRContext *context = op->getContext();
  auto tensor = cast<RankedTensorType>(result.getType());
  Value buffer = ttg::LocalAllocOp::create(
      builder, loc,
      getBufferType(cast<tt::TensorDescType>(desc.getType()), tensor,
                    /*isMutable=*/true),
      /*src=*/Value(), /*alignment=*/IntegerAttr());
  Value barrier = ttg::LocalAllocOp::create(
      builder, loc, getMBarrierType(context), /*src=*/Value(),
      /*alignment=*/IntegerAttr());
  ttng::InitBarrierOp::create(builder, loc, barrier, /*count=*/1);
  Value always =
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
  int64_t bytes = tensor.getNumElements() *
                  tensor.getElementType().getIntOrFloatBitWidth() / 8;
  ttng::BarrierExpectOp::create(builder, loc, barrier, int32_t(bytes), always);
  createCopy(builder, buffer, barrier, always);
  Value phase =
      arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(0));
  ttng::WaitBarrierOp::create(builder, loc, barrier, phase, /*pred=*/Value(),
                              /*deps=*/ValueRange{});
  ttng::InvalBarrierOp::create(builder, loc, barrier);
  replaceWithBuffer(builder, result, buffer);
  ttg::LocalDeallocOp::create(builder, loc, barrier);
  op->erase();
}

void lowerLoad(tt::DescriptorLoadOp load) {
  lowerLoadLike(
      load, load.getDesc(), load.getResult(),
      [&](OpBuilder &builder, Value buffer, Value barrier, Value pred) {
        ttng::AsyncTMACopyGlobalToLocalOp::create(
            builder, load.getLoc(), load.getDesc(), load.getIndices(), buffer,
            barrier, pred, load.getCache(), load.getEvict(),
            /*isVolatile=*/false);
      });
}

void lowerGather(tt::DescriptorGatherOp gather) {
  lowerLoadLike(
      gather, gather.getDesc(), gather.getResult(),
      [&](OpBuilder &builder, Value buffer, Value barrier, Value pred) {
        ttng::AsyncTMAGatherOp::create(
            builder, gather.getLoc(), gather.getDesc(), gather.getXOffsets(),
            gather.getYOffset(), barrier, buffer, pred);
      });
}

//===----------------------------------------------------------------------===//
// Stores and scatters
//===----------------------------------------------------------------------===//

/// Replaces a store-like descriptor op (a store, a scatter or a reduction)
/// of `src` through `desc` by a TMA copy out of a shared buffer:
/// `createCopy` builds the copy of the buffer it gets, which is waited for
/// at once.
void lowerStoreLike(Operation *op, Value desc, Value src,
                    function_ref<void(OpBuilder &, Value)> createCopy) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  ttg::MemDescType type =
      getBufferType(cast<tt::TensorDescType>(desc.getType()),
                    cast<RankedTensorType>(src.getType()),
                    /*isMutable=*/false);
  Value buffer = ttg::LocalAllocOp::create(builder, loc, type, src,
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

void lowerScatter(tt::DescriptorScatterOp scatter) {
  lowerStoreLike(scatter, scatter.getDesc(), scatter.getSrc(),
                 [&](OpBuilder &builder, Value buffer) {
                   ttng::AsyncTMAScatterOp::create(
                       builder, scatter.getLoc(), scatter.getDesc(),
                       scatter.getXOffsets(), scatter.getYOffset(), buffer);
                 });
}

//===----------------------------------------------------------------------===//
// Reductions (tt.descriptor_reduce)
//===----------------------------------------------------------------------===//

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
    SmallVector<tt::DescriptorGatherOp> gathers;
    SmallVector<tt::DescriptorStoreOp> stores;
    SmallVector<tt::DescriptorScatterOp> scatters;
    SmallVector<tt::DescriptorReduceOp> reduces;
    WalkResult result = module.walk([&](Operation *op) {
      LogicalResult checked = success();
      if (auto make = dyn_cast<tt::MakeTensorDescOp>(op)) {
        checked = checkMakeDescriptor(make);
        makes.push_back(make);
      } else if (auto load = dyn_cast<tt::DescriptorLoadOp>(op)) {
        checked = checkBufferEncoding(op, load.getDesc(), load.getType());
        loads.push_back(load);
      } else if (auto gather = dyn_cast<tt::DescriptorGatherOp>(op)) {
        checked = checkBufferEncoding(op, gather.getDesc(), gather.getType());
        gathers.push_back(gather);
      } else if (auto store = dyn_cast<tt::DescriptorStoreOp>(op)) {
        checked =
            checkBufferEncoding(op, store.getDesc(), store.getSrc().getType());
        stores.push_back(store);
      } else if (auto scatter = dyn_cast<tt::DescriptorScatterOp>(op)) {
        checked = checkBufferEncoding(op, scatter.getDesc(),
                                      scatter.getSrc().getType());
        scatters.push_back(scatter);
      } else if (auto reduce = dyn_cast<tt::DescriptorReduceOp>(op)) {
        checked = checkBufferEncoding(op, reduce.getDesc(),
                                      reduce.getSrc().getType());
        reduces.push_back(reduce);
      }
      return failed(checked) ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    for (tt::MakeTensorDescOp make : makes)
      lowerMakeDescriptor(make);
    for (tt::DescriptorLoadOp load : loads)
      lowerLoad(load);
    for (tt::DescriptorGatherOp gather : gathers)
      lowerGather(gather);
    for (tt::DescriptorStoreOp store : stores)
      lowerStore(store);
    for (tt::DescriptorScatterOp scatter : scatters)
      lowerScatter(scatter);
    for (tt::DescriptorReduceOp reduce : reduces)
      lowerReduce(reduce);
    numLoweredLoads += loads.size() + gathers.size();
    numLoweredStores += stores.size() + scatters.size();
    numLoweredDescriptors += makes.size();
    numLoweredReduces += reduces.size();
    // Triton's pass rewrites through the greedy driver, which also folds the
    // module's ops, drops dead ones and merges equal constants; so does this
    // one, so that the IR that follows is the same.
    if (failed(applyPatternsGreedily(module, FrozenRewritePatternSet())))
      return signalPassFailure();
  }
};
} // namespace

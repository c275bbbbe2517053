//===- TMAOpToLLVM.cpp - mbarriers and TMA copies -------------------------===//
//
// The ttng mbarrier ops are one thread's business: thread 0 initializes,
// invalidates, arrives and announces transaction bytes; every thread that
// waits spins on the phase itself. A TMA copy moves a descriptor block as
// the boxes planTMABlock (dialects/ttg/TMABlock.h) cuts it into; one elected
// lane of warp i issues copy i (modulo the warps), so a block of several
// boxes goes out from several warps at once, as in Triton. TMA stores and
// reductions join the issuing thread's bulk group, which
// async_tma_store_wait waits on.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TMABlock.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// An i1 that holds in thread 0 of the warp group only (the CTA's, or a
/// partition's of ttg.warp_specialize).
Value isFirstThread(OpBuilder &builder, Location loc) {
  int threadsPerWarp =
      ttg::getThreadsPerWarp(builder.getInsertionBlock()->getParentOp());
  return LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq,
                              getGroupThreadId(builder, loc, threadsPerWarp),
                              i32Constant(builder, loc, 0));
}

/// The TMA plan of the block a descriptor moves.
FailureOr<ttg::TMABlockPlan> planDescriptorBlock(tt::TensorDescType type,
                                                 std::string &why) {
  RankedTensorType block = type.getBlockType();
  return ttg::planTMABlock(block.getShape(), block.getElementType(),
                           block.getEncoding(), why);
}

/// Whether `view` holds the descriptor block `block` as it is, or with
/// leading unit dimensions dropped (a rank-reducing descriptor load or
/// store) in the block's encoding at the buffer's rank
/// (ttg::getRankReducedSharedEncoding): both lay the elements out alike,
/// so the block's copies fill the buffer.
bool isBufferOfBlock(ttg::MemDescType view, RankedTensorType block) {
  if (view.getElementType() != block.getElementType())
    return false;
  if (view.getShape() == block.getShape())
    return view.getEncoding() == block.getEncoding();
  int64_t dropped = block.getRank() - view.getRank();
  if (dropped <= 0 || view.getShape() != block.getShape().drop_front(dropped) ||
      llvm::any_of(block.getShape().take_front(dropped),
                   [](int64_t size) { return size != 1; }))
    return false;
  return view.getEncoding() == block.getEncoding() ||
         view.getEncoding() == ttg::getRankReducedSharedEncoding(
                                   block.getEncoding(), view.getRank());
}

/// Emits one TMA copy per box of `plan`: copy i from an elected lane of
/// warp i modulo the warps, where `pred` (null for always) holds.
/// `emitCopy` gets the box's shared pointer, its coordinates (innermost
/// first) and the predicate.
template <typename EmitCopy>
void emitBoxCopies(OpBuilder &builder, Location loc,
                   const ttg::TMABlockPlan &plan, Value buffer,
                   ValueRange blockCoords, Value pred,
                   const LoweringContext &lowering, EmitCopy emitCopy) {
  Value elected = nvidia::emitElectOneLane(builder, loc);
  Value warp = getThreadIndex(builder, loc, lowering.threadsPerWarp).warp;
  auto i8 = builder.getI8Type();
  for (auto [i, copy] : llvm::enumerate(plan.copies)) {
    Value issuer = LLVM::ICmpOp::create(
        builder, loc, LLVM::ICmpPredicate::eq, warp,
        i32Constant(builder, loc,
                    int64_t(i) % getGroupNumWarps(builder, lowering.numWarps)));
    Value copyPred = andPredicates(
        builder, loc, andPredicates(builder, loc, elected, issuer), pred);
    Value address = buffer;
    if (copy.byteOffset != 0)
      address =
          LLVM::GEPOp::create(builder, loc, buffer.getType(), i8, buffer,
                              ArrayRef<LLVM::GEPArg>{int32_t(copy.byteOffset)});
    SmallVector<Value> coords;
    for (int d = int(blockCoords.size()) - 1; d >= 0; --d) {
      Value coord = blockCoords[d];
      if (copy.origin[d] != 0)
        coord = LLVM::AddOp::create(builder, loc, coord,
                                    i32Constant(builder, loc, copy.origin[d]));
      coords.push_back(coord);
    }
    emitCopy(address, coords, copyPred);
  }
}

struct InitBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::InitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::InitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    nvidia::emitMBarrierInit(rewriter, loc, adaptor.getAlloc(), op.getCount(),
                             isFirstThread(rewriter, loc));
    rewriter.eraseOp(op);
    return success();
  }
};

struct InvalBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::InvalBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::InvalBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    nvidia::emitMBarrierInval(rewriter, loc, adaptor.getAlloc(),
                              isFirstThread(rewriter, loc));
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierExpectOpConversion
    : public ConvertOpToLLVMPattern<ttng::BarrierExpectOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::BarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value pred = andPredicates(rewriter, loc, isFirstThread(rewriter, loc),
                               adaptor.getPred());
    nvidia::emitMBarrierArriveExpectTx(rewriter, loc, adaptor.getAlloc(),
                                       op.getSize(), pred);
    rewriter.eraseOp(op);
    return success();
  }
};

struct ArriveBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::ArriveBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::ArriveBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value pred = andPredicates(rewriter, loc, isFirstThread(rewriter, loc),
                               adaptor.getPred());
    nvidia::emitMBarrierArrive(rewriter, loc, adaptor.getAlloc(), op.getCount(),
                               pred);
    rewriter.eraseOp(op);
    return success();
  }
};

struct WaitBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::WaitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nvidia::emitMBarrierWait(rewriter, op.getLoc(), adaptor.getAlloc(),
                             adaptor.getPhase(), adaptor.getPred());
    rewriter.eraseOp(op);
    return success();
  }
};

struct TMALoadOpConversion
    : public ConvertOpToLLVMPattern<ttng::AsyncTMACopyGlobalToLocalOp> {
  TMALoadOpConversion(LLVMTypeConverter &converter,
                      const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttng::AsyncTMACopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string why;
    // The descriptor's block decides the boxes: the buffer holds it, maybe
    // without its leading unit dimensions (isBufferOfBlock).
    FailureOr<ttg::TMABlockPlan> plan =
        planDescriptorBlock(op.getDesc().getType(), why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
    Value descriptor = adaptor.getDesc(), barrier = adaptor.getBarrier();
    emitBoxCopies(rewriter, loc, *plan, adaptor.getResult(), adaptor.getCoord(),
                  adaptor.getPred(), lowering,
                  [&](Value box, ValueRange coords, Value pred) {
                    nvidia::emitTMALoad(rewriter, loc, box, descriptor, coords,
                                        barrier, pred);
                  });
    rewriter.eraseOp(op);
    return success();
  }

  const LoweringContext &lowering;
};

/// Lowers a copy out of shared buffer `src` (holding a block of `desc`,
/// see isBufferOfBlock) through the descriptor, a TMA store or reduction:
/// `emitCopy` issues one box (its shared pointer, coordinates and predicate);
/// the copies form one bulk group of the issuing threads.
template <typename EmitCopy>
LogicalResult
lowerStoreLike(Operation *op, tt::TensorDescType desc, Value src,
               ValueRange blockCoords, const LoweringContext &lowering,
               ConversionPatternRewriter &rewriter, EmitCopy emitCopy) {
  std::string why;
  FailureOr<ttg::TMABlockPlan> plan = planDescriptorBlock(desc, why);
  if (failed(plan))
    return rewriter.notifyMatchFailure(op, why);
  emitBoxCopies(rewriter, op->getLoc(), *plan, src, blockCoords,
                /*pred=*/Value(), lowering, emitCopy);
  nvidia::emitBulkCommitGroup(rewriter, op->getLoc());
  rewriter.eraseOp(op);
  return success();
}

struct TMAStoreOpConversion
    : public ConvertOpToLLVMPattern<ttng::AsyncTMACopyLocalToGlobalOp> {
  TMAStoreOpConversion(LLVMTypeConverter &converter,
                       const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttng::AsyncTMACopyLocalToGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value descriptor = adaptor.getDesc();
    return lowerStoreLike(
        op, op.getDesc().getType(), adaptor.getSrc(), adaptor.getCoord(),
        lowering, rewriter, [&](Value box, ValueRange coords, Value pred) {
          nvidia::emitTMAStore(rewriter, loc, descriptor, coords, box, pred);
        });
  }

  const LoweringContext &lowering;
};

/// A TMA reduction: as a TMA store, each box combined with memory.
struct TMAReduceOpConversion
    : public ConvertOpToLLVMPattern<ttng::AsyncTMAReduceOp> {
  TMAReduceOpConversion(LLVMTypeConverter &converter,
                        const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttng::AsyncTMAReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value descriptor = adaptor.getDesc();
    return lowerStoreLike(
        op, op.getDesc().getType(), adaptor.getSrc(), adaptor.getCoord(),
        lowering, rewriter, [&](Value box, ValueRange coords, Value pred) {
          nvidia::emitTMAReduce(rewriter, loc, op.getKind(), descriptor, coords,
                                box, pred);
        });
  }

  const LoweringContext &lowering;
};

struct TMAStoreWaitOpConversion
    : public ConvertOpToLLVMPattern<ttng::TMAStoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::TMAStoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nvidia::emitBulkWaitGroupRead(rewriter, op.getLoc(), op.getPendings());
    rewriter.eraseOp(op);
    return success();
  }
};

/// Checks that a descriptor's block and the buffer a copy uses agree with
/// what TMA can move.
LogicalResult checkCopy(Operation *op, tt::TensorDescType descType,
                        ttg::MemDescType view, ValueRange coords) {
  std::string why;
  RankedTensorType block = descType.getSignlessBlockType();
  if (!block.getEncoding())
    return op->emitOpError("needs a descriptor with a shared encoding (run "
                           "triton-nvidia-optimize-descriptor-encoding)");
  // The descriptor ops' verifiers, as Triton's, leave the count unchecked.
  if (static_cast<int64_t>(coords.size()) != block.getRank())
    return op->emitOpError("needs one coordinate per block dimension (")
           << block.getRank() << "), got " << coords.size();
  if (!isBufferOfBlock(view, block))
    return op->emitOpError("copies a ")
           << view << " buffer through a descriptor of " << block
           << "; TMA needs the block's shape (or the block without leading "
              "unit dimensions), type and encoding";
  if (failed(planDescriptorBlock(descType, why)))
    return op->emitOpError("cannot be lowered: ") << why;
  return success();
}

/// Checks a TMA reduction as a copy, and its kind against the descriptor's
/// element type (the tensor map's, which decides how elements combine).
LogicalResult checkReduce(ttng::AsyncTMAReduceOp reduce) {
  auto view = dyn_cast<ttg::MemDescType>(reduce.getSrc().getType());
  if (!view)
    return reduce.emitOpError("needs a shared-memory buffer to reduce from");
  tt::TensorDescType desc = reduce.getDesc().getType();
  if (failed(checkCopy(reduce, desc, view, reduce.getCoord())))
    return failure();
  std::string why;
  if (failed(ttg::checkTMAReduce(reduce.getKind(),
                                 desc.getBlockType().getElementType(), why)))
    return reduce.emitOpError("cannot be lowered: ") << why;
  return success();
}
} // namespace

LogicalResult mlir::tile::checkTMALowering(Operation *op) {
  // A kernel's descriptor parameters are tensor maps the launcher encodes.
  if (auto func = dyn_cast<tt::FuncOp>(op)) {
    if (!func.isPublic() || func.isExternal())
      return success();
    for (auto [i, input] : llvm::enumerate(func.getArgumentTypes())) {
      auto desc = dyn_cast<tt::TensorDescType>(input);
      std::string why;
      if (desc && failed(getTensorDescMetadata(desc, why)))
        return func.emitOpError("argument ")
               << i << ": TMA cannot move the blocks of " << desc << ": "
               << why;
    }
    return success();
  }
  if (auto load = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op))
    return checkCopy(op, load.getDesc().getType(),
                     cast<ttg::MemDescType>(load.getResult().getType()),
                     load.getCoord());
  if (auto store = dyn_cast<ttng::AsyncTMACopyLocalToGlobalOp>(op))
    return checkCopy(op, store.getDesc().getType(),
                     cast<ttg::MemDescType>(store.getSrc().getType()),
                     store.getCoord());
  if (auto reduce = dyn_cast<ttng::AsyncTMAReduceOp>(op))
    return checkReduce(reduce);
  return success();
}

FailureOr<DictionaryAttr>
mlir::tile::getTensorDescMetadata(tt::TensorDescType type, std::string &why) {
  FailureOr<ttg::TMABlockPlan> plan = planDescriptorBlock(type, why);
  if (failed(plan))
    return failure();
  MLIRContext *context = type.getContext();
  Builder builder(context);
  // Triton's tensordesc_meta: CU_TENSOR_MAP_SWIZZLE_{NONE,32B,64B,128B}.
  int swizzle =
      plan->swizzleBytes == 0 ? 0 : llvm::Log2_32(plan->swizzleBytes) - 4;
  SmallVector<int32_t> box(plan->box.begin(), plan->box.end());
  NamedAttribute fields[] = {
      builder.getNamedAttr("block_size", builder.getDenseI32ArrayAttr(box)),
      builder.getNamedAttr(
          "elem_size", builder.getI32IntegerAttr(int32_t(plan->elementBytes))),
      builder.getNamedAttr("elem_type",
                           builder.getI32IntegerAttr(ttg::getTMAElementTypeCode(
                               type.getBlockType().getElementType()))),
      builder.getNamedAttr("fp4_padded", builder.getBoolAttr(false)),
      builder.getNamedAttr("swizzle", builder.getI32IntegerAttr(swizzle)),
  };
  return builder.getDictionaryAttr(fields);
}

void mlir::tile::populateTMAOpToLLVMPatterns(LLVMTypeConverter &converter,
                                             RewritePatternSet &patterns,
                                             const LoweringContext &lowering) {
  patterns.add<InitBarrierOpConversion, InvalBarrierOpConversion,
               BarrierExpectOpConversion, ArriveBarrierOpConversion,
               WaitBarrierOpConversion, TMAStoreWaitOpConversion>(converter);
  patterns
      .add<TMALoadOpConversion, TMAStoreOpConversion, TMAReduceOpConversion>(
          converter, lowering);
}

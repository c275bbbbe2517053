//===- BarrierOpToLLVM.cpp - CTA barriers and proxy fences ----------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// ttg.local_barrier orders the CTA's shared-memory accesses: bar.sync 0.
struct LocalBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttg::LocalBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::LocalBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nvidia::emitCTABarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

/// gpu.barrier, what Triton's tl.debug_barrier() writes into TTIR: a CTA
/// barrier, as ttg.local_barrier: bar.sync orders every memory access of the
/// CTA's threads before it before every access after it. tile links no gpu
/// dialect code, so the op is matched by name.
struct GPUBarrierOpConversion : public ConversionPattern {
  GPUBarrierOpConversion(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, kGPUBarrierOpName, /*benefit=*/1,
                          context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 0 || op->getNumResults() != 0)
      return rewriter.notifyMatchFailure(op, "not a plain gpu.barrier");
    nvidia::emitCTABarrier(rewriter, op->getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

/// ttng.named_barrier_wait and ttng.named_barrier_arrive: bar.sync and
/// bar.arrive on barrier `bar` for `numThreads` threads.
template <typename OpTy, bool arrive>
struct NamedBarrierOpConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nvidia::emitNamedBarrier(rewriter, op.getLoc(), adaptor.getBar(),
                             adaptor.getNumThreads(), arrive);
    rewriter.eraseOp(op);
    return success();
  }
};

/// ttng.fence_async_shared orders the thread's shared-memory writes before
/// the async proxy (wgmma, TMA) reads them.
struct FenceAsyncSharedOpConversion
    : public ConvertOpToLLVMPattern<ttng::FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::FenceAsyncSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getBCluster())
      return rewriter.notifyMatchFailure(op, "cluster scope");
    nvidia::emitAsyncSharedFence(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::tile::populateBarrierOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<LocalBarrierOpConversion, FenceAsyncSharedOpConversion>(
      converter);
  patterns.add<GPUBarrierOpConversion>(converter, patterns.getContext());
  patterns.add<NamedBarrierOpConversion<ttng::NamedBarrierWaitOp, false>,
               NamedBarrierOpConversion<ttng::NamedBarrierArriveOp, true>>(
      converter);
}

//===- TensormapOpToLLVM.cpp - Tensor maps built on the device ------------===//
//
// ttng.tensormap_create builds the tensor map in the op's 128 bytes of
// shared scratch, as Triton does: the first warp zeroes it (a word per
// lane), thread 0 sets each field, and the first warp copies it to its
// global slot, releasing it to the tensor-map proxy. Everything happens in
// one warp, so no CTA barrier is needed inside; the barrier analysis orders
// the scratch against other users. ttng.tensormap_fenceproxy_acquire
// acquires the map in the first warp, then a CTA barrier lets every warp
// use it. ttng.reinterpret_tensor_descriptor views the global map as a
// descriptor: its generic address.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
using nvidia::TensorMapField;

/// An i1 that holds in the threads of the first warp of the group, given
/// the thread's index in the group.
Value isFirstWarp(OpBuilder &builder, Location loc, Value thread,
                  int threadsPerWarp) {
  return LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ult, thread,
                              i32Constant(builder, loc, threadsPerWarp));
}

struct TensormapCreateOpConversion
    : public ConvertOpToLLVMPattern<ttng::TensormapCreateOp> {
  TensormapCreateOpConversion(LLVMTypeConverter &converter,
                              const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttng::TensormapCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value map = getAllocationPointer(rewriter, loc, op);
    if (!map) // The allocation gives every op with scratch an offset.
      return rewriter.notifyMatchFailure(op, "no shared scratch");
    int threadsPerWarp = lowering.threadsPerWarp;
    Value thread = getGroupThreadId(rewriter, loc, threadsPerWarp);
    Value firstWarp = isFirstWarp(rewriter, loc, thread, threadsPerWarp);
    Value firstThread =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, thread,
                             i32Constant(rewriter, loc, 0));

    // Zero the map: 32 words, one per lane of the first warp.
    Type i32 = rewriter.getI32Type();
    Value word = LLVM::GEPOp::create(rewriter, loc, map.getType(), i32, map,
                                     ArrayRef<LLVM::GEPArg>{thread});
    nvidia::emitPredicatedSharedStore(rewriter, loc, word,
                                      i32Constant(rewriter, loc, 0), firstWarp);
    nvidia::emitWarpSync(rewriter, loc);

    auto replace = [&](TensorMapField field, int ordinal, Value value) {
      nvidia::emitTensorMapReplace(rewriter, loc, map, field, ordinal, value,
                                   firstThread);
    };
    auto replaceConstant = [&](TensorMapField field, int32_t value) {
      nvidia::emitTensorMapReplace(rewriter, loc, map, field, value,
                                   firstThread);
    };
    int rank = int(op.getBoxDim().size());
    replace(TensorMapField::GlobalAddress, -1, adaptor.getGlobalAddress());
    // The field holds the rank minus one.
    replaceConstant(TensorMapField::Rank, rank - 1);
    for (auto [i, size] : llvm::enumerate(adaptor.getBoxDim()))
      replace(TensorMapField::BoxDim, int(i), size);
    for (auto [i, size] : llvm::enumerate(adaptor.getGlobalDim()))
      replace(TensorMapField::GlobalDim, int(i), size);
    for (auto [i, stride] : llvm::enumerate(adaptor.getGlobalStride()))
      replace(TensorMapField::GlobalStride, int(i), stride);
    for (auto [i, stride] : llvm::enumerate(adaptor.getElementStride()))
      replace(TensorMapField::ElementStride, int(i), stride);
    replaceConstant(TensorMapField::ElemType, int32_t(op.getElemType()));
    replaceConstant(TensorMapField::InterleaveLayout,
                    int32_t(op.getInterleaveLayout()));
    replaceConstant(TensorMapField::SwizzleMode, int32_t(op.getSwizzleMode()));
    replaceConstant(TensorMapField::FillMode, int32_t(op.getFillMode()));
    nvidia::emitTensorMapCopyToGlobal(rewriter, loc, adaptor.getDescPtr(), map,
                                      firstWarp);
    rewriter.eraseOp(op);
    return success();
  }

  const LoweringContext &lowering;
};

struct TensormapFenceproxyAcquireOpConversion
    : public ConvertOpToLLVMPattern<ttng::TensormapFenceproxyAcquireOp> {
  TensormapFenceproxyAcquireOpConversion(LLVMTypeConverter &converter,
                                         const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttng::TensormapFenceproxyAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // One warp acquires; the barrier then orders every warp's copies after
    // it (cheaper than an acquire in each warp, as Triton finds).
    int threadsPerWarp = lowering.threadsPerWarp;
    Value thread = getGroupThreadId(rewriter, loc, threadsPerWarp);
    nvidia::emitTensorMapAcquire(
        rewriter, loc, adaptor.getDescPtr(),
        isFirstWarp(rewriter, loc, thread, threadsPerWarp));
    nvidia::emitCTABarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }

  const LoweringContext &lowering;
};

struct ReinterpretTensorDescOpConversion
    : public ConvertOpToLLVMPattern<ttng::ReinterpretTensorDescOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::ReinterpretTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    Value raw = adaptor.getRawDesc();
    if (raw.getType() == type)
      rewriter.replaceOp(op, raw);
    else
      rewriter.replaceOpWithNewOp<LLVM::AddrSpaceCastOp>(op, type, raw);
    return success();
  }
};

/// Whether `value` is a pointer into global memory (address space 1).
bool isGlobalPointer(Value value) {
  auto pointer = dyn_cast<tt::PointerType>(value.getType());
  return pointer && pointer.getAddressSpace() == 1;
}
} // namespace

LogicalResult mlir::tile::checkTensormapLowering(Operation *op) {
  if (auto create = dyn_cast<ttng::TensormapCreateOp>(op)) {
    if (!isGlobalPointer(create.getDescPtr()) ||
        !isGlobalPointer(create.getGlobalAddress()))
      return create.emitOpError("needs global pointers for the tensor map "
                                "and the tensor");
    int rank = int(create.getBoxDim().size());
    if (rank < 1 || rank > 5)
      return create.emitOpError("has rank ")
             << rank << "; a tensor map has 1 to 5 dimensions";
    if (create.getInterleaveLayout() != 0)
      return create.emitOpError("asks for an interleaved layout, which "
                                "tile's TMA copies (tile mode) do not read");
    return success();
  }
  if (auto acquire = dyn_cast<ttng::TensormapFenceproxyAcquireOp>(op)) {
    if (!isGlobalPointer(acquire.getDescPtr()))
      return acquire.emitOpError("needs a global pointer to the tensor map");
    return success();
  }
  if (auto reinterpret = dyn_cast<ttng::ReinterpretTensorDescOp>(op)) {
    if (!isGlobalPointer(reinterpret.getRawDesc()))
      return reinterpret.emitOpError(
          "needs a global pointer to the tensor map");
    return success();
  }
  return success();
}

void mlir::tile::populateTensormapOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<TensormapCreateOpConversion,             // tensormap_create
               TensormapFenceproxyAcquireOpConversion>( // fenceproxy_acquire
      converter, lowering);
  patterns.add<ReinterpretTensorDescOpConversion>(converter); // reinterpret
}

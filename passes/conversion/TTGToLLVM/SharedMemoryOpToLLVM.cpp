//===- SharedMemoryOpToLLVM.cpp - memdesc ops to LLVM ---------------------===//
//
// A !ttg.memdesc becomes the shared-memory pointer (address space 3) to the
// first element of its view. ttg.local_alloc takes its buffer from the
// allocation (`allocation.offset`); local_store, local_load and the store of
// local_alloc's initial value move registers with the layout algebra: the
// distributed layout composed with the inverse of the shared layout gives
// each register's element offset (swizzling included), and consecutive
// registers that are consecutive in the buffer move as one vector.
// memdesc_index selects one buffer of a stacked allocation.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Scratch.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
/// The shared layout of a memdesc view (its own shape, not the
/// allocation's).
std::optional<LinearLayout> sharedLayout(ttg::MemDescType type) {
  return ttg::toLinearLayout(type.getEncoding(), type.getShape());
}

struct LocalAllocOpConversion
    : public ConvertOpToLLVMPattern<ttg::LocalAllocOp> {
  LocalAllocOpConversion(LLVMTypeConverter &converter,
                         const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttg::LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value base = getAllocationPointer(rewriter, loc, op);
    if (!base)
      return rewriter.notifyMatchFailure(op, "no allocation.offset");
    if (Value src = op.getSrc()) {
      auto srcType = cast<RankedTensorType>(src.getType());
      std::optional<LinearLayout> registers = ttg::toLinearLayout(srcType);
      std::optional<LinearLayout> shared = sharedLayout(op.getType());
      if (!registers || !shared ||
          failed(storeDistributedToShared(
              rewriter, loc, base, srcType.getElementType(), *registers,
              *shared, unpackElements(rewriter, loc, adaptor.getSrc()),
              lowering.threadsPerWarp)))
        return rewriter.notifyMatchFailure(op, "layouts do not match");
    }
    rewriter.replaceOp(op, base);
    return success();
  }

  const LoweringContext &lowering;
};

struct LocalStoreOpConversion
    : public ConvertOpToLLVMPattern<ttg::LocalStoreOp> {
  LocalStoreOpConversion(LLVMTypeConverter &converter,
                         const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttg::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    std::optional<LinearLayout> registers = ttg::toLinearLayout(srcType);
    std::optional<LinearLayout> shared =
        sharedLayout(cast<ttg::MemDescType>(op.getDst().getType()));
    if (!registers || !shared ||
        failed(storeDistributedToShared(
            rewriter, loc, adaptor.getDst(), srcType.getElementType(),
            *registers, *shared,
            unpackElements(rewriter, loc, adaptor.getSrc()),
            lowering.threadsPerWarp)))
      return rewriter.notifyMatchFailure(op, "layouts do not match");
    rewriter.eraseOp(op);
    return success();
  }

  const LoweringContext &lowering;
};

struct LocalLoadOpConversion : public ConvertOpToLLVMPattern<ttg::LocalLoadOp> {
  LocalLoadOpConversion(LLVMTypeConverter &converter,
                        const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttg::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    std::optional<LinearLayout> registers = ttg::toLinearLayout(type);
    std::optional<LinearLayout> shared =
        sharedLayout(cast<ttg::MemDescType>(op.getSrc().getType()));
    if (!registers || !shared)
      return rewriter.notifyMatchFailure(op, "no layout");
    Type element = getTypeConverter()->convertType(type.getElementType());
    FailureOr<SmallVector<Value>> values =
        loadDistributedFromShared(rewriter, loc, adaptor.getSrc(), element,
                                  *registers, *shared, lowering.threadsPerWarp);
    if (failed(values))
      return rewriter.notifyMatchFailure(op, "layouts do not match");
    rewriter.replaceOp(
        op, packElements(rewriter, loc, *getTypeConverter(), *values, type));
    return success();
  }

  const LoweringContext &lowering;
};

struct LocalDeallocOpConversion
    : public ConvertOpToLLVMPattern<ttg::LocalDeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::LocalDeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The allocation already decided when the bytes are reused.
    rewriter.eraseOp(op);
    return success();
  }
};

/// One buffer of a stacked allocation: the buffers follow one another, each
/// with the layout of the view.
struct MemDescIndexOpConversion
    : public ConvertOpToLLVMPattern<ttg::MemDescIndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ttg::MemDescType type = op.getType();
    int64_t elements = 1;
    for (int64_t size : type.getShape())
      elements *= size;
    Value start = LLVM::MulOp::create(rewriter, loc, adaptor.getIndex(),
                                      i32Constant(rewriter, loc, elements));
    Type element = type.getElementType();
    rewriter.replaceOp(op,
                       getSharedElementPointer(rewriter, loc, adaptor.getSrc(),
                                               element, start));
    return success();
  }
};

/// Views that only relabel a buffer's elements (memdesc_trans,
/// memdesc_reshape, memdesc_reinterpret): the result's layout says where
/// each element is, from the same first byte.
template <typename OpTy>
struct SameAddressViewConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};
} // namespace

void mlir::tile::populateSharedMemoryOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<LocalAllocOpConversion, LocalStoreOpConversion,
               LocalLoadOpConversion>(converter, lowering);
  patterns.add<LocalDeallocOpConversion, MemDescIndexOpConversion,
               SameAddressViewConversion<ttg::MemDescTransOp>,
               SameAddressViewConversion<ttg::MemDescReshapeOp>,
               SameAddressViewConversion<ttg::MemDescReinterpretOp>>(converter);
}

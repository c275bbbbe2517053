//===- AsyncOpToLLVM.cpp - cp.async copies and their groups ---------------===//
//
// ttg.async_copy_global_to_local becomes cp.async: each thread copies its
// elements, in runs as long as the pointers are proven contiguous and
// aligned (axis analysis), the run stays contiguous in the swizzled buffer
// (the layout algebra) and cp.async allows (4, 8 or 16 bytes). A masked-off
// run copies 0 source bytes, which zero-fills it, so only a zero `other`
// can be lowered. Threads and registers holding a copy of an element that
// another one owns copy nothing. async_commit_group and async_wait are
// cp.async's group commit and wait; the tokens that order them in the IR
// carry no data.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
/// Whether `other` is absent or zero (what cp.async's zero-fill gives).
bool isZeroOrAbsent(Value other) {
  if (!other)
    return true;
  return matchPattern(other, m_AnyZeroFloat()) || matchPattern(other, m_Zero());
}

/// A token only orders ops in the IR.
Value tokenValue(OpBuilder &builder, Location loc) {
  return i32Constant(builder, loc, 0);
}

struct AsyncCopyOpConversion
    : public ConvertOpToLLVMPattern<ttg::AsyncCopyGlobalToLocalOp> {
  AsyncCopyOpConversion(LLVMTypeConverter &converter,
                        const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttg::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto view = cast<ttg::MemDescType>(op.getResult().getType());
    Type element = getTypeConverter()->convertType(view.getElementType());
    std::optional<LinearLayout> registers = ttg::toLinearLayout(srcType);
    std::optional<LinearLayout> shared =
        ttg::toLinearLayout(view.getEncoding(), view.getShape());
    if (!registers || !shared)
      return rewriter.notifyMatchFailure(op, "no layout");
    std::optional<LinearLayout> toBuffer = registers->invertAndCompose(*shared);
    std::optional<LinearLayout> toOffset =
        toBuffer
            ? toBuffer->sublayout(toBuffer->getInDimNames(), {layout::kOffset})
            : std::nullopt;
    if (!toOffset)
      return rewriter.notifyMatchFailure(op, "layouts do not match");
    int64_t bytes = element.getIntOrFloatBitWidth() / 8;
    unsigned width = std::min<unsigned>(
        std::max(1u, lowering.accessWidth.lookup(op)),
        toOffset->getNumConsecutiveInOut(layout::kRegister, layout::kOffset));
    width = std::min<unsigned>(width, 16 / bytes);
    if (width * bytes < 4)
      return rewriter.notifyMatchFailure(op, "runs shorter than 4 bytes");

    SmallVector<Value> ptrs = unpackElements(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackElements(rewriter, loc, adaptor.getMask());
    SmallVector<SmallVector<Value>> offsets =
        emitIndices(rewriter, loc, *toOffset, lowering.threadsPerWarp);
    // Where the layout gives one element to several threads or registers
    // (a broadcast, as a row of an mma tile's slice), one copy writes it:
    // the others would only repeat the same bytes to the same address.
    ElementOwners owners = getElementOwners(*registers);
    Value ownerPred =
        emitOwnerPredicate(rewriter, loc, owners, lowering.threadsPerWarp);
    Value base = adaptor.getResult();
    int32_t size = width * bytes;
    auto ownsAny = [&](size_t first) {
      for (size_t r = first; r < first + width; ++r)
        if (owners.ownerRegister[r] == static_cast<int>(r))
          return true;
      return false;
    };
    for (size_t first = 0; first < ptrs.size(); first += width) {
      // A run any of whose elements this register owns is copied (a
      // repeated element in it is written twice with the same bytes).
      if (!ownsAny(first))
        continue;
      Value dst = getSharedElementPointer(rewriter, loc, base, element,
                                          offsets[first].front());
      Value sourceBytes;
      if (!masks.empty())
        sourceBytes = LLVM::SelectOp::create(rewriter, loc, masks[first],
                                             i32Constant(rewriter, loc, size),
                                             i32Constant(rewriter, loc, 0));
      nvidia::emitAsyncCopy(rewriter, loc, dst, ptrs[first], size, sourceBytes,
                            ownerPred);
    }
    rewriter.replaceOp(op, tokenValue(rewriter, loc));
    return success();
  }

  const LoweringContext &lowering;
};

struct AsyncCommitGroupOpConversion
    : public ConvertOpToLLVMPattern<ttg::AsyncCommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::AsyncCommitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nvidia::emitAsyncCommitGroup(rewriter, op.getLoc());
    rewriter.replaceOp(op, tokenValue(rewriter, op.getLoc()));
    return success();
  }
};

struct AsyncWaitOpConversion : public ConvertOpToLLVMPattern<ttg::AsyncWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::AsyncWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nvidia::emitAsyncWaitGroup(rewriter, op.getLoc(), op.getNum());
    rewriter.replaceOp(op, tokenValue(rewriter, op.getLoc()));
    return success();
  }
};
} // namespace

LogicalResult mlir::tile::checkAsyncCopyLowering(Operation *op) {
  auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op);
  if (!copy || isZeroOrAbsent(copy.getOther()))
    return success();
  return copy.emitOpError("cannot be lowered: cp.async fills masked-off "
                          "elements with zeros, but `other` is not zero");
}

void mlir::tile::populateAsyncOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<AsyncCopyOpConversion>(converter, lowering);
  patterns.add<AsyncCommitGroupOpConversion, AsyncWaitOpConversion>(converter);
}

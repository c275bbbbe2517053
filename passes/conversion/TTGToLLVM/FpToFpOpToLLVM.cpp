//===- FpToFpOpToLLVM.cpp - tt.fp_to_fp to LLVM ---------------------------===//
//
// tt.fp_to_fp converts each register of the calling thread; where the
// target's instruction converts two elements at once, consecutive registers
// pair up (an odd last one is padded), as in Triton. Which conversions
// exist, and how each is done, is the target's table
// (nvidia::emitFloatConversion); the pre-check asks the same table, so an
// unsupported conversion is reported before anything is rewritten.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
nvidia::FloatConversion getConversion(tt::FpToFpOp op, int computeCapability) {
  return {getElementTypeOrSelf(op.getSrc().getType()),
          getElementTypeOrSelf(op.getType()), op.getRounding(),
          computeCapability};
}

struct FpToFpOpConversion : public ConvertOpToLLVMPattern<tt::FpToFpOp> {
  FpToFpOpConversion(LLVMTypeConverter &converter,
                     const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(tt::FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nvidia::FloatConversion conversion =
        getConversion(op, lowering.computeCapability);
    std::string why = nvidia::whyFloatConversionUnsupported(conversion);
    if (!why.empty())
      return rewriter.notifyMatchFailure(op, why);
    Location loc = op.getLoc();
    bool isTensor = isa<RankedTensorType>(op.getType());
    SmallVector<Value> elements =
        isTensor ? unpackElements(rewriter, loc, adaptor.getSrc())
                 : SmallVector<Value>{adaptor.getSrc()};
    size_t width = nvidia::getFloatConversionWidth(conversion);
    SmallVector<Value> results;
    for (size_t first = 0; first < elements.size(); first += width) {
      size_t count = std::min(width, elements.size() - first);
      SmallVector<Value> group(ArrayRef<Value>(elements).slice(first, count));
      if (count < width)
        group.append(width - count,
                     LLVM::UndefOp::create(rewriter, loc, group[0].getType()));
      SmallVector<Value> converted =
          nvidia::emitFloatConversion(rewriter, loc, group, conversion);
      if (converted.size() != width)
        return rewriter.notifyMatchFailure(op, "conversion produced no value");
      results.append(converted.begin(), converted.begin() + count);
    }
    rewriter.replaceOp(op, isTensor ? packElements(rewriter, loc,
                                                   *getTypeConverter(), results,
                                                   op.getType())
                                    : results.front());
    return success();
  }

  const LoweringContext &lowering;
};
} // namespace

LogicalResult mlir::tile::checkFpToFpLowering(Operation *op,
                                              int computeCapability) {
  auto cast = dyn_cast<tt::FpToFpOp>(op);
  if (!cast)
    return success();
  nvidia::FloatConversion conversion = getConversion(cast, computeCapability);
  std::string why = nvidia::whyFloatConversionUnsupported(conversion);
  if (why.empty())
    return success();
  InFlightDiagnostic diag = cast.emitOpError("from ")
                            << conversion.source << " to " << conversion.result;
  if (conversion.rounding)
    diag << " with rounding = "
         << tt::stringifyRoundingMode(*conversion.rounding);
  diag << " cannot be lowered";
  if (computeCapability)
    diag << " for cuda:" << computeCapability;
  return diag << ": " << why;
}

void mlir::tile::populateFpToFpOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<FpToFpOpConversion>(converter, lowering);
}

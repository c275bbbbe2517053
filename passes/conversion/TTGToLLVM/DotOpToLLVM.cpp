//===- DotOpToLLVM.cpp - tt.dot to mma.sync and FMA -----------------------===//
//
// tt.dot on registers: plans the dot from its layouts (Dot/DotPlan.cpp),
// then hands the plan to the file of its instruction family (Dot/FMA.cpp,
// Dot/MmaV2.cpp).
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Dot/DotPlan.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct DotOpConversion : public ConvertOpToLLVMPattern<tt::DotOp> {
  DotOpConversion(LLVMTypeConverter &converter, int computeCapability)
      : ConvertOpToLLVMPattern(converter),
        computeCapability(computeCapability) {}

  LogicalResult
  matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<DotPlan> plan = planDot(op, computeCapability, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
    Location loc = op.getLoc();
    SmallVector<Value> a = unpackElements(rewriter, loc, adaptor.getA());
    SmallVector<Value> b = unpackElements(rewriter, loc, adaptor.getB());
    SmallVector<Value> acc = unpackElements(rewriter, loc, adaptor.getC());
    if (auto *mma = std::get_if<MmaV2DotPlan>(&*plan))
      emitMmaV2Dot(rewriter, loc, *mma,
                   cast<RankedTensorType>(op.getA().getType()).getElementType(),
                   op.getD().getType().getElementType(), a, b, acc);
    else
      emitFmaDot(rewriter, loc, std::get<FmaDotPlan>(*plan), a, b, acc);
    rewriter.replaceOp(op, packElements(rewriter, loc, *getTypeConverter(), acc,
                                        op.getD().getType()));
    return success();
  }

private:
  int computeCapability;
};
} // namespace

LogicalResult mlir::tile::checkDotLowering(tt::DotOp op,
                                           int computeCapability) {
  std::string why;
  if (succeeded(planDot(op, computeCapability, why)))
    return success();
  return op.emitOpError("cannot be lowered: ") << why;
}

void mlir::tile::populateDotOpToLLVMPatterns(LLVMTypeConverter &converter,
                                             RewritePatternSet &patterns,
                                             const LoweringContext &lowering) {
  patterns.add<DotOpConversion>(converter, lowering.computeCapability);
}

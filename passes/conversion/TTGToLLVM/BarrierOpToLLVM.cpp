//===- BarrierOpToLLVM.cpp - CTA barriers to NVVM -------------------------===//

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
} // namespace

void mlir::tile::populateBarrierOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<LocalBarrierOpConversion>(converter);
}

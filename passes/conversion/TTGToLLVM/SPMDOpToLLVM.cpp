//===- SPMDOpToLLVM.cpp - Program ids, warp ids and ranges to LLVM --------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The grid axis (0, 1, 2) of a program-id dimension.
int getAxisIndex(tt::ProgramIDDim dim) {
  switch (dim) {
  case tt::ProgramIDDim::X:
    return 0;
  case tt::ProgramIDDim::Y:
    return 1;
  case tt::ProgramIDDim::Z:
    return 2;
  }
  llvm_unreachable("unknown program-id dimension");
}

/// A program is a CTA, or, launched in clusters, a cluster (Triton reads
/// the cluster's id then).
struct GetProgramIdOpConversion
    : public ConvertOpToLLVMPattern<tt::GetProgramIdOp> {
  GetProgramIdOpConversion(LLVMTypeConverter &converter,
                           const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}
  LogicalResult
  matchAndRewrite(tt::GetProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int axis = getAxisIndex(op.getAxis());
    rewriter.replaceOp(op,
                       lowering.clusterCTAs > 1
                           ? nvidia::getClusterId(rewriter, op.getLoc(), axis)
                           : nvidia::getBlockId(rewriter, op.getLoc(), axis));
    return success();
  }
  const LoweringContext &lowering;
};

struct GetNumProgramsOpConversion
    : public ConvertOpToLLVMPattern<tt::GetNumProgramsOp> {
  GetNumProgramsOpConversion(LLVMTypeConverter &converter,
                             const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}
  LogicalResult
  matchAndRewrite(tt::GetNumProgramsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int axis = getAxisIndex(op.getAxis());
    rewriter.replaceOp(
        op, lowering.clusterCTAs > 1
                ? nvidia::getClusterCount(rewriter, op.getLoc(), axis)
                : nvidia::getGridDim(rewriter, op.getLoc(), axis));
    return success();
  }
  const LoweringContext &lowering;
};

/// ttg.warp_id: the warp within the executing group (emitWarpId).
struct WarpIdOpConversion : public ConvertOpToLLVMPattern<ttg::WarpIdOp> {
  WarpIdOpConversion(LLVMTypeConverter &converter,
                     const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}
  LogicalResult
  matchAndRewrite(ttg::WarpIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, emitWarpId(rewriter, op.getLoc(), lowering.numWarps,
                                      lowering.threadsPerWarp,
                                      !op.getOmitUniformHint()));
    return success();
  }
  const LoweringContext &lowering;
};

/// Each register holds start + its coordinate under the layout.
struct MakeRangeOpConversion : public ConvertOpToLLVMPattern<tt::MakeRangeOp> {
  MakeRangeOpConversion(LLVMTypeConverter &converter,
                        const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}
  LogicalResult
  matchAndRewrite(tt::MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto layout = ttg::toLinearLayout(op.getType());
    if (!layout)
      return rewriter.notifyMatchFailure(op, "no layout");
    Value start = i32Constant(rewriter, loc, op.getStartAttr().getInt());
    SmallVector<Value> elements;
    for (const auto &index :
         emitIndices(rewriter, loc, *layout, lowering.threadsPerWarp))
      elements.push_back(LLVM::AddOp::create(rewriter, loc, start, index[0]));
    rewriter.replaceOp(op, packElements(rewriter, loc, *getTypeConverter(),
                                        elements, op.getType()));
    return success();
  }
  const LoweringContext &lowering;
};
} // namespace

void mlir::tile::populateSPMDOpToLLVMPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns,
                                              const LoweringContext &lowering) {
  patterns.add<GetProgramIdOpConversion,   // tt.get_program_id
               GetNumProgramsOpConversion, // tt.get_num_programs
               MakeRangeOpConversion>(converter, lowering); // tt.make_range
  patterns.add<WarpIdOpConversion>(converter, lowering);    // ttg.warp_id
}

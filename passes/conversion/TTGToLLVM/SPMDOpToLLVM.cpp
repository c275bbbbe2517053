//===- SPMDOpToLLVM.cpp - Program ids and ranges to LLVM ------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct GetProgramIdOpConversion
    : public ConvertOpToLLVMPattern<tt::GetProgramIdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tt::GetProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Value id;
    switch (op.getAxis()) {
    case tt::ProgramIDDim::X:
      id = NVVM::BlockIdXOp::create(rewriter, op.getLoc(), i32);
      break;
    case tt::ProgramIDDim::Y:
      id = NVVM::BlockIdYOp::create(rewriter, op.getLoc(), i32);
      break;
    case tt::ProgramIDDim::Z:
      id = NVVM::BlockIdZOp::create(rewriter, op.getLoc(), i32);
      break;
    }
    rewriter.replaceOp(op, id);
    return success();
  }
};

struct GetNumProgramsOpConversion
    : public ConvertOpToLLVMPattern<tt::GetNumProgramsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tt::GetNumProgramsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Value count;
    switch (op.getAxis()) {
    case tt::ProgramIDDim::X:
      count = NVVM::GridDimXOp::create(rewriter, op.getLoc(), i32);
      break;
    case tt::ProgramIDDim::Y:
      count = NVVM::GridDimYOp::create(rewriter, op.getLoc(), i32);
      break;
    case tt::ProgramIDDim::Z:
      count = NVVM::GridDimZOp::create(rewriter, op.getLoc(), i32);
      break;
    }
    rewriter.replaceOp(op, count);
    return success();
  }
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
  patterns.add<GetProgramIdOpConversion,               // tt.get_program_id
               GetNumProgramsOpConversion>(converter); // tt.get_num_programs
  patterns.add<MakeRangeOpConversion>(converter, lowering); // tt.make_range
}

//===- ViewOpToLLVM.cpp - Ops that only rename registers ------------------===//
//
// splat copies a scalar into every register. expand_dims, broadcast,
// trans, reshape, join, split, cat and unsplat move no data: each result
// register is some operand register of the same thread, as the linear
// layouts of operands and results say (Relabel.h).
// ttg.convert_layout has its own file, ConvertLayoutOpToLLVM.cpp.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Relabel.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
struct SplatOpConversion : public ConvertOpToLLVMPattern<tt::SplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tt::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto layout = ttg::toLinearLayout(op.getType());
    if (!layout)
      return rewriter.notifyMatchFailure(op, "no layout");
    SmallVector<Value> elements(layout->getNumRegisters(), adaptor.getSrc());
    rewriter.replaceOp(op,
                       packElements(rewriter, op.getLoc(), *getTypeConverter(),
                                    elements, op.getType()));
    return success();
  }
};

/// Lowers an op that only renames registers (Relabel.h): each result
/// register is an operand register of the same thread.
template <typename OpTy>
struct RelabelOpConversion : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string error;
    FailureOr<RelabelPlan> plan = planRelabel(op, error);
    // convert-triton-gpu-to-llvm checked every plan before converting.
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, error);
    Location loc = op.getLoc();
    SmallVector<SmallVector<Value>> operands =
        llvm::map_to_vector(adaptor.getOperands(), [&](Value operand) {
          return unpackElements(rewriter, loc, operand);
        });
    SmallVector<Value> results;
    for (auto [result, sources] : llvm::zip(op->getResults(), *plan)) {
      SmallVector<Value> elements =
          llvm::map_to_vector(sources, [&](RegisterSource source) {
            return operands[source.operand][source.reg];
          });
      if (!isa<RankedTensorType>(result.getType())) {
        results.push_back(elements.front());
        continue;
      }
      results.push_back(packElements(rewriter, loc, *this->getTypeConverter(),
                                     elements, result.getType()));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

void mlir::tile::populateViewOpToLLVMPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns,
                                              const LoweringContext &lowering) {
  patterns.add<SplatOpConversion,                     // tt.splat
               RelabelOpConversion<tt::ExpandDimsOp>, // tt.expand_dims
               RelabelOpConversion<tt::BroadcastOp>,  // tt.broadcast
               RelabelOpConversion<tt::TransOp>,      // tt.trans
               RelabelOpConversion<tt::ReshapeOp>,    // tt.reshape
               RelabelOpConversion<tt::JoinOp>,       // tt.join
               RelabelOpConversion<tt::SplitOp>,      // tt.split
               RelabelOpConversion<tt::CatOp>,        // tt.cat
               RelabelOpConversion<tt::UnsplatOp>>(   // tt.unsplat
      converter);
}

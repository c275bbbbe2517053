//===- ViewOpToLLVM.cpp - Ops that only rename registers ------------------===//
//
// splat copies a scalar into every register. expand_dims, broadcast and
// trans move no data: each result register is some operand register, found
// by asking the two linear layouts (getRegisterPermutation).
// ttg.convert_layout has its own file, ConvertLayoutOpToLLVM.cpp.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
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

/// Lowers a one-operand op whose result holds, in every thread, elements the
/// operand already holds in that thread. `project` maps result coordinates
/// to operand coordinates.
LogicalResult lowerRegisterPermutation(
    Operation *op, Value src, Value adaptedSrc, RankedTensorType srcType,
    RankedTensorType dstType, const TypeConverter &converter,
    ConversionPatternRewriter &rewriter,
    function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> project) {
  std::string error;
  auto srcLayout = ttg::toLinearLayout(srcType, &error);
  auto dstLayout = ttg::toLinearLayout(dstType, &error);
  if (!srcLayout || !dstLayout)
    return op->emitOpError("cannot lower: ") << error;
  FailureOr<SmallVector<int>> permutation =
      getRegisterPermutation(*srcLayout, *dstLayout, project);
  if (failed(permutation))
    return op->emitOpError("moves data between threads (")
           << srcType.getEncoding() << " -> " << dstType.getEncoding()
           << "); convert-triton-gpu-to-llvm only lowers conversions that "
              "stay within each thread so far";
  SmallVector<Value> srcElements =
      unpackElements(rewriter, op->getLoc(), adaptedSrc);
  SmallVector<Value> elements =
      llvm::map_to_vector(*permutation, [&](int r) { return srcElements[r]; });
  rewriter.replaceOp(
      op, packElements(rewriter, op->getLoc(), converter, elements, dstType));
  return success();
}

struct ExpandDimsOpConversion
    : public ConvertOpToLLVMPattern<tt::ExpandDimsOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tt::ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned axis = op.getAxis();
    return lowerRegisterPermutation(
        op, op.getSrc(), adaptor.getSrc(), op.getSrc().getType(), op.getType(),
        *getTypeConverter(), rewriter, [axis](ArrayRef<int32_t> coords) {
          SmallVector<int32_t> result(coords);
          result.erase(result.begin() + axis);
          return result;
        });
  }
};

struct BroadcastOpConversion : public ConvertOpToLLVMPattern<tt::BroadcastOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tt::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int64_t> srcShape = op.getSrc().getType().getShape();
    return lowerRegisterPermutation(
        op, op.getSrc(), adaptor.getSrc(), op.getSrc().getType(), op.getType(),
        *getTypeConverter(), rewriter, [srcShape](ArrayRef<int32_t> coords) {
          // Broadcast dimensions have size 1 in the operand.
          SmallVector<int32_t> result(coords);
          for (auto [d, size] : llvm::enumerate(srcShape))
            if (size == 1)
              result[d] = 0;
          return result;
        });
  }
};

struct TransOpConversion : public ConvertOpToLLVMPattern<tt::TransOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(tt::TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int32_t> order = op.getOrder();
    return lowerRegisterPermutation(
        op, op.getSrc(), adaptor.getSrc(), op.getSrc().getType(), op.getType(),
        *getTypeConverter(), rewriter, [order](ArrayRef<int32_t> coords) {
          // Result dimension i is source dimension order[i].
          SmallVector<int32_t> result(coords.size());
          for (auto [i, d] : llvm::enumerate(order))
            result[d] = coords[i];
          return result;
        });
  }
};
} // namespace

void mlir::tile::populateViewOpToLLVMPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns,
                                              const LoweringContext &lowering) {
  patterns.add<SplatOpConversion,      // tt.splat
               ExpandDimsOpConversion, // tt.expand_dims
               BroadcastOpConversion,  // tt.broadcast
               TransOpConversion>(     // tt.trans
      converter);
}

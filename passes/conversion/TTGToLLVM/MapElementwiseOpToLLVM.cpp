//===- MapElementwiseOpToLLVM.cpp - tt.map_elementwise to LLVM ------------===//
//
// tt.map_elementwise applies its scalar body to the calling thread's
// registers `pack` at a time, as Triton does: the operands and results
// share one encoding, so register i is the same element in all of them,
// and a pack is `pack` consecutive registers. The body takes, operand by
// operand, that operand's `pack` registers and returns, result by result,
// `pack` values for each. Each pack gets its own copy of the body, cloned
// where the op was; the other patterns of the conversion then lower the
// clones (arith, math, scf and tt ops on scalars).
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The number of registers each thread holds of the op's tensors (they
/// share one encoding); -1 when the layout is unknown.
int64_t registersPerThread(tt::MapElementwiseOp op) {
  std::optional<layout::LinearLayout> layout = ttg::toLinearLayout(
      cast<RankedTensorType>(op.getSrcs().front().getType()));
  return layout ? layout->getNumRegisters() : -1;
}

struct MapElementwiseOpConversion
    : public ConvertOpToLLVMPattern<tt::MapElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tt::MapElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t pack = op.getPack();
    Block &body = op.getScalarOp().front();
    SmallVector<SmallVector<Value>> operands;
    for (Value operand : adaptor.getSrcs())
      operands.push_back(unpackElements(rewriter, loc, operand));
    int64_t numRegisters = operands.front().size();
    if (pack < 1 || numRegisters % pack != 0)
      return rewriter.notifyMatchFailure(op, "packs do not divide registers");

    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (int64_t first = 0; first < numRegisters; first += pack) {
      IRMapping mapping;
      for (auto [i, registers] : llvm::enumerate(operands))
        for (int64_t j = 0; j < pack; ++j)
          mapping.map(body.getArgument(i * pack + j), registers[first + j]);
      for (Operation &nested : body.without_terminator())
        rewriter.clone(nested, mapping);
      Operation *terminator = body.getTerminator();
      for (auto [i, yielded] : llvm::enumerate(terminator->getOperands()))
        results[i / pack].push_back(mapping.lookupOrDefault(yielded));
    }

    SmallVector<Value> replacements;
    for (auto [result, values] : llvm::zip(op->getResults(), results))
      replacements.push_back(packElements(rewriter, loc, *getTypeConverter(),
                                          values, result.getType()));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};
} // namespace

LogicalResult mlir::tile::checkMapElementwiseLowering(Operation *op) {
  auto map = dyn_cast<tt::MapElementwiseOp>(op);
  if (!map)
    return success();
  if (!map.getScalarOp().hasOneBlock())
    return op->emitOpError("cannot be lowered: its body has ")
           << map.getScalarOp().getBlocks().size()
           << " blocks; only a single-block body (structured control flow "
              "inside it) is lowered";
  // The verifier keeps one encoding for all operands and results, so
  // register i is the same element in each of them.
  int64_t registers = registersPerThread(map);
  if (registers < 0)
    return op->emitOpError("cannot be lowered: its tensors have no linear "
                           "layout");
  if (registers % map.getPack() != 0)
    return op->emitOpError("packs ")
           << map.getPack() << " elements per call, which does not divide the "
           << registers << " elements each thread holds";
  return success();
}

void mlir::tile::populateMapElementwiseOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<MapElementwiseOpConversion>(converter);
  (void)lowering;
}

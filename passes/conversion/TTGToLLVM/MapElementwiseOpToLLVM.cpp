//===- MapElementwiseOpToLLVM.cpp - tt.map_elementwise to LLVM ------------===//
//
// tt.map_elementwise applies its scalar body to the calling thread's
// registers `pack` at a time, as Triton does: the operands and results
// share one encoding, so register i is the same element in all of them,
// and a pack is `pack` consecutive registers. The body takes, operand by
// operand, that operand's `pack` registers and returns, result by result,
// `pack` values for each. Each pack gets its own copy of the body, cloned
// where the op was; the other patterns of the conversion then lower the
// clones (arith, math, scf and tt ops on scalars). A body of several blocks
// (a function with early returns) is first wrapped in an scf.execute_region,
// so that the copies are single blocks again and convert-scf-to-cf inlines
// their blocks wherever the op is.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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

void mlir::tile::wrapMultiBlockMapElementwiseBodies(ModuleOp module) {
  module.walk([](tt::MapElementwiseOp op) {
    Region &body = op.getScalarOp();
    if (body.hasOneBlock())
      return;
    Block *oldEntry = &body.front();
    auto *entry = new Block();
    for (BlockArgument arg : oldEntry->getArguments())
      entry->addArgument(arg.getType(), arg.getLoc());
    // The execute_region's entry takes no arguments: its blocks see the
    // new entry's arguments from above.
    for (auto [from, to] :
         llvm::zip(oldEntry->getArguments(), entry->getArguments()))
      from.replaceAllUsesWith(to);
    oldEntry->eraseArguments(0, oldEntry->getNumArguments());
    // What every return of the body yields (the verifier keeps them alike).
    auto returns = body.getOps<tt::MapElementwiseReturnOp>();
    SmallVector<Type> resultTypes;
    if (!returns.empty())
      llvm::append_range(resultTypes, (*returns.begin())->getOperandTypes());
    OpBuilder builder(op.getContext());
    builder.setInsertionPointToStart(entry);
    auto region =
        scf::ExecuteRegionOp::create(builder, op.getLoc(), resultTypes);
    region.getRegion().takeBody(body);
    for (Block &block : region.getRegion()) {
      auto ret = dyn_cast<tt::MapElementwiseReturnOp>(block.getTerminator());
      if (!ret)
        continue;
      builder.setInsertionPoint(ret);
      scf::YieldOp::create(builder, ret.getLoc(), ret->getOperands());
      ret->erase();
    }
    body.push_back(entry);
    builder.setInsertionPointToEnd(entry);
    tt::MapElementwiseReturnOp::create(builder, op.getLoc(),
                                       region.getResults());
  });
}

void mlir::tile::populateMapElementwiseOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<MapElementwiseOpConversion>(converter);
  (void)lowering;
}

//===- Rematerializer.cpp - Which ops may be computed again ---------------===//
//
// The cheap ops tritongpu-remove-layout-conversions computes again in
// another layout, and the operand layouts they need (Rematerializer.h).
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Rematerializer.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tile;

bool mlir::tile::isLayoutAgnosticElementwise(Operation *op) {
  bool isMap = isa<tt::MapElementwiseOp>(op);
  if (op->getNumResults() != 1 || (op->getNumRegions() != 0 && !isMap) ||
      !isMemoryEffectFree(op) ||
      (!op->hasTrait<OpTrait::Elementwise>() && !isMap))
    return false;
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType)
    return false;
  return llvm::all_of(op->getOperandTypes(), [&](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return !tensor || (tensor.getShape() == resultType.getShape() &&
                       tensor.getEncoding() == resultType.getEncoding());
  });
}

bool mlir::tile::isRematerializable(Operation *op) {
  // A cheap load (one element, or fewer elements than threads) is loaded
  // again in the other layout, where the original was, as Triton does.
  if (auto load = dyn_cast<tt::LoadOp>(op))
    return !load.getIsVolatile() && isa<RankedTensorType>(load.getType()) &&
           !isExpensiveLoad(load);
  // A read of shared memory (a pipelined load's slot) reads it again in
  // the other layout: any layout can be read from a buffer.
  if (isa<ttg::LocalLoadOp>(op))
    return true;
  if (op->getNumResults() != 1 || op->getNumRegions() != 0 ||
      !isMemoryEffectFree(op) ||
      !isa<RankedTensorType>(op->getResult(0).getType()))
    return false;
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<DenseElementsAttr>(constant.getValue());
  if (isa<tt::MakeRangeOp, tt::SplatOp, tt::BroadcastOp, tt::ExpandDimsOp>(op))
    return true;
  // Shape ops that only rename registers; a split has two results to
  // retype at once, which this rematerializer does not do.
  if (carriesLayoutThroughShape(op) && !isa<tt::SplitOp>(op))
    return true;
  return isLayoutAgnosticElementwise(op);
}

Attribute mlir::tile::getOperandEncoding(Operation *op, unsigned index,
                                         Attribute resultEncoding) {
  // A reduction computes in the layout its result is a slice of.
  if (auto reduce = dyn_cast<tt::ReduceOp>(op)) {
    auto slice = dyn_cast<ttg::SliceEncodingAttr>(resultEncoding);
    if (!slice || slice.getDim() != reduce.getAxis())
      return {};
    return slice.getParent();
  }
  if (auto expand = dyn_cast<tt::ExpandDimsOp>(op))
    return ttg::SliceEncodingAttr::get(op->getContext(), expand.getAxis(),
                                       resultEncoding);
  if (carriesLayoutThroughShape(op))
    return inferOperandEncoding(op, resultEncoding);
  return resultEncoding;
}

bool mlir::tile::addOperandEncodings(
    Operation *def, Attribute encoding,
    SmallVectorImpl<std::pair<Value, Attribute>> &worklist) {
  for (unsigned i = 0; i < def->getNumOperands(); ++i) {
    if (!isa<RankedTensorType>(def->getOperand(i).getType()))
      continue;
    Attribute operandEncoding = getOperandEncoding(def, i, encoding);
    if (!operandEncoding)
      return false;
    worklist.emplace_back(def->getOperand(i), operandEncoding);
  }
  return true;
}

Value mlir::tile::findConversionBefore(Value value, Attribute encoding,
                                       Operation *user) {
  for (Operation *other : value.getUsers()) {
    auto convert = dyn_cast<ttg::ConvertLayoutOp>(other);
    if (convert && getEncoding(convert.getResult()) == encoding &&
        convert->getBlock() == user->getBlock() &&
        convert->isBeforeInBlock(user))
      return convert.getResult();
  }
  return {};
}

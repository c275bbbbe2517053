//===- Combiner.cpp - What the reduce and scan lowerings share ------------===//

#include "passes/conversion/TTGToLLVM/Combiner.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tile;

OperandValues mlir::tile::inlineCombiner(OpBuilder &builder, Region &combiner,
                                         ValueRange lhs, ValueRange rhs) {
  Block &body = combiner.front();
  IRMapping mapping;
  for (auto [i, value] : llvm::enumerate(lhs))
    mapping.map(body.getArgument(i), value);
  for (auto [i, value] : llvm::enumerate(rhs))
    mapping.map(body.getArgument(lhs.size() + i), value);
  for (Operation &nested : body.without_terminator())
    builder.clone(nested, mapping);
  OperandValues combined;
  for (Value yielded : body.getTerminator()->getOperands())
    combined.push_back(mapping.lookupOrDefault(yielded));
  return combined;
}

OperandValues mlir::tile::selectValues(OpBuilder &builder, Location loc,
                                       Value condition, ValueRange ifTrue,
                                       ValueRange ifFalse) {
  OperandValues selected;
  for (auto [a, b] : llvm::zip(ifTrue, ifFalse))
    selected.push_back(LLVM::SelectOp::create(builder, loc, condition, a, b));
  return selected;
}

namespace {
/// `move` applied to each operand's value.
OperandValues eachValue(ValueRange values, function_ref<Value(Value)> move) {
  OperandValues moved;
  for (Value value : values)
    moved.push_back(move(value));
  return moved;
}
} // namespace

OperandValues mlir::tile::shuffleXorValues(OpBuilder &builder, Location loc,
                                           ValueRange values, int32_t laneMask,
                                           int threadsPerWarp) {
  return eachValue(values, [&](Value value) {
    return shuffleXor(builder, loc, value, laneMask, threadsPerWarp);
  });
}

OperandValues mlir::tile::shuffleUpValues(OpBuilder &builder, Location loc,
                                          ValueRange values, int32_t delta,
                                          int threadsPerWarp) {
  return eachValue(values, [&](Value value) {
    return shuffleUp(builder, loc, value, delta, threadsPerWarp);
  });
}

OperandValues mlir::tile::shuffleDownValues(OpBuilder &builder, Location loc,
                                            ValueRange values, int32_t delta,
                                            int threadsPerWarp) {
  return eachValue(values, [&](Value value) {
    return shuffleDown(builder, loc, value, delta, threadsPerWarp);
  });
}

OperandValues mlir::tile::shuffleIdxValues(OpBuilder &builder, Location loc,
                                           ValueRange values, Value lane,
                                           int threadsPerWarp) {
  return eachValue(values, [&](Value value) {
    return shuffleIdx(builder, loc, value, lane, threadsPerWarp);
  });
}

FailureOr<OperandScratch> OperandScratch::get(OpBuilder &builder, Location loc,
                                              Operation *op,
                                              ValueRange operands,
                                              ArrayRef<int64_t> operandOffsets,
                                              const TypeConverter &converter) {
  Value scratch = getAllocationPointer(builder, loc, op);
  if (!scratch)
    return failure();
  OperandScratch parts;
  for (auto [operand, offset] : llvm::zip(operands, operandOffsets)) {
    parts.bases.push_back(LLVM::GEPOp::create(
        builder, loc, scratch.getType(), builder.getI8Type(), scratch,
        ValueRange{i32Constant(builder, loc, offset)}));
    parts.elementTypes.push_back(converter.convertType(
        cast<RankedTensorType>(operand.getType()).getElementType()));
  }
  return parts;
}

void OperandScratch::store(OpBuilder &builder, Location loc, Value index,
                           ValueRange values) const {
  for (auto [base, type, value] : llvm::zip(bases, elementTypes, values))
    storeShared(builder, loc,
                getSharedElementPointer(builder, loc, base, type, index),
                value);
}

void OperandScratch::storeIf(OpBuilder &builder, Location loc, Value condition,
                             Value index, ValueRange values) const {
  for (auto [base, type, value] : llvm::zip(bases, elementTypes, values))
    storeSharedIf(builder, loc, condition,
                  getSharedElementPointer(builder, loc, base, type, index),
                  value);
}

OperandValues OperandScratch::load(OpBuilder &builder, Location loc,
                                   Value index) const {
  OperandValues loaded;
  for (auto [base, type] : llvm::zip(bases, elementTypes))
    loaded.push_back(loadShared(
        builder, loc, getSharedElementPointer(builder, loc, base, type, index),
        type));
  return loaded;
}

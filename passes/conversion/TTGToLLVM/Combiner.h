//===- Combiner.h - What the reduce and scan lowerings share ----*- C++ -*-===//
//
// tt.reduce and tt.scan both combine, with the op's combiner region, the
// values one tensor element has in each of the op's operands: in a
// thread's registers, across lanes with warp shuffles and across warps
// through scratch in shared memory. The pieces of that are here: inlining
// the region, selecting and shuffling all operands' values of an element
// at once, and the per-operand parts of the op's scratch.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_COMBINER_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_COMBINER_H

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tile {
/// The values of one tensor element, one per operand of a tt.reduce or
/// tt.scan: what the combiner region takes (twice) and yields.
using OperandValues = SmallVector<Value>;

/// Clones the combiner region's ops at the insertion point with its block
/// arguments bound to (lhs, rhs); returns what its terminator yields. The
/// clones are converted by the other patterns of the conversion.
OperandValues inlineCombiner(OpBuilder &builder, Region &combiner,
                             ValueRange lhs, ValueRange rhs);

/// Per operand, `condition ? ifTrue : ifFalse`.
OperandValues selectValues(OpBuilder &builder, Location loc, Value condition,
                           ValueRange ifTrue, ValueRange ifFalse);

/// Per operand, the value of lane `lane ^ laneMask` (see shuffleXor).
OperandValues shuffleXorValues(OpBuilder &builder, Location loc,
                               ValueRange values, int32_t laneMask,
                               int threadsPerWarp);
/// Per operand, the value of lane `lane - delta` (see shuffleUp).
OperandValues shuffleUpValues(OpBuilder &builder, Location loc,
                              ValueRange values, int32_t delta,
                              int threadsPerWarp);
/// Per operand, the value of lane `lane + delta` (see shuffleDown).
OperandValues shuffleDownValues(OpBuilder &builder, Location loc,
                                ValueRange values, int32_t delta,
                                int threadsPerWarp);
/// Per operand, the value of lane `lane` (an i32; see shuffleIdx).
OperandValues shuffleIdxValues(OpBuilder &builder, Location loc,
                               ValueRange values, Value lane,
                               int threadsPerWarp);

/// The scratch of a reduce or scan: each operand has its own part, an
/// array of its element type.
class OperandScratch {
public:
  /// The parts of `op`'s scratch (at its `allocation.offset`) starting at
  /// `operandOffsets` bytes, for `operands` (tensors); failure when the op
  /// has no allocation.
  static FailureOr<OperandScratch> get(OpBuilder &builder, Location loc,
                                       Operation *op, ValueRange operands,
                                       ArrayRef<int64_t> operandOffsets,
                                       const TypeConverter &converter);

  /// Stores `values` at element `index` (an i32) of each part.
  void store(OpBuilder &builder, Location loc, Value index,
             ValueRange values) const;
  /// The same, only where `condition` (an i1) holds.
  void storeIf(OpBuilder &builder, Location loc, Value condition, Value index,
               ValueRange values) const;
  /// Loads element `index` of each part.
  OperandValues load(OpBuilder &builder, Location loc, Value index) const;

private:
  SmallVector<Value> bases;
  SmallVector<Type> elementTypes;
};
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_COMBINER_H

//===- LayoutPropagation.h - Anchor layouts to users ------------*- C++ -*-===//
//
// The first step of tritongpu-remove-layout-conversions, as in Triton: the
// layouts of "anchor" ops, whose layout is expensive to change (loads that
// are not broadcasts, dots, atomics), flow forward through every op that
// can compute in any layout (elementwise ops, broadcasts, reductions,
// scans, expand_dims, conversions) and through scf.for / scf.if values. Where
// two layouts reach one value the tensor-core layout wins. Values are then
// retyped in place and a conversion back is inserted only where a user
// needs the old layout (a store, a dot operand, a non-propagating op).
// Shape ops that keep element order (trans, join, split, reshape) carry a
// layout through as the encoding's dialect infers it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_LAYOUTPROPAGATION_H
#define TILE_PASSES_TTG_LAYOUTPROPAGATION_H

#include "dialects/tt/TTDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::tile {
/// The encoding of a ranked tensor value; null for any other value.
inline Attribute getEncoding(Value value) {
  if (auto type = dyn_cast<RankedTensorType>(value.getType()))
    return type.getEncoding();
  return {};
}

/// Ranked tensor `type` with `encoding`.
inline Type withEncoding(Type type, Attribute encoding) {
  return cast<RankedTensorType>(type).cloneWithEncoding(encoding);
}
/// Whether `op`, which computes in its operands' layout, may compute in
/// `encoding`: a tt.scan only in a layout its lowering can scan along the
/// scan axis (Triton keeps scans in blocked layouts, all of which qualify);
/// every other op in any layout.
bool canComputeIn(Operation *op, Attribute encoding);

/// Whether `op` changes its tensor's shape in a way that carries a layout
/// through (tt.trans, tt.join, tt.split, tt.reshape keeping element order
/// and not marked efficient_layout): its result layout follows from its
/// operand's and back.
bool carriesLayoutThroughShape(Operation *op);

/// The encoding of the results of such an op whose (first) tensor operand
/// has `operandEncoding`, as the encoding's dialect infers it; null when it
/// cannot express one, or when the op would not give the operand back in
/// an equivalent layout (inferOperandEncoding).
Attribute inferResultEncoding(Operation *op, Attribute operandEncoding);

/// The encoding its tensor operands need for such an op to produce
/// `resultEncoding`; null when there is none (e.g. a join result whose
/// joined dimension is not held within each thread).
Attribute inferOperandEncoding(Operation *op, Attribute resultEncoding);

/// Whether a load's layout is worth keeping: every thread loads different
/// addresses. A one-element tensor, or fewer elements than threads (most
/// threads hit the same lines), loads as cheaply in any layout, and may be
/// loaded again in another one.
bool isExpensiveLoad(tt::LoadOp load);

/// Propagates anchor layouts forward through `func` and retypes the values
/// they reach; true when any value changed layout.
bool propagateAnchorLayouts(FunctionOpInterface func);
} // namespace mlir::tile

#endif // TILE_PASSES_TTG_LAYOUTPROPAGATION_H

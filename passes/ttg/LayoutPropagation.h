//===- LayoutPropagation.h - Anchor layouts carried to their users -*- C++
//-*-===//
//
// The first step of tritongpu-remove-layout-conversions, as in Triton: the
// layouts of "anchor" ops, whose layout is expensive to change (loads that
// are not broadcasts, dots, atomics), flow forward through every op that
// can compute in any layout (elementwise ops, broadcasts, reductions,
// scans, expand_dims, conversions) and through scf.for / scf.if values. Where
// two layouts reach one value the tensor-core layout wins. Values are then
// retyped in place and a conversion back is inserted only where a user
// needs the old layout (a store, a dot operand, a non-propagating op).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_LAYOUTPROPAGATION_H
#define TILE_PASSES_TTG_LAYOUTPROPAGATION_H

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

/// Propagates anchor layouts forward through `func` and retypes the values
/// they reach; true when any value changed layout.
bool propagateAnchorLayouts(FunctionOpInterface func);
} // namespace mlir::tile

#endif // TILE_PASSES_TTG_LAYOUTPROPAGATION_H

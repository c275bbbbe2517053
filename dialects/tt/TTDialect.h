//===- TTDialect.h - The tt dialect -----------------------------*- C++ -*-===//
//
// Declares the tt dialect, its types, enums and operations.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TT_TTDIALECT_H
#define TILE_DIALECTS_TT_TTDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tile::tt {
/// The memory that tt loads, stores and atomics touch.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};

/// Largest number of elements of a tensor in tt (as in Triton).
constexpr int64_t kMaxTensorNumElements = 1 << 20;

/// Checks that every tensor operand and result of `op` has a power-of-two
/// number of elements, at most kMaxTensorNumElements.
LogicalResult verifyTensorSizes(Operation *op);

/// Checks that every tensor operand (and result, with `includeResults`) of
/// `op` has the same layout encoding, or none.
LogicalResult verifySameEncoding(Operation *op, bool includeResults);

/// The pointee type of a pointer, or the tensor of pointees (same shape and
/// encoding) of a tensor of pointers; null for anything else.
Type getPointeeType(Type ptrLike);
/// For a block pointer `!tt.ptr<tensor<...xT>, as>`, the pointer `!tt.ptr<T,
/// as>` to its elements; null for anything else.
Type getBlockElementPointer(Type blockPtr);
/// `i1` with the shape and encoding of `type` (i1 itself for a scalar).
Type getI1SameShape(Type type);
} // namespace mlir::tile::tt

namespace mlir::tile::tt::OpTrait {
/// Attached to every tt op: see verifyTensorSizes.
template <typename ConcreteType>
class TensorSizeTrait
    : public mlir::OpTrait::TraitBase<ConcreteType, TensorSizeTrait> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyTensorSizes(op);
  }
};

/// Tensor operands and results share one encoding.
template <typename ConcreteType>
class SameOperandsAndResultEncoding
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      SameOperandsAndResultEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifySameEncoding(op, /*includeResults=*/true);
  }
};

/// Tensor operands share one encoding.
template <typename ConcreteType>
class SameOperandsEncoding
    : public mlir::OpTrait::TraitBase<ConcreteType, SameOperandsEncoding> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifySameEncoding(op, /*includeResults=*/false);
  }
};
} // namespace mlir::tile::tt::OpTrait

#include "dialects/tt/TTOpsDialect.h.inc"
#include "dialects/tt/TTOpsEnums.h.inc"
#define GET_TYPEDEF_CLASSES
#include "dialects/tt/TTOpsTypes.h.inc"
#define GET_OP_CLASSES
#include "dialects/tt/TTOps.h.inc"

#endif // TILE_DIALECTS_TT_TTDIALECT_H

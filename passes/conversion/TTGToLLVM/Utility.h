//===- Utility.h - Helpers of the TTGIR to LLVM lowering --------*- C++ -*-===//
//
// Packing and unpacking the per-thread element structs, thread indices, and
// the index math of linear layouts: the coordinates each register of a
// thread holds, and register permutations between two layouts.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_UTILITY_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_UTILITY_H

#include "dialects/ttg/layout/LinearLayout.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::LLVM {
class GlobalOp;
class LLVMFuncOp;
class LLVMFunctionType;
} // namespace mlir::LLVM

namespace mlir::tile {
/// The elements of a per-thread struct (or the value itself if it is not a
/// struct, i.e. a scalar).
SmallVector<Value> unpackElements(OpBuilder &builder, Location loc,
                                  Value packed);

/// Packs `elements` into the struct `tensorType` converts to.
Value packElements(OpBuilder &builder, Location loc,
                   const TypeConverter &converter, ValueRange elements,
                   Type tensorType);

/// An i32 constant.
Value i32Constant(OpBuilder &builder, Location loc, int64_t value);

/// a ^ b, leaving out a constant zero operand.
Value emitXor(OpBuilder &builder, Location loc, Value a, Value b);

/// The XOR, over the set bits of the run-time `index`, of `images[bit]`
/// (compile-time constants): the image of `index` under a linear map.
Value xorOfBits(OpBuilder &builder, Location loc, Value index,
                ArrayRef<int32_t> images);

/// For each register of a thread holding a tensor of `type` whose values are
/// equal over aligned blocks of `constancy` elements per dimension: the
/// first register holding the same value (itself when none does). Registers
/// that differ only in bits whose layout basis stays inside one block hold
/// equal values. Empty when the layout is unknown.
SmallVector<int> getConstantBlockRepresentatives(RankedTensorType type,
                                                 ArrayRef<int64_t> constancy);

/// The row-major index of `coords` (i32 values) within `shape`.
Value linearIndex(OpBuilder &builder, Location loc, ArrayRef<Value> coords,
                  ArrayRef<int64_t> shape);

/// The module's constant global of type `type` holding `value`: an
/// existing one with the same type and value, or a new internal one, named
/// `prefix` and the first number free, at the start of the module enclosing
/// the builder's insertion point.
LLVM::GlobalOp getOrCreateConstantGlobal(OpBuilder &builder, Location loc,
                                         StringRef prefix, Type type,
                                         Attribute value, uint64_t alignment,
                                         unsigned addressSpace);

/// The module's declaration of the external function `name` of `type`,
/// added at the start of the module enclosing the builder's insertion point
/// on first use.
LLVM::LLVMFuncOp getOrDeclareFunction(OpBuilder &builder, Location loc,
                                      StringRef name,
                                      LLVM::LLVMFunctionType type);

/// The index of the executing thread in its warp group: in the CTA, or,
/// inside a partition of ttg.warp_specialize, from the partition's first
/// thread (an i32).
Value getGroupThreadId(OpBuilder &builder, Location loc, int threadsPerWarp);

/// The warps of the group that runs code at the builder's insertion point:
/// the partition's inside ttg.warp_specialize, `moduleWarps` elsewhere.
int getGroupNumWarps(OpBuilder &builder, int moduleWarps);

/// ttg.warp_id: the executing thread's warp within its group (0 when the
/// group has one warp). With `uniformHint` the quotient is read back from
/// lane 0 (an index shuffle), as Triton does on NVIDIA: every lane holds
/// the same value already, but ptxas cannot see that through the division,
/// and a warp-uniform value keeps branches on it non-divergent.
Value emitWarpId(OpBuilder &builder, Location loc, int moduleWarps,
                 int threadsPerWarp, bool uniformHint);

/// The lane and warp of the executing thread (the warp within its group,
/// as getGroupThreadId).
struct ThreadIndex {
  Value lane;
  Value warp;
};
ThreadIndex getThreadIndex(OpBuilder &builder, Location loc,
                           int threadsPerWarp);

/// Which copy of each element an op that must touch every element exactly
/// once uses (an atomic; a store, where extra copies only cost time). A
/// layout may hold one element in several registers, lanes or warps (a
/// broadcast); the copy whose free bits (LinearLayout::getFreeVariableMasks)
/// are all zero owns it.
struct ElementOwners {
  /// Lane and warp bits whose value does not change the elements a thread
  /// owns: the threads with any of them set own nothing.
  int32_t freeLaneMask = 0;
  int32_t freeWarpMask = 0;
  /// Whether every lane and warp bit is free (a scalar, which every thread
  /// holds): thread 0 owns it.
  bool onlyFirstThread = false;
  /// For each register of a thread, the register of the same thread holding
  /// the same element that owns it (itself when it owns its element). In
  /// threads that own nothing, the register that would own it.
  SmallVector<int> ownerRegister;

  /// Whether some thread holds an element that another thread owns.
  bool spansThreads() const {
    return onlyFirstThread || freeLaneMask != 0 || freeWarpMask != 0;
  }
};

/// The owners of the elements of a tensor laid out as `layout`.
ElementOwners getElementOwners(const layout::LinearLayout &layout);

/// The owners of a scalar: thread 0, register 0.
ElementOwners getScalarOwners();

/// An i1 that is true in the threads that own their elements, or null when
/// every thread does.
Value emitOwnerPredicate(OpBuilder &builder, Location loc,
                         const ElementOwners &owners, int threadsPerWarp);

/// `a && b`, where a null operand stands for true (the result is null when
/// both are).
Value andPredicates(OpBuilder &builder, Location loc, Value a, Value b);

/// For every register of the calling thread, the tensor coordinates (one i32
/// per dimension) it holds under `layout`.
SmallVector<SmallVector<Value>> emitIndices(OpBuilder &builder, Location loc,
                                            const layout::LinearLayout &layout,
                                            int threadsPerWarp);

/// The tensor coordinates (one per out-dim) `layout` maps the hardware
/// indices `ins` to, e.g. {{kRegister, 3}, {kLane, 5}}; in-dims not named
/// are 0, and so must be named in-dims the layout lacks. Empty when an index
/// is out of range.
SmallVector<int32_t>
getCoordinates(const layout::LinearLayout &layout,
               ArrayRef<std::pair<const char *, int32_t>> ins);

/// For each register of `dst`, the register of `src` that holds the same
/// element in the same thread, when `project` maps dst coordinates to src
/// coordinates and no element changes thread; failure when data would have
/// to move between lanes or warps. `project` must be F2-affine: a linear map
/// of the coordinate bits XOR a constant (dropping, zeroing, permuting or
/// regrouping power-of-two dims, or appending a fixed coordinate).
FailureOr<SmallVector<int>> getRegisterPermutation(
    const layout::LinearLayout &src, const layout::LinearLayout &dst,
    function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> project);
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_UTILITY_H

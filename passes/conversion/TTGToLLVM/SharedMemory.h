//===- SharedMemory.h - Shared memory and warp data movement ----*- C++ -*-===//
//
// The pieces every lowering that moves data between threads uses: the
// CTA's dynamic shared memory (one external array, as in Triton, of the
// size recorded in `ttg.shared`), the scratch of an op at its
// `allocation.offset`, typed shared loads and stores and warp shuffles of
// any scalar type.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_SHAREDMEMORY_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_SHAREDMEMORY_H

#include "dialects/ttg/layout/LinearLayout.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
/// The symbol of the external shared array all buffers are offsets into.
constexpr llvm::StringLiteral kGlobalSharedMemoryName = "global_smem";

/// Declares the external shared array in `module` (once).
void declareSharedMemory(ModuleOp module);

/// A pointer (address space 3) to byte `offset` of the shared array.
Value getSharedMemoryPointer(OpBuilder &builder, Location loc, Value offset);

/// A pointer to the first byte of `op`'s scratch or buffer, or null when the
/// op has no `allocation.offset`.
Value getAllocationPointer(OpBuilder &builder, Location loc, Operation *op);

/// `base` advanced by `index` elements of `elementType` (in shared memory).
Value getSharedElementPointer(OpBuilder &builder, Location loc, Value base,
                              Type elementType, Value index);

/// Stores/loads one scalar in shared memory; i1 is kept as a byte.
void storeShared(OpBuilder &builder, Location loc, Value pointer, Value value);
Value loadShared(OpBuilder &builder, Location loc, Value pointer, Type type);

/// Stores one scalar in shared memory, as storeShared, only where
/// `condition` (an i1) holds.
void storeSharedIf(OpBuilder &builder, Location loc, Value condition,
                   Value pointer, Value value);

/// Stores `values` (all of one type) as one vector access at `pointer`,
/// which must be aligned to the vector's size. i1 and narrower integers are
/// kept as bytes and pointers as i64, as loadSharedVector expects.
void storeSharedVector(OpBuilder &builder, Location loc, Value pointer,
                       ValueRange values);
/// Loads `count` elements of `type` stored by storeSharedVector.
SmallVector<Value> loadSharedVector(OpBuilder &builder, Location loc,
                                    Value pointer, Type type, unsigned count);

/// The value of `value` in lane `lane ^ laneMask` (a shuffle over the whole
/// warp). Any integer, float or pointer type up to 64 bits.
Value shuffleXor(OpBuilder &builder, Location loc, Value value,
                 int32_t laneMask, int threadsPerWarp);

/// Stores the registers of a tensor laid out as `registers` into the shared
/// buffer at `base` laid out as `shared` (offset, block -> tensor dims),
/// with vector stores of up to 16 bytes where consecutive registers are
/// consecutive in the buffer. Fails (emitting nothing) when some element of
/// the tensor has no place in the buffer. `xorOffset` is XORed into every
/// element offset: a sub-tile of a swizzled buffer starts at an offset
/// whose bits may mix with the swizzle's, see MemDescViewLayout.
LogicalResult storeDistributedToShared(
    OpBuilder &builder, Location loc, Value base, Type elementType,
    const layout::LinearLayout &registers, const layout::LinearLayout &shared,
    ArrayRef<Value> values, int threadsPerWarp, int32_t xorOffset = 0,
    bool allowStmatrix = false);

/// Loads the registers of a tensor laid out as `registers` from the shared
/// buffer at `base` laid out as `shared`; the counterpart of the above.
FailureOr<SmallVector<Value>> loadDistributedFromShared(
    OpBuilder &builder, Location loc, Value base, Type elementType,
    const layout::LinearLayout &registers, const layout::LinearLayout &shared,
    int threadsPerWarp, int32_t xorOffset = 0);

/// The value of `value` in lane `lane` (an i32; a shuffle over the
/// whole warp). The same types as shuffleXor.
Value shuffleIdx(OpBuilder &builder, Location loc, Value value, Value lane,
                 int threadsPerWarp);

/// The value of `value` in lane `lane - delta` (`shuffleUp`) or
/// `lane + delta` (`shuffleDown`); a lane with no such lane in the warp
/// gets its own value. The same types as shuffleXor.
Value shuffleUp(OpBuilder &builder, Location loc, Value value, int32_t delta,
                int threadsPerWarp);
Value shuffleDown(OpBuilder &builder, Location loc, Value value, int32_t delta,
                  int threadsPerWarp);
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_SHAREDMEMORY_H

//===- Allocation.h - Offsets of shared buffers -----------------*- C++ -*-===//
//
// Places every explicit shared buffer (ttg.local_alloc) and every op's
// scratch (see Scratch.h) in the CTA's dynamic shared memory.
//
// Liveness: an explicit buffer lives from its ttg.local_alloc to the last
// use of the buffer or of any value that may view it (memdesc views, and
// memdescs carried through scf.for/if/while region arguments, results and
// yields); a use inside a loop keeps it live for the whole loop, and a
// buffer carried around a loop's back edge lives for the whole loop. In a
// function of several blocks (cf branches) an explicit buffer lives for the
// whole function.
// Scratch lives only while its op runs. Buffers are placed first fit, in
// program order, at the lowest aligned offset that overlaps no buffer live
// at the same time, so buffers never live together may share bytes.
//
// Functions reached through tt.call address shared memory the same way
// (absolute offsets into one array), so a callee's buffers are placed above
// every byte its callers use; recursion is refused.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_ANALYSIS_ALLOCATION_H
#define TILE_PASSES_ANALYSIS_ALLOCATION_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::tile {
/// One buffer of the allocation.
struct SharedBuffer {
  /// The ttg.local_alloc, or the op that uses the scratch.
  Operation *op;
  /// Whether this is an op's scratch rather than an explicit buffer.
  bool isScratch;
  int64_t offset;
  int64_t bytes;
  int64_t alignment;
};

/// Where each buffer of a module lives.
struct SharedMemoryAllocation {
  /// Every buffer, function by function, in program order.
  SmallVector<SharedBuffer> buffers;
  /// Byte offset of the buffer of each op that has one.
  llvm::DenseMap<Operation *, int64_t> offsets;
  /// Bytes of shared memory the module needs.
  int64_t totalBytes = 0;
  /// Where each function's buffers start (callees above their callers), and
  /// how many bytes the function and every function it calls need from
  /// there on.
  llvm::DenseMap<Operation *, int64_t> functionBase;
  llvm::DenseMap<Operation *, int64_t> functionBytes;
};

/// The scratch bytes an op needs (getScratchSizeInBytes by default).
using ScratchSizeFn = llvm::function_ref<int64_t(Operation *)>;

/// Computes the allocation of `module`. Fails, with a diagnostic, on a
/// recursive tt.call. `scratchSize`, when given, replaces
/// getScratchSizeInBytes (tests use it to give every op the same scratch).
FailureOr<SharedMemoryAllocation>
computeSharedMemoryAllocation(ModuleOp module,
                              ScratchSizeFn scratchSize = nullptr);

/// The bytes an explicit buffer's offset must be a multiple of.
int64_t getExplicitAllocationAlignment(Operation *op);

/// Whether `op` returns a view of (part of) the buffer its first operand
/// views: memdesc_index, _subslice, _trans, _reshape, _reinterpret.
bool isSharedMemoryView(Operation *op);

/// The values that flow into `value` when it is an argument of a region or
/// a result of a region-branching op (scf.for/if/while): initial values,
/// yields, condition arguments; or when it is an argument of a block that
/// branches (cf.br, cf.cond_br) reach: their successor operands; or when it
/// is an argument of a ttg.warp_specialize partition: the explicit capture
/// it receives. Returns false when it is none of these.
bool getIncomingValues(Value value, SmallVectorImpl<Value> &incoming);

/// The ttg.local_alloc ops whose buffer `memdesc` may view, found by
/// following view ops and scf region arguments and results back to their
/// sources. Returns false when some source is not a local_alloc (a function
/// argument, an op the tracing does not know).
bool getAllocationSources(Value memdesc, SmallVectorImpl<Operation *> &allocs);

/// The most dynamic shared memory one CTA may use on the module's target
/// (`ttg.target`, cuda:NN), or std::nullopt for a target without a known
/// limit.
std::optional<int64_t> getMaxSharedMemoryPerBlock(ModuleOp module);

/// Computes the allocation and records it: `allocation.offset` on each op
/// with a buffer, `ttg.shared` on the module. Fails, with a diagnostic on
/// the op whose buffer crosses the target's limit and nothing recorded,
/// when the module needs more than the target has.
LogicalResult annotateSharedMemoryAllocation(ModuleOp module);

/// The modules to allocate one by one: every module nested in `module` (as
/// when several modules sit in one file) that holds functions of its own,
/// and `module` itself when it holds functions or nothing is nested.
SmallVector<ModuleOp> getModulesToAllocate(ModuleOp module);

/// Whether `module` already carries an allocation (`ttg.shared`).
bool hasSharedMemoryAllocation(ModuleOp module);
} // namespace mlir::tile

#endif // TILE_PASSES_ANALYSIS_ALLOCATION_H

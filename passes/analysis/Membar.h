//===- Membar.h - Barriers between shared-memory accesses -------*- C++ -*-===//
//
// Threads of a CTA share shared memory; when one op writes bytes that
// another op read or wrote before (or reads bytes written before), the
// threads must meet at a barrier in between, or a fast warp overtakes a
// slow one. This analysis walks each function in program order, tracking
// the byte ranges read and written since the last barrier, and puts a
// ttg.local_barrier before the first op that conflicts. scf.if merges its
// branches; loops iterate to a fixpoint so that an access at the top of a
// body sees those at the bottom of the previous iteration.
//
// Accesses come from the allocation (passes/analysis/Allocation.h): an op
// with scratch reads and writes its scratch; a ttg.local_alloc with a value
// writes its buffer; local_store and async copies write, and local_load
// reads, the buffer their memdesc views (traced back through view ops; a
// memdesc the analysis cannot trace counts as all of shared memory).
//
// The insertion is idempotent: barriers already in the IR clear the state,
// so running it again (e.g. the lowering after tile-insert-barriers) adds
// none.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_ANALYSIS_MEMBAR_H
#define TILE_PASSES_ANALYSIS_MEMBAR_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
/// Inserts ttg.local_barrier where shared-memory accesses of `module`
/// conflict. The module must carry an allocation (`allocation.offset`,
/// `ttg.shared`). Returns the number of barriers inserted.
int insertSharedMemoryBarriers(ModuleOp module);
} // namespace mlir::tile

#endif // TILE_PASSES_ANALYSIS_MEMBAR_H

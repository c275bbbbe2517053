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
// writes its buffer; local_store writes, and local_load reads, the buffer
// their memdesc views (traced back through view ops and scf region
// arguments; a memdesc_index with a constant index narrows to its slice; a
// memdesc the analysis cannot trace counts as all of shared memory). A
// tt.call may touch anything.
//
// Asynchronous copies (cp.async) write when they land, which a thread
// learns only from its own ttg.async_wait; other threads see the data after
// a barrier that follows that wait. So a copy counts as a write at its
// issue (it must not overtake earlier reads of its bytes), stays in flight
// across barriers, and becomes a pending write again at every async_wait
// until an async_wait with num = 0 retires it: reading its bytes after the
// wait needs a barrier even if one was placed between issue and wait.
//
// An atomic whose old values go through scratch has a barrier of its own
// (between the owners' stores and everyone's loads), which orders every
// access before it.
//
// Optionally (test-print-membar, as Triton's test pass), mbarrier
// operations follow Triton's NVIDIA rules: inits (and invals) of
// one barrier array need no barrier among them, and arming an mbarrier,
// TMA loads signalling it and waits on it may run in any order across
// threads (a wait completes only once the whole transfer landed), except
// that two waits in a row, and an inval after them, need the CTA to meet.
// Always, an async_tma_store_wait is always followed by a barrier (the stores'
// buffers may be reused only once every thread's stores have read them),
// and an arrive orders every access before it.
//
// In a ttg.warp_specialize the default region continues from what came
// before; each partition runs on warps of its own and starts from nothing
// pending.
//
// A function body of several blocks (cf branches) is walked to a fixpoint
// over its control flow graph: a block starts from what any predecessor may
// leave pending.
//
// Barriers already in the IR (ttg.local_barrier, gpu.barrier, nvvm
// barriers) clear the state, so running the insertion twice adds nothing.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_ANALYSIS_MEMBAR_H
#define TILE_PASSES_ANALYSIS_MEMBAR_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
/// The unit attribute tile-insert-barriers leaves on the module, telling
/// convert-triton-gpu-to-llvm that the barriers are already in place.
constexpr llvm::StringLiteral kBarriersInsertedAttrName =
    "tile.barriers-inserted";

/// Inserts ttg.local_barrier where shared-memory accesses of `module`
/// conflict. The module must carry an allocation (`allocation.offset`,
/// `ttg.shared`). With `exemptMBarrierPairs`, the pairs of mbarrier
/// operations Triton's NVIDIA backend deems order-free need no barrier
/// (Triton applies this only in its test pass; its compiler, and tile's,
/// place every barrier). Returns the number of barriers inserted.
int insertSharedMemoryBarriers(ModuleOp module,
                               bool exemptMBarrierPairs = false);
/// Inserts ttng.fence_async_shared before each async-proxy write (TMA load,
/// TMA gather) whose destination overlaps shared memory the generic proxy
/// read or wrote since the last fence, with the same walk over control flow
/// as the barriers (a fence, not a barrier, clears what is pending). The
/// async-proxy ops, mbarrier ops and tmem_copy themselves count for
/// nothing. The module must carry an allocation. Returns the number of
/// fences inserted.
int insertProxyFences(ModuleOp module);
} // namespace mlir::tile

#endif // TILE_PASSES_ANALYSIS_MEMBAR_H

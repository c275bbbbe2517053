//===- PipelinePasses.td - Pipelining passes of TTGIR ------*- tablegen -*-===//
//
// Loop latencies, schedules, the pipeliner, prefetching and loop fusion.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_PIPELINEPASSES_TD
#define TILE_PASSES_TTG_PIPELINEPASSES_TD

include "mlir/Pass/PassBase.td"

def TTGAssignLatenciesPass
    : Pass<"tritongpu-assign-latencies", "::mlir::ModuleOp"> {
  let summary = "Mark the loads of a dot loop that the pipeliner may run ahead";
  let description = [{
    In each `scf.for` that contains a `tt.dot`, a `tt.load` of a tensor of
    pointers whose value is only staged into shared memory
    (`ttg.local_alloc`, as reduce-data-duplication leaves dot operands) and
    whose `other` is zero or absent gets `tt.latency = num-stages - 1`:
    the number of iterations its copy may run ahead of its use. A loop's
    own `tt.num_stages` attribute takes the place of the option (Triton's
    rule; triton-loop-unroll gives its epilogue loops 1).
  }];
  let options = [
    Option<"numStages", "num-stages", "int",
           /*default=*/"::mlir::tile::ttg::kDefaultNumStages",
           "Pipeline stages (1 disables pipelining)">,
  ];
  let statistics = [
    Statistic<"numMarkedLoads", "num-marked-loads",
              "Number of loads given a tt.latency">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def TTGScheduleLoopsPass
    : Pass<"tritongpu-schedule-loops", "::mlir::ModuleOp"> {
  let summary = "Assign each op of a loop with latency-marked loads a pipeline stage";
  let description = [{
    The loads marked by `tritongpu-assign-latencies` and the ops of the loop
    body that only compute their pointers and masks get `loop.stage = 0`;
    everything else gets the loads' latency as its stage. `loop.cluster`
    orders the kernel body: the last stage's ops (waits, shared-memory
    reads, the dot) first, then the copies for later iterations, so a ring
    buffer slot is refilled only after it was read.
  }];
  let options = [
    Option<"numStages", "num-stages", "int",
           /*default=*/"::mlir::tile::ttg::kDefaultNumStages",
           "Pipeline stages (1 disables pipelining)">,
  ];
  let statistics = [
    Statistic<"numScheduledLoops", "num-scheduled-loops",
              "Number of loops whose ops were given pipeline stages">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def TTGPipelinePass : Pass<"tritongpu-pipeline", "::mlir::ModuleOp"> {
  let summary = "Software-pipeline scheduled loops with cp.async ring buffers";
  let description = [{
    For each loop `tritongpu-schedule-loops` scheduled: every marked load and
    its `ttg.local_alloc` become a ring buffer of `num-stages - 1` slots
    allocated before the loop, a `ttg.async_copy_global_to_local` into slot
    `i mod (num-stages - 1)` (committed as its own group) in stage 0, and a
    `ttg.async_wait` plus a view of the slot in the last stage; the wait
    names the groups committed before it in the body, as Triton's does, and
    the expansion carries their tokens across iterations. The loop is
    then expanded by upstream MLIR's `scf` pipeliner: a prologue issues the
    first copies, the kernel runs each iteration's copy `num-stages - 1`
    iterations ahead, copies past the end are masked off, and the loop ends
    with `ttg.async_wait {num = 0}` before the buffers are released.

    In a loop with `ttng.warp_group_dot` the ring has one more slot and
    every wgmma is issued asynchronously (Triton's rules): a dot whose
    result its own iteration reads is followed by
    `ttng.warp_group_dot_wait {pendings = 0}`; a dot that only accumulates
    into itself waits with `pendings = 1` (one group stays in flight); a dot
    whose loop-carried result is read only after an earlier full wait (the
    P·V of attention) is covered by that wait in the next iteration, its
    carried value threaded through it; after the loop one wait drains them.

    On sm_90, the `tt.descriptor_store` and `tt.descriptor_reduce` ops of
    every loop with more than one stage then write into a shared buffer
    allocated before the loop and stay in flight (as
    `ttng.async_tma_copy_local_to_global` and `ttng.async_tma_reduce`): `ttng.async_tma_store_wait {pendings = 0}` moves to just
    before the buffer is written again, and one wait follows the loop.
  }];
  let options = [
    Option<"numStages", "num-stages", "int",
           /*default=*/"::mlir::tile::ttg::kDefaultNumStages",
           "Pipeline stages (1 disables pipelining)">,
  ];
  let statistics = [
    Statistic<"numPipelinedLoops", "num-pipelined-loops",
              "Number of loops software-pipelined">,
    Statistic<"numPipelinedLoads", "num-pipelined-loads",
              "Number of loads turned into cp.async copies into ring "
              "buffers">,
    Statistic<"numPipelinedStores", "num-pipelined-stores",
              "Number of loops whose TMA stores stay in flight">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect",
                           "::mlir::tile::ttng::TTNGDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def TTGPrefetchPass : Pass<"tritongpu-prefetch", "::mlir::ModuleOp"> {
  let summary = "Read the next iteration's first K slice of mma v2 dot operands ahead";
  let description = [{
    In an `scf.for` with one `tt.dot` of `#ttg.nvidia_mma` version 2 whose
    operands are `ttg.local_load`s (possibly followed by single-use
    elementwise ops) of loop-carried shared buffers, the dot is split along
    K into dots of `8 * kWidth` columns (`256 / bits` when kWidth is 0).
    Each is fed by a `ttg.local_load` of a `ttg.memdesc_subslice` of the
    buffer. The first slice is loaded before the loop and, for the next
    iteration, at the end of the body and carried as an iteration
    argument, so the shared-memory reads of one slice overlap the mma of
    the previous one. Loops with several dots or other accumulator layouts
    are left alone, as are dots whose K is smaller than one slice.
  }];
  let statistics = [
    Statistic<"numPrefetchedLoops", "num-prefetched-loops",
              "Number of loops whose dot operands are prefetched">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def TTGFuseNestedLoopsPass
    : Pass<"tritongpu-fuse-nested-loops", "::mlir::ModuleOp"> {
  let summary = "Flatten a loop nest marked tt.flatten into one loop";
  let description = [{
    A loop nest whose outer `scf.for` carries `tt.flatten` (what
    `tl.range(..., flatten=True)` writes) and holds exactly one inner
    `scf.for` becomes one loop the pipeliner can pipeline: the fused loop
    runs `len(outer) * max(1, len(inner))` iterations and carries a counter
    `T` of the inner iteration; the code before the inner loop (prologue)
    runs under `scf.if T == 0`, the inner body under `scf.if` on `T` being
    inside the inner range, the code after it (epilogue) under
    `scf.if T == len - 1`. Values crossing those regions become iteration
    arguments of the fused loop; an inner iteration argument initialized
    outside the nest (an accumulator's zero) is reset in the epilogue.

    Before fusing, as Triton 3.6 does: loop-invariant code leaves the outer
    loop, pure prologue ops used only by the epilogue sink into it, and the
    inner loop's length is speculated: when an `llvm.intr.assume` says it
    runs at least once, or when its bounds can be computed before the nest
    (then the nest is versioned on the length being zero), the inner body
    is not wrapped in an `scf.if`. (Triton versions on the length being
    zero only; a negative length would run the unguarded body once per
    outer iteration, so tile versions on it being positive too.) A nest
    whose inner bounds depend on the
    outer iteration, or that holds more than one inner loop, or a loop in a
    region other than the outer body, is left alone. Loops with unsigned
    comparison are left alone too.

    For tests, `ttg.always-fuse` on the outermost loop flattens the whole
    nest without the speculation and for any number of inner loops (an
    inner loop whose bounds depend on the outer iteration gets its length
    computed in a separate loop first), as in Triton, which assumes there
    that every inner loop runs at least once (an empty one yields the
    values of its previous run, not its initial values). `tt.num_stages`
    (largest), `tt.warp_specialize` and `tt.disallow_acc_multi_buffer`
    carry over to the fused loop.
  }];
  let statistics = [
    Statistic<"numFusedNests", "num-fused-nests",
              "Number of loop nests flattened into one loop">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::ub::UBDialect"];
}

#endif // TILE_PASSES_TTG_PIPELINEPASSES_TD

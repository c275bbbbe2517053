//===- HopperPasses.td - Hopper passes of TTGIR ------------*- tablegen -*-===//
//
// TMA descriptors and lowering, CTA planning, MMA lowering and warp
// specialization (with its test passes).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_HOPPERPASSES_TD
#define TILE_PASSES_TTG_HOPPERPASSES_TD

include "mlir/Pass/PassBase.td"

def TTNGOptimizeDescriptorEncodingPass
    : Pass<"triton-nvidia-optimize-descriptor-encoding", "::mlir::ModuleOp"> {
  let summary = "Give every tensor descriptor the shared layout of its blocks";
  let description = [{
    A TMA copy lands a descriptor's block in shared memory in the layout
    the descriptor's type names (`!tt.tensordesc<tensor<..., #shared>>`),
    which is also what the host encodes into the CUtensorMap (box and
    swizzle). As Triton, the pass solves every descriptor value of each
    function (kernel arguments, `tt.make_tensor_descriptor` results, and
    the values loops and ifs carry, which must agree): a value takes the
    non-transposed #ttg.nvmma_shared layout its loaded blocks are stored in
    (the `ttg.local_alloc` or `ttg.local_store` that takes a
    `tt.descriptor_load` or `tt.descriptor_gather`), or else Triton's
    default #ttg.nvmma_shared (row-major, the widest swizzle that fits) for
    the blocks its uses move; clashing wishes, and descriptors that cross
    calls or a device function's boundary, take the default. The function
    type follows.

    ```
    mlir-opt --load-dialect-plugin=libtile.so \
      -p 'builtin.module(triton-nvidia-optimize-descriptor-encoding)' k.ttgir
    ```
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def TTNGTMALoweringPass
    : Pass<"triton-nvidia-tma-lowering", "::mlir::ModuleOp"> {
  let summary = "Lower descriptor loads and stores to TMA copies";
  let description = [{
    Each `tt.descriptor_load` the pipeliner left becomes a TMA copy into a
    shared buffer of the tensor's shape and the descriptor's layout,
    completing on an mbarrier (`ttng.init_barrier`, `barrier_expect`,
    `async_tma_copy_global_to_local`, `wait_barrier`, `inval_barrier`), read
    back with `ttg.local_load` (a `ttg.local_alloc` of the loaded tensor in
    the buffer's layout becomes the buffer itself); a `tt.descriptor_gather`
    goes the same way through `async_tma_gather`. Each `tt.descriptor_store`
    stores its value to such a buffer, fences it for the async proxy and
    copies it out (`async_tma_copy_local_to_global`, then
    `async_tma_store_wait {pendings = 0}`); each `tt.descriptor_reduce` and
    `tt.descriptor_scatter` does the same through `async_tma_reduce` and
    `async_tma_scatter`. Each `tt.make_tensor_descriptor` becomes a tensor
    map written on the device into 128 bytes of global scratch
    (`ttg.global_scratch_alloc`, `ttng.tensormap_create` with the box,
    swizzle and element type of the descriptor's shared encoding,
    `ttng.tensormap_fenceproxy_acquire`) and viewed as the descriptor
    (`ttng.reinterpret_tensor_descriptor`). Descriptors need their shared
    layout (triton-nvidia-optimize-descriptor-encoding). As in Triton, the
    copies are not checked here: convert-triton-gpu-to-llvm diagnoses those
    TMA cannot do (layout, element type, indices, reduction kind, gather and
    scatter). The module is folded afterwards, as by Triton's greedy
    rewrite. Nothing happens below compute capability 90.

    ```
    mlir-opt --load-dialect-plugin=libtile.so \
      -p 'builtin.module(triton-nvidia-tma-lowering)' k.ttgir
    ```
  }];
  let statistics = [
    Statistic<"numLoweredLoads", "lowered-loads",
              "Number of descriptor loads and gathers lowered to TMA copies">,
    Statistic<"numLoweredStores", "lowered-stores",
              "Number of descriptor stores and scatters lowered to TMA copies">,
    Statistic<"numLoweredDescriptors", "lowered-descriptors",
              "Number of device-side descriptors written as tensor maps">,
    Statistic<"numLoweredReduces", "lowered-reduces",
              "Number of descriptor reductions lowered to TMA reductions">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect",
                           "::mlir::tile::ttng::TTNGDialect",
                           "::mlir::arith::ArithDialect"];
}

def TTNGPlanCTAPass : Pass<"triton-nvidia-gpu-plan-cta", "::mlir::ModuleOp"> {
  let summary = "Split dots, reductions and stores across the CTAs of a cluster";
  let description = [{
    Triton 3.6's plan-cta chooses how the CTAs of a cluster (`ttg.num-ctas`
    above 1) share a kernel's tensors. With one CTA there is nothing to
    plan and the module is left unchanged, as in Triton. tile compiles
    single-CTA kernels only, so a module with `ttg.num-ctas` above 1 is
    refused with an error.
  }];
}

def NVGPUWarpSpecializationPass
    : Pass<"nvgpu-warp-specialization", "::mlir::ModuleOp"> {
  let summary = "Hopper producer/consumer warp specialization of a TMA + "
                "wgmma tile loop";
  let description = [{
    Triton's automatic warp specialization for Hopper. A loop marked
    `tt.warp_specialize` (`tl.range(..., warp_specialize=True)`) in a
    kernel of 4 warps, whose only nested loop accumulates one
    `ttng.warp_group_dot` from two `tt.descriptor_load`s and whose other
    ops are index arithmetic and an epilogue of elementwise ops ending in
    `tt.descriptor_store`s, becomes a `ttg.warp_specialize`:

    - the default region (the kernel's 4 warps) is the producer: it walks
      the same tiles and K steps and issues the TMA copies into rings of
      `num-stages` shared slots;
    - one partition of 4 warps per 64 rows of the tile (two for a 128-row
      tile) is a consumer: it runs the wgmma on its rows of each slot, one
      wgmma in flight, and stores its rows in its own epilogue. The A block
      and the stored blocks are split by rows: a kernel-argument
      descriptor changes type (its map is encoded from the kernel's
      metadata), a `tt.make_tensor_descriptor` from before the loop is
      recreated in each partition with the split block;
    - per slot, a "full" mbarrier (count 1, armed with the bytes of the
      slot's copies) that consumers wait on, and an "empty" mbarrier
      (128 per consumer) that each consumer arrives on once the wgmma that
      read the slot has completed and that the producer waits on before
      reusing the slot. One count of slot uses, carried through both
      loops, gives the slot (count mod stages) and the phase.

    The marked loop may also be the K loop itself (one tile per program):
    its epilogue then follows it in the kernel, and the warp_specialize
    replaces both. The loop's own `tt.num_stages` sizes the rings where it
    has one.

    With `attention`, an attention kernel (marked loops reading K and V
    blocks through TMA into wgmmas against row tiles of a Q block) becomes
    a TMA producer of K and V rings and one consumer per 64 rows of the Q
    block that runs the whole kernel on its rows, for head dims from
    `min-head-dim` (128: at 64 the consumers' registers leave one block per
    SM, and the loop keeps Triton's schedule with a remark), and a kernel of
    two marked loops (causal attention: the blocks left of the diagonal,
    then the masked diagonal ones) unless `causal` is off. With
    `ping-pong` (the default) two or more consumers take turns at the
    tensor cores: each issues a wgmma that reads a ring only in its turn
    (`ttng.named_barrier_wait` on its barrier) and hands the turn on right
    after issuing it (`ttng.named_barrier_arrive` on the next consumer's),
    so one consumer's softmax runs while the other's wgmmas do. With
    `overlap` (the default) each consumer also issues
    a block's P x V wgmma together with the next block's Q x K^T and waits
    for it only where the accumulator is rescaled, so its own softmax runs
    beside it (FlashAttention-3's intra-warpgroup overlap). On the H100
    (bench family attention_ws, head dim 128, 4x32x4096 and 1x16x16384)
    the rewrite with both runs 0.99x and 1.01x Triton's fastest compile of
    the same kernel without warp specialization (2 stages), the causal
    kernel 1.00x and 1.05x.

    The new loops get `tt.num_stages = 0` so the pipeliner leaves them
    alone; the consumers ask for 232 registers (`requestedRegisters`). With
    `blocks-per-sm` above 1 an attention kernel starts with that share of
    the register file (`ttg.maxnreg`: 80 a thread for two blocks of 12
    warps) and its consumers ask for what the producer's 24 leave (104).
    Anything else (other warp counts, other loop shapes) keeps the loop
    unchanged with a remark saying why.

    ```
    mlir-opt --load-dialect-plugin=libtile.so \
      -p 'builtin.module(nvgpu-warp-specialization{num-stages=3})' k.ttgir
    ```
  }];
  let options = [
    Option<"numStages", "num-stages", "int", /*default=*/"3",
           "Slots of the shared rings">,
    Option<"attention", "attention", "bool", /*default=*/"true",
           "Also rewrite attention kernels (head dim 128 and more)">,
    Option<"pingPong", "ping-pong", "bool", /*default=*/"true",
           "Attention consumers take turns issuing their wgmmas">,
    Option<"overlap", "overlap", "bool", /*default=*/"true",
           "Attention consumers issue a block's P x V wgmma with the next "
           "block's Q x K^T">,
    Option<"causal", "causal", "bool", /*default=*/"true",
           "Also rewrite attention kernels of two marked loops (causal)">,
    Option<"minHeadDim", "min-head-dim", "int64_t", /*default=*/"128",
           "The smallest head dim the attention rewrite takes">,
    Option<"blocksPerSM", "blocks-per-sm", "int", /*default=*/"1",
           "Blocks of a rewritten attention kernel one SM holds: above 1 "
           "the kernel starts with that share of the register file and the "
           "consumers take what the producer leaves">,
    Option<"dumpIntermediateSteps", "dump-intermediate-steps", "bool",
           /*default=*/"false",
           "Accepted for Triton's pipelines; tile has no intermediate steps "
           "to dump">,
  ];
  let statistics = [
    Statistic<"numSpecializedLoops", "num-specialized-loops",
              "Number of loops split into producer and consumers">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::tile::ttng::TTNGDialect"];
}

def TTNGMMALoweringPass
    : Pass<"triton-nvidia-mma-lowering", "::mlir::ModuleOp"> {
  let summary = "Ready tcgen05 MMAs for the lowering";
  let description = [{
    Triton's MMA lowering for `ttng.tc_gen5_mma` and `tc_gen5_mma_scaled`:
    a synchronous MMA becomes asynchronous, arriving on a fresh mbarrier
    that is waited on (phase 0, under the MMA's predicate) and invalidated
    right after it; block scales in shared memory are copied into tensor
    memory first (`ttng.tmem_alloc` of a `#ttng.tensor_memory_scales_encoding`
    buffer with one row per row of M for A's scales, of N for B's, then
    `ttng.tmem_copy`); a `ttng.tc_gen5_commit` that follows an MMA across
    pure ops only becomes one more completion barrier of the MMA when the
    MMA always runs or shares the commit's predicate (the ops its barrier
    and predicate are computed from move above the MMA, when pure).
    convert-triton-gpu-to-llvm does not lower tcgen05 ops (sm_100).

    ```
    mlir-opt --load-dialect-plugin=libtile.so --load-pass-plugin=libtile.so \
      -p 'builtin.module(triton-nvidia-mma-lowering)' k.ttgir
    ```
  }];
  let dependentDialects = ["::mlir::tile::ttng::TTNGDialect",
                           "::mlir::arith::ArithDialect"];
}

def NVGPUTestWSTaskPartitionPass
    : Pass<"nvgpu-test-ws-task-partition", "::mlir::ModuleOp"> {
  let summary = "Mark the anchor ops of the async tasks of warp "
                "specialization";
  let description = [{
    Triton's task partition for Hopper warp specialization, under Triton's
    test name. In a function without `async_task_id` marks that has a loop,
    a load and a `ttng.warp_group_dot`, the `tt.descriptor_load`s (and the
    `tt.load`s of more elements than threads) the wgmmas' A and B operands
    are computed from (loop-carried values aside) are marked with the
    producer task, `async_task_id = array<i32: 0>`; the wgmmas and every
    `tt.store` and `tt.descriptor_store` with the consumer tasks, 1 to
    `num-warp-groups - 1`. nvgpu-test-taskid-propagate spreads the marks to
    the rest. Nothing happens with fewer than two warp groups.

    ```
    mlir-opt --load-dialect-plugin=libtile.so --load-pass-plugin=libtile.so \
      -p 'builtin.module(nvgpu-test-ws-task-partition{num-warp-groups=3})' \
      k.ttgir
    ```
  }];
  let options = [
    Option<"numWarpGroups", "num-warp-groups", "int32_t", /*default=*/"0",
           "Warp groups of the specialization: one producer, the rest "
           "consumers">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def NVGPUTestWSTaskIdPropagatePass
    : Pass<"nvgpu-test-taskid-propagate", "::mlir::ModuleOp"> {
  let summary = "Spread async_task_id marks from anchor ops to what they need";
  let description = [{
    Triton's task-id propagation for Hopper warp specialization, under
    Triton's test name. Ops marked `async_task_id = array<i32: ...>` (other
    than constants) are anchors; a backward data-flow analysis gives every
    value the union of the tasks of the ops that need it: an anchor needs
    its operands for its own tasks, any other op for the tasks of its
    results; the ops inside an `scf.for` or `scf.if` need its bounds and
    step or its condition; a loop or branch whose results are all needed
    hands those tasks to its yields, and a `tt.reduce` to its combiner's
    terminator. Then each op that is not an anchor (constants included) is
    marked with the union of its results' tasks (its operands' when it has
    none), and the ops around it take its tasks too. Marks are sorted.
    With `num-warp-groups=0` the marks are removed instead. Functions with
    calls or with regions other than `scf.for`, `scf.if` and `tt.reduce`
    get a diagnostic.

    ```
    mlir-opt --load-dialect-plugin=libtile.so --load-pass-plugin=libtile.so \
      -p 'builtin.module(nvgpu-test-taskid-propagate{num-warp-groups=2})' \
      k.ttgir
    ```
  }];
  let options = [
    Option<"numWarpGroups", "num-warp-groups", "int32_t", /*default=*/"0",
           "Warp groups of the specialization (0: remove the marks)">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

#endif // TILE_PASSES_TTG_HOPPERPASSES_TD

//===- Passes.td - TTGIR to TTGIR passes -------------------*- tablegen -*-===//

#ifndef TILE_PASSES_TTG_PASSES_TD
#define TILE_PASSES_TTG_PASSES_TD

include "mlir/Pass/PassBase.td"

def TTGCoalescePass : Pass<"tritongpu-coalesce", "::mlir::ModuleOp"> {
  let summary = "Give each global memory access a coalesced layout";
  let description = [{
    For each load, store and atomic on a tensor of pointers, picks the
    blocked layout in which each thread accesses up to 128 contiguous bits
    that axis analysis proves contiguous and aligned (never more than the
    hints prove), and converts the op's operands and results to it.
  }];
  let statistics = [
    Statistic<"numCoalescedAccesses", "num-coalesced-accesses",
              "Number of loads, stores and atomics given a new layout">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def TTGF32DotTCPass : Pass<"tritongpu-F32DotTC", "::mlir::ModuleOp"> {
  let summary = "Split f32 dots of tf32x3, bf16x3 and bf16x6 precision into tensor-core dots";
  let description = [{
    Triton 3.6's tritongpu-F32DotTC. A `tt.dot` of f32 operands whose
    `inputPrecision` asks for more accuracy than one tensor-core pass gives
    becomes several tensor-core dots of the operands' high and low parts:

    - `tf32x3` (only with `emu-tf32`): `x = big + small` with `big` the
      operand rounded to tf32 (`cvt.rna.tf32.f32`, a
      `tt.elementwise_inline_asm`) and `small = x - big`; the result is
      `big·big + (small·big + big·small) + c`, three tf32 dots.
    - `bf16x3` and `bf16x6`: `x = hi + mid (+ lo)`, each part the bf16
      truncation of what the earlier parts leave; bf16x3 sums
      `mid·hi + hi·mid`, bf16x6 first `mid·mid + lo·hi + hi·lo`, then both
      add `hi·hi` and `c`.

    The low-order products are summed first; if they are NaN (an infinite
    operand times a zero low part) they are replaced by zero, so that
    infinities come out of the high product alone. The 3xTF32 trick is
    CUTLASS's; 3/6xBF16 are from arXiv:1904.06376.

    ```
    mlir-opt --load-dialect-plugin=libtile.so \
      -p 'builtin.module(tritongpu-F32DotTC{emu-tf32=true})' k.ttgir
    ```
  }];
  let options = [
    Option<"emuTF32", "emu-tf32", "bool", /*default=*/"false",
           "Split tf32x3 dots into three tf32 dots (Triton sets it for "
           "compute capability 8.0 and up)">,
  ];
  let statistics = [
    Statistic<"numSplitDots", "num-split-dots", "Number of dots split">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TTGRemoveLayoutConversionsPass
    : Pass<"tritongpu-remove-layout-conversions", "::mlir::ModuleOp"> {
  let summary = "Remove ttg.convert_layout ops by computing values in the layout their users need";
  let description = [{
    First, as Triton's layout propagation: the layouts of anchors (loads
    whose threads read different addresses, dots, atomics) are carried
    forward to everything computed from them: elementwise ops, broadcasts,
    reductions (their results take the slice layout), scans (only into
    layouts the scan lowering can scan along the axis; Triton keeps scans
    in blocked layouts, all of which qualify), expand_dims, trans, join,
    split and reshapes that keep element order (their results take the
    layout the encoding's dialect infers), conversions (which then
    disappear) and values that scf.for and scf.if carry. Where two layouts
    reach one value the tensor-core layout wins; an mma anchor spreads only
    when its values come back to a tensor-core
    layout (a loop-carried accumulator, a chained dot). A conversion back
    is inserted right before each user that needs the old layout. This
    keeps attention's scores, row statistics and accumulator in the mma
    layout, with one conversion of P into the dot operand layout.

    Then, until nothing changes, it rematerializes the cheap producers of a
    converted value (make_range, splat, constants, addptr, broadcast,
    expand_dims, elementwise ops, and trans, join and order-keeping reshapes
    in the layouts the target implies) in the target layout, propagates a
    conversion's source layout forward through elementwise ops and scans
    into reductions, and moves conversions out of loops and ifs. Scans are
    not recomputed in another layout (they are not cheap). A reshape with
    `allow_reorder` reads the source of a conversion directly when its
    result layout can hold that source's registers, and `tt.unsplat` reads
    any layout; a reshape marked `efficient_layout` keeps its layouts.
  }];
  let statistics = [
    Statistic<"numRemovedConversions", "num-removed-conversions",
              "Number of ttg.convert_layout ops removed (those before the "
              "pass minus those after)">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def TTGAccelerateMatmulPass
    : Pass<"tritongpu-accelerate-matmul", "::mlir::ModuleOp"> {
  let summary = "Give each tt.dot that tensor cores can compute an mma layout";
  let description = [{
    For each `tt.dot` whose result still has a register layout other than
    `#ttg.nvidia_mma`, on a target of compute capability 8.0 or higher, and
    whose operands the tensor cores take (f16, bf16, fp8, i8, or f32 with
    `inputPrecision = tf32`), picks Triton 3.6's instruction:

    * **wgmma on cuda:90** (`#ttg.nvidia_mma` version 3) when the dot is
      2-D, num-warps is a multiple of 4, M a multiple of 64, N of 16, K at
      least one instruction (256 bits of operand elements), and fp8 into f32
      allows at least 32 imprecise additions. The dot becomes a
      `ttng.warp_group_dot` with

          #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0,
                           warpsPerCTA = W, instrShape = [16, N', K']}>

      `K'` is one instruction's K; `N'` the largest wgmma width (a multiple
      of 8 up to 256; for i8 of 16 up to 224, or 8) dividing N that leaves
      every warp column work. `W` stacks warpgroups of 4 warps along M while
      M has 16 rows per warp left, then along N; a dot chained to another
      dot keeps all warps along M. Both operands are stored in shared memory
      right after they are computed (`ttg.local_alloc` of the value) with
      `#ttg.nvmma_shared`: the order of their registers for f16 and bf16,
      K-major for every other type (tf32, fp8 and i8 must be K-major; such a
      store transposes in registers and its load is not pipelined), and the
      widest 128/64/32-byte swizzle that the contiguous dim's bytes fill.
      Every other dot on cuda:90 gets a remark naming why and falls back to
      mma.sync.
    * **mma.sync** (version 2) otherwise:

          #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0,
                           warpsPerCTA = W, instrShape = [16, 8]}>

      with the operands in `#ttg.dot_op<{opIdx = 0|1, parent = #mma,
      kWidth = 32 / bits}>`. `bits` is the narrowest element width the
      operand had before widening casts (so f16 loaded and widened to f32
      still gets kWidth 2). `W` is Triton's choice: warps are doubled along
      M or N, whichever has more 16x8 tiles per warp left (M on ties); when
      the dot is chained to another dot (attention), all warps go along the
      longer dim, or copy the other dot's mma layout.

    `ttg.convert_layout` ops convert the accumulator in and the result back.
    Then, as in Triton, operand types the chosen path does not compute
    natively are widened with `tt.fp_to_fp` (or `arith.extsi`): fp8 operands
    of mma.sync to f16 except on cuda:89, and FMA operands to the
    accumulator's type.

    f64 dots take mma.sync on cuda:80 and cuda:90 only (kWidth 1; wgmma has
    no f64 form), where the tensor cores are fast at f64, as in Triton.

    Dots stay on the FMA path (blocked layouts) when no tensor-core
    instruction takes them: f32 with `ieee` precision (and, until tile has
    `tritongpu-F32DotTC`, `tf32x3`/`bf16x3`/`bf16x6`), f64 on targets other
    than cuda:80 and cuda:90 (or K not a multiple of 8), integers other
    than i8, targets below cuda:80, and tiles smaller than one instruction
    (M or N below 16, K below 256 / bits). Triton's frontend never emits
    such small dots; tile also takes hand-written TTIR, so they stay FMA.

    Every `tt.dot_scaled` is first decomposed, as Triton does below sm_100
    (DecomposeScaledBlocked): both operands are upcast to bf16 (f16 when
    either is fp16), e2m1 with `ttg.fp4_to_fp` along K and fp8 with
    `tt.fp_to_fp`; an e8m0 scale s becomes 2^(s - 127) (shifted into a bf16
    exponent, or an f32 one rounded to f16), is repeated along its 32
    elements of K and multiplied in, and unless `fastMath` a scale of 0xFF
    makes the values NaN; an ordinary `tt.dot` of the results then gets its
    layouts like any other. Formats without an upcast on the target are an
    error naming the op, the side and the format: e4m3 below cuda:89, fp6
    (e2m3, e3m2), and e2m1 packed along M or N (`lhs_k_pack`/`rhs_k_pack`
    false). Likewise a `tt.dot` with e4m3 operands below cuda:89 is an
    error (every path there widens fp8, and e4m3 has no conversion).
    Triton's transposition of dot_scaled ops that scale only B is not done
    (it chooses layouts; the result is the same).

    Deliberate difference from Triton 3.6: a dot whose operands the tensor
    cores take but whose accumulator type they have no instruction for
    (e.g. bf16 x bf16 -> bf16, i8 x i8 -> i8, tf32 -> f16) is an error
    naming the op, the types and the target; Triton builds the mma layout
    and fails later in the lowering.
  }];
  let statistics = [
    Statistic<"numMmaDots", "num-mma-dots",
              "Number of tt.dot ops given an mma layout (tensor cores)">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect",
                           "::mlir::tile::ttng::TTNGDialect",
                           "::mlir::arith::ArithDialect"];
}

def TTGReduceDataDuplicationPass
    : Pass<"tritongpu-reduce-data-duplication", "::mlir::ModuleOp"> {
  let summary = "Stage register-to-dot-operand conversions through swizzled shared memory";
  let description = [{
    A `ttg.convert_layout` from a register layout to a `#ttg.dot_op` layout
    that moves data between warps (an mma operand is replicated across the
    warps along the other dim) becomes an explicit

        %m = ttg.local_alloc %x : (tensor<..., #blocked>) -> !ttg.memdesc<..., #shared, #smem>
        %y = ttg.local_load %m : !ttg.memdesc<..., #shared, #smem> -> tensor<..., #ttg.dot_op<...>>

    so each warp reads (with ldmatrix) only the part it needs. The shared
    encoding is Triton 3.6's `#ttg.swizzled_shared` for that dot operand:
    the order of the source layout (`getOrderForMemory`) and the
    vec/perPhase/maxPhase of `getDotOperandSharedEncoding`. Conversions that
    stay within each warp are left to the convert_layout lowering.
  }];
  let statistics = [
    Statistic<"numStagedConversions", "num-staged-conversions",
              "Number of conversions to dot operands staged through shared "
              "memory">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def AllocateSharedMemoryPass
    : Pass<"allocate-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Give every shared buffer and scratch a byte offset";
  let description = [{
    Every `ttg.local_alloc` buffer and every op that needs scratch while it
    runs (a `tt.reduce` or `tt.scan` across warps, a `ttg.convert_layout`
    through shared memory) gets its byte offset as the attribute `allocation.offset`; the
    module gets the total as `ttg.shared`.

    A buffer lives from its `ttg.local_alloc` to the last use of it or of a
    view of it (memdesc views, memdescs carried by `scf.for`/`if`/`while`);
    a use inside a loop keeps it live for the whole loop. Scratch lives only
    while its op runs. Buffers take the lowest aligned offset (16 bytes;
    `nvmma_shared` buffers a whole swizzle pattern) that overlaps no buffer
    live at the same time, in program order, so buffers that are never live
    together share bytes. A function called by `tt.call` is placed above
    everything its callers use; recursion is refused.

    The pass fails, naming the first buffer past the limit, when the module
    needs more shared memory than a block may have on its `ttg.target`
    (sm_80: 166912 bytes, sm_86/sm_89: 101376, sm_90: 232448).

    ```mlir
    // before
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    // after: %a is dead when %b is allocated
    %a = ttg.local_alloc {allocation.offset = 0 : i32} : ...
    %b = ttg.local_alloc {allocation.offset = 0 : i32} : ...
    ```
  }];
  let statistics = [
    Statistic<"numSharedBytes", "num-shared-bytes",
              "Bytes of shared memory allocated (ttg.shared)">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def AllocateSharedMemoryNvPass
    : Pass<"allocate-shared-memory-nv", "::mlir::ModuleOp"> {
  let summary = "Triton's NVIDIA name for allocate-shared-memory";
  let description = [{
    The same pass as `allocate-shared-memory`, under the name Triton's
    NVIDIA pipeline uses, so Triton's pipelines run unchanged. With
    `compute-capability`, a module without `ttg.target` gets
    `ttg.target = "cuda:<cc>"` first (the target decides the shared-memory
    limit); `ptx-version` is accepted as Triton's is and changes nothing
    here.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"0",
           "The target's compute capability (0: the module's ttg.target)">,
    Option<"ptxVersion", "ptx-version", "int32_t", /*default=*/"0",
           "The PTX ISA version (accepted for Triton's pipelines)">,
  ];
  let statistics = [
    Statistic<"numSharedBytes", "num-shared-bytes",
              "Bytes of shared memory allocated (ttg.shared)">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def InsertBarriersPass : Pass<"tile-insert-barriers", "::mlir::ModuleOp"> {
  let summary = "Put a ttg.local_barrier between conflicting shared-memory accesses";
  let description = [{
    After `allocate-shared-memory`: walking each function in program order
    (both branches of `scf.if`, loops to a fixpoint over their back edge),
    inserts `ttg.local_barrier` before an op that reads bytes written since
    the last barrier, or writes bytes read or written since then. Scratch
    ops (a `tt.reduce` or `tt.scan` across warps, a `ttg.convert_layout`
    through shared memory) read and write their scratch; `ttg.local_alloc` with a value and
    `ttg.local_store` write, and `ttg.local_load` reads, their buffer (the
    slice of it, for a `ttg.memdesc_index` with a constant index).
    `ttg.async_copy_global_to_local` must not overtake earlier accesses of
    its bytes, and its data counts as written at each later `ttg.async_wait`
    (other threads may read it only after a barrier that follows the wait).
    `tt.call` counts as touching everything.

    The module gets the unit attribute `tile.barriers-inserted`. Triton
    inserts barriers inside `convert-triton-gpu-to-llvm`; tile's lowering
    still does when run alone, unless the module carries that attribute.
    Existing barriers are respected, so running the pass twice inserts
    nothing more. (The pass walks each function on its own, but runs on the
    module: it reads the module-wide allocation and marks the module.)

    ```mlir
    // before: two reductions across warps share their scratch
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({...}) {allocation.offset = 0 : i32} : ...
    %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({...}) {allocation.offset = 0 : i32} : ...
    // after
    %s = "tt.reduce"(%x) ...
    ttg.local_barrier
    %m = "tt.reduce"(%x) ...
    ```
  }];
  let statistics = [
    Statistic<"numBarriers", "num-barriers",
              "Number of ttg.local_barrier ops inserted">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

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
    `ttg.async_wait` plus a view of the slot in the last stage. The loop is
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

def TTNGFenceInsertionPass
    : Pass<"triton-nvidia-gpu-fence-insertion", "::mlir::ModuleOp"> {
  let summary = "Fence generic-proxy shared-memory writes before MMA reads";
  let description = [{
    wgmma and tcgen05.mma read their shared operands through the async
    proxy; a buffer the threads wrote with ordinary stores
    (`ttg.local_alloc` with a value, `ttg.local_store`) must be fenced
    before. For each `ttng.warp_group_dot`, `ttng.tc_gen5_mma` and
    `ttng.tc_gen5_mma_scaled` with such an operand this pass inserts
    `ttng.fence_async_shared` right before it, then hoists the fence out of
    every enclosing loop that does not define the written operand, and
    drops it when a fence already precedes it. A buffer of unknown origin
    counts as written; warp_specialize partition arguments are traced to
    the captures they receive. Copies (cp.async, TMA) need no
    fence. Nothing happens below compute capability 90.

    ```
    mlir-opt --load-dialect-plugin=libtile.so \
      -p 'builtin.module(triton-nvidia-gpu-fence-insertion{compute-capability=90})' k.ttgir
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"90", "The target's compute capability">,
  ];
  let statistics = [
    Statistic<"numFences", "fences-inserted", "Number of fences inserted">,
  ];
  let dependentDialects = ["::mlir::tile::ttng::TTNGDialect"];
}

def TTGGlobalScratchAllocationPass
    : Pass<"tritongpu-global-scratch-memory-allocation", "::mlir::ModuleOp"> {
  let summary = "Give every global scratch buffer its byte offset";
  let description = [{
    Every `ttg.global_scratch_alloc` and every `tt.call` of a function that
    needs global scratch gets `ttg.global_scratch_memory_offset`: buffers
    are laid out one after the other in program order (post-order), each at
    the next multiple of its alignment, without reuse. Each function gets
    `ttg.global_scratch_memory_size` (its total, rounded up to its largest
    alignment) and `ttg.global_scratch_memory_alignment`; callees are laid
    out before their callers, and a call takes its callee's size and
    alignment. The module gets the kernel's (the public function's) pair.
    A recursive call is an error.
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

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

def TTGCombineTensorSelectAndIfPass
    : Pass<"tritongpu-combine-tensor-select-and-if", "::mlir::ModuleOp"> {
  let summary = "Fold tensor selects into an scf.if on the same condition";
  let description = [{
    An `arith.select` of tensors whose condition also drives an `scf.if` in
    the same block (after the select, and before every use of the select)
    becomes one more result of the if: the then branch yields the select's
    true value, the else branch (created when missing) its false value. A
    use of a select inside one branch of such an if first takes the value
    that branch would select. Scalar selects stay as they are.

    ```mlir
    %s = arith.select %c, %a, %b : tensor<64xf32, #blocked>
    scf.if %c { ... }
    // becomes
    %r = scf.if %c -> (tensor<64xf32, #blocked>) { ...; scf.yield %a : ... }
         else { scf.yield %b : ... }
    ```
  }];
  let statistics = [
    Statistic<"numCombinedSelects", "num-combined-selects",
              "Number of selects folded into an scf.if">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def TTGOptimizeThreadLocalityPass
    : Pass<"tritongpu-optimize-thread-locality", "::mlir::ModuleOp"> {
  let summary = "Keep reductions and gathers within a thread or a warp";
  let description = [{
    Three rewrites that trade a layout conversion for less communication
    between threads:

    - A `tt.reshape allow_reorder` feeding reductions along one axis gets a
      blocked result layout with that axis outermost in the order (so
      threads split the other dims), marked `efficient_layout`, and a
      `ttg.convert_layout` back for its users.
    - A `tt.gather` of rank 2 or more gets a blocked layout in which one
      warp spans the gather axis (so the gather needs only shuffles), on
      source, indices and result, marked `efficient_layout`.
    - A floating-point add/mul/max/min reduction along the innermost dim of
      a blocked `tt.load` result, whose only use combines it into a loop
      accumulator, is split: the loop reduces only the elements of each
      thread (a rank+1 reshape that moves them into a new innermost dim)
      into a new loop-carried accumulator that starts at the operation's
      neutral element, and the reduction across threads happens once after
      the loop, combined there with the original initial value.
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect",
                           "::mlir::tile::tt::TTDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TTGReorderInstructionsPass
    : Pass<"tritongpu-reorder-instructions", "::mlir::ModuleOp"> {
  let summary = "Move ops to shorten live ranges and to help ptxas";
  let description = [{
    Moves, in this order:

    - each `ttg.convert_layout` after any `ttg.local_dealloc` that lies
      between it and its first use in its block (the dealloc's buffer is
      then free before the conversion's scratch is needed);
    - a `ttg.local_load`, or a convert to a `#ttg.dot_op` layout, with one
      user in another loop nest, right before that user (it would
      otherwise keep a large register tensor alive across the loop);
    - a `ttg.local_alloc` of a value right after the value's definition
      (not for constants and splats: no gain, more shared memory);
    - a `tt.trans` right after its operand's definition;
    - the `ttg.local_load` of a dot's B operand after that of its A operand
      when nothing in between writes memory.
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

def TTGOptimizeDotOperandsPass
    : Pass<"tritongpu-optimize-dot-operands", "::mlir::ModuleOp"> {
  let summary = "Fold transposes and reshapes of dot operands into shared-memory views";
  let description = [{
    After canonicalizing, three rewrites let the hardware (or the
    shared-memory read) do a transpose or reshape instead of the registers:

    * `tt.dot(convert_layout(tt.trans(x)))` with an mma v2 dot: `x` is
      stored into a `#ttg.swizzled_shared` buffer swizzled for the operand
      read transposed, and the operand is a `ttg.local_load` of its
      `ttg.memdesc_trans` view (ldmatrix.trans does the transpose);
    * `ttg.local_alloc(tt.trans(x))` read only by a `ttng.warp_group_dot`
      or a `ttng.tc_gen5_mma(_scaled)`: `x` is stored with the transposed
      `#ttg.nvmma_shared` layout and the dot reads a `ttg.memdesc_trans`
      view (wgmma and tcgen05 take either major);
    * `ttg.local_alloc(tt.reshape(x))` into an nvmma layout: `x` is stored
      with the layout whose `ttg.memdesc_reshape` view is the allocated
      one.

    ```
    mlir-opt --load-dialect-plugin=libtile.so --load-pass-plugin=libtile.so \
      -p 'builtin.module(tritongpu-optimize-dot-operands{hoist-layout-conversion=true})' k.ttgir
    ```
  }];
  let options = [
    Option<"hoistLayoutConversion", "hoist-layout-conversion", "bool",
           /*default=*/"true",
           "Move conversions to dot operands above elementwise ops (Triton "
           "3.6 accepts the option and ignores it)">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect",
                           "::mlir::tile::ttng::TTNGDialect",
                           "::mlir::tile::tt::TTDialect"];
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

def TTGCoalesceAsyncCopyPass
    : Pass<"tritongpu-coalesce-async-copy", "::mlir::ModuleOp"> {
  let summary = "Give each thread one cp.async worth of contiguous source elements";
  let description = [{
    For a `ttg.async_copy_global_to_local` from a `#ttg.blocked` tensor of
    pointers into a `#ttg.swizzled_shared` buffer: when a thread holds more
    contiguous elements along the fastest dim than land contiguously in the
    buffer (the copy would be split into several narrow cp.async), the
    source layout's sizePerThread along that dim is clipped to the buffer's
    run. The pointers, mask and other value get a `ttg.convert_layout` to
    the clipped layout and the copy's `contiguity` is recomputed.
  }];
  let statistics = [
    Statistic<"numClippedCopies", "num-clipped-copies",
              "Number of copies whose source layout was narrowed">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect",
                           "::mlir::tile::tt::TTDialect"];
}

def TTGOptimizeAccumulatorInitPass
    : Pass<"tritongpu-optimize-accumulator-init", "::mlir::ModuleOp"> {
  let summary = "Replace zeroing an mma accumulator by the dot's use-accumulator flag";
  let description = [{
    For a `ttng.warp_group_dot` directly in an `scf.for` whose accumulator
    is a zero constant, a loop argument starting at zero, or is zeroed in
    the loop by an `arith.select` or `scf.if` on a condition: the zeroing
    goes away and the dot's `useC` operand says instead whether the
    accumulator holds a value, through a new i1 loop argument (false on
    entry when the argument starts at zero; after the dot it is true; a
    select of the zeroing's condition where the zeroing was). Dots that
    accumulate fp8 products in f32 in pieces (`maxNumImpreciseAcc` no
    larger than K) are left alone, as are dots whose flag is already not
    the constant true. Triton 3.6 runs this pass only for compute
    capability 100 and up (tcgen05 mma); tile has no tcgen05 ops, so only
    wgmma is rewritten.
  }];
  let statistics = [
    Statistic<"numDotsWithFlag", "num-dots-with-flag",
              "Number of dots whose accumulator zeroing became a flag">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
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

def TTNGProxyFenceInsertionPass
    : Pass<"triton-nvidia-gpu-proxy-fence-insertion", "::mlir::ModuleOp"> {
  let summary = "Fence generic-proxy shared-memory accesses before TMA writes";
  let description = [{
    Triton 3.6's proxy fence insertion, run after shared memory is
    allocated: TMA loads and gathers write shared memory through the async
    proxy, which is not ordered with the threads' ordinary (generic-proxy)
    reads and writes of the same bytes. Walking each function over its
    control flow (branches of `scf.if`, loops to a fixpoint, `cf` blocks),
    the pass keeps the byte ranges the generic proxy accessed since the
    last `ttng.fence_async_shared` and inserts one before a TMA load or
    gather whose destination overlaps any of them. An op's scratch counts
    as read; the async-proxy ops themselves (wgmma, tcgen05 mma, TMA),
    mbarrier ops and `ttng.tmem_copy` count for nothing; a `tt.call` may
    touch anything. Buffers of aliasing allocations overlap by their
    offsets. A module without an allocation is allocated first, as
    `allocate-shared-memory` does. Nothing happens below compute
    capability 90.

    ```
    mlir-opt --load-dialect-plugin=libtile.so \
      -p 'builtin.module(allocate-shared-memory,triton-nvidia-gpu-proxy-fence-insertion{compute-capability=90})' k.ttgir
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"90", "The target's compute capability">,
  ];
  let statistics = [
    Statistic<"numFences", "fences-inserted", "Number of fences inserted">,
  ];
  let dependentDialects = ["::mlir::tile::ttng::TTNGDialect"];
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

    The new loops get `tt.num_stages = 0` so the pipeliner leaves them
    alone; the consumers ask for 232 registers (`requestedRegisters`).
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

#endif // TILE_PASSES_TTG_PASSES_TD

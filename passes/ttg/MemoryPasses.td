//===- MemoryPasses.td - Memory planning passes of TTGIR ---*- tablegen -*-===//
//
// Shared and global scratch allocation, barriers and fences.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_MEMORYPASSES_TD
#define TILE_PASSES_TTG_MEMORYPASSES_TD

include "mlir/Pass/PassBase.td"

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

#endif // TILE_PASSES_TTG_MEMORYPASSES_TD

//===- Passes.td - Conversions between tile's levels -------*- tablegen -*-===//

#ifndef TILE_PASSES_CONVERSION_PASSES_TD
#define TILE_PASSES_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTritonToTritonGPUPass
    : Pass<"convert-triton-to-tritongpu", "::mlir::ModuleOp"> {
  let summary = "Give every tensor of TTIR a default blocked layout (TTIR -> TTGIR)";
  let description = [{
    Every tensor gets Triton's default `#ttg.blocked` layout for its shape
    (one element per thread per repetition, fastest dimension last), ops
    whose operands need another layout get `ttg.convert_layout`s
    (`tt.expand_dims` takes a `#ttg.slice`, `tt.dot` takes `#ttg.dot_op`s,
    `tt.reduce` yields a slice; `tt.scan` results keep their operands'
    layout), and the module gets the `ttg.num-warps`,
    `ttg.threads-per-warp`, `ttg.num-ctas` and `ttg.target` attributes.

    Shape ops get the layouts that let them move no data, as in Triton:
    `tt.trans`, `tt.join` and `tt.reshape` (keeping element order) take the
    layout the encoding's dialect infers from their operand (for the default
    layouts of power-of-two shapes a reshape's is the default one),
    `tt.split` takes its operand with the split dimension in registers,
    `tt.cat` takes the result's default layout with a larger
    `sizePerThread` so that a thread holds both operands' registers, and a
    `tt.reshape` with `allow_reorder` keeps the default layout where it
    holds the operand's registers. Users get the default layout back
    through a conversion.

    With `max-num-warps` above `num-warps` (tile's pipeline sets 8), a
    module whose loop carries dot accumulators of more than 192 registers
    a thread at `num-warps` takes twice the warps, as long as that is
    within the option and every dot has 16 rows a warp (Triton's tutorial
    06 backward at head dim 128: dK and dV, 256 registers a thread at 4
    warps, which spill; 128 at 8). `ttg.num-warps` says how many, and the
    kernel's metadata launches that many. A module with a loop marked
    `tt.warp_specialize` keeps `num-warps`.
  }];
  let options = [
    Option<"target", "target", "std::string",
           /*default=*/"::mlir::tile::ttg::kDefaultTarget.str()",
           "GPU target: cuda:80, cuda:86, cuda:89 or cuda:90">,
    Option<"numWarps", "num-warps", "int",
           /*default=*/"::mlir::tile::ttg::kDefaultNumWarps", "Warps per CTA">,
    Option<"threadsPerWarp", "threads-per-warp", "int",
           /*default=*/"::mlir::tile::ttg::kDefaultThreadsPerWarp",
           "Threads per warp">,
    Option<"numCTAs", "num-ctas", "int",
           /*default=*/"::mlir::tile::ttg::kDefaultNumCTAs",
           "CTAs per cluster">,
    Option<"maxNumWarps", "max-num-warps", "int", /*default=*/"0",
           "Up to how many warps the module may take when a loop's dot "
           "accumulators would not fit a thread's registers with num-warps "
           "(0: num-warps, as Triton)">,
  ];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def ConvertTritonGPUToLLVMPass
    : Pass<"convert-triton-gpu-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower TTGIR to the LLVM and NVVM dialects";
  let description = [{
    Distributed tensors become LLVM structs of the elements each thread
    holds (in register order of their linear layout). Public `tt.func`s
    become PTX kernels (`nvvm.kernel`, `nvvm.reqntid` = num-warps x 32) whose
    parameters are exactly the function's arguments. Ops the lowering does
    not support yet get a diagnostic naming the op, before anything is
    rewritten.

    `tt.expand_dims`, `tt.broadcast`, `tt.trans`, `tt.reshape`, `tt.join`,
    `tt.split`, `tt.cat` and `tt.unsplat` only rename registers: each result
    register is a register the thread holds in an operand, found from the
    linear layouts of operands and results. Where the element order is
    defined (all but `tt.cat` and `tt.reshape` with `allow_reorder`), the
    result register takes the operand register holding the same element;
    `tt.cat`, and a reordering reshape whose layouts do not keep the order,
    hand on the operands' registers one operand after the other, which is
    sound when threads that share elements in one layout share them in the
    other (otherwise a diagnostic).

    A tensor constant of distinct elements puts in each register the
    element the layout places there: a constant when the registers alone
    decide, selects on the thread's lane and warp bits when at most three of
    them do, and otherwise a load (marked invariant) from a read-only global
    array of the elements.

    Triton's options: `compute-capability` (0, the default, takes it from
    the module's `ttg.target`; otherwise it wins, and a module without
    `ttg.target` gets `cuda:<cc>`), and `ptx-version`: the PTX ISA version
    the PTX will be emitted at (80 for 8.0), below which the lowering writes
    no instruction the version lacks (the vector float atomics of PTX 8.1);
    0, the default, leaves the version to be chosen when LLVM emits PTX.
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t",
           /*default=*/"0",
           "The target's compute capability (0: the module's ttg.target)">,
    Option<"ptxVersion", "ptx-version", "int32_t", /*default=*/"0",
           "The PTX ISA version the PTX is emitted at (0: not fixed)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tile::nvg::NVGDialect"];
}

def EnableLineInfoPass : Pass<"enable-line-info", "::mlir::ModuleOp"> {
  let summary = "Give every LLVM function a debug-info scope for line tables";
  let description = [{
    Triton's step at the end of the LLVM stage: each `llvm.func` gets a
    `DISubprogram` (in a line-tables-only compile unit), so that stock
    `mlir-translate` turns the ops' source locations into DWARF line tables
    and `llc` writes `.file`/`.loc` into the PTX. Inlined Triton helpers
    (call-site locations) become inlined scopes. Triton's dumps hold
    call-site locations whose callee is unknown; such a location becomes
    its caller first (upstream `ensure-debug-info-scope-on-llvm-func`, which
    does the rest, cannot handle them). With `enabled=false` the pass does
    nothing: the `line-info` option of the stage pipelines sets it, as
    `TRITON_DISABLE_LINE_INFO` does in Triton.

    ```
    mlir-opt --load-dialect-plugin=libtile.so \
      -p 'builtin.module(tile-llir, enable-line-info)' k.ttgir
    ```
  }];
  let options = [
    Option<"enabled", "enabled", "bool", /*default=*/"true",
           "Emit the debug-info scopes (false: leave the module alone)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def StrengthReduceMultipliesPass
    : Pass<"tile-strength-reduce-multiplies", "::mlir::ModuleOp"> {
  let summary = "Turn multiplies of `base + i` by one constant into adds";
  let description = [{
    Straight-line strength reduction on the LLVM dialect. The lowering of a
    tensor op gives each register its own value of the form `base + i`
    (`base` a sum of the thread's lane, warp and program terms, `i` the
    register's constant offset), and an elementwise multiply by a constant
    `c` then multiplies every register. When two or more such multiplies in
    one block share `base` and `c`, this pass computes `base * c` once and
    each product as `base * c + i * c` (wrapping arithmetic, the same
    value). Factors that are powers of two stay: they are shifts, as cheap
    as the adds, and LLVM leaves them alone too. LLVM 22 cannot do it later: InstCombine distributes a multiply
    over an add only when the add has no other use, and once it has turned
    the adds into `or disjoint`, the NVPTX backend's straight-line strength
    reduction no longer recognizes them. Triton's LLVM does; this keeps
    tile's PTX as short as Triton's (philox `tl.rand` multiplies each offset
    by its first key).

    ```
    mlir-opt --load-dialect-plugin=libtile.so \
      -p 'builtin.module(tile-llir, tile-strength-reduce-multiplies)' k.ttgir
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def AttachLoopAnnotationsPass
    : Pass<"tile-attach-loop-annotations", "::mlir::ModuleOp"> {
  let summary = "Give LLVM branches the loop annotations their loops carry";
  let description = [{
    Triton's frontend marks a loop with `llvm.loop_annotation` (for example
    `#llvm.loop_annotation<licm = #llvm.loop_licm<disable = true>>` for
    `tl.range(..., disable_licm=True)`). `convert-scf-to-cf` carries the
    attribute to the loop's latch branch as a discardable attribute, and
    `convert-cf-to-llvm` keeps it so on `llvm.br` / `llvm.cond_br`, where the
    translation to LLVM IR does not look: only the branch's own
    `loop_annotation` becomes `!llvm.loop` metadata. This pass moves the
    one into the other, so that LLVM sees `llvm.licm.disable`.

    ```
    mlir-opt --load-dialect-plugin=libtile.so \
      -p 'builtin.module(convert-scf-to-cf, convert-cf-to-llvm, tile-attach-loop-annotations)' k.mlir
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ConvertNVGToLLVMPass : Pass<"convert-nv-gpu-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower the nvg dialect to NVVM ops and inline PTX";
  let description = [{
    Triton's last NVIDIA step before LLVM IR: `nvg.cluster_id` becomes
    `nvvm.read.ptx.sreg.cluster.ctarank`; `nvg.wgmma` one
    `wgmma.mma_async` (the accumulator registers tied in and out, a constant
    `useC` as an immediate scale-d); `nvg.wgmma_wait_group` a
    `wgmma.wait_group` that hands every field of its struct through as a
    tied register, so that no use moves above the wait; `nvg.ld_acquire` a
    (predicated) `ld.global.<scope>.<sem>.b<bits>`. `nvg.tensor_memory_base`
    (tensor memory, sm_100) becomes the address of the kernel's tensor
    memory, which the first warp allocates at the kernel's entry
    (`ttg.tensor_memory_size` columns, tcgen05.alloc) and frees before
    every return, as Triton does. `ttg.warp_id` ops still present are
    lowered too (relative to their partition), and values the lowering
    brings into a partition of `ttg.warp_specialize` become explicit
    captures.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def TritonGPUAllocateWarpGroupsPass
    : Pass<"tritongpu-allocate-warp-groups", "::mlir::ModuleOp"> {
  let summary = "Give the partitions of ttg.warp_specialize their warps";
  let description = [{
    Triton's first LLVM-stage step for warp-specialized kernels. The kernel
    launches with `ttg.num-warps` warps for the default group plus as many
    whole warp groups (4 warps) as the largest `ttg.warp_specialize` needs
    for its partitions; the module gets that total as
    `ttg.total-num-warps`. Every `ttg.warp_specialize` is padded with
    partitions that only return (powers of two, largest first) until its
    partitions fill those warp groups, so that every warp takes part in the
    register hand-over. Each partition gets its first warp in
    `warpGroupStartIds`: after the default warps, larger partitions first
    (ties in partition order).

    With `requestedRegisters` (per partition), partitions are grouped into
    warp groups by their start warp, each group gets the most any of its
    partitions asks for (rounded up to 8), and the default group gets what
    the register file has left (`actualRegisters`, default first; none when
    fewer than 24 would be left). The module then records the registers
    per thread the kernel starts with as `ttg.maxnreg` (given, or the
    register file divided evenly among the total warps).

    ```mlir
    // before, "ttg.num-warps" = 4
    ttg.warp_specialize() default {...} partition0() num_warps(2) {...} : () -> ()
    // after, "ttg.total-num-warps" = 8
    ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4, 6>}
    default {...} partition0() num_warps(2) {...}
    partition1() num_warps(2) { ttg.warp_return } : () -> ()
    ```
  }];
}

def ConvertWarpSpecializeToLLVMPass
    : Pass<"convert-warp-specialize-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower ttg.warp_specialize in LLVM kernels to a state machine";
  let description = [{
    Triton's step after convert-triton-gpu-to-llvm, which leaves each
    `ttg.warp_specialize` (its regions already LLVM) in place. In every
    kernel with such ops:

    - The kernel starts by splitting its warps: the first `ttg.num-warps`
      warps (the default group) run the kernel's code; the others enter a
      switch loop. Each loop turn waits on barrier 1 (the whole CTA), reads
      its state byte from the kernel's scratch (`allocation.offset` of the
      function, one byte per partition warp) and runs the partition the
      state names, or leaves the kernel on the exit state.
    - Before each `ttg.warp_specialize` the default group writes the state
      of every partition warp (-1 for warps the op does not use) and the
      captures (a packed struct at the op's `allocation.offset`), then
      synchronizes twice on barrier 1: once to start the partitions, once
      when they have read their captures. Captures that are kernel
      arguments or at most 16 pure ops over them are recomputed in the
      partitions instead. At `ttg.warp_yield` and `ttg.warp_return` all
      groups meet on barrier 1 again; before the kernel returns the default
      group sets every state to exit.
    - CTA barriers (`nvvm.barrier0`) become barriers of their warp group:
      barrier 0 over the default warps outside partitions, barrier 2 + i
      over the warps of partition i (`bar.warp.sync` for one warp).
    - With `ttg.maxnreg` the worker warps give up registers on entering the
      loop (setmaxnreg, to 24 or what lets the default group reach 256)
      and the default group takes them; with `actualRegisters` each group
      moves to its own count inside the op and back after it.

    Needs `ttg.total-num-warps` (tritongpu-allocate-warp-groups) and the
    shared-memory offsets (allocate-shared-memory).

    `intrinsic-barriers` (tile's; default off, as Triton) writes the named
    barriers as calls of `llvm.nvvm.barrier.cta.sync.aligned.count`
    instead of `nvvm.barrier id = .. number_of_threads = ..`: MLIR 22
    cannot parse that op back when a location follows it (it reads the
    `loc(...)` as its optional reduction attribute), and tile's stage files
    carry locations.
  }];
  let options = [
    Option<"intrinsicBarriers", "intrinsic-barriers", "bool",
           /*default=*/"false",
           "Named barriers as LLVM intrinsic calls (text round-trips)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def ExtractVariableInfoPass
    : Pass<"extract-variable-info", "::mlir::ModuleOp"> {
  let summary = "Describe named values to the debugger (llvm.intr.dbg.value)";
  let description = [{
    Triton's `extract-variable-info`, after `enable-line-info`: an op of an
    `llvm.func` whose location names the value it defines (a `NameLoc`, as
    Triton gives the values of named Python variables, bare or wrapped in
    the lexical-block scope `enable-line-info` adds) gets an
    `llvm.intr.dbg.value` of its first result right after it: a
    `#llvm.di_local_variable` of that name in the function's
    `DISubprogram`, whose type is a DWARF basic type named as Triton names
    them (bool, int, half, float, double, vector, unknown_type). A function
    with named values but no `DISubprogram` gets a diagnostic.

    ```
    mlir-opt --load-dialect-plugin=libtile.so --load-pass-plugin=libtile.so \
      -p 'builtin.module(enable-line-info, extract-variable-info)' k.llvm.mlir
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TILE_PASSES_CONVERSION_PASSES_TD

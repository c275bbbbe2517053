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
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def TTGRemoveLayoutConversionsPass
    : Pass<"tritongpu-remove-layout-conversions", "::mlir::ModuleOp"> {
  let summary = "Remove ttg.convert_layout ops by computing values in the layout their users need";
  let description = [{
    Rematerializes the cheap producers of a converted value (make_range,
    splat, constants, addptr, broadcast, expand_dims, elementwise ops) in
    the target layout, and propagates the layouts of loads and stores
    forward through elementwise ops into reductions (which reduce in any
    layout), so that a straight-line kernel keeps no conversion Triton
    would not have.
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def AllocateSharedMemoryPass
    : Pass<"allocate-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Give every shared buffer and scratch a byte offset";
  let description = [{
    Every `ttg.local_alloc` buffer and every op that needs scratch while it
    runs (a `tt.reduce` across warps, a `ttg.convert_layout` through shared
    memory) gets its byte offset as the attribute `allocation.offset`; the
    module gets the total as `ttg.shared`. Scratch is live only while its op
    runs, so all scratch shares the space after the explicit buffers.
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def AllocateSharedMemoryNvPass
    : Pass<"allocate-shared-memory-nv", "::mlir::ModuleOp"> {
  let summary = "Triton's NVIDIA name for allocate-shared-memory";
  let description = [{
    The same pass as `allocate-shared-memory`, under the name Triton's
    NVIDIA pipeline uses, so Triton's pipelines run unchanged.
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

def InsertBarriersPass : Pass<"tile-insert-barriers", "::mlir::ModuleOp"> {
  let summary = "Put a ttg.local_barrier between conflicting shared-memory accesses";
  let description = [{
    After `allocate-shared-memory`: walking each function in program order
    (both branches of `scf.if`, loops to a fixpoint over their back edge),
    inserts `ttg.local_barrier` before an op that reads bytes written since
    the last barrier, or writes bytes read or written since then. Scratch
    ops (a `tt.reduce` across warps, a `ttg.convert_layout` through shared
    memory) read and write their scratch; `ttg.local_alloc` with a value,
    `ttg.local_store` and `ttg.async_copy_global_to_local` write, and
    `ttg.local_load` reads, their buffer. Triton does this inside
    `convert-triton-gpu-to-llvm`; tile's lowering still does it when run
    alone, and since existing barriers are respected, running both inserts
    nothing twice.
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
}

#endif // TILE_PASSES_TTG_PASSES_TD

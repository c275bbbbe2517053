//===- Passes.td - Pipeline passes of tile -----------------*- tablegen -*-===//
//
// `tile-to-llvm`: the whole compiler as one pass that picks its stages at run
// time (TTIR input runs every stage, TTGIR input only the later ones).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PIPELINES_PASSES_TD
#define TILE_PIPELINES_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileToLLVMPass : Pass<"tile-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Compile TTIR or TTGIR down to the LLVM and NVVM dialects";
  let description = [{
    Runs the stage pipelines of `pipelines/*.pipeline` on the module: `ttir`
    (the TTIR clean-up), `ttgir` (TTIR to TTGIR: layouts, coalescing, tensor
    cores, software pipelining) and `llir` (shared-memory allocation,
    barriers, and the lowering to the LLVM and NVVM dialects). A module
    without a `ttg.num-warps` attribute is TTIR: it goes through every stage,
    converted with this pass's options. A module with ttg attributes is TTGIR
    as Triton dumps it: only `llir` runs, its attributes win, and an
    explicitly given option that contradicts one of them is an error naming
    both values. Option values outside what tile supports are errors too.

    ```
    mlir-opt --load-dialect-plugin=libtile.so \
      -p 'builtin.module(tile-to-llvm{target=cuda:80 num-warps=8})' k.ttir
    ```
  }];
  let options = [
    Option<"target", "target", "std::string",
           /*default=*/"::mlir::tile::ttg::kDefaultTarget.str()",
           "GPU target: cuda:80, cuda:86, cuda:89 or cuda:90">,
    Option<"numWarps", "num-warps", "int",
           /*default=*/"::mlir::tile::ttg::kDefaultNumWarps",
           "Warps per CTA: 1, 2, 4, 8, 16 or 32">,
    Option<"threadsPerWarp", "threads-per-warp", "int",
           /*default=*/"::mlir::tile::ttg::kDefaultThreadsPerWarp",
           "Threads per warp (32 on NVIDIA GPUs)">,
    Option<"numCTAs", "num-ctas", "int",
           /*default=*/"::mlir::tile::ttg::kDefaultNumCTAs",
           "CTAs per cluster (1)">,
    Option<"numStages", "num-stages", "int",
           /*default=*/"::mlir::tile::ttg::kDefaultNumStages",
           "Software pipelining stages of loops (at least 1)">,
    Option<"lineInfo", "line-info", "bool",
           /*default=*/"::mlir::tile::ttg::kDefaultLineInfo",
           "Source line tables (DWARF, .loc in the PTX); false as "
           "TRITON_DISABLE_LINE_INFO=1">,
    Option<"ptxVersion", "ptx-version", "int",
           /*default=*/"::mlir::tile::ttg::kDefaultPtxVersion",
           "PTX ISA version the PTX will be written at (80 for 8.0): the "
           "lowering writes no instruction it lacks; 0 leaves it open">,
  ];
}

#endif // TILE_PIPELINES_PASSES_TD

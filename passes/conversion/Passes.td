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
    not support yet get a diagnostic naming the op.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
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

#endif // TILE_PASSES_CONVERSION_PASSES_TD

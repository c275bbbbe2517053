//===- TTGDialect.td - The ttg (TritonGPU) dialect ---------*- tablegen -*-===//
//
// `ttg`: tensors distributed over the threads of a CTA (layout encodings),
// shared-memory descriptors and the ops that move data between them, as
// Triton 3.6 prints them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TTGDIALECT_TD
#define TILE_DIALECTS_TTG_TTGDIALECT_TD

include "mlir/IR/OpBase.td"

def TTG_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::tile::ttg";
  let summary = "TritonGPU: tile tensors distributed over a CTA's threads";
  let description = [{
    `ttg` is Triton's GPU-level IR (TTGIR). Every tensor carries a layout
    encoding that says which register of which lane of which warp holds each
    element (`#ttg.blocked`, `#ttg.slice`, `#ttg.nvidia_mma`, `#ttg.dot_op`,
    `#ttg.linear`); shared memory is reached through `!ttg.memdesc` values
    with a shared encoding (`#ttg.swizzled_shared`, `#ttg.nvmma_shared`).
    Every encoding means one linear layout (see docs/Layouts.md); the module
    attributes `ttg.num-warps`, `ttg.threads-per-warp`, `ttg.num-ctas` and
    `ttg.target` fix the hardware the layouts are for.
  }];
  let dependentDialects = ["::mlir::tile::tt::TTDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();

    /// The cache of ttg::toLinearLayout for this context: layouts are pure
    /// functions of (encoding, shape) and encodings live as long as the
    /// context, so the dialect owns it.
    ::mlir::tile::ttg::detail::LinearLayoutCache &getLayoutCache() {
      return *layoutCache;
    }

  private:
    std::shared_ptr<::mlir::tile::ttg::detail::LinearLayoutCache> layoutCache;

  public:

    /// Module attribute names, as Triton writes them.
    static constexpr ::llvm::StringLiteral getNumWarpsAttrName() {
      return "ttg.num-warps";
    }
    static constexpr ::llvm::StringLiteral getNumCTAsAttrName() {
      return "ttg.num-ctas";
    }
    static constexpr ::llvm::StringLiteral getThreadsPerWarpAttrName() {
      return "ttg.threads-per-warp";
    }
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return "ttg.target";
    }
    static constexpr ::llvm::StringLiteral getSharedAttrName() {
      return "ttg.shared";
    }
  }];
}

def TTNG_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::tile::ttng";
  let summary = "TritonNvidiaGPU: Hopper (sm_90) and Blackwell operations";
  let description = [{
    `ttng` holds the operations only sm_90 and later have: warpgroup MMA
    (wgmma), asynchronous-proxy fences, mbarriers and TMA copies, and
    Blackwell's tensor memory (TMEM) with the tcgen05 MMAs that use it.
  }];
  let dependentDialects = ["::mlir::tile::ttg::TTGDialect"];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

#endif // TILE_DIALECTS_TTG_TTGDIALECT_TD

//===- TargetOptions.cpp - The target options of tile ---------------------===//
//
// What tile supports of each target option.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TargetOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

LogicalResult mlir::tile::ttg::verifyTargetOptions(
    const TargetOptions &options,
    function_ref<InFlightDiagnostic()> emitError) {
  static constexpr llvm::StringLiteral kTargets[] = {"cuda:80", "cuda:86",
                                                     "cuda:89", "cuda:90"};
  if (!llvm::is_contained(kTargets, options.target))
    return emitError() << "unsupported target '" << options.target
                       << "'; expected one of cuda:80, cuda:86, cuda:89, "
                          "cuda:90";
  if (!llvm::is_contained({1, 2, 4, 8, 16, 32}, options.numWarps))
    return emitError() << "unsupported num-warps=" << options.numWarps
                       << "; expected 1, 2, 4, 8, 16 or 32";
  if (options.threadsPerWarp != 32)
    return emitError() << "unsupported threads-per-warp="
                       << options.threadsPerWarp
                       << "; NVIDIA GPUs have 32 threads per warp";
  if (!llvm::is_contained({1, 2, 4, 8, 16}, options.numCTAs))
    return emitError() << "unsupported num-ctas=" << options.numCTAs
                       << "; expected 1, 2, 4, 8 or 16";
  if (options.numCTAs > 1 && options.target != "cuda:90")
    return emitError() << "num-ctas=" << options.numCTAs
                       << " needs thread block clusters, which "
                       << options.target << " does not have (cuda:90 does)";
  if (options.numStages < 1)
    return emitError() << "unsupported num-stages=" << options.numStages
                       << "; expected at least 1";
  return verifyPtxVersion(options.ptxVersion, options.target, emitError);
}

LogicalResult mlir::tile::ttg::verifyPtxVersion(
    int ptxVersion, llvm::StringRef target,
    function_ref<InFlightDiagnostic()> emitError) {
  int minimum = getMinimumPtxVersion(target);
  if (ptxVersion != 0 && ptxVersion < minimum)
    return emitError() << "unsupported ptx-version=" << ptxVersion << " for "
                       << target
                       << "; expected 0 (the version the kernel needs) or at "
                          "least "
                       << minimum << " (PTX " << minimum / 10 << "."
                       << minimum % 10 << ", the first with " << target << ")";
  return success();
}

int mlir::tile::ttg::getMinimumPtxVersion(llvm::StringRef target) {
  // The PTX ISA versions that introduced sm_80, sm_86, sm_89 and sm_90a;
  // verifyTargetOptions refuses other targets before asking.
  return llvm::StringSwitch<int>(target)
      .Case("cuda:80", 70)
      .Case("cuda:86", 71)
      .Case("cuda:89", 78)
      .Default(80);
}

int mlir::tile::ttg::getClusterCTAs(Operation *op) {
  auto module =
      isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  auto ctas = module ? module->getAttrOfType<IntegerAttr>(kClusterCTAsAttrName)
                     : nullptr;
  return ctas ? int(ctas.getInt()) : 1;
}

//===- EnableLineInfo.cpp - Debug-info scopes for line tables -------------===//
//
// enable-line-info: upstream's ensure-debug-info-scope-on-llvm-func builds
// the DISubprograms, after the locations are made ones it can translate: a
// call site whose callee carries no file location stands for its caller,
// and an op outside every function (a global) has no call sites at all,
// since upstream's pass takes a call site's scope from its function.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::tile {
#define GEN_PASS_DEF_ENABLELINEINFOPASS
#include "passes/conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;

namespace {
bool hasFileLocation(Location loc) {
  return static_cast<bool>(loc->findInstanceOf<FileLineColLoc>());
}

/// `loc` with `rewrite` applied to each call site it holds, through names
/// and fusions.
Location rewriteCallSites(Location loc,
                          function_ref<Location(CallSiteLoc)> rewrite) {
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return rewrite(callSite);
  if (auto name = dyn_cast<NameLoc>(loc))
    return NameLoc::get(name.getName(),
                        rewriteCallSites(name.getChildLoc(), rewrite));
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    SmallVector<Location> parts =
        llvm::map_to_vector(fused.getLocations(), [&](Location part) {
          return rewriteCallSites(part, rewrite);
        });
    return FusedLoc::get(loc.getContext(), parts, fused.getMetadata());
  }
  return loc;
}

/// `loc` with every call site whose callee (or caller) has no file location
/// replaced by the side that has one.
Location sanitize(Location loc) {
  return rewriteCallSites(loc, [](CallSiteLoc callSite) -> Location {
    Location callee = sanitize(callSite.getCallee());
    Location caller = sanitize(callSite.getCaller());
    if (!hasFileLocation(callee))
      return caller;
    if (!hasFileLocation(caller))
      return callee;
    return CallSiteLoc::get(callee, caller);
  });
}

/// The position an op outside every function stands for: the innermost
/// callee with a file location (where the op was written), else `loc`.
Location withoutCallSites(Location loc) {
  return rewriteCallSites(loc, [](CallSiteLoc callSite) {
    Location callee = withoutCallSites(callSite.getCallee());
    return hasFileLocation(callee) ? callee
                                   : withoutCallSites(callSite.getCaller());
  });
}

struct EnableLineInfoPass
    : public tile::impl::EnableLineInfoPassBase<EnableLineInfoPass> {
  using Base::Base;

  void runOnOperation() override {
    if (!enabled)
      return;
    ModuleOp module = getOperation();
    module.walk([](Operation *op) {
      Location loc = sanitize(op->getLoc());
      if (!isa<LLVM::LLVMFuncOp>(op) &&
          !op->getParentOfType<LLVM::LLVMFuncOp>())
        loc = withoutCallSites(loc);
      op->setLoc(loc);
    });
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass());
    if (failed(runPipeline(pm, module)))
      signalPassFailure();
  }
};
} // namespace

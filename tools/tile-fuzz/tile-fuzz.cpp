//===- tile-fuzz.cpp - libFuzzer target: parse, verify, tile-to-llvm ------===//
//
// One input is one MLIR module as text. The target parses it with tile's
// dialects (and the upstream ones mlir-opt + libtile.so has) registered,
// verifies it, then runs `tile-to-llvm{target=cuda:80}` and
// `tile-to-llvm{target=cuda:90}` on clones of it.
//
// What is a bug (libFuzzer records it):
//   * a crash, a sanitizer report, a hang (libFuzzer's -timeout);
//   * a pass that succeeds but leaves IR the verifier rejects: tile's
//     instrumentation verifies after every successful pass, nested stage
//     pipelines included, and abort()s with the offending pass's name.
// What is not: a parse error, a verifier error on the input, a pass that
// fails with a diagnostic. Diagnostics are captured, never printed, unless
// TILE_FUZZ_VERBOSE is set in the environment (for triaging a reproducer).
//
// Each input gets a fresh MLIRContext: tile caches linear layouts per
// context, and a shared context would make one input's outcome depend on
// the inputs before it (and grow without bound). Multithreading is off so
// that a run is deterministic.
//
//===----------------------------------------------------------------------===//

#include "plugin/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace mlir;

namespace {
/// The pipelines every input goes through.
constexpr const char *kPipelines[] = {
    "builtin.module(tile-to-llvm{target=cuda:80})",
    "builtin.module(tile-to-llvm{target=cuda:90})",
};

bool verbose() {
  static bool isVerbose = std::getenv("TILE_FUZZ_VERBOSE") != nullptr;
  return isVerbose;
}

/// Verifies the IR after every pass that succeeded, nested pipelines
/// included (runPipeline inherits the instrumentor). A pass that failed
/// reported why; a pass that succeeded must leave valid IR, otherwise the
/// pass is broken and the fuzzer must stop here.
class VerifyAfterPass : public PassInstrumentation {
public:
  explicit VerifyAfterPass(std::string *diagnostics)
      : diagnostics(diagnostics) {}

  void runAfterPass(Pass *pass, Operation *op) override {
    size_t before = diagnostics->size();
    if (succeeded(verify(op, /*verifyRecursively=*/true)))
      return;
    llvm::errs() << "tile-fuzz: pass '" << pass->getArgument()
                 << "' succeeded but produced IR the verifier rejects:\n"
                 << diagnostics->substr(before) << "\n";
    std::abort();
  }

private:
  std::string *diagnostics;
};

DialectRegistry &getRegistry() {
  static DialectRegistry *registry = [] {
    auto *registry = new DialectRegistry();
    // What stock mlir-opt registers, plus what libtile.so adds to it. The
    // stage pipelines name upstream passes (canonicalize, cse, ...): without
    // registerAllPasses every TTIR input would stop at "cannot parse stage
    // pipeline".
    registerAllPasses();
    registerAllDialects(*registry);
    registerAllExtensions(*registry);
    tile::registerTileDialects(*registry);
    tile::registerTilePasses();
    return registry;
  }();
  return *registry;
}
} // namespace

// LLVM's BumpPtrAllocator poisons its slabs with ASan's manual-poisoning
// API in code built with -fsanitize=address (tile's) but not in
// libLLVM/libMLIR (Debian's, uninstrumented), whose inline copies then
// write to "poisoned" memory: a false use-after-poison. Manual poisoning is
// therefore off; ASan's own checks are unaffected. (ASAN_OPTIONS can still
// override this.)
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}
extern "C" const char *__ubsan_default_options() {
  return "print_stacktrace=1:halt_on_error=1";
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  (void)getRegistry();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext context(getRegistry(), MLIRContext::Threading::DISABLED);
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    os << diag.getLocation() << ": " << diag << "\n";
    for (const Diagnostic &note : diag.getNotes())
      os << "  note: " << note << "\n";
    return success();
  });
  auto finish = [&](int result) {
    if (verbose())
      llvm::errs() << diagnostics;
    return result;
  };

  // MLIR's lexer relies on the NUL that ends every file mlir-opt reads (it
  // scans past the last token for it); libFuzzer's buffer has none, so copy
  // the input into one that has.
  std::string text(reinterpret_cast<const char *>(data), size);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(llvm::StringRef(text), &context);
  if (!module)
    return finish(0);
  // parseSourceString verifies already; verify again in case that changes.
  if (failed(verify(*module)))
    return finish(0);

  for (const char *pipeline : kPipelines) {
    PassManager pm(&context, ModuleOp::getOperationName(),
                   OpPassManager::Nesting::Explicit);
    if (failed(parsePassPipeline(pipeline, pm, llvm::errs()))) {
      llvm::errs() << "tile-fuzz: cannot parse '" << pipeline << "'\n";
      std::abort();
    }
    // The pass manager's own verifier cannot tell "a pass failed" from "a
    // pass's output failed to verify" (both end in runAfterPassFailed), so
    // VerifyAfterPass does its job and aborts on the second.
    pm.enableVerifier(false);
    pm.addInstrumentation(std::make_unique<VerifyAfterPass>(&diagnostics));
    OwningOpRef<ModuleOp> clone = module->clone();
    if (failed(pm.run(*clone))) {
      if (verbose())
        llvm::errs() << "tile-fuzz: " << pipeline << " failed\n";
    } else if (verbose()) {
      llvm::errs() << "tile-fuzz: " << pipeline << " succeeded\n";
    }
  }
  return finish(0);
}

//===- Pipelines.h - tile's stage pipelines ---------------------*- C++ -*-===//
//
// The stage pipelines are text files (pipelines/*.pipeline), embedded at
// build time; this header gives access to their text, instantiated with the
// target options, and registers them and `tile-to-llvm`.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PIPELINES_PIPELINES_H
#define TILE_PIPELINES_PIPELINES_H

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::tile {
#define GEN_PASS_DECL
#include "pipelines/Passes.h.inc"

/// The target options every stage pipeline takes, with tile-to-llvm's names
/// and defaults. Unset options leave the defaults in the pipeline text.
struct TargetOptions {
  std::string target = "cuda:90";
  int numWarps = 4;
  int threadsPerWarp = 32;
  int numCTAs = 1;
  int numStages = 3;
};

/// Checks option values against what tile supports; the message names the
/// option and the accepted values.
LogicalResult verifyTargetOptions(const TargetOptions &options,
                                  function_ref<InFlightDiagnostic()> emitError);

/// One stage pipeline: its registered name and its default text.
struct StagePipeline {
  llvm::StringRef name;
  llvm::StringRef text;
};

/// Every stage pipeline, in compilation order.
llvm::ArrayRef<StagePipeline> getStagePipelines();

/// `text` with every `key=default` of a target option replaced by the value
/// in `options` (e.g. `num-warps=4` -> `num-warps=8`).
std::string instantiatePipeline(llvm::StringRef text,
                                const TargetOptions &options);

/// Parses the stage pipeline `text` (`builtin.module(...)`) into `pm`, which
/// is anchored on builtin.module, so its passes run on the module itself.
LogicalResult addStagePipeline(llvm::StringRef text, OpPassManager &pm,
                               llvm::raw_ostream &errorStream);

/// Registers the stage pipelines (`tile-<name>`) and `tile-to-llvm`.
void registerPipelines();
} // namespace mlir::tile

#endif // TILE_PIPELINES_PIPELINES_H

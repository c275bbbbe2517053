//===- Pipelines.h - tile's stage pipelines ---------------------*- C++ -*-===//
//
// The stage pipelines are text files (pipelines/*.pipeline), embedded at
// build time; this header gives access to their text, instantiated with the
// target options, and registers them and `tile-to-llvm`.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PIPELINES_PIPELINES_H
#define TILE_PIPELINES_PIPELINES_H

#include "dialects/ttg/TargetOptions.h"

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::tile {
#define GEN_PASS_DECL
#include "pipelines/Passes.h.inc"

/// One stage pipeline: its registered name and its default text.
struct StagePipeline {
  llvm::StringRef name;
  llvm::StringRef text;
  /// Whether the stage takes TTIR (and so is skipped for TTGIR input).
  bool consumesTTIR;
};

/// Every stage pipeline, in compilation order.
llvm::ArrayRef<StagePipeline> getStagePipelines();

/// `text` with every `key=default` of a target option replaced by the value
/// in `options` (e.g. `num-warps=4` -> `num-warps=8`).
std::string instantiatePipeline(llvm::StringRef text,
                                const ttg::TargetOptions &options);

/// Parses the stage pipeline `text` (`builtin.module(...)`) into `pm`, which
/// is anchored on builtin.module, so its passes run on the module itself.
LogicalResult addStagePipeline(llvm::StringRef text, OpPassManager &pm,
                               llvm::raw_ostream &errorStream);

/// Registers the stage pipelines (`tile-<name>`) and `tile-to-llvm`.
void registerPipelines();
} // namespace mlir::tile

#endif // TILE_PIPELINES_PIPELINES_H

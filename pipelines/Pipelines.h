//===- Pipelines.h - tile's stage pipelines ---------------------*- C++ -*-===//
//
// The stage pipelines are text files (pipelines/*.pipeline), embedded at
// build time; this header gives access to their text, instantiated with the
// target options, and registers them and `tile-to-llvm`.
//
// A pipeline file names the passes of its stage in order and writes no
// option values of its own: where a pass takes a target option, the file
// writes a placeholder (`num-warps=$num-warps`), which instantiation
// replaces by the value of that option. So the defaults exist only in
// dialects/ttg/TargetOptions.h, and a file that spells a value or a
// placeholder that names no option fails to instantiate.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PIPELINES_PIPELINES_H
#define TILE_PIPELINES_PIPELINES_H

#include "dialects/ttg/TargetOptions.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::tile {
#define GEN_PASS_DECL
#include "pipelines/Passes.h.inc"

/// One stage pipeline: its registered name and the text of its file.
struct StagePipeline {
  llvm::StringRef name;
  llvm::StringRef text;
  /// Whether the stage takes TTIR (and so is skipped for TTGIR input).
  bool consumesTTIR;
};

/// Every stage pipeline, in compilation order.
llvm::ArrayRef<StagePipeline> getStagePipelines();

/// `text` with every placeholder `$target`, `$num-warps`,
/// `$threads-per-warp`, `$num-ctas` and `$num-stages` replaced by that
/// option's value in `options` (`num-warps=$num-warps` -> `num-warps=8`).
/// Fails, writing why to `errorStream`, on a `$` that names no option and on
/// a target option written with a value (`num-warps=4`): the options would
/// never reach that pass.
FailureOr<std::string> instantiatePipeline(llvm::StringRef text,
                                           const ttg::TargetOptions &options,
                                           llvm::raw_ostream &errorStream);

/// Instantiates `stage` with `options` and parses it into `pm`, which is
/// anchored on builtin.module, so that its passes run on the module itself.
LogicalResult addStagePipeline(const StagePipeline &stage,
                               const ttg::TargetOptions &options,
                               OpPassManager &pm,
                               llvm::raw_ostream &errorStream);

/// Adds the dialects the stage pipelines' passes create ops in.
void getStageDependentDialects(DialectRegistry &registry);

/// Whether `module` is TTGIR (Triton writes ttg.num-warps on it): it has
/// been through the stages that consume TTIR.
bool isTTGIRModule(ModuleOp module);

/// Which target options a caller gave explicitly: an explicit option must
/// agree with a TTGIR module's own attribute.
struct ExplicitTargetOptions {
  bool target = false;
  bool numWarps = false;
  bool threadsPerWarp = false;
  bool numCTAs = false;
};

/// The options `module` compiles with: TTIR takes `given`; TTGIR takes its
/// own ttg.target, ttg.num-warps, ttg.threads-per-warp and ttg.num-ctas,
/// and an explicitly given option that contradicts one of them is an error.
/// Values tile does not support are errors too; each error is emitted on
/// the module's location, its message starting with `errorPrefix`.
FailureOr<ttg::TargetOptions>
resolveTargetOptions(ModuleOp module, ttg::TargetOptions given,
                     ExplicitTargetOptions explicitly,
                     llvm::StringRef errorPrefix);

/// Registers the stage pipelines (`tile-<name>`) and `tile-to-llvm`.
void registerPipelines();
} // namespace mlir::tile

#endif // TILE_PIPELINES_PIPELINES_H

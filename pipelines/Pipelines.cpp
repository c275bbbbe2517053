//===- Pipelines.cpp - Registration of tile's stage pipelines -------------===//
//
// Each pipelines/NAME.pipeline file is registered as the pipeline
// `tile-NAME`, taking tile's target options; the option values replace the
// defaults written in the text, so the file stays the single source of truth.
//
//===----------------------------------------------------------------------===//

#include "pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Generated from the *.pipeline files: {name, text} in compilation order.
const StagePipeline kStagePipelines[] = {
#include "pipelines/PipelineText.inc"
};

/// The target options as pass-pipeline options, for `tile-<stage>{...}`.
struct StagePipelineOptions : public PassPipelineOptions<StagePipelineOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("GPU target (cuda:80, cuda:86, "
                                            "cuda:89, cuda:90)"),
                             llvm::cl::init(ttg::kDefaultTarget.str())};
  Option<int> numWarps{*this, "num-warps", llvm::cl::desc("Warps per CTA"),
                       llvm::cl::init(ttg::kDefaultNumWarps)};
  Option<int> threadsPerWarp{*this, "threads-per-warp",
                             llvm::cl::desc("Threads per warp"),
                             llvm::cl::init(ttg::kDefaultThreadsPerWarp)};
  Option<int> numCTAs{*this, "num-ctas", llvm::cl::desc("CTAs per cluster"),
                      llvm::cl::init(ttg::kDefaultNumCTAs)};
  Option<int> numStages{*this, "num-stages",
                        llvm::cl::desc("Software pipelining stages"),
                        llvm::cl::init(ttg::kDefaultNumStages)};

  ttg::TargetOptions toTargetOptions() const {
    return {target, numWarps, threadsPerWarp, numCTAs, numStages};
  }
};
} // namespace

llvm::ArrayRef<StagePipeline> mlir::tile::getStagePipelines() {
  return kStagePipelines;
}

std::string mlir::tile::instantiatePipeline(llvm::StringRef text,
                                            const ttg::TargetOptions &options) {
  const ttg::TargetOptions defaults;
  const std::pair<std::string, std::string> substitutions[] = {
      {"target=" + defaults.target, "target=" + options.target},
      {"num-warps=" + std::to_string(defaults.numWarps),
       "num-warps=" + std::to_string(options.numWarps)},
      {"threads-per-warp=" + std::to_string(defaults.threadsPerWarp),
       "threads-per-warp=" + std::to_string(options.threadsPerWarp)},
      {"num-ctas=" + std::to_string(defaults.numCTAs),
       "num-ctas=" + std::to_string(options.numCTAs)},
      {"num-stages=" + std::to_string(defaults.numStages),
       "num-stages=" + std::to_string(options.numStages)},
  };
  // Replace whole `key=value` tokens only: a token ends at a space, a comma
  // or a closing brace.
  std::string result;
  llvm::StringRef rest = text.trim();
  while (!rest.empty()) {
    bool replaced = false;
    for (const auto &[from, to] : substitutions) {
      if (!rest.starts_with(from))
        continue;
      llvm::StringRef after = rest.drop_front(from.size());
      bool tokenStart =
          result.empty() || llvm::is_contained({' ', '{', ','}, result.back());
      bool tokenEnd =
          after.empty() || llvm::is_contained({' ', '}', ','}, after.front());
      if (!tokenStart || !tokenEnd)
        continue;
      result += to;
      rest = after;
      replaced = true;
      break;
    }
    if (!replaced) {
      result += rest.front();
      rest = rest.drop_front();
    }
  }
  return result;
}

namespace mlir::tile {
#define GEN_PASS_REGISTRATION
#include "pipelines/Passes.h.inc"
} // namespace mlir::tile

LogicalResult mlir::tile::addStagePipeline(llvm::StringRef text,
                                           OpPassManager &pm,
                                           llvm::raw_ostream &errorStream) {
  // parsePassPipeline nests an anchored `op(...)` text inside `pm`; the
  // passes must run on pm's own op, so parse the body of the anchor.
  llvm::StringRef body = text.trim();
  llvm::StringRef anchor = "builtin.module(";
  if (!body.consume_front(anchor) || !body.consume_back(")")) {
    errorStream << "stage pipeline must have the form builtin.module(...): "
                << text << "\n";
    return failure();
  }
  return parsePassPipeline(body, pm, errorStream);
}

void mlir::tile::registerPipelines() {
  for (const StagePipeline &stage : getStagePipelines()) {
    std::string name = ("tile-" + stage.name).str();
    std::string description =
        ("Stage pipeline pipelines/" + stage.name + ".pipeline").str();
    llvm::StringRef text = stage.text;
    PassPipelineRegistration<StagePipelineOptions>(
        name, description,
        [text](OpPassManager &pm, const StagePipelineOptions &options) {
          // A malformed file is caught by the pipeline tests; the parser has
          // already reported it.
          (void)addStagePipeline(
              instantiatePipeline(text, options.toTargetOptions()), pm,
              llvm::errs());
        });
  }
  registerTileToLLVMPass();
}

//===- Pipelines.cpp - Registration of tile's stage pipelines -------------===//
//
// Each pipelines/NAME.pipeline file is registered as the pipeline
// `tile-NAME`, taking tile's target options; their values take the place of
// the file's `$option` placeholders, so the file says which passes run in
// which order and TargetOptions.h alone says what the defaults are.
//
//===----------------------------------------------------------------------===//

#include "pipelines/Pipelines.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
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
  Option<bool> lineInfo{
      *this, "line-info",
      llvm::cl::desc("Source line tables (DWARF) in the LLVM stage"),
      llvm::cl::init(ttg::kDefaultLineInfo)};
  Option<int> ptxVersion{
      *this, "ptx-version",
      llvm::cl::desc("PTX ISA version the PTX is written at (0: not fixed)"),
      llvm::cl::init(ttg::kDefaultPtxVersion)};

  ttg::TargetOptions toTargetOptions() const {
    return {target,    numWarps, threadsPerWarp, numCTAs,
            numStages, lineInfo, ptxVersion};
  }
};

/// Whether `c` may appear in an option name.
bool isOptionNameChar(char c) { return llvm::isAlnum(c) || c == '-'; }
} // namespace

llvm::ArrayRef<StagePipeline> mlir::tile::getStagePipelines() {
  return kStagePipelines;
}

FailureOr<std::string>
mlir::tile::instantiatePipeline(llvm::StringRef text,
                                const ttg::TargetOptions &options,
                                llvm::raw_ostream &errorStream) {
  const std::pair<llvm::StringRef, std::string> values[] = {
      {"target", options.target},
      {"num-warps", std::to_string(options.numWarps)},
      {"threads-per-warp", std::to_string(options.threadsPerWarp)},
      {"num-ctas", std::to_string(options.numCTAs)},
      {"num-stages", std::to_string(options.numStages)},
      {"line-info", options.lineInfo ? "true" : "false"},
      {"ptx-version", std::to_string(options.ptxVersion)},
  };
  auto lookUp = [&](llvm::StringRef name) -> const std::string * {
    for (const auto &[optionName, value] : values)
      if (optionName == name)
        return &value;
    return nullptr;
  };

  std::string result;
  llvm::StringRef rest = text.trim();
  while (!rest.empty()) {
    // A pass option starts after `{` or a space. One named like a target
    // option must take its value from the options, not from the text.
    if (!result.empty() && llvm::is_contained({'{', ' '}, result.back())) {
      llvm::StringRef key = rest.take_while(isOptionNameChar);
      llvm::StringRef value = rest.drop_front(key.size());
      if (lookUp(key) && value.consume_front("=") && !value.starts_with("$")) {
        errorStream << "the target option " << key
                    << " is written with a value; write " << key << "=$" << key
                    << " so that the stage's option reaches the pass";
        return failure();
      }
    }
    if (!rest.consume_front("$")) {
      result += rest.front();
      rest = rest.drop_front();
      continue;
    }
    llvm::StringRef name = rest.take_while(isOptionNameChar);
    const std::string *value = lookUp(name);
    if (!value) {
      // The list is read off `values`, so a new option cannot be left out.
      errorStream << "'$" << name << "' names no target option; expected ";
      for (auto [i, entry] : llvm::enumerate(values))
        errorStream << (i == 0                       ? ""
                        : i + 1 == std::size(values) ? " or "
                                                     : ", ")
                    << "$" << entry.first;
      return failure();
    }
    result += *value;
    rest = rest.drop_front(name.size());
  }
  return result;
}

LogicalResult mlir::tile::addStagePipeline(const StagePipeline &stage,
                                           const ttg::TargetOptions &options,
                                           OpPassManager &pm,
                                           llvm::raw_ostream &errorStream) {
  std::string error;
  llvm::raw_string_ostream os(error);
  auto fail = [&] {
    errorStream << "pipelines/" << stage.name
                << ".pipeline: " << llvm::StringRef(error).trim();
    return failure();
  };
  FailureOr<std::string> text = instantiatePipeline(stage.text, options, os);
  if (failed(text))
    return fail();
  // parsePassPipeline nests an anchored `op(...)` text inside `pm`; the
  // passes must run on pm's own op, so parse the body of the anchor.
  llvm::StringRef body = llvm::StringRef(*text).trim();
  if (!body.consume_front("builtin.module(") || !body.consume_back(")")) {
    os << "a stage pipeline must have the form builtin.module(...)";
    return fail();
  }
  if (failed(parsePassPipeline(body, pm, os)))
    return fail();
  return success();
}

void mlir::tile::getStageDependentDialects(DialectRegistry &registry) {
  for (const StagePipeline &stage : getStagePipelines()) {
    OpPassManager pm(ModuleOp::getOperationName());
    if (succeeded(
            addStagePipeline(stage, ttg::TargetOptions(), pm, llvm::nulls())))
      pm.getDependentDialects(registry);
  }
}

bool mlir::tile::isTTGIRModule(ModuleOp module) {
  return module->hasAttr("ttg.num-warps");
}

FailureOr<ttg::TargetOptions>
mlir::tile::resolveTargetOptions(ModuleOp module, ttg::TargetOptions options,
                                 ExplicitTargetOptions explicitly,
                                 llvm::StringRef errorPrefix) {
  // Not module.emitError: that would print the whole module with the note.
  auto emitError = [&] {
    return mlir::emitError(module.getLoc(), errorPrefix);
  };
  // A TTGIR module's own ttg.target decides which PTX versions have it:
  // the version is checked once that target is adopted, below.
  ttg::TargetOptions given = options;
  if (isTTGIRModule(module) && !explicitly.target)
    given.ptxVersion = ttg::kDefaultPtxVersion;
  if (failed(ttg::verifyTargetOptions(given, emitError)))
    return failure();
  if (!isTTGIRModule(module))
    return options;

  // Reads one module attribute into `value`, rejecting a contradiction with
  // an explicitly given option.
  auto adopt = [&](llvm::StringRef attrName, llvm::StringRef optionName,
                   bool isExplicit, auto &value) -> LogicalResult {
    Attribute attr = module->getAttr(attrName);
    if (!attr)
      return success();
    using T = std::decay_t<decltype(value)>;
    T moduleValue;
    if constexpr (std::is_same_v<T, std::string>) {
      auto str = dyn_cast<StringAttr>(attr);
      if (!str)
        return emitError() << attrName << " must be a string, got " << attr;
      moduleValue = str.getValue().str();
    } else {
      auto integer = dyn_cast<IntegerAttr>(attr);
      if (!integer)
        return emitError() << attrName << " must be an integer, got " << attr;
      moduleValue = integer.getInt();
    }
    if (isExplicit && moduleValue != value)
      return emitError() << "option " << optionName << "=" << value
                         << " contradicts the module's " << attrName << " = "
                         << moduleValue;
    value = moduleValue;
    return success();
  };
  if (failed(
          adopt("ttg.target", "target", explicitly.target, options.target)) ||
      failed(adopt("ttg.num-warps", "num-warps", explicitly.numWarps,
                   options.numWarps)) ||
      failed(adopt("ttg.threads-per-warp", "threads-per-warp",
                   explicitly.threadsPerWarp, options.threadsPerWarp)))
    return failure();
  // Layouts spread over the CTAs of a cluster (Triton's TTGIR with
  // ttg.num-ctas > 1) are not lowered; tile's own modules keep one CTA's
  // layouts and record the cluster as tile.cluster-ctas, the module's
  // num-ctas (1 when absent).
  int layoutCTAs = ttg::getNumCTAs(module);
  if (layoutCTAs != 1)
    return emitError() << "ttg.num-ctas = " << layoutCTAs
                       << ": TTGIR whose layouts span the CTAs of a cluster "
                          "is not supported (tile runs each program on one "
                          "CTA of its cluster; compile such kernels from TTIR)";
  int clusterCTAs = ttg::getClusterCTAs(module);
  if (explicitly.numCTAs && options.numCTAs != clusterCTAs)
    return emitError() << "option num-ctas=" << options.numCTAs
                       << " contradicts the module's cluster of " << clusterCTAs
                       << " CTA(s) (" << ttg::kClusterCTAsAttrName << ")";
  options.numCTAs = clusterCTAs;
  // The module's own values must be ones tile supports, too.
  if (failed(ttg::verifyTargetOptions(options, emitError)))
    return failure();
  return options;
}

namespace mlir::tile {
#define GEN_PASS_REGISTRATION
#include "pipelines/Passes.h.inc"
} // namespace mlir::tile

void mlir::tile::registerPipelines() {
  for (const StagePipeline &stage : getStagePipelines()) {
    // Not PassPipelineRegistration: its builder cannot fail, and a stage
    // that does not instantiate must be an error, not a partial pipeline.
    registerPassPipeline(
        ("tile-" + stage.name).str(),
        ("Stage pipeline pipelines/" + stage.name + ".pipeline").str(),
        [stage](OpPassManager &pm, llvm::StringRef optionsText,
                function_ref<LogicalResult(const Twine &)> errorHandler) {
          StagePipelineOptions options;
          if (failed(options.parseFromString(optionsText)))
            return failure();
          std::string error;
          llvm::raw_string_ostream errorStream(error);
          if (failed(addStagePipeline(stage, options.toTargetOptions(), pm,
                                      errorStream)))
            return errorHandler(error);
          return success();
        },
        [](function_ref<void(const detail::PassOptions &)> optHandler) {
          optHandler(StagePipelineOptions());
        });
  }
  registerTileToLLVMPass();
}

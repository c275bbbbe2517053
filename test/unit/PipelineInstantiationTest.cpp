//===- PipelineInstantiationTest.cpp - Unit tests of stage pipelines ------===//
//
// instantiatePipeline (pipelines/Pipelines.h) fills a stage pipeline's
// `$option` placeholders with the target options, and refuses text the
// options could not reach: a placeholder that names no option, or a target
// option written with a value of its own.
//
//===----------------------------------------------------------------------===//

#include "pipelines/Pipelines.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The instantiated text, or "error: <message>".
std::string instantiate(llvm::StringRef text,
                        const ttg::TargetOptions &options = {}) {
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  FailureOr<std::string> result =
      instantiatePipeline(text, options, errorStream);
  return succeeded(result) ? *result : "error: " + error;
}

TEST(PipelineInstantiation, FillsEveryPlaceholder) {
  ttg::TargetOptions options;
  options.target = "cuda:80";
  options.numWarps = 8;
  options.numStages = 2;
  EXPECT_EQ(instantiate("builtin.module(convert-triton-to-tritongpu{"
                        "target=$target num-warps=$num-warps "
                        "threads-per-warp=$threads-per-warp "
                        "num-ctas=$num-ctas}, tritongpu-pipeline{"
                        "num-stages=$num-stages}, cse)",
                        options),
            "builtin.module(convert-triton-to-tritongpu{target=cuda:80 "
            "num-warps=8 threads-per-warp=32 num-ctas=1}, "
            "tritongpu-pipeline{num-stages=2}, cse)");
}

TEST(PipelineInstantiation, DefaultsComeFromTargetOptions) {
  EXPECT_EQ(instantiate("p{num-warps=$num-warps}"),
            "p{num-warps=" + std::to_string(ttg::kDefaultNumWarps) + "}");
  EXPECT_EQ(instantiate("p{target=$target}"),
            ("p{target=" + ttg::kDefaultTarget + "}").str());
}

TEST(PipelineInstantiation, LeavesTextWithoutPlaceholdersAlone) {
  EXPECT_EQ(instantiate("  builtin.module(canonicalize, cse)\n"),
            "builtin.module(canonicalize, cse)");
  // Options that are not target options keep their values.
  EXPECT_EQ(instantiate("builtin.module(canonicalize{max-iterations=3})"),
            "builtin.module(canonicalize{max-iterations=3})");
}

TEST(PipelineInstantiation, RejectsAnUnknownPlaceholder) {
  EXPECT_EQ(instantiate("p{num-warps=$num-wraps}"),
            "error: '$num-wraps' names no target option; expected $target, "
            "$num-warps, $threads-per-warp, $num-ctas, $num-stages, "
            "$line-info or $ptx-version");
  EXPECT_EQ(instantiate("p{x=$}"),
            "error: '$' names no target option; expected $target, "
            "$num-warps, $threads-per-warp, $num-ctas, $num-stages, "
            "$line-info or $ptx-version");
}

TEST(PipelineInstantiation, RejectsATargetOptionWithAValue) {
  // A value in the text would silently win over the options.
  EXPECT_EQ(instantiate("p{target=$target num-warps=4}"),
            "error: the target option num-warps is written with a value; "
            "write num-warps=$num-warps so that the stage's option reaches "
            "the pass");
  EXPECT_EQ(instantiate("p{num-stages=3}"),
            "error: the target option num-stages is written with a value; "
            "write num-stages=$num-stages so that the stage's option "
            "reaches the pass");
}
} // namespace

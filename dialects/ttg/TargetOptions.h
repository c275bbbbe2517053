//===- TargetOptions.h - The target options of tile -------------*- C++ -*-===//
//
// The options every stage takes (target, num-warps, threads-per-warp,
// num-ctas, num-stages, line-info) and the check of their values. TTGIR records
// the first four as the module attributes ttg.target, ttg.num-warps,
// ttg.threads-per-warp and ttg.num-ctas, which TTGDialect.h reads.
//
// The defaults are written here and nowhere else: the ODS pass options name
// these constants as their default expressions, the stage pipelines refer to
// the options by placeholder (pipelines/Pipelines.h), and tools/tile-compile
// asks the plugin.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TARGETOPTIONS_H
#define TILE_DIALECTS_TTG_TARGETOPTIONS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::tile::ttg {
/// The GPU target when none is given.
inline constexpr llvm::StringLiteral kDefaultTarget = "cuda:90";
/// Warps per CTA when none are given.
inline constexpr int kDefaultNumWarps = 4;
/// Threads per warp: every NVIDIA GPU has 32.
inline constexpr int kDefaultThreadsPerWarp = 32;
/// CTAs per cluster: tile supports 1.
inline constexpr int kDefaultNumCTAs = 1;
/// Software pipelining stages of loops (1 turns pipelining off).
inline constexpr int kDefaultNumStages = 3;
/// Source line tables in the LLVM stage, as Triton emits them unless
/// TRITON_DISABLE_LINE_INFO is set.
inline constexpr bool kDefaultLineInfo = true;

/// The target options every stage pipeline takes, with tile-to-llvm's names
/// and defaults.
struct TargetOptions {
  std::string target = kDefaultTarget.str();
  int numWarps = kDefaultNumWarps;
  int threadsPerWarp = kDefaultThreadsPerWarp;
  int numCTAs = kDefaultNumCTAs;
  int numStages = kDefaultNumStages;
  bool lineInfo = kDefaultLineInfo;
};

/// Checks option values against what tile supports; the message names the
/// option and the accepted values.
LogicalResult verifyTargetOptions(const TargetOptions &options,
                                  function_ref<InFlightDiagnostic()> emitError);
} // namespace mlir::tile::ttg

#endif // TILE_DIALECTS_TTG_TARGETOPTIONS_H

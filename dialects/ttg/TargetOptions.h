//===- TargetOptions.h - The target options of tile -------------*- C++ -*-===//
//
// The options every stage takes (target, num-warps, threads-per-warp,
// num-ctas, num-stages, line-info) and the check of their values. TTGIR records
// the first four as the module attributes ttg.target, ttg.num-warps,
// ttg.threads-per-warp and ttg.num-ctas, which TTGDialect.h reads.
//
// num-ctas is the size of the thread block cluster each program is launched
// as (Triton's launcher launches num-ctas CTAs per program, in clusters of
// num-ctas). tile lays every tensor out for one CTA (ttg.num-ctas = 1) and
// records the cluster as tile.cluster-ctas: the program runs on the first
// CTA of its cluster and the others return at once.
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
/// CTAs per cluster.
inline constexpr int kDefaultNumCTAs = 1;
/// The module attribute recording a cluster of more than one CTA per
/// program (the module's layouts stay those of one CTA).
inline constexpr llvm::StringLiteral kClusterCTAsAttrName = "tile.cluster-ctas";
/// Software pipelining stages of loops (1 turns pipelining off).
inline constexpr int kDefaultNumStages = 3;
/// Source line tables in the LLVM stage, as Triton emits them unless
/// TRITON_DISABLE_LINE_INFO is set.
inline constexpr bool kDefaultLineInfo = true;
/// The PTX ISA version the PTX will be written at when the caller fixes it
/// (80 for 8.0); 0 leaves it to the PTX emission, after what the kernel
/// needs.
inline constexpr int kDefaultPtxVersion = 0;

/// The target options every stage pipeline takes, with tile-to-llvm's names
/// and defaults.
struct TargetOptions {
  std::string target = kDefaultTarget.str();
  int numWarps = kDefaultNumWarps;
  int threadsPerWarp = kDefaultThreadsPerWarp;
  int numCTAs = kDefaultNumCTAs;
  int numStages = kDefaultNumStages;
  bool lineInfo = kDefaultLineInfo;
  int ptxVersion = kDefaultPtxVersion;
};

/// The oldest PTX ISA version (70 for 7.0) that has `target` (cuda:80 ...
/// cuda:90; sm_90a for cuda:90): the least ptx-version other than 0 that
/// verifyTargetOptions accepts for it.
int getMinimumPtxVersion(llvm::StringRef target);

/// Checks that `ptxVersion` is 0 (the version the kernel needs) or a PTX ISA
/// version that has `target`; the message names both.
LogicalResult verifyPtxVersion(int ptxVersion, llvm::StringRef target,
                               function_ref<InFlightDiagnostic()> emitError);

/// Checks option values against what tile supports; the message names the
/// option and the accepted values.
LogicalResult verifyTargetOptions(const TargetOptions &options,
                                  function_ref<InFlightDiagnostic()> emitError);

/// The CTAs of the cluster each program of `op`'s module is launched as: its
/// tile.cluster-ctas, 1 when absent.
int getClusterCTAs(Operation *op);
} // namespace mlir::tile::ttg

#endif // TILE_DIALECTS_TTG_TARGETOPTIONS_H

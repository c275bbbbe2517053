//===- TargetOptions.h - The target options of tile -------------*- C++ -*-===//
//
// The options every stage takes (target, num-warps, threads-per-warp,
// num-ctas, num-stages), with tile's names and defaults, and the check of
// their values, shared by convert-triton-to-tritongpu and tile-to-llvm.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTTOTTG_TARGETOPTIONS_H
#define TILE_PASSES_CONVERSION_TTTOTTG_TARGETOPTIONS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::tile {
/// The target options every stage pipeline takes, with tile-to-llvm's names
/// and defaults.
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

/// The compute capability of a supported target ("cuda:90" -> 90).
int getComputeCapability(StringRef target);
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_TTTOTTG_TARGETOPTIONS_H

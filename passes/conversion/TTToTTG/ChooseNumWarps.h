//===- ChooseNumWarps.h - Warps for a loop's accumulators ------*- C++ -*-===//

#ifndef TILE_PASSES_CONVERSION_TTTOTTG_CHOOSENUMWARPS_H
#define TILE_PASSES_CONVERSION_TTTOTTG_CHOOSENUMWARPS_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
/// Registers per thread the dot accumulators a loop carries may take before
/// more warps are worth it: ptxas has 255 in all, and the loop's operands,
/// addresses and pipelined loads need the rest (a 4-warp loop carrying two
/// 128x128 f32 accumulators, 256 a thread, spills about 2 KB).
constexpr int64_t kAccumulatorRegisters = 192;

/// The warps TTIR `module` runs with: `numWarps`, doubled (up to
/// `maxNumWarps`) while the accumulators some loop carries through its dots
/// take more than kAccumulatorRegisters 32-bit registers per thread and
/// every dot has 16 rows for each warp. A module with a loop marked
/// tt.warp_specialize keeps `numWarps` (its rewrite splits 4 warps).
int chooseNumWarps(ModuleOp module, int numWarps, int maxNumWarps,
                   int threadsPerWarp);
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_TTTOTTG_CHOOSENUMWARPS_H

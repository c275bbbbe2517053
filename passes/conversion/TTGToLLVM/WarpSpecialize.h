//===- WarpSpecialize.h - Warp groups of ttg.warp_specialize ----*- C++ -*-===//
//
// What the lowerings of warp-specialized kernels share: the warp-group
// allocation (tritongpu-allocate-warp-groups), where a partition's warps
// start, and the module attributes that carry the kernel's warp count and
// register budget.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_WARPSPECIALIZE_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_WARPSPECIALIZE_H

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace mlir::tile {
/// The warps the kernel launches with, partitions included (module).
constexpr llvm::StringLiteral kTotalNumWarpsAttrName = "ttg.total-num-warps";
/// The registers per thread the kernel starts with (module).
constexpr llvm::StringLiteral kMaxRegistersAttrName = "ttg.maxnreg";

/// The register file of one SM partition available to a CTA: 64K 32-bit
/// registers.
constexpr int kRegisterFileSize = 64 * 1024;
/// setmaxnreg's range of registers per thread.
constexpr int kMinRegisters = 24;
constexpr int kMaxRegisters = 256;

/// Pads every ttg.warp_specialize of `module` to whole warp groups, gives
/// its partitions their start warps and, where partitions request
/// registers, the registers of each group; sets `ttg.total-num-warps` (and
/// `ttg.maxnreg` when registers move). What tritongpu-allocate-warp-groups
/// does.
void allocateWarpGroups(ModuleOp module);

/// The warps the kernel of `module` launches with: `ttg.total-num-warps`,
/// or `numWarps` when the module has none.
int getTotalNumWarps(ModuleOp module, int numWarps);

/// When `block` lies in a partition of a ttg.warp_specialize, the index of
/// the partition's first thread in the CTA (0 when the start warps are not
/// allocated yet); otherwise nothing.
std::optional<int> getPartitionStartThread(Block *block, int threadsPerWarp);
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_WARPSPECIALIZE_H

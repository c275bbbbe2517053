//===- MmaShapes.h - Instruction shapes of the tensor cores -----*- C++ -*-===//
//
// The shapes of the tensor-core instructions behind #ttg.nvidia_mma, in one
// place: accelerate-matmul sizes its mma layouts by them and the dot
// lowering cuts the tile into instructions by them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_MMASHAPES_H
#define TILE_DIALECTS_TTG_MMASHAPES_H

#include "mlir/IR/Types.h"

#include <cstdint>

namespace mlir::tile::ttg {
/// mma.sync (nvidia_mma version 2): one warp computes a tile of 16 rows of
/// M by 8 columns of N per instruction.
constexpr int64_t kMmaV2TileM = 16;
constexpr int64_t kMmaV2TileN = 8;

/// The operands of one mma.sync span 256 bits along K: K = 16 for f16 and
/// bf16, 32 for 8-bit types, 8 for tf32.
constexpr unsigned kMmaV2OperandBitsK = 256;

/// f64 operands are not packed: a thread's A fragment of a 16-row tile
/// holds one element per row half at K offsets 0 and 4, so the fragments
/// of the layout span 8 along K (one to four instructions: m8n8k4 on
/// cuda:80, m16n8k{4,8,16} on cuda:90).
constexpr int64_t kMmaV2F64FragmentK = 8;

/// wgmma (nvidia_mma version 3): a warpgroup of four consecutive warps
/// computes a tile of 64 rows of M (16 per warp) by N columns per
/// instruction, N a multiple of 8 up to 256; its K spans 256 bits of operand
/// elements, as for mma.sync.
constexpr int64_t kWgmmaTileM = 64;
constexpr int kWarpsPerWarpGroup = 4;
constexpr int64_t kWgmmaMaxN = 256;

/// Operand and accumulator registers of the tensor cores are 32 bits wide;
/// narrower elements are packed.
constexpr unsigned kMmaRegisterBits = 32;

/// K of one mma.sync on operands of `operandElement`.
inline int64_t getMmaV2K(Type operandElement) {
  return kMmaV2OperandBitsK / operandElement.getIntOrFloatBitWidth();
}

/// K of one wgmma on operands of `operandElement`.
inline int64_t getWgmmaK(Type operandElement) {
  return kMmaV2OperandBitsK / operandElement.getIntOrFloatBitWidth();
}

/// How many operand elements one 32-bit register holds.
inline int getMmaElementsPerRegister(Type operandElement) {
  return kMmaRegisterBits / operandElement.getIntOrFloatBitWidth();
}
} // namespace mlir::tile::ttg

#endif // TILE_DIALECTS_TTG_MMASHAPES_H

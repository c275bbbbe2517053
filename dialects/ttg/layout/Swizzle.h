//===- Swizzle.h - Shared-memory swizzles as linear layouts -----*- C++ -*-===//
//
// The XOR swizzles of #ttg.swizzled_shared and #ttg.nvmma_shared, expressed as
// linear layouts from shared-memory element offsets to tensor coordinates.
//
// The layouts map "offset" (the element's position in the buffer, in
// elements) and "block" (the CTA in the cluster; always size 1 here, since
// only single-CTA layouts are built) to the out-dims dim0..dim<rank-1> in
// standard order, with out-dim sizes equal to the shape. A buffer holds
// element L(offset) at `offset`; the inverse gives the address of an element.
//
// Swizzled shared memory (triton.md section 2.3): in a row r of the two
// fastest dims (order[1] is the row dim, order[0] the contiguous column dim),
// the column vector index c / vec is XORed with (r / perPhase) % maxPhase, so
// element (r, c) lives at offset
//   r * numCols + ((c / vec) ^ ((r / perPhase) % maxPhase)) * vec + c % vec,
// reduced modulo the row length when vec * maxPhase exceeds it. Slower dims
// are stacked row-major after the swizzled tile, in the given order.
//
// NVMMA shared memory (triton.md sections 2.3 and 6.4) is the layout wgmma and
// TMA expect: 8-row "core matrix" atoms whose rows are swizzlingByteWidth
// bytes long, with the 16-byte chunks of row r XORed with
// (r / (128 / swizzlingByteWidth)) % (swizzlingByteWidth / 16). This is the
// PTX 32/64/128-byte swizzle, i.e. on byte addresses
//   addr ^ (((addr >> 7) & (swizzlingByteWidth / 16 - 1)) << 4).
// A dim longer than one atom (swizzlingByteWidth bytes along the contiguous
// dim, 256 elements along the others: the TMA box) is tiled by repeating the
// whole box, as Triton's nvmmaSharedToLinearLayout does.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_SWIZZLE_H
#define TILE_DIALECTS_TTG_LAYOUT_SWIZZLE_H

#include "dialects/ttg/layout/LinearLayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tile::layout {
/// The linear layout of #ttg.swizzled_shared<{vec, perPhase, maxPhase,
/// order}> for a buffer of the given shape (single CTA). `order` lists the
/// dims fastest first. All sizes and parameters must be powers of two.
std::optional<LinearLayout>
swizzledSharedToLinearLayout(const std::vector<int64_t> &shape, int32_t vec,
                             int32_t perPhase, int32_t maxPhase,
                             const std::vector<unsigned> &order,
                             std::string *error = nullptr);

/// The XOR parameters of a #ttg.swizzled_shared encoding.
struct SwizzleParams {
  int32_t vec = 1;
  int32_t perPhase = 1;
  int32_t maxPhase = 1;
};

/// Triton's swizzle for a tensor-core dot operand (an mma.sync or wgmma A/B
/// tile, `opIdx` 0 or 1) staged in shared memory and read back with ldmatrix:
/// `kWidth` consecutive K elements per thread, elements `elementBitWidth` bits
/// wide, stored with `order` (fastest dim first) for a tile of `shape`.
///
/// A row of the fastest dim is XORed in vectors so that the 8 rows one
/// ldmatrix reads fall into distinct 128-byte bank lines:
///  * vec = 4 * kWidth elements (the 16 bytes a lane reads), but when the
///    fastest dim is not K (the operand is stored transposed), vec and the
///    8-row mma stride swap roles;
///  * perPhase = max(1024 / (bits * rowLength), 1): short rows are packed
///    several to one 128-byte line and share a phase;
///  * maxPhase = max(min(stride, 1024 / (vec * bits)) / perPhase, 1): enough
///    phases to spread one line's vectors, fewer when rows share a phase.
/// `needTrans` flips the roles once more, as for an operand read transposed.
/// The parameters are those Triton 3.6 gives (SwizzledSharedEncodingAttr's
/// dot-operand builder), so dumps match.
SwizzleParams getMmaOperandSwizzle(unsigned opIdx, unsigned kWidth,
                                   const std::vector<int64_t> &shape,
                                   const std::vector<unsigned> &order,
                                   unsigned elementBitWidth,
                                   bool needTrans = false);

/// The vector width (in elements) of an NVMMA swizzle: one 16-byte chunk, or
/// 1 when unswizzled.
int32_t getNVMMAVec(int32_t swizzlingByteWidth, int32_t elementBitWidth);
/// How many consecutive rows share one XOR phase: 128 / swizzlingByteWidth
/// (1 when unswizzled).
int32_t getNVMMAPerPhase(int32_t swizzlingByteWidth);
/// The number of distinct phases: swizzlingByteWidth / 16 (1 when
/// unswizzled).
int32_t getNVMMAMaxPhase(int32_t swizzlingByteWidth);

/// The TMA box (block) shape for an NVMMA buffer: every dim clamped to 256
/// and the contiguous dim (the last, or dim 0 when `transposed`) set to
/// exactly one swizzle row. Fails if the contiguous dim is shorter than that.
std::optional<std::vector<int64_t>>
getNVMMABlockShape(const std::vector<int64_t> &shape,
                   int32_t swizzlingByteWidth, int32_t elementBitWidth,
                   bool transposed, std::string *error = nullptr);

/// The layout of one swizzle atom: "offset" -> (dim0 = row, dim1 = column)
/// over 8 rows of max(16, swizzlingByteWidth) bytes. With `disableSwizzle`
/// the rows are stored unswizzled.
std::optional<LinearLayout>
getNVMMACoreMatrixLayout(int32_t swizzlingByteWidth, int32_t elementBitWidth,
                         bool disableSwizzle = false,
                         std::string *error = nullptr);

/// The linear layout of #ttg.nvmma_shared<{swizzlingByteWidth, transposed,
/// elementBitWidth}> for a buffer of the given shape (single CTA, not
/// fp4Padded). `transposed` means dim 0 is the contiguous one (MN-major).
/// `disableSwizzle` keeps the tiling but drops the XOR, as Triton does when
/// it computes descriptor strides.
std::optional<LinearLayout>
nvmmaSharedToLinearLayout(const std::vector<int64_t> &shape,
                          int32_t swizzlingByteWidth, bool transposed,
                          int32_t elementBitWidth, bool disableSwizzle = false,
                          std::string *error = nullptr);
} // namespace mlir::tile::layout

#endif // TILE_DIALECTS_TTG_LAYOUT_SWIZZLE_H

//===- ConversionScratch.h - Shared memory between two layouts --*- C++ -*-===//
//
// When a layout conversion moves elements between warps, every thread
// stores the elements it holds in the source layout to shared memory and,
// after a barrier, loads the ones it holds in the destination layout. Where
// each element goes is a free choice, and it decides the cost of both
// sides: an access of a warp takes one shared-memory "wavefront" per 128
// bytes only when its lanes hit distinct banks.
//
// The layout built here is linear (an XOR swizzle), a bijection between
// offsets and tensor elements, so the scratch holds every element exactly
// once (numel * elementBytes bytes, no padding; divided by the rounds, see
// below). It is chosen from the two register layouts alone, the cheapest of
// several candidates:
//  * the lowest offset bits hold up to 16 bytes that each thread stores or
//    loads as one vector: a run of consecutive registers of one side, the
//    registers both sides hold (in any order), or, with ldmatrix, the
//    destination's register 0 and lanes 0 and 1 (one word of each 16-byte
//    matrix row) where the source holds them in registers;
//  * the offset bits that select a position within one 128-byte row of
//    banks take the lanes of each side, so that the lanes of one access of
//    either side land in distinct banks (where the two layouts allow it);
//  * register bases both sides hold outside the vectors take the highest
//    offset bits: the conversion runs in rounds over them (store, barrier,
//    load, barrier), the scratch holding one round at a time.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_CONVERSIONSCRATCH_H
#define TILE_DIALECTS_TTG_LAYOUT_CONVERSIONSCRATCH_H

#include "dialects/ttg/layout/LinearLayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tile::layout {
/// Where a layout conversion keeps its elements in shared memory.
struct ConversionScratchLayout {
  /// "offset" (in elements) -> the tensor dims; invertible. Its highest
  /// log2(rounds) offset bits are reached from registers alone, on both
  /// sides (see `rounds`).
  LinearLayout layout;
  /// How many elements each access of the source and of the destination
  /// moves per lane, aligned to that many elements.
  int32_t srcVec = 1;
  int32_t dstVec = 1;
  /// The register bits whose registers one access moves, in the order of
  /// the offset bits: element i of a vector is the register of the access
  /// XOR (1 << bits[b]) for every set bit b of i.
  std::vector<int> srcVectorRegisters;
  std::vector<int> dstVectorRegisters;
  /// The destination loads with ldmatrix.x4 (16-bit elements; dstVec is 8):
  /// its register bit 0 and lane bits 0 and 1 are the lowest offset bits
  /// (one 32-bit word of a 16-byte matrix row), register bits 1 and 2
  /// choose the matrix, lane bits 2 to 4 the row.
  bool dstLoadMatrix = false;
  /// With dstLoadMatrix: ldmatrix.x4.trans, which hands each lane a column
  /// of the matrices. The destination's lane bits 2 to 4 are then the
  /// lowest offset bits (a 16-byte matrix row, which the source stores as
  /// one vector), register bit 0 and lane bits 0 and 1 choose the row and
  /// register bits 1 and 2 the matrix. This is how a 16-bit transpose
  /// between blocked layouts moves 16 bytes per access on both sides.
  bool dstLoadMatrixTransposed = false;
  /// The conversion runs in this many rounds (store, barrier, load, barrier)
  /// over the highest offset bits, so the scratch holds only one round's
  /// elements.
  int32_t rounds = 1;

  /// The elements the scratch holds at once.
  int64_t getScratchElements() const {
    return layout.getInDimSize(kOffset) / rounds;
  }
};

/// What the target offers for a conversion through shared memory.
struct ConversionScratchOptions {
  /// ldmatrix (sm_75 and later) may load 16-bit elements.
  bool loadMatrix = false;
  /// ldmatrix.trans may load 16-bit elements (sm_75 and later).
  bool loadMatrixTransposed = false;
  /// Only layouts whose scratch holds at most this many elements at once
  /// qualify (the bytes the allocation gave the conversion).
  std::optional<int64_t> maxScratchElements;
};

/// The scratch layouts for converting `src` to `dst`, fastest first (the
/// fewest shared-memory wavefronts per warp, then the fewest accesses),
/// each holding fewer elements at once than every one before it (it runs
/// in more rounds or with narrower vectors); `options.maxScratchElements`
/// is not applied. Empty, with `error` set, when there is none.
std::vector<ConversionScratchLayout>
getConversionScratchLayouts(const LinearLayout &src, const LinearLayout &dst,
                            int32_t elementBytes, std::string *error = nullptr,
                            const ConversionScratchOptions &options = {});

/// The scratch layout for converting `src` to `dst` (register, lane, warp
/// -> the same tensor dims) for elements of `elementBytes` bytes: the first
/// of getConversionScratchLayouts within `options.maxScratchElements`.
/// Fails on layouts whose out-dims differ or are too large, and when none
/// fits.
std::optional<ConversionScratchLayout>
getConversionScratchLayout(const LinearLayout &src, const LinearLayout &dst,
                           int32_t elementBytes, std::string *error = nullptr,
                           const ConversionScratchOptions &options = {});

/// The shared-memory wavefronts one warp needs for one access through
/// `offsets` (register, lane, ... -> "offset" in elements), every lane
/// moving `vec` elements of `elementBytes` bytes: lanes run in phases of 128
/// bytes, and a phase takes as many wavefronts as the most distinct 4-byte
/// words any bank serves. Without conflicts this is max(1, 32 * vec *
/// elementBytes / 128) for 32 lanes.
int32_t getSharedAccessWavefronts(const LinearLayout &offsets,
                                  int32_t elementBytes, int32_t vec);
} // namespace mlir::tile::layout

#endif // TILE_DIALECTS_TTG_LAYOUT_CONVERSIONSCRATCH_H

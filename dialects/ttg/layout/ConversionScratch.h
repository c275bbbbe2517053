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
// once (numel * elementBytes bytes, no padding). It is chosen from the two
// register layouts alone:
//  * the lowest offset bits hold a run of consecutive registers of one side
//    (up to 16 bytes), so that each thread stores or loads whole vectors;
//  * the offset bits that select a position within one 128-byte row of
//    banks take the lanes of each side, so that the lanes of one access of
//    either side land in distinct banks (where the two layouts allow it).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_CONVERSIONSCRATCH_H
#define TILE_DIALECTS_TTG_LAYOUT_CONVERSIONSCRATCH_H

#include "dialects/ttg/layout/LinearLayout.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tile::layout {
/// Where a layout conversion keeps its elements in shared memory.
struct ConversionScratchLayout {
  /// "offset" (in elements) -> the tensor dims; invertible.
  LinearLayout layout;
  /// How many elements each access of the source and of the destination
  /// moves: the first log2(vec) register bits of that layout are elements
  /// stored consecutively, aligned to vec elements.
  int32_t srcVec = 1;
  int32_t dstVec = 1;
};

/// The scratch layout for converting `src` to `dst` (register, lane, warp
/// -> the same tensor dims) for elements of `elementBytes` bytes. Fails on
/// layouts whose out-dims differ or are too large.
std::optional<ConversionScratchLayout>
getConversionScratchLayout(const LinearLayout &src, const LinearLayout &dst,
                           int32_t elementBytes, std::string *error = nullptr);

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

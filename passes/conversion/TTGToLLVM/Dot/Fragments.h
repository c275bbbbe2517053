//===- Fragments.h - Tensor-core fragments of 2-D layouts ------*- C++ -*-===//
//
// The dot lowerings (mma.sync, wgmma) check that lanes and warps hold the
// PTX fragments and then find, for lane 0 of warp 0, which register holds
// each fragment element. These read a rank-2 linear layout as (row, column)
// coordinates.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_DOT_FRAGMENTS_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_DOT_FRAGMENTS_H

#include "dialects/ttg/layout/LinearLayout.h"

#include <map>

namespace mlir::tile::fragments {
/// A (row, column) coordinate of a rank-2 tensor.
using Coord = std::pair<int32_t, int32_t>;

/// The coordinate `value` of `inDim` (all other in-dims 0) maps to.
inline Coord apply2D(const layout::LinearLayout &layout, const char *inDim,
                     int32_t value) {
  auto applied = layout.apply({{inDim, value}});
  return {(*applied)[0].second, (*applied)[1].second};
}

/// The coordinate of basis `bit` of `inDim`; (0, 0) past its size.
inline Coord basis(const layout::LinearLayout &layout, const char *inDim,
                   int bit) {
  if (!layout.hasInDim(inDim) || bit >= layout.getInDimSizeLog2(inDim))
    return {0, 0};
  return apply2D(layout, inDim, int32_t(1) << bit);
}

/// Whether the lanes of `layout` hold PTX's fragments of mma.sync's and
/// wgmma's A and accumulator: lanes 0-1 step `p` and 2p columns (a 32-bit
/// register's elements), lanes 2-4 step 1, 2 and 4 rows. `transposed` swaps
/// rows and columns (mma.sync's B).
inline bool lanesHoldFragments(const layout::LinearLayout &layout, int32_t p,
                               bool transposed = false) {
  for (int bit = 0; bit < 5; ++bit) {
    Coord expected = bit < 2 ? Coord{0, p << bit} : Coord{1 << (bit - 2), 0};
    if (transposed)
      std::swap(expected.first, expected.second);
    if (basis(layout, layout::kLane, bit) != expected)
      return false;
  }
  return true;
}

/// For lane 0 of warp 0: the register holding each element.
inline std::map<Coord, int> registerTable(const layout::LinearLayout &layout) {
  std::map<Coord, int> table;
  for (int32_t r = 0; r < layout.getNumRegisters(); ++r)
    table.emplace(apply2D(layout, layout::kRegister, r), r);
  return table;
}
} // namespace mlir::tile::fragments

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_DOT_FRAGMENTS_H

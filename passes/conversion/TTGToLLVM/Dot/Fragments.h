//===- Fragments.h - Tensor-core fragments of dot layouts ------*- C++ -*-===//
//
// The dot lowerings (mma.sync, wgmma, FMA) check that lanes and warps hold
// what the instructions need and then find, for lane 0 of warp 0, which
// register holds each element. These read the linear layout of a dot
// operand or result as (batch, row, column) coordinates: a batched (rank-3)
// dot's leading dimension is the batch, a rank-2 dot has batch 0, so one
// plan serves both.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_DOT_FRAGMENTS_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_DOT_FRAGMENTS_H

#include "dialects/ttg/layout/LinearLayout.h"

#include <map>
#include <tuple>

namespace mlir::tile::fragments {
/// A coordinate of a dot operand or result: (row, column) of a rank-2
/// tensor, or (batch, row, column) of a rank-3 one. The two-value
/// constructor leaves the batch 0, so rank-2 code reads as before.
struct Coord {
  int32_t batch = 0, row = 0, col = 0;

  Coord() = default;
  Coord(int32_t row, int32_t col) : row(row), col(col) {}
  Coord(int32_t batch, int32_t row, int32_t col)
      : batch(batch), row(row), col(col) {}

  bool operator==(const Coord &other) const {
    return std::tie(batch, row, col) ==
           std::tie(other.batch, other.row, other.col);
  }
  bool operator!=(const Coord &other) const { return !(*this == other); }
  bool operator<(const Coord &other) const {
    return std::tie(batch, row, col) <
           std::tie(other.batch, other.row, other.col);
  }
};

/// Whether `layout` maps to a rank (2 or 3) that Coord can name.
inline bool hasDotRank(const layout::LinearLayout &layout) {
  return layout.getNumOutDims() == 2 || layout.getNumOutDims() == 3;
}

/// The coordinate `value` of `inDim` (all other in-dims 0) maps to. The
/// out-dims are in standard order: the batch first, if any, then the row
/// and the column.
inline Coord coordOf(const layout::LinearLayout &layout, const char *inDim,
                     int32_t value) {
  auto applied = layout.apply({{inDim, value}});
  size_t rank = applied->size();
  return {rank == 3 ? (*applied)[0].second : 0, (*applied)[rank - 2].second,
          (*applied)[rank - 1].second};
}

/// The coordinate of basis `bit` of `inDim`; (0, 0, 0) past its size.
inline Coord basis(const layout::LinearLayout &layout, const char *inDim,
                   int bit) {
  if (!layout.hasInDim(inDim) || bit >= layout.getInDimSizeLog2(inDim))
    return {};
  return coordOf(layout, inDim, int32_t(1) << bit);
}

/// The size of each coordinate of `layout`'s tensor.
inline Coord extentOf(const layout::LinearLayout &layout) {
  const std::vector<layout::NamedSize> &dims = layout.getOutDims();
  size_t rank = dims.size();
  return {rank == 3 ? dims[0].second : 1, dims[rank - 2].second,
          dims[rank - 1].second};
}

/// Where a layout of a tensor `extent` holds an instruction tile's element
/// `at`. A tensor smaller than the tile (a 2x4 dot on 16x8 mma.sync tiles)
/// has a layout that broadcasts over the rest of it: the tile's bases past
/// the extent are zero, so the element is the tensor's at `at` modulo its
/// power-of-two extent. Elsewhere this is `at` itself.
inline Coord wrap(Coord at, Coord extent) {
  return {at.batch & (extent.batch - 1), at.row & (extent.row - 1),
          at.col & (extent.col - 1)};
}

/// Whether the lanes of `layout` hold PTX's fragments of mma.sync's and
/// wgmma's A and accumulator: lanes 0-1 step `p` and 2p columns (a 32-bit
/// register's elements), lanes 2-4 step 1, 2 and 4 rows, and no lane steps
/// along the batch (a warp's instruction works on one matrix). `transposed`
/// swaps rows and columns (mma.sync's B). With `broadcast`, a tensor smaller
/// than the fragment may hold it broadcast (see wrap): mma.sync takes every
/// operand from registers, so the copies are real; wgmma reads B from
/// shared memory, which holds no copies, so its layouts are checked exactly.
inline bool lanesHoldFragments(const layout::LinearLayout &layout, int32_t p,
                               bool transposed = false,
                               bool broadcast = false) {
  Coord extent = extentOf(layout);
  for (int bit = 0; bit < 5; ++bit) {
    Coord expected = bit < 2 ? Coord{0, p << bit} : Coord{1 << (bit - 2), 0};
    if (transposed)
      std::swap(expected.row, expected.col);
    if (broadcast)
      expected = wrap(expected, extent);
    if (basis(layout, layout::kLane, bit) != expected)
      return false;
  }
  return true;
}

/// For lane 0 of warp 0: the register holding each element (the first one,
/// where registers repeat an element).
inline std::map<Coord, int> registerTable(const layout::LinearLayout &layout) {
  std::map<Coord, int> table;
  for (int32_t r = 0; r < layout.getNumRegisters(); ++r)
    table.emplace(coordOf(layout, layout::kRegister, r), r);
  return table;
}
} // namespace mlir::tile::fragments

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_DOT_FRAGMENTS_H

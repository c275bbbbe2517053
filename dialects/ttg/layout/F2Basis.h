//===- F2Basis.h - Elimination over GF(2), one column at a time -*- C++ -*-===//
//
// A layout with n input bits and m output bits is an m x n matrix over GF(2).
// The algebra never builds that matrix: each column (the image of one input
// bit) is packed into one uint64_t, the first out-dim in the low bits, and the
// algorithms that need elimination (rank, free variables, inversion,
// invertAndCompose) run the incremental XOR basis below over those columns.
// That is why layouts are limited to 64 input and 64 output bits, far more
// than any GPU layout needs (a CTA has at most 2^10 threads and 2^16
// shared-memory elements per buffer).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_F2BASIS_H
#define TILE_DIALECTS_TTG_LAYOUT_F2BASIS_H

#include <array>
#include <cstdint>
#include <optional>

namespace mlir::tile::layout {
/// An incrementally built basis of a set of GF(2) column vectors (each packed
/// into a uint64_t). Every stored vector remembers which of the added columns
/// XOR to it, so `solve` can express a target in terms of the columns.
/// Columns that are linearly dependent on earlier ones are never stored;
/// solutions therefore use only the "pivot" columns, i.e. the free variables
/// (the dependent columns) are zero.
class F2Basis {
public:
  /// Adds column number `col` (0..63) with value `v`; returns whether it was
  /// independent of the columns added before.
  bool add(uint64_t v, int col) {
    uint64_t combo = uint64_t{1} << col;
    for (int b = 63; b >= 0; --b) {
      if (!((v >> b) & 1))
        continue;
      if (!present[b]) {
        present[b] = true;
        vec[b] = v;
        combo_[b] = combo;
        return true;
      }
      v ^= vec[b];
      combo ^= combo_[b];
    }
    return false;
  }

  /// A set of columns (bit mask of column numbers) whose XOR is `target`, or
  /// std::nullopt if `target` is not in their span.
  std::optional<uint64_t> solve(uint64_t target) const {
    uint64_t combo = 0;
    for (int b = 63; b >= 0; --b) {
      if (!((target >> b) & 1))
        continue;
      if (!present[b])
        return std::nullopt;
      target ^= vec[b];
      combo ^= combo_[b];
    }
    return combo;
  }

private:
  std::array<bool, 64> present{};
  std::array<uint64_t, 64> vec{};
  std::array<uint64_t, 64> combo_{};
};
} // namespace mlir::tile::layout

#endif // TILE_DIALECTS_TTG_LAYOUT_F2BASIS_H

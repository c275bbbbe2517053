//===- PartialLinearMap.h - An F2-linear map, vector by vector --*- C++ -*-===//
//
// Layout decisions often fix a linear map one vector at a time ("this lane
// basis goes to that offset bit") and then ask what the map does to other
// vectors of the span. Vectors and images are bit sets of up to 64 bits.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_PARTIALLINEARMAP_H
#define TILE_DIALECTS_TTG_LAYOUT_PARTIALLINEARMAP_H

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace mlir::tile::layout {
/// A linear map over F2 defined on the span of the vectors added so far.
class PartialLinearMap {
public:
  /// One defining vector, kept with a leading bit (`pivot`) no other row
  /// has, so that one pass from the highest pivot reduces any vector.
  struct Row {
    uint64_t vector;
    uint64_t image;
    uint64_t pivot;
  };

  /// `v` without its component in the span, and the image of that
  /// component. `v` lies in the span exactly when the first is 0.
  std::pair<uint64_t, uint64_t> reduce(uint64_t v) const {
    uint64_t image = 0;
    for (const Row &row : rows)
      if (v & row.pivot) {
        v ^= row.vector;
        image ^= row.image;
      }
    return {v, image};
  }
  bool contains(uint64_t v) const { return reduce(v).first == 0; }
  /// The image of `v`; its component outside the span maps to 0, so this
  /// is a linear extension of the map to all vectors.
  uint64_t imageOf(uint64_t v) const { return reduce(v).second; }

  /// Defines the map at `v`; returns false, changing nothing, if `v` is
  /// already in the span.
  bool add(uint64_t v, uint64_t image) {
    auto [rest, partial] = reduce(v);
    if (rest == 0)
      return false;
    uint64_t pivot = uint64_t(1) << (63 - __builtin_clzll(rest));
    auto pos = std::find_if(rows.begin(), rows.end(),
                            [&](const Row &row) { return row.pivot < pivot; });
    rows.insert(pos, Row{rest, image ^ partial, pivot});
    return true;
  }

  /// The defining rows, by decreasing pivot; their vectors are a basis of
  /// the span.
  const std::vector<Row> &getRows() const { return rows; }

private:
  std::vector<Row> rows;
};
} // namespace mlir::tile::layout

#endif // TILE_DIALECTS_TTG_LAYOUT_PARTIALLINEARMAP_H

//===- Permutation.h - Whether a list is a reordering -----------*- C++ -*-===//
//
// Dim orders (#ttg.blocked's order, tt.trans, block pointers) and renamings
// of a layout's dims must be reorderings of what they apply to. The checks
// live here, at the bottom of the dependency chain, so that the layout
// algebra and both dialects share one definition. They are templates over any
// range with size(), begin() and end(), so std::vector and llvm::ArrayRef
// both work without a copy.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_PERMUTATION_H
#define TILE_DIALECTS_TTG_LAYOUT_PERMUTATION_H

#include <algorithm>
#include <cstdint>
#include <vector>

namespace mlir::tile::layout {
/// Whether `order` holds each of 0, 1, ..., order.size() - 1 exactly once.
template <typename RangeT>
bool isPermutation(const RangeT &order) {
  std::vector<bool> seen(order.size(), false);
  for (const auto &entry : order) {
    int64_t index = static_cast<int64_t>(entry);
    if (index < 0 || index >= static_cast<int64_t>(seen.size()) || seen[index])
      return false;
    seen[index] = true;
  }
  return true;
}

/// Whether `lhs` and `rhs` hold the same elements, each as often, in any
/// order.
template <typename T>
bool isPermutationOf(std::vector<T> lhs, std::vector<T> rhs) {
  std::sort(lhs.begin(), lhs.end());
  std::sort(rhs.begin(), rhs.end());
  return lhs == rhs;
}
} // namespace mlir::tile::layout

#endif // TILE_DIALECTS_TTG_LAYOUT_PERMUTATION_H

//===- RegisterConcatenation.h - Tensors merged by registers ---*- C++ -*-===//
//
// tt.cat and tt.reshape with allow_reorder only promise the multiset of
// their result's elements, so Triton lowers them by handing each thread's
// registers on unchanged: the result's registers are the operands'
// registers, one operand after the other. Whether that yields a result that
// is a permutation of the operands' elements depends on the two layouts
// only; this file decides it and says which register goes where.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_REGISTERCONCATENATION_H
#define TILE_DIALECTS_TTG_LAYOUT_REGISTERCONCATENATION_H

#include "dialects/ttg/layout/LinearLayout.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::tile::layout {
/// One register of one of several tensors.
struct TensorRegister {
  int32_t tensor;
  int32_t reg;
};

/// How `numTensors` tensors, each held in layout `src`, become one tensor
/// held in layout `dst` by renaming registers only: for each register of
/// `dst`, the tensor and register it takes. The distinct registers of
/// `dst` (those holding an element no earlier register holds) take the
/// distinct registers of tensor 0, then of tensor 1, ..., in order; the
/// others repeat the distinct register holding their element.
///
/// The result is a permutation of the tensors' elements exactly when threads
/// that hold the same elements in `dst` hold the same elements in `src` and
/// vice versa, and a thread holds numTensors times as many distinct elements
/// in `dst` as in `src`. Otherwise std::nullopt, with `*error` saying which
/// condition fails.
std::optional<std::vector<TensorRegister>>
concatenateRegisters(const LinearLayout &src, const LinearLayout &dst,
                     int numTensors, std::string *error = nullptr);
} // namespace mlir::tile::layout

#endif // TILE_DIALECTS_TTG_LAYOUT_REGISTERCONCATENATION_H

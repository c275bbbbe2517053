//===- DimNames.h - The names of a linear layout's dims ---------*- C++ -*-===//
//
// The in-dims of a linear layout are the hardware index bits and its out-dims
// the tensor coordinates. Their names are the algebra's vocabulary: the
// encodings produce them, lowering and layout conversion look them up, and
// #ttg.linear spells its bases with them. They are defined here once, so a
// typo is a compile error instead of a dim that silently does not exist.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_DIMNAMES_H
#define TILE_DIALECTS_TTG_LAYOUT_DIMNAMES_H

#include <string>

namespace mlir::tile::layout {
/// The index of a value among those one thread holds.
inline constexpr char kRegister[] = "register";
/// The thread within its warp.
inline constexpr char kLane[] = "lane";
/// The warp within its CTA.
inline constexpr char kWarp[] = "warp";
/// The CTA within its cluster.
inline constexpr char kBlock[] = "block";
/// The position of an element in a shared-memory buffer, in elements.
inline constexpr char kOffset[] = "offset";

/// The out-dim of tensor dim `dim`: "dim0", "dim1", ....
inline std::string outDimName(unsigned dim) {
  return "dim" + std::to_string(dim);
}
} // namespace mlir::tile::layout

#endif // TILE_DIALECTS_TTG_LAYOUT_DIMNAMES_H

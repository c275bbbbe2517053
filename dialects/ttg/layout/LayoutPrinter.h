//===- LayoutPrinter.h - Text and SVG pictures of layouts -------*- C++ -*-===//
//
// Renders which hardware location holds each element of a 1-D or 2-D tensor
// under a linear layout, as a text table and as an SVG picture. Intended for
// distributed layouts (register, lane, warp[, block] -> dim0[, dim1]) but any
// in-dims work (e.g. "offset" for shared memory).
//
// A holder is written outermost in-dim first, each value prefixed by a short
// name: w=warp, l=lane, r=register, b=block, o=offset; other dims by their
// full name and "=". So "w1:l4:r2" is register 2 of lane 4 of warp 1. The
// "block" dim is omitted when it has size 1. An element held by several
// locations (broadcast) lists them all, comma-separated, in increasing order
// of (block, warp, lane, register); an element nobody holds shows "-".
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_LAYOUTPRINTER_H
#define TILE_DIALECTS_TTG_LAYOUT_LAYOUTPRINTER_H

#include "dialects/ttg/layout/LinearLayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tile::layout {
/// The holders of one element: each is one value per in-dim of the layout,
/// in the layout's in-dim order.
using ElementHolders = std::vector<std::vector<int32_t>>;

/// For every element of `shape` (row-major, i.e. index r * cols + c in 2-D),
/// the locations that hold it, ordered by their flattened in-dim index (the
/// first in-dim fastest). The layout's out-dims must be dim0 (and dim1 for a
/// 2-D shape); an empty `shape` means the layout's own out-dim sizes.
/// Locations that map outside `shape` are ignored.
std::optional<std::vector<ElementHolders>>
getElementHolders(const LinearLayout &layout, std::vector<int64_t> shape,
                  std::string *error = nullptr);

/// The short label of one holder (see the file comment), e.g. "w1:l4:r2".
std::string formatHolder(const LinearLayout &layout,
                         const std::vector<int32_t> &holder);

/// A text table of the holders. The first line is a legend such as
/// "# cell: w=warp l=lane r=register". A 1-D shape then has one line per
/// element, "[i] holders"; a 2-D shape a grid with a header line of column
/// indices and one line per row, led by its index, columns left-aligned to a
/// common width and separated by two spaces, trailing spaces removed. Every
/// line ends with a newline.
std::optional<std::string> printLayoutTable(const LinearLayout &layout,
                                            std::vector<int64_t> shape = {},
                                            std::string *error = nullptr);

/// An SVG picture: one <rect> per element (a 1-D shape wraps every 32
/// elements), filled with one colour per warp, showing the other coordinates
/// of the first holder (e.g. "l4" and "r2") and "+n" when n more locations
/// hold the same element; row and column indices along the edges.
std::optional<std::string> printLayoutSVG(const LinearLayout &layout,
                                          std::vector<int64_t> shape = {},
                                          std::string *error = nullptr);
} // namespace mlir::tile::layout

#endif // TILE_DIALECTS_TTG_LAYOUT_LAYOUTPRINTER_H

//===- LayoutOrder.h - Dim orders read off a linear layout ------*- C++ -*-===//
//
// The "order" of a distributed layout (its dims, fastest varying first) as
// Triton reads it off the layout's linear form, for any encoding: a dim comes
// earlier the earlier a register (or lane) basis first moves along it. Passes
// that store a register tensor to shared memory use it to pick the order of
// the shared encoding, so the buffer's contiguous dim is the one each thread
// (or each warp) already holds contiguously.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_LAYOUTORDER_H
#define TILE_DIALECTS_TTG_LAYOUT_LAYOUTORDER_H

#include "dialects/ttg/layout/LinearLayout.h"

#include <string>
#include <vector>

namespace mlir::tile::layout {
/// The out-dims in the order in which the bases of `inDim` first move along
/// them (broadcast bases are skipped), followed by the dims of `defaultOrder`
/// that no basis moves along, in that order.
std::vector<unsigned> getDimOrder(const LinearLayout &layout,
                                  const std::string &inDim,
                                  const std::vector<unsigned> &defaultOrder);

/// The register order: getDimOrder over "register", dims no register moves
/// along last, slowest (dim0) at the end.
std::vector<unsigned> getRegisterOrder(const LinearLayout &layout);

/// The lane order: getDimOrder over "lane", completed by the register order.
std::vector<unsigned> getLaneOrder(const LinearLayout &layout);

/// For each out-dim, how many elements a thread holds along it: 2^(number of
/// register bases that move along it). A broadcast register basis counts for
/// the dim of the previous non-broadcast basis (dim 0 when there is none), as
/// Triton counts.
std::vector<unsigned> getElementsPerThreadPerDim(const LinearLayout &layout);

/// The order in which to store a tensor of this layout in shared memory
/// (Triton's getOrderForMemory): the register order, unless it disagrees with
/// the lane order and a thread holds a single element along the lanes'
/// fastest dim, in which case the lane order (neighbouring lanes then write
/// neighbouring addresses).
std::vector<unsigned> getOrderForMemory(const LinearLayout &layout);
} // namespace mlir::tile::layout

#endif // TILE_DIALECTS_TTG_LAYOUT_LAYOUTORDER_H

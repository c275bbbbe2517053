//===- LayoutOrder.cpp - Dim orders read off a linear layout --------------===//
//
// Every basis of a distributed layout's linear form moves along at most one
// tensor dim in the layouts tile builds (or along none, for a broadcast), so
// "the dim a basis moves along" is the first non-zero entry of the basis.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/layout/LayoutOrder.h"

#include <algorithm>

namespace mlir::tile::layout {
namespace {
/// The bases of `inDim`, or none when the layout lacks it.
const std::vector<LinearLayout::Basis> &basesOf(const LinearLayout &layout,
                                                const std::string &inDim) {
  static const std::vector<LinearLayout::Basis> kNone;
  for (const auto &[name, bases] : layout.getBases())
    if (name == inDim)
      return bases;
  return kNone;
}

/// The first out-dim `basis` moves along, or -1 for a broadcast basis.
int movedDim(const LinearLayout::Basis &basis) {
  auto it = std::find_if(basis.begin(), basis.end(),
                         [](int32_t value) { return value != 0; });
  return it == basis.end() ? -1 : static_cast<int>(it - basis.begin());
}

void appendOnce(std::vector<unsigned> &order, unsigned dim) {
  if (std::find(order.begin(), order.end(), dim) == order.end())
    order.push_back(dim);
}
} // namespace

std::vector<unsigned> getDimOrder(const LinearLayout &layout,
                                  const std::string &inDim,
                                  const std::vector<unsigned> &defaultOrder) {
  std::vector<unsigned> order;
  for (const LinearLayout::Basis &basis : basesOf(layout, inDim))
    if (int dim = movedDim(basis); dim >= 0)
      appendOnce(order, static_cast<unsigned>(dim));
  for (unsigned dim : defaultOrder)
    appendOnce(order, dim);
  return order;
}

std::vector<unsigned> getRegisterOrder(const LinearLayout &layout) {
  std::vector<unsigned> defaultOrder;
  for (size_t dim = layout.getNumOutDims(); dim > 0; --dim)
    defaultOrder.push_back(static_cast<unsigned>(dim - 1));
  return getDimOrder(layout, kRegister, defaultOrder);
}

std::vector<unsigned> getLaneOrder(const LinearLayout &layout) {
  return getDimOrder(layout, kLane, getRegisterOrder(layout));
}

std::vector<unsigned> getElementsPerThreadPerDim(const LinearLayout &layout) {
  std::vector<unsigned> elements(layout.getNumOutDims(), 1);
  if (elements.empty())
    return elements;
  int lastDim = 0;
  for (const LinearLayout::Basis &basis : basesOf(layout, kRegister)) {
    if (int dim = movedDim(basis); dim >= 0)
      lastDim = dim;
    elements[lastDim] *= 2;
  }
  return elements;
}

std::vector<unsigned> getOrderForMemory(const LinearLayout &layout) {
  std::vector<unsigned> order = getRegisterOrder(layout);
  std::vector<unsigned> laneOrder = getLaneOrder(layout);
  if (order == laneOrder || laneOrder.empty())
    return order;
  // The position of the lanes' fastest dim among a thread's registers does
  // not matter when a thread holds one element along it; then lanes, not
  // registers, decide which addresses neighbour each other.
  if (getElementsPerThreadPerDim(layout)[laneOrder[0]] == 1)
    return laneOrder;
  return order;
}
} // namespace mlir::tile::layout

//===- RegisterConcatenation.cpp - Tensors merged register by register ----===//
//
// A thread's elements under a linear layout are its register part XORed
// with its thread part (the image of its lane, warp and block bits), so two
// threads hold the same elements exactly when their thread parts agree, and
// the registers that repeat an earlier one are the same in every thread.
// Both conditions of concatenateRegisters are therefore read off the
// thread parts and the register part separately.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/layout/RegisterConcatenation.h"
#include "dialects/ttg/layout/LayoutSupport.h"

#include <map>
#include <set>

using namespace mlir::tile::layout;
using detail::fail;

namespace {
using Coords = std::vector<int32_t>;

/// The coordinates `layout` gives the hardware indices `ins`; in-dims the
/// layout lacks are left out (they can only be 0).
Coords coordinatesOf(const LinearLayout &layout,
                     const std::vector<NamedValue> &ins) {
  std::vector<NamedValue> present;
  for (const NamedValue &in : ins)
    if (layout.hasInDim(in.first))
      present.push_back(in);
  Coords coords;
  if (auto applied = layout.apply(present))
    for (const auto &[name, value] : *applied)
      coords.push_back(value);
  return coords;
}

/// The registers of `layout` holding an element no earlier register holds.
std::vector<int32_t> distinctRegisters(const LinearLayout &layout) {
  std::set<Coords> seen;
  std::vector<int32_t> distinct;
  for (int32_t r = 0; r < layout.getNumRegisters(); ++r)
    if (seen.insert(coordinatesOf(layout, {{kRegister, r}})).second)
      distinct.push_back(r);
  return distinct;
}
} // namespace

std::optional<std::vector<TensorRegister>>
mlir::tile::layout::concatenateRegisters(const LinearLayout &src,
                                         const LinearLayout &dst,
                                         int numTensors, std::string *error) {
  if (numTensors < 1)
    return fail(error, "at least one tensor is needed");
  for (const char *inDim : {kLane, kWarp, kBlock})
    if (src.getInDimSize(inDim) != dst.getInDimSize(inDim))
      return fail(error, std::string("the layouts span different numbers of ") +
                             inDim + "s");

  // Map each thread part of dst to the thread part of src of the same
  // threads; it must be a bijection between the two sets of parts.
  std::map<Coords, Coords> srcPartOf;
  std::set<Coords> srcParts;
  for (int32_t block = 0; block < src.getInDimSize(kBlock); ++block)
    for (int32_t warp = 0; warp < src.getInDimSize(kWarp); ++warp)
      for (int32_t lane = 0; lane < src.getInDimSize(kLane); ++lane) {
        std::vector<NamedValue> thread = {
            {kLane, lane}, {kWarp, warp}, {kBlock, block}};
        Coords srcPart = coordinatesOf(src, thread);
        auto [it, inserted] =
            srcPartOf.emplace(coordinatesOf(dst, thread), srcPart);
        if (!inserted && it->second != srcPart)
          return fail(error, "threads holding the same elements of the "
                             "result hold different elements of the operand");
        srcParts.insert(srcPart);
      }
  if (srcParts.size() != srcPartOf.size())
    return fail(error, "threads holding the same elements of the operand "
                       "hold different elements of the result");

  // Every element must sit in exactly one (thread part, distinct register)
  // pair on both sides, and the counts must add up.
  int64_t parts = static_cast<int64_t>(srcPartOf.size());
  std::vector<int32_t> srcDistinct = distinctRegisters(src);
  std::vector<int32_t> dstDistinct = distinctRegisters(dst);
  int64_t srcCount = static_cast<int64_t>(srcDistinct.size());
  int64_t dstCount = static_cast<int64_t>(dstDistinct.size());
  if (parts * srcCount != src.getTotalOutDimSize() ||
      parts * dstCount != dst.getTotalOutDimSize())
    return fail(error, "a layout holds some elements in several registers "
                       "of different threads");
  if (dstCount != numTensors * srcCount)
    return fail(error, "a thread holds " + std::to_string(dstCount) +
                           " distinct elements of the result but " +
                           std::to_string(srcCount) + " of each of the " +
                           std::to_string(numTensors) + " operands");

  std::map<Coords, TensorRegister> sourceOf;
  std::vector<TensorRegister> plan;
  for (int32_t r = 0; r < dst.getNumRegisters(); ++r) {
    Coords coords = coordinatesOf(dst, {{kRegister, r}});
    auto it = sourceOf.find(coords);
    if (it == sourceOf.end()) {
      int64_t next = static_cast<int64_t>(sourceOf.size());
      TensorRegister source{static_cast<int32_t>(next / srcCount),
                            srcDistinct[next % srcCount]};
      it = sourceOf.emplace(coords, source).first;
    }
    plan.push_back(it->second);
  }
  return plan;
}

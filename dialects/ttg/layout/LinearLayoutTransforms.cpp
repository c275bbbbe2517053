//===- LinearLayoutTransforms.cpp - Layouts derived from layouts ----------===//
//
// Composition, inversion, restriction, reordering and reshaping of linear
// layouts, and the standard layouts the encoding conversions build from them.
// Each returns a new layout; the operand is never changed.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/layout/F2Basis.h"
#include "dialects/ttg/layout/LayoutSupport.h"
#include "dialects/ttg/layout/LinearLayout.h"
#include "dialects/ttg/layout/Permutation.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace mlir::tile::layout {
using namespace detail;

//===----------------------------------------------------------------------===//
// Transformations
//===----------------------------------------------------------------------===//

std::optional<LinearLayout> LinearLayout::compose(const LinearLayout &inner,
                                                  std::string *error) const {
  std::vector<std::string> innerOuts = inner.getOutDimNames();
  std::vector<std::string> ourIns = getInDimNames();
  if (!isPermutationOf(innerOuts, ourIns))
    return fail(error, "compose: inner's out-dims " + joinNames(innerOuts) +
                           " must be the outer layout's in-dims " +
                           joinNames(ourIns));
  for (const auto &[name, size] : inner.outDims)
    if (size > getInDimSize(name))
      return fail(error, "compose: inner's out-dim '" + name + "' has size " +
                             std::to_string(size) +
                             ", larger than the outer in-dim (" +
                             std::to_string(getInDimSize(name)) + ")");

  BasesT newBases;
  for (const auto &[inName, inBases] : inner.bases) {
    std::vector<Basis> dimBases;
    for (const Basis &basis : inBases) {
      std::vector<NamedValue> mid;
      for (size_t k = 0; k < basis.size(); ++k)
        mid.push_back({inner.outDims[k].first, basis[k]});
      std::optional<std::vector<NamedValue>> out = apply(mid, error);
      if (!out)
        return std::nullopt;
      Basis nb;
      for (const NamedValue &v : *out)
        nb.push_back(v.second);
      dimBases.push_back(std::move(nb));
    }
    newBases.push_back({inName, std::move(dimBases)});
  }
  return create(std::move(newBases), outDims, /*requireSurjective=*/false,
                error);
}

std::optional<LinearLayout> LinearLayout::invert(std::string *error) const {
  if (!isInvertible())
    return fail(error, "invert: layout is not bijective: " + toString());
  F2Basis f2;
  int col = 0;
  for (size_t i = 0; i < bases.size(); ++i)
    for (size_t b = 0; b < bases[i].second.size(); ++b)
      f2.add(flatBasis(i, b), col++);

  // The inverse's out-dims are our in-dims; a combination of our input bits
  // (a flat column mask) is split into one value per in-dim.
  auto splitIns = [&](uint64_t combo) {
    Basis values;
    for (const auto &entry : bases) {
      int bits = entry.second.size();
      values.push_back(
          static_cast<int32_t>(combo & ((uint64_t{1} << bits) - 1)));
      combo >>= bits;
    }
    return values;
  };

  BasesT newBases;
  int shift = 0;
  for (const auto &[outName, outSize] : outDims) {
    std::vector<Basis> dimBases;
    for (int j = 0; j < log2Exact(outSize); ++j) {
      // Solvable because the layout is bijective.
      std::optional<uint64_t> combo = f2.solve(uint64_t{1} << (shift + j));
      dimBases.push_back(splitIns(combo.value_or(0)));
    }
    shift += log2Exact(outSize);
    newBases.push_back({outName, std::move(dimBases)});
  }
  std::vector<NamedSize> newOuts;
  for (const auto &entry : bases)
    newOuts.push_back(
        {entry.first, int32_t{1} << static_cast<int>(entry.second.size())});
  return create(std::move(newBases), std::move(newOuts),
                /*requireSurjective=*/true, error);
}

std::optional<LinearLayout>
LinearLayout::invertAndCompose(const LinearLayout &dst,
                               std::string *error) const {
  for (const auto &[name, size] : outDims) {
    if (!dst.hasOutDim(name))
      return fail(error, "invertAndCompose: out-dim '" + name +
                             "' is not an out-dim of the destination " +
                             dst.toString());
    if (size > dst.getOutDimSize(name))
      return fail(error, "invertAndCompose: out-dim '" + name + "' (size " +
                             std::to_string(size) +
                             ") is larger in the source than in the "
                             "destination (size " +
                             std::to_string(dst.getOutDimSize(name)) + ")");
  }

  F2Basis f2;
  std::vector<int> dstColStart; // first flat column of each dst in-dim
  int col = 0;
  for (size_t i = 0; i < dst.bases.size(); ++i) {
    dstColStart.push_back(col);
    for (size_t b = 0; b < dst.bases[i].second.size(); ++b)
      f2.add(dst.flatBasis(i, b), col++);
  }

  // Our basis, rewritten in dst's flat out coordinates.
  auto flatInDst = [&](const Basis &basis) {
    uint64_t flat = 0;
    int shift = 0;
    for (const auto &[name, size] : dst.outDims) {
      int k = getOutDimIndex(name);
      if (k >= 0)
        flat |= static_cast<uint64_t>(basis[k]) << shift;
      shift += log2Exact(size);
    }
    return flat;
  };

  BasesT newBases;
  for (const auto &[inName, inBases] : bases) {
    int dstIdx = dst.getInDimIndex(inName);
    std::vector<Basis> dimBases;
    for (size_t b = 0; b < inBases.size(); ++b) {
      uint64_t target = flatInDst(inBases[b]);
      uint64_t combo;
      if (dstIdx >= 0 && b < dst.bases[dstIdx].second.size() &&
          dst.flatBasis(dstIdx, b) == target) {
        // Rule 1: the same bit of the same dim holds the same element.
        combo = uint64_t{1} << (dstColStart[dstIdx] + b);
      } else {
        // Rule 2: the canonical preimage (free variables zero).
        std::optional<uint64_t> solved = f2.solve(target);
        if (!solved) {
          std::ostringstream os;
          os << "invertAndCompose: the element reached by " << inName << "="
             << (int64_t{1} << b) << " is not held anywhere in the "
             << "destination " << dst.toString();
          return fail(error, os.str());
        }
        combo = *solved;
      }
      Basis nb;
      for (const auto &entry : dst.bases) {
        int bits = entry.second.size();
        nb.push_back(static_cast<int32_t>(combo & ((uint64_t{1} << bits) - 1)));
        combo >>= bits;
      }
      dimBases.push_back(std::move(nb));
    }
    newBases.push_back({inName, std::move(dimBases)});
  }
  std::vector<NamedSize> newOuts;
  for (const auto &entry : dst.bases)
    newOuts.push_back(
        {entry.first, int32_t{1} << static_cast<int>(entry.second.size())});
  return create(std::move(newBases), std::move(newOuts),
                /*requireSurjective=*/false, error);
}

std::optional<LinearLayout>
LinearLayout::sublayout(const std::vector<std::string> &inDimNames,
                        const std::vector<std::string> &outDimNames,
                        std::string *error) const {
  for (const std::string &name : inDimNames)
    if (!hasInDim(name))
      return fail(error, "sublayout: unknown in-dim '" + name + "'");
  for (const std::string &name : outDimNames)
    if (!hasOutDim(name))
      return fail(error, "sublayout: unknown out-dim '" + name + "'");
  auto contains = [](const std::vector<std::string> &v, const std::string &s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  std::vector<size_t> keep;
  std::vector<NamedSize> newOuts;
  for (size_t k = 0; k < outDims.size(); ++k) {
    if (contains(outDimNames, outDims[k].first)) {
      keep.push_back(k);
      newOuts.push_back(outDims[k]);
    }
  }
  BasesT newBases;
  for (const auto &[inName, inBases] : bases) {
    if (!contains(inDimNames, inName))
      continue;
    std::vector<Basis> dimBases;
    for (const Basis &basis : inBases) {
      Basis nb;
      for (size_t k : keep)
        nb.push_back(basis[k]);
      dimBases.push_back(std::move(nb));
    }
    newBases.push_back({inName, std::move(dimBases)});
  }
  return create(std::move(newBases), std::move(newOuts),
                /*requireSurjective=*/false, error);
}

std::optional<LinearLayout>
LinearLayout::quotient(const std::vector<std::string> &dimNames) const {
  if (!isTrivialOver(dimNames))
    return std::nullopt;
  auto remaining = [&](const std::vector<std::string> &all) {
    std::vector<std::string> rest;
    for (const std::string &name : all)
      if (std::find(dimNames.begin(), dimNames.end(), name) == dimNames.end())
        rest.push_back(name);
    return rest;
  };
  return sublayout(remaining(getInDimNames()), remaining(getOutDimNames()));
}

std::optional<LinearLayout>
LinearLayout::transposeIns(const std::vector<std::string> &newOrder,
                           std::string *error) const {
  if (!isPermutationOf(newOrder, getInDimNames()))
    return fail(error, "transposeIns: " + joinNames(newOrder) +
                           " is not a permutation of " +
                           joinNames(getInDimNames()));
  BasesT newBases;
  for (const std::string &name : newOrder)
    newBases.push_back(bases[getInDimIndex(name)]);
  return LinearLayout(std::move(newBases), outDims);
}

std::optional<LinearLayout>
LinearLayout::transposeOuts(const std::vector<std::string> &newOrder,
                            std::string *error) const {
  if (!isPermutationOf(newOrder, getOutDimNames()))
    return fail(error, "transposeOuts: " + joinNames(newOrder) +
                           " is not a permutation of " +
                           joinNames(getOutDimNames()));
  std::vector<int> perm;
  std::vector<NamedSize> newOuts;
  for (const std::string &name : newOrder) {
    perm.push_back(getOutDimIndex(name));
    newOuts.push_back(outDims[perm.back()]);
  }
  BasesT newBases;
  for (const auto &[inName, inBases] : bases) {
    std::vector<Basis> dimBases;
    for (const Basis &basis : inBases) {
      Basis nb;
      for (int k : perm)
        nb.push_back(basis[k]);
      dimBases.push_back(std::move(nb));
    }
    newBases.push_back({inName, std::move(dimBases)});
  }
  return LinearLayout(std::move(newBases), std::move(newOuts));
}

namespace {
/// Validates a reshape target: power-of-two sizes, unique names, and the
/// expected total number of bits.
bool checkReshapeTarget(const std::vector<NamedSize> &dims, int totalBits,
                        const char *what, std::string *error) {
  std::set<std::string> seen;
  int bits = 0;
  for (const auto &[name, size] : dims) {
    if (!isPowerOf2(size)) {
      fail(error, std::string(what) + ": size " + std::to_string(size) +
                      " of '" + name + "' is not a power of two");
      return false;
    }
    if (!seen.insert(name).second) {
      fail(error, std::string(what) + ": duplicate dim '" + name + "'");
      return false;
    }
    bits += log2Exact(size);
  }
  if (bits != totalBits) {
    fail(error, std::string(what) + ": total size 2^" + std::to_string(bits) +
                    " differs from the layout's 2^" +
                    std::to_string(totalBits));
    return false;
  }
  return true;
}
} // namespace

std::optional<LinearLayout>
LinearLayout::reshapeIns(const std::vector<NamedSize> &newInDims,
                         std::string *error) const {
  if (!checkReshapeTarget(newInDims, getTotalInDimSizeLog2(), "reshapeIns",
                          error))
    return std::nullopt;
  std::vector<Basis> flat;
  for (const auto &entry : bases)
    flat.insert(flat.end(), entry.second.begin(), entry.second.end());
  BasesT newBases;
  size_t next = 0;
  for (const auto &[name, size] : newInDims) {
    std::vector<Basis> dimBases(flat.begin() + next,
                                flat.begin() + next + log2Exact(size));
    next += log2Exact(size);
    newBases.push_back({name, std::move(dimBases)});
  }
  return create(std::move(newBases), outDims, /*requireSurjective=*/false,
                error);
}

std::optional<LinearLayout>
LinearLayout::reshapeOuts(const std::vector<NamedSize> &newOutDims,
                          std::string *error) const {
  if (!checkReshapeTarget(newOutDims, getTotalOutDimSizeLog2(), "reshapeOuts",
                          error))
    return std::nullopt;
  BasesT newBases;
  for (size_t i = 0; i < bases.size(); ++i) {
    std::vector<Basis> dimBases;
    for (size_t b = 0; b < bases[i].second.size(); ++b) {
      uint64_t flat = flatBasis(i, b);
      Basis nb;
      for (const auto &[name, size] : newOutDims) {
        nb.push_back(static_cast<int32_t>(flat & (size - 1)));
        flat >>= log2Exact(size);
      }
      dimBases.push_back(std::move(nb));
    }
    newBases.push_back({bases[i].first, std::move(dimBases)});
  }
  return create(std::move(newBases), newOutDims, /*requireSurjective=*/false,
                error);
}

LinearLayout LinearLayout::flattenIns() const {
  if (bases.empty())
    return *this;
  std::optional<LinearLayout> ll = reshapeIns(
      {{bases.front().first, static_cast<int32_t>(getTotalInDimSize())}});
  return ll ? *ll : *this;
}

LinearLayout LinearLayout::flattenOuts() const {
  if (outDims.empty())
    return *this;
  std::optional<LinearLayout> ll = reshapeOuts(
      {{outDims.front().first, static_cast<int32_t>(getTotalOutDimSize())}});
  return ll ? *ll : *this;
}

//===----------------------------------------------------------------------===//
// Helpers shared by the encoding conversions
//===----------------------------------------------------------------------===//

std::vector<std::string> standardOutDimNames(size_t rank) {
  std::vector<std::string> names;
  for (size_t i = 0; i < rank; ++i)
    names.push_back(outDimName(i));
  return names;
}

std::optional<LinearLayout>
identityStandardND(const std::string &inDim, const std::vector<int32_t> &shape,
                   const std::vector<unsigned> &order, std::string *error) {
  size_t rank = shape.size();
  if (order.size() != rank || !isPermutation(order))
    return fail(error, "identityStandardND: order is not a permutation of "
                       "0.." +
                           std::to_string(rank) + "-1");
  std::vector<std::string> names = standardOutDimNames(rank);
  std::optional<LinearLayout> ret = LinearLayout();
  for (unsigned d : order) {
    std::optional<LinearLayout> dim =
        LinearLayout::identity1D(shape[d], inDim, names[d], error);
    if (!dim)
      return std::nullopt;
    ret *= dim;
  }
  if (!ret)
    return fail(error, "identityStandardND: layout too large");
  return ret;
}

std::optional<LinearLayout>
ensureLayoutNotSmallerThan(const LinearLayout &layout,
                           const std::vector<NamedSize> &shape,
                           std::string *error) {
  if (layout.getNumInDims() == 0)
    return fail(error, "ensureLayoutNotSmallerThan: layout has no in-dims");
  std::string kDim = layout.getBases().front().first;
  std::optional<LinearLayout> ret = layout;
  for (const auto &[name, desired] : shape) {
    if (!layout.hasOutDim(name))
      return fail(error,
                  "ensureLayoutNotSmallerThan: unknown out-dim '" + name + "'");
    if (!isPowerOf2(desired))
      return fail(error, "ensureLayoutNotSmallerThan: size " +
                             std::to_string(desired) + " of '" + name +
                             "' is not a power of two");
    int32_t actual = layout.getOutDimSize(name);
    if (desired <= actual)
      continue;
    std::optional<LinearLayout> grow =
        LinearLayout::identity1D(desired / actual, kDim, name, error);
    ret = ret * grow;
    if (!ret)
      return fail(error, "ensureLayoutNotSmallerThan: layout too large");
  }
  return ret;
}

std::optional<LinearLayout>
reshapeLayoutRowMajor(const LinearLayout &layout,
                      const std::vector<int32_t> &newShape,
                      std::string *error) {
  std::vector<std::string> oldNames =
      standardOutDimNames(layout.getNumOutDims());
  std::vector<std::string> reversedOld(oldNames.rbegin(), oldNames.rend());
  std::optional<LinearLayout> minorFirst =
      layout.transposeOuts(reversedOld, error);
  if (!minorFirst)
    return std::nullopt;
  // reshapeOuts treats the first listed dim as the fastest; list the new
  // dims last-to-first so that the last dim of the new shape is fastest.
  std::vector<std::string> newNames = standardOutDimNames(newShape.size());
  std::vector<NamedSize> reversedNew;
  for (size_t i = newShape.size(); i-- > 0;)
    reversedNew.push_back({newNames[i], newShape[i]});
  std::optional<LinearLayout> reshaped =
      minorFirst->reshapeOuts(reversedNew, error);
  if (!reshaped)
    return std::nullopt;
  return reshaped->transposeOuts(newNames, error);
}
} // namespace mlir::tile::layout

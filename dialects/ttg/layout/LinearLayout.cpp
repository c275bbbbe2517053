//===- LinearLayout.cpp - F2-linear maps between named dims ---------------===//
//
// Constructing layouts (create, the 1-D building blocks, product) and asking
// them questions (sizes, bases, rank, apply, free variables). The
// transformations that derive one layout from another live in
// LinearLayoutTransforms.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/layout/LinearLayout.h"
#include "dialects/ttg/layout/F2Basis.h"
#include "dialects/ttg/layout/LayoutSupport.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace mlir::tile::layout {
using namespace detail;

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

std::optional<LinearLayout> LinearLayout::create(BasesT bases,
                                                 std::vector<NamedSize> outDims,
                                                 bool requireSurjective,
                                                 std::string *error) {
  std::set<std::string> seen;
  int totalIn = 0;
  for (const auto &[name, dimBases] : bases) {
    if (!seen.insert(name).second)
      return fail(error, "duplicate in-dim '" + name + "'");
    if (dimBases.size() > static_cast<size_t>(kMaxDimBits))
      return fail(error, "in-dim '" + name + "' has more than 2^" +
                             std::to_string(kMaxDimBits) + " elements");
    totalIn += dimBases.size();
  }
  seen.clear();
  int totalOut = 0;
  for (const auto &[name, size] : outDims) {
    if (!seen.insert(name).second)
      return fail(error, "duplicate out-dim '" + name + "'");
    if (!isPowerOf2(size) || size > (int64_t{1} << kMaxDimBits))
      return fail(error, "out-dim '" + name + "' has size " +
                             std::to_string(size) +
                             "; sizes must be powers of two up to 2^" +
                             std::to_string(kMaxDimBits));
    totalOut += log2Exact(size);
  }
  if (totalIn > kMaxTotalBits || totalOut > kMaxTotalBits)
    return fail(error, "layout too large: " + std::to_string(totalIn) +
                           " input bits and " + std::to_string(totalOut) +
                           " output bits (at most " +
                           std::to_string(kMaxTotalBits) + " each)");
  for (const auto &[name, dimBases] : bases) {
    for (size_t i = 0; i < dimBases.size(); ++i) {
      const Basis &basis = dimBases[i];
      if (basis.size() != outDims.size())
        return fail(error, "basis " + std::to_string(i) + " of in-dim '" +
                               name + "' has " + std::to_string(basis.size()) +
                               " entries but there are " +
                               std::to_string(outDims.size()) + " out-dims");
      for (size_t k = 0; k < basis.size(); ++k) {
        if (basis[k] < 0 || basis[k] >= outDims[k].second)
          return fail(error, "basis " + std::to_string(i) + " of in-dim '" +
                                 name + "' is " + std::to_string(basis[k]) +
                                 " along out-dim '" + outDims[k].first +
                                 "', outside [0, " +
                                 std::to_string(outDims[k].second) + ")");
      }
    }
  }
  LinearLayout ll(std::move(bases), std::move(outDims));
  if (requireSurjective && !ll.isSurjective())
    return fail(error, "layout is not surjective: " + ll.toString());
  return ll;
}

std::optional<LinearLayout>
LinearLayout::create(BasesT bases, const std::vector<std::string> &outDimNames,
                     std::string *error, bool requireSurjective) {
  std::vector<NamedSize> outDims;
  for (const std::string &name : outDimNames)
    outDims.push_back({name, 1});
  for (const auto &[name, dimBases] : bases) {
    for (const Basis &basis : dimBases) {
      // Size checks are repeated by the main `create`; here we only need the
      // shape to be right before reading the values.
      if (basis.size() != outDims.size())
        return fail(error, "a basis of in-dim '" + name + "' has " +
                               std::to_string(basis.size()) +
                               " entries but there are " +
                               std::to_string(outDims.size()) + " out-dims");
      for (size_t k = 0; k < basis.size(); ++k) {
        if (basis[k] < 0 || basis[k] >= (int32_t{1} << kMaxDimBits))
          return fail(error, "basis value " + std::to_string(basis[k]) +
                                 " of in-dim '" + name + "' is out of range");
        while (outDims[k].second <= basis[k])
          outDims[k].second *= 2;
      }
    }
  }
  return create(std::move(bases), std::move(outDims), requireSurjective, error);
}

std::optional<LinearLayout> LinearLayout::identity1D(int32_t size,
                                                     const std::string &inDim,
                                                     const std::string &outDim,
                                                     std::string *error) {
  return strided1D(size, 1, inDim, outDim, error);
}

std::optional<LinearLayout> LinearLayout::zeros1D(int32_t size,
                                                  const std::string &inDim,
                                                  const std::string &outDim,
                                                  int32_t outDimSize,
                                                  std::string *error) {
  if (!isPowerOf2(size))
    return fail(error, "zeros1D: size " + std::to_string(size) +
                           " is not a power of two");
  std::vector<Basis> zeros(log2Exact(size), Basis{0});
  return create({{inDim, std::move(zeros)}}, {{outDim, outDimSize}},
                /*requireSurjective=*/false, error);
}

std::optional<LinearLayout>
LinearLayout::strided1D(int32_t size, int32_t stride, const std::string &inDim,
                        const std::string &outDim, std::string *error) {
  if (!isPowerOf2(size) || !isPowerOf2(stride))
    return fail(error, "size " + std::to_string(size) + " and stride " +
                           std::to_string(stride) + " must be powers of two");
  if (int64_t{size} * stride > (int64_t{1} << kMaxDimBits))
    return fail(error, "strided1D: size * stride is too large");
  std::vector<Basis> powers;
  for (int64_t v = stride; v < int64_t{size} * stride; v *= 2)
    powers.push_back({static_cast<int32_t>(v)});
  return create({{inDim, std::move(powers)}}, {{outDim, size * stride}},
                /*requireSurjective=*/false, error);
}

std::optional<LinearLayout> LinearLayout::product(const LinearLayout &inner,
                                                  const LinearLayout &outer,
                                                  std::string *error) {
  std::vector<NamedSize> outDims = inner.outDims;
  for (const auto &[name, size] : outer.outDims) {
    int idx = inner.getOutDimIndex(name);
    if (idx < 0) {
      outDims.push_back({name, size});
      continue;
    }
    int64_t combined = int64_t{outDims[idx].second} * size;
    if (combined > (int64_t{1} << kMaxDimBits))
      return fail(error, "product: out-dim '" + name + "' would be too large");
    outDims[idx].second = static_cast<int32_t>(combined);
  }

  std::vector<std::string> inNames = inner.getInDimNames();
  for (const auto &[name, unused] : outer.bases)
    if (!inner.hasInDim(name))
      inNames.push_back(name);

  BasesT bases;
  for (const std::string &inName : inNames) {
    std::vector<Basis> dimBases;
    // Maps a basis of `part` into the combined out-dims; outer's values sit
    // above inner's along shared out-dims.
    auto append = [&](const LinearLayout &part, bool isOuter) {
      int idx = part.getInDimIndex(inName);
      if (idx < 0)
        return;
      for (const Basis &b : part.bases[idx].second) {
        Basis nb(outDims.size(), 0);
        for (size_t k = 0; k < part.outDims.size(); ++k) {
          const std::string &outName = part.outDims[k].first;
          int shift = isOuter ? inner.getOutDimSizeLog2(outName) : 0;
          int pos = 0;
          while (outDims[pos].first != outName)
            ++pos;
          nb[pos] = b[k] << shift;
        }
        dimBases.push_back(std::move(nb));
      }
    };
    append(inner, /*isOuter=*/false);
    append(outer, /*isOuter=*/true);
    bases.push_back({inName, std::move(dimBases)});
  }
  return create(std::move(bases), std::move(outDims),
                /*requireSurjective=*/false, error);
}

std::optional<LinearLayout> operator*(const LinearLayout &inner,
                                      const LinearLayout &outer) {
  return LinearLayout::product(inner, outer);
}

std::optional<LinearLayout> operator*(const std::optional<LinearLayout> &inner,
                                      const LinearLayout &outer) {
  if (!inner)
    return std::nullopt;
  return LinearLayout::product(*inner, outer);
}

std::optional<LinearLayout>
operator*(const LinearLayout &inner, const std::optional<LinearLayout> &outer) {
  if (!outer)
    return std::nullopt;
  return LinearLayout::product(inner, *outer);
}

std::optional<LinearLayout>
operator*(const std::optional<LinearLayout> &inner,
          const std::optional<LinearLayout> &outer) {
  if (!inner || !outer)
    return std::nullopt;
  return LinearLayout::product(*inner, *outer);
}

std::optional<LinearLayout> &
operator*=(std::optional<LinearLayout> &inner,
           const std::optional<LinearLayout> &outer) {
  inner = inner * outer;
  return inner;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

std::vector<std::string> LinearLayout::getInDimNames() const {
  std::vector<std::string> names;
  for (const auto &entry : bases)
    names.push_back(entry.first);
  return names;
}

std::vector<std::string> LinearLayout::getOutDimNames() const {
  std::vector<std::string> names;
  for (const auto &entry : outDims)
    names.push_back(entry.first);
  return names;
}

int LinearLayout::getInDimIndex(const std::string &name) const {
  for (size_t i = 0; i < bases.size(); ++i)
    if (bases[i].first == name)
      return i;
  return -1;
}

int LinearLayout::getOutDimIndex(const std::string &name) const {
  for (size_t i = 0; i < outDims.size(); ++i)
    if (outDims[i].first == name)
      return i;
  return -1;
}

bool LinearLayout::hasInDim(const std::string &name) const {
  return getInDimIndex(name) >= 0;
}

bool LinearLayout::hasOutDim(const std::string &name) const {
  return getOutDimIndex(name) >= 0;
}

int32_t LinearLayout::getInDimSizeLog2(const std::string &name) const {
  int idx = getInDimIndex(name);
  return idx < 0 ? 0 : bases[idx].second.size();
}

int32_t LinearLayout::getInDimSize(const std::string &name) const {
  return int32_t{1} << getInDimSizeLog2(name);
}

int32_t LinearLayout::getOutDimSize(const std::string &name) const {
  int idx = getOutDimIndex(name);
  return idx < 0 ? 1 : outDims[idx].second;
}

int32_t LinearLayout::getOutDimSizeLog2(const std::string &name) const {
  return log2Exact(getOutDimSize(name));
}

int32_t LinearLayout::getTotalInDimSizeLog2() const {
  int32_t total = 0;
  for (const auto &entry : bases)
    total += entry.second.size();
  return total;
}

int64_t LinearLayout::getTotalInDimSize() const {
  int32_t bits = getTotalInDimSizeLog2();
  return bits >= 63 ? INT64_MAX : int64_t{1} << bits;
}

int32_t LinearLayout::getTotalOutDimSizeLog2() const {
  int32_t total = 0;
  for (const auto &entry : outDims)
    total += log2Exact(entry.second);
  return total;
}

int64_t LinearLayout::getTotalOutDimSize() const {
  int32_t bits = getTotalOutDimSizeLog2();
  return bits >= 63 ? INT64_MAX : int64_t{1} << bits;
}

int32_t LinearLayout::getBasis(const std::string &inDim, int bit,
                               const std::string &outDim) const {
  int in = getInDimIndex(inDim);
  int out = getOutDimIndex(outDim);
  if (in < 0 || out < 0 || bit < 0 ||
      static_cast<size_t>(bit) >= bases[in].second.size())
    return 0;
  return bases[in].second[bit][out];
}

uint64_t LinearLayout::flatBasis(size_t inDimIdx, int bit) const {
  const Basis &basis = bases[inDimIdx].second[bit];
  uint64_t flat = 0;
  int shift = 0;
  for (size_t k = 0; k < outDims.size(); ++k) {
    flat |= static_cast<uint64_t>(basis[k]) << shift;
    shift += log2Exact(outDims[k].second);
  }
  return flat;
}

std::vector<int32_t> LinearLayout::unflattenOut(uint64_t flat) const {
  std::vector<int32_t> values;
  for (const auto &[name, size] : outDims) {
    values.push_back(static_cast<int32_t>(flat & (size - 1)));
    flat >>= log2Exact(size);
  }
  return values;
}

int LinearLayout::rank() const {
  F2Basis f2;
  int r = 0, col = 0;
  for (size_t i = 0; i < bases.size(); ++i)
    for (size_t b = 0; b < bases[i].second.size(); ++b)
      r += f2.add(flatBasis(i, b), col++);
  return r;
}

bool LinearLayout::isSurjective() const {
  return rank() == getTotalOutDimSizeLog2();
}

bool LinearLayout::isInjective() const {
  return rank() == getTotalInDimSizeLog2();
}

bool LinearLayout::isInvertible() const {
  return getTotalInDimSizeLog2() == getTotalOutDimSizeLog2() && isInjective();
}

std::optional<std::vector<NamedValue>>
LinearLayout::apply(const std::vector<NamedValue> &ins,
                    std::string *error) const {
  std::vector<int32_t> out(outDims.size(), 0);
  for (const auto &[name, value] : ins) {
    int idx = getInDimIndex(name);
    if (idx < 0)
      return fail(error, "apply: unknown in-dim '" + name + "'");
    if (value < 0 || value >= getInDimSize(name))
      return fail(error, "apply: value " + std::to_string(value) +
                             " is outside in-dim '" + name + "' of size " +
                             std::to_string(getInDimSize(name)));
    const std::vector<Basis> &dimBases = bases[idx].second;
    for (size_t b = 0; b < dimBases.size(); ++b)
      if ((value >> b) & 1)
        for (size_t k = 0; k < out.size(); ++k)
          out[k] ^= dimBases[b][k];
  }
  std::vector<NamedValue> ret;
  for (size_t k = 0; k < outDims.size(); ++k)
    ret.push_back({outDims[k].first, out[k]});
  return ret;
}

std::vector<NamedValue> LinearLayout::getFreeVariableMasks() const {
  F2Basis f2;
  std::vector<NamedValue> masks;
  int col = 0;
  for (size_t i = 0; i < bases.size(); ++i) {
    int32_t mask = 0;
    for (size_t b = 0; b < bases[i].second.size(); ++b)
      if (!f2.add(flatBasis(i, b), col++))
        mask |= int32_t{1} << b;
    masks.push_back({bases[i].first, mask});
  }
  return masks;
}

int32_t LinearLayout::getNumConsecutiveInOut() const {
  if (bases.empty() || outDims.empty())
    return 1;
  return getNumConsecutiveInOut(bases.front().first, outDims.front().first);
}

int32_t LinearLayout::getNumConsecutiveInOut(const std::string &inDim,
                                             const std::string &outDim) const {
  int in = getInDimIndex(inDim);
  int out = getOutDimIndex(outDim);
  if (in < 0 || out < 0)
    return 1;
  // The leading bits of `inDim` that walk `outDim` one element at a time.
  const std::vector<Basis> &inBases = bases[in].second;
  int consec = 0;
  for (; consec < static_cast<int>(inBases.size()); ++consec) {
    const Basis &b = inBases[consec];
    bool unit = b[out] == (int32_t{1} << consec);
    for (size_t k = 0; k < b.size() && unit; ++k)
      if (static_cast<int>(k) != out && b[k] != 0)
        unit = false;
    if (!unit)
      break;
  }
  // Any other basis that touches those low bits of `outDim` would interleave
  // other elements into the run, so the run stops at its lowest set bit.
  uint64_t otherBits = 0;
  for (size_t i = 0; i < bases.size(); ++i)
    for (size_t b = 0; b < bases[i].second.size(); ++b)
      if (static_cast<int>(i) != in || static_cast<int>(b) >= consec)
        otherBits |= static_cast<uint64_t>(bases[i].second[b][out]);
  int trailing = otherBits ? countTrailingZeros(otherBits) : 31;
  return int32_t{1} << std::min(consec, trailing);
}

bool LinearLayout::isTrivialOver(
    const std::vector<std::string> &dimNames) const {
  auto inSet = [&](const std::string &name) {
    return std::find(dimNames.begin(), dimNames.end(), name) != dimNames.end();
  };
  for (const std::string &dim : dimNames)
    if (!hasInDim(dim) || !hasOutDim(dim) ||
        getInDimSize(dim) != getOutDimSize(dim))
      return false;
  for (const auto &[inName, inBases] : bases) {
    bool trivialIn = inSet(inName);
    for (size_t b = 0; b < inBases.size(); ++b) {
      for (size_t k = 0; k < outDims.size(); ++k) {
        const std::string &outName = outDims[k].first;
        int32_t v = inBases[b][k];
        if (trivialIn) {
          // A trivial dim maps bit b onto itself and nowhere else.
          int32_t expected = outName == inName ? int32_t{1} << b : 0;
          if (v != expected)
            return false;
        } else if (inSet(outName) && v != 0) {
          return false;
        }
      }
    }
  }
  return true;
}

std::string LinearLayout::toString() const {
  std::ostringstream os;
  os << "{";
  for (size_t i = 0; i < bases.size(); ++i) {
    os << (i ? ", " : "") << bases[i].first << " = [";
    const std::vector<Basis> &dimBases = bases[i].second;
    for (size_t b = 0; b < dimBases.size(); ++b) {
      os << (b ? ", " : "") << "[";
      for (size_t k = 0; k < dimBases[b].size(); ++k)
        os << (k ? ", " : "") << dimBases[b][k];
      os << "]";
    }
    os << "]";
  }
  os << "} -> {";
  for (size_t k = 0; k < outDims.size(); ++k)
    os << (k ? ", " : "") << outDims[k].first << " = " << outDims[k].second;
  os << "}";
  return os.str();
}

std::ostream &operator<<(std::ostream &os, const LinearLayout &layout) {
  return os << layout.toString();
}
} // namespace mlir::tile::layout

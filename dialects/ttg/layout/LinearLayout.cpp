//===- LinearLayout.cpp - F2-linear maps between named dims ---------------===//
//
// Implementation notes. A layout with n input bits and m output bits is an
// m x n matrix over GF(2). We never build that matrix explicitly: each column
// (the image of one input bit) is packed into one uint64_t, the first out-dim
// in the low bits, and the algorithms that need elimination (rank, free
// variables, inversion, invertAndCompose) run an incremental XOR basis over
// those columns. That is why layouts are limited to 64 input and 64 output
// bits, far more than any GPU layout needs (a CTA has at most 2^10 threads
// and 2^16 shared-memory elements per buffer).
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/layout/LinearLayout.h"
#include "dialects/ttg/layout/Permutation.h"

#include <algorithm>
#include <array>
#include <set>
#include <sstream>

namespace mlir::tile::layout {
namespace {
bool isPowerOf2(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }

int log2Exact(int64_t x) {
  int r = 0;
  while ((int64_t{1} << r) < x)
    ++r;
  return r;
}

int countTrailingZeros(uint64_t x) {
  int r = 0;
  while (r < 64 && !((x >> r) & 1))
    ++r;
  return r;
}

/// Records `msg` for the caller (if it asked) and returns std::nullopt, so
/// that failure paths read `return fail(error, "...")`.
std::nullopt_t fail(std::string *error, const std::string &msg) {
  if (error)
    *error = msg;
  return std::nullopt;
}

std::string joinNames(const std::vector<std::string> &names) {
  std::string ret = "[";
  for (size_t i = 0; i < names.size(); ++i)
    ret += (i ? ", " : "") + names[i];
  return ret + "]";
}

/// An incrementally built basis of a set of GF(2) column vectors (each packed
/// into a uint64_t). Every stored vector remembers which of the added columns
/// XOR to it, so `solve` can express a target in terms of the columns.
/// Columns that are linearly dependent on earlier ones are never stored;
/// solutions therefore use only the "pivot" columns, i.e. the free variables
/// (the dependent columns) are zero.
class F2Basis {
public:
  /// Adds column number `col` (0..63) with value `v`; returns whether it was
  /// independent of the columns added before.
  bool add(uint64_t v, int col) {
    uint64_t combo = uint64_t{1} << col;
    for (int b = 63; b >= 0; --b) {
      if (!((v >> b) & 1))
        continue;
      if (!present[b]) {
        present[b] = true;
        vec[b] = v;
        combo_[b] = combo;
        return true;
      }
      v ^= vec[b];
      combo ^= combo_[b];
    }
    return false;
  }

  /// A set of columns (bit mask of column numbers) whose XOR is `target`, or
  /// std::nullopt if `target` is not in their span.
  std::optional<uint64_t> solve(uint64_t target) const {
    uint64_t combo = 0;
    for (int b = 63; b >= 0; --b) {
      if (!((target >> b) & 1))
        continue;
      if (!present[b])
        return std::nullopt;
      target ^= vec[b];
      combo ^= combo_[b];
    }
    return combo;
  }

private:
  std::array<bool, 64> present{};
  std::array<uint64_t, 64> vec{};
  std::array<uint64_t, 64> combo_{};
};
} // namespace

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

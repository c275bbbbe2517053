//===- ConversionScratch.cpp - Shared memory between two layouts ----------===//
//
// The scratch layout is built as a linear map from tensor elements to
// offsets, given on a basis of the tensor's index bits that is chosen one
// vector at a time: the common vector registers, the source's lanes, the
// destination's lanes, then whatever index bits are left. Each vector
// "owns" one offset bit that no other image uses, which keeps the map
// invertible whatever XOR of lower offset bits a destination lane adds.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/layout/ConversionScratch.h"
#include "dialects/ttg/layout/PartialLinearMap.h"

#include <algorithm>
#include <map>
#include <set>

namespace mlir::tile::layout {
namespace {
/// Shared memory has 32 banks of 4 bytes: one wavefront serves 128 bytes.
constexpr int64_t kBankRowBytes = 128;
/// The widest shared-memory access of one thread (ld.shared.v4.b32).
constexpr int64_t kMaxAccessBytes = 16;

std::nullopt_t fail(std::string *error, const std::string &msg) {
  if (error)
    *error = msg;
  return std::nullopt;
}

int log2Floor(int64_t x) {
  int bits = 0;
  while (x > 1) {
    x >>= 1;
    ++bits;
  }
  return bits;
}

/// Tensor coordinates as one integer, dim0 in the lowest bits: the order in
/// which reshapeOuts flattens.
class Flattener {
public:
  explicit Flattener(const std::vector<NamedSize> &outDims) {
    int shift = 0;
    for (const auto &[name, size] : outDims) {
      shifts.push_back(shift);
      shift += log2Floor(size);
    }
    totalBits = shift;
  }

  /// The flat index of the element basis `bit` of `inDim` maps to; 0 for a
  /// bit the layout does not have.
  uint64_t basis(const LinearLayout &layout, const std::string &inDim,
                 int bit) const {
    if (bit >= layout.getInDimSizeLog2(inDim))
      return 0;
    uint64_t flat = 0;
    if (auto coords = layout.apply({{inDim, int32_t(1) << bit}}))
      for (size_t i = 0; i < coords->size(); ++i)
        flat |= uint64_t((*coords)[i].second) << shifts[i];
    return flat;
  }

  int totalBits = 0;

private:
  std::vector<int> shifts;
};

/// How many leading register bits `src` and `dst` share, up to `maxBits`:
/// the same non-broadcast elements in the same order.
int commonVectorBits(const LinearLayout &src, const LinearLayout &dst,
                     const Flattener &flat, int maxBits) {
  PartialLinearMap span;
  int bits = 0;
  while (bits < maxBits) {
    uint64_t v = flat.basis(src, "register", bits);
    if (v == 0 || v != flat.basis(dst, "register", bits) || !span.add(v, 0))
      break;
    ++bits;
  }
  return bits;
}

/// The lowest offset bit in [from, to) not in `owned`, or -1.
int lowestFree(uint64_t owned, int from, int to) {
  for (int bit = from; bit < to; ++bit)
    if (!(owned >> bit & 1))
      return bit;
  return -1;
}

/// Chooses the image of every tensor index bit with `vecBits` vector bits,
/// as the file comment describes; std::nullopt when some basis of either
/// layout would break the alignment of the vectors.
std::optional<PartialLinearMap>
assignOffsets(const LinearLayout &src, const LinearLayout &dst,
              const Flattener &flat, int32_t elementBytes, int vecBits) {
  int n = flat.totalBits;
  PartialLinearMap map;
  uint64_t owned = 0;
  auto own = [&](uint64_t v, int bit, uint64_t image) {
    if (map.add(v, image))
      owned |= uint64_t(1) << bit;
  };

  // 1. The vector: register bit i at offset bit i.
  for (int bit = 0; bit < vecBits; ++bit)
    own(flat.basis(src, "register", bit), bit, uint64_t(1) << bit);

  // 2. The source's lanes within one row of banks. Lanes run in phases of
  // one row, so only the lanes of one phase need distinct positions.
  int64_t unitBytes = int64_t(elementBytes) << vecBits;
  int rowBits = log2Floor(std::max<int64_t>(1, kBankRowBytes / unitBytes));
  int rowEnd = std::min(n, vecBits + rowBits);
  uint64_t rowMask = 0;
  for (int bit = vecBits; bit < rowEnd; ++bit)
    rowMask |= uint64_t(1) << bit;
  auto phaseLaneBits = [&](const LinearLayout &layout) {
    return std::min(rowBits, int(layout.getInDimSizeLog2("lane")));
  };
  for (int lane = 0; lane < phaseLaneBits(src); ++lane) {
    uint64_t v = flat.basis(src, "lane", lane);
    int bit = lowestFree(owned, vecBits, rowEnd);
    if (v != 0 && bit >= 0 && !map.contains(v))
      own(v, bit, uint64_t(1) << bit);
  }

  // 3. The destination's lanes: each needs a row position independent of
  // those its other lanes already have.
  PartialLinearMap dstRow;
  std::vector<uint64_t> pending;
  for (int lane = 0; lane < phaseLaneBits(dst); ++lane) {
    uint64_t v = flat.basis(dst, "lane", lane);
    if (v == 0)
      continue;
    if (map.contains(v))
      dstRow.add(map.imageOf(v) & rowMask, 0);
    else
      pending.push_back(v);
  }
  for (uint64_t v : pending) {
    if (map.contains(v)) {
      dstRow.add(map.imageOf(v) & rowMask, 0);
      continue;
    }
    int bit = lowestFree(owned, vecBits, rowEnd);
    if (bit >= 0) {
      own(v, bit, uint64_t(1) << bit);
      dstRow.add(uint64_t(1) << bit, 0);
      continue;
    }
    // Every row position is taken: XOR the first one this side lacks
    // into a fresh higher bit.
    int high = lowestFree(owned, 0, n);
    if (high < 0)
      break;
    uint64_t position = 0;
    for (uint64_t combo = 1; combo < (uint64_t(1) << rowBits); ++combo) {
      uint64_t candidate = (combo << vecBits) & rowMask;
      if (candidate && !dstRow.contains(candidate)) {
        position = candidate;
        break;
      }
    }
    own(v, high, position | uint64_t(1) << high);
    dstRow.add(position, 0);
  }

  // 4. Everything else, in index order.
  for (int i = 0; i < n; ++i) {
    uint64_t v = uint64_t(1) << i;
    int bit = lowestFree(owned, 0, n);
    if (!map.contains(v) && bit >= 0)
      own(v, bit, uint64_t(1) << bit);
  }

  // Every other basis must keep the vector's offsets aligned, or the
  // registers of one vector would land in another order.
  uint64_t vecMask = (uint64_t(1) << vecBits) - 1;
  for (const LinearLayout *layout : {&src, &dst})
    for (const std::string &inDim : layout->getInDimNames())
      for (int bit = inDim == "register" ? vecBits : 0;
           bit < layout->getInDimSizeLog2(inDim); ++bit)
        if (map.imageOf(flat.basis(*layout, inDim, bit)) & vecMask)
          return std::nullopt;
  return map;
}

/// The layout offset -> tensor dims of a complete map tensor -> offset.
std::optional<LinearLayout> toOffsetLayout(const PartialLinearMap &map,
                                           int totalBits,
                                           const std::vector<NamedSize> &dims,
                                           std::string *error) {
  std::vector<LinearLayout::Basis> vectors, images;
  for (const PartialLinearMap::Row &row : map.getRows()) {
    vectors.push_back({int32_t(row.vector)});
    images.push_back({int32_t(row.image)});
  }
  int32_t size = int32_t(1) << totalBits;
  auto elements = LinearLayout::create({{"k", vectors}}, {{"flat", size}},
                                       /*requireSurjective=*/true, error);
  auto offsets = LinearLayout::create({{"k", images}}, {{"offset", size}},
                                      /*requireSurjective=*/true, error);
  if (!elements || !offsets)
    return std::nullopt;
  std::optional<LinearLayout> kOfOffset = offsets->invert(error);
  if (!kOfOffset)
    return std::nullopt;
  std::optional<LinearLayout> flatOfOffset =
      elements->compose(*kOfOffset, error);
  if (!flatOfOffset)
    return std::nullopt;
  return flatOfOffset->reshapeOuts(dims, error);
}
} // namespace

std::optional<ConversionScratchLayout>
getConversionScratchLayout(const LinearLayout &src, const LinearLayout &dst,
                           int32_t elementBytes, std::string *error) {
  if (src.getOutDims() != dst.getOutDims())
    return fail(error, "the two layouts cover different tensor shapes");
  if (elementBytes <= 0)
    return fail(error, "elements must take at least one byte");
  Flattener flat(src.getOutDims());
  if (flat.totalBits > LinearLayout::kMaxDimBits)
    return fail(error, "the tensor is too large for a scratch layout");

  int maxVecBits = 0;
  while ((int64_t(elementBytes) << (maxVecBits + 1)) <= kMaxAccessBytes)
    ++maxVecBits;
  for (int vecBits = commonVectorBits(src, dst, flat, maxVecBits); vecBits >= 0;
       --vecBits) {
    std::optional<PartialLinearMap> map =
        assignOffsets(src, dst, flat, elementBytes, vecBits);
    if (!map)
      continue;
    std::optional<LinearLayout> layout =
        toOffsetLayout(*map, flat.totalBits, src.getOutDims(), error);
    if (!layout)
      return std::nullopt;
    return ConversionScratchLayout{*layout, int32_t(1) << vecBits};
  }
  return fail(error, "no scratch layout keeps single elements aligned");
}

int32_t getSharedAccessWavefronts(const LinearLayout &offsets,
                                  int32_t elementBytes, int32_t vec) {
  int32_t lanes = offsets.getInDimSize("lane");
  int64_t unitBytes = int64_t(elementBytes) * vec;
  int32_t lanesPerPhase = int32_t(
      std::clamp<int64_t>(kBankRowBytes / unitBytes, 1, int64_t(lanes)));
  int32_t wavefronts = 0;
  for (int32_t first = 0; first < lanes; first += lanesPerPhase) {
    std::map<int64_t, std::set<int64_t>> wordsOfBank;
    for (int32_t lane = first; lane < first + lanesPerPhase; ++lane) {
      auto out = offsets.apply({{"lane", lane}});
      int64_t byte = out ? int64_t(out->front().second) * elementBytes : 0;
      for (int64_t word = byte / 4; word <= (byte + unitBytes - 1) / 4; ++word)
        wordsOfBank[word % 32].insert(word);
    }
    size_t most = 1;
    for (const auto &[bank, words] : wordsOfBank)
      most = std::max(most, words.size());
    wavefronts += int32_t(most);
  }
  return wavefronts;
}
} // namespace mlir::tile::layout

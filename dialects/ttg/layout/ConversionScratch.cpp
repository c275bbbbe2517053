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
#include "dialects/ttg/layout/LayoutSupport.h"
#include "dialects/ttg/layout/PartialLinearMap.h"

#include <algorithm>
#include <map>
#include <set>

namespace mlir::tile::layout {
using namespace detail;

namespace {
/// Shared memory has 32 banks of 4 bytes: one wavefront serves 128 bytes.
constexpr int64_t kBankRowBytes = 128;
/// The widest shared-memory access of one thread (ld.shared.v4.b32).
constexpr int64_t kMaxAccessBytes = 16;

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

/// How many leading register bases of `layout`, up to `maxBits`, are
/// independent elements: that many registers can be made contiguous.
int runBits(const LinearLayout &layout, const Flattener &flat, int maxBits) {
  PartialLinearMap span;
  int bits = 0;
  while (bits < maxBits && span.add(flat.basis(layout, kRegister, bits), 0))
    ++bits;
  return bits;
}

/// How many of the first `bits` register bases of `layout` equal those of
/// `primary`, in order.
int sharedPrefixBits(const LinearLayout &layout, const LinearLayout &primary,
                     const Flattener &flat, int bits) {
  int shared = 0;
  while (shared < bits && flat.basis(layout, kRegister, shared) ==
                              flat.basis(primary, kRegister, shared))
    ++shared;
  return shared;
}

/// The lowest offset bit in [from, to) not in `owned`, or -1.
int lowestFree(uint64_t owned, int from, int to) {
  for (int bit = from; bit < to; ++bit)
    if (!(owned >> bit & 1))
      return bit;
  return -1;
}

/// Builds the map tensor -> offset one basis vector at a time (see the file
/// comment). Each vector added owns one offset bit that appears in no other
/// image, so the images stay independent.
class OffsetAssigner {
public:
  OffsetAssigner(const Flattener &flat, int32_t elementBytes)
      : flat(flat), elementBytes(elementBytes) {}

  /// The first `bits` register bases of `layout` at offsets 1, 2, 4, ...
  void placeVector(const LinearLayout &layout, int bits) {
    for (int bit = 0; bit < bits; ++bit)
      own(flat.basis(layout, kRegister, bit), bit, uint64_t(1) << bit);
  }

  /// Gives the lanes of one phase of `layout`'s accesses (vectors of
  /// 2^vecBits elements) distinct positions within a row of banks. A lane
  /// already placed keeps its image; a new one takes a free position, or,
  /// when the row is full, a position its phase lacks XORed with a fresh
  /// higher bit.
  void placeLanes(const LinearLayout &layout, int vecBits) {
    int64_t unitBytes = int64_t(elementBytes) << vecBits;
    int rowBits = log2Floor(std::max<int64_t>(1, kBankRowBytes / unitBytes));
    int rowEnd = std::min(flat.totalBits, vecBits + rowBits);
    uint64_t rowMask = 0;
    for (int bit = vecBits; bit < rowEnd; ++bit)
      rowMask |= uint64_t(1) << bit;
    int laneBits = std::min(rowBits, int(layout.getInDimSizeLog2(kLane)));

    PartialLinearMap row;
    std::vector<uint64_t> pending;
    for (int lane = 0; lane < laneBits; ++lane) {
      uint64_t v = flat.basis(layout, kLane, lane);
      if (v != 0 && map.contains(v))
        row.add(map.imageOf(v) & rowMask, 0);
      else if (v != 0)
        pending.push_back(v);
    }
    for (uint64_t v : pending) {
      if (map.contains(v)) {
        row.add(map.imageOf(v) & rowMask, 0);
        continue;
      }
      if (int bit = lowestFree(owned, vecBits, rowEnd); bit >= 0) {
        own(v, bit, uint64_t(1) << bit);
        row.add(uint64_t(1) << bit, 0);
        continue;
      }
      int high = lowestFree(owned, 0, flat.totalBits);
      if (high < 0)
        return;
      uint64_t position = 0;
      for (uint64_t combo = 1; combo < (uint64_t(1) << rowBits); ++combo) {
        uint64_t candidate = (combo << vecBits) & rowMask;
        if (candidate && !row.contains(candidate)) {
          position = candidate;
          break;
        }
      }
      own(v, high, position | uint64_t(1) << high);
      row.add(position, 0);
    }
  }

  /// Every tensor index bit not yet in the span, in order, at the lowest
  /// free offset bits.
  void placeRest() {
    for (int i = 0; i < flat.totalBits; ++i) {
      uint64_t v = uint64_t(1) << i;
      int bit = lowestFree(owned, 0, flat.totalBits);
      if (!map.contains(v) && bit >= 0)
        own(v, bit, uint64_t(1) << bit);
    }
  }

  /// Whether every basis of `layout` but its first `vecBits` register
  /// bases keeps the low `vecBits` offset bits zero, so that its vectors are
  /// aligned and hold their registers in order.
  bool keepsVectorsAligned(const LinearLayout &layout, int vecBits) const {
    uint64_t vecMask = (uint64_t(1) << vecBits) - 1;
    for (const std::string &inDim : layout.getInDimNames())
      for (int bit = inDim == kRegister ? vecBits : 0;
           bit < layout.getInDimSizeLog2(inDim); ++bit)
        if (map.imageOf(flat.basis(layout, inDim, bit)) & vecMask)
          return false;
    return true;
  }

  const PartialLinearMap &getMap() const { return map; }

private:
  void own(uint64_t v, int bit, uint64_t image) {
    if (map.add(v, image))
      owned |= uint64_t(1) << bit;
  }

  const Flattener &flat;
  int32_t elementBytes;
  PartialLinearMap map;
  uint64_t owned = 0;
};

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
  auto offsets = LinearLayout::create({{"k", images}}, {{kOffset, size}},
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

/// (wavefronts, accesses) one warp spends storing its `src` elements and
/// loading its `dst` elements through `scratch`.
std::optional<std::pair<int64_t, int64_t>>
getCost(const ConversionScratchLayout &scratch, const LinearLayout &src,
        const LinearLayout &dst, int32_t elementBytes) {
  std::optional<LinearLayout> offsetOf = scratch.layout.invert();
  if (!offsetOf)
    return std::nullopt;
  int64_t wavefronts = 0, accesses = 0;
  for (auto [layout, vec] :
       {std::pair(&src, scratch.srcVec), std::pair(&dst, scratch.dstVec)}) {
    std::optional<LinearLayout> offsets = offsetOf->compose(*layout);
    if (!offsets)
      return std::nullopt;
    int64_t count = layout->getNumRegisters() / vec;
    accesses += count;
    wavefronts +=
        count * getSharedAccessWavefronts(*offsets, elementBytes, vec);
  }
  return std::pair(wavefronts, accesses);
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
  // Either side may lay out the vectors, with any run of its registers;
  // the other one vectorizes as far as its registers follow the same
  // elements. The cheapest candidate in wavefronts per warp wins, then the
  // one with fewer accesses.
  std::optional<ConversionScratchLayout> best;
  std::pair<int64_t, int64_t> bestCost;
  for (const LinearLayout *primary : {&src, &dst}) {
    for (int bits = runBits(*primary, flat, maxVecBits); bits >= 0; --bits) {
      int srcVecBits = sharedPrefixBits(src, *primary, flat, bits);
      int dstVecBits = sharedPrefixBits(dst, *primary, flat, bits);
      OffsetAssigner assigner(flat, elementBytes);
      assigner.placeVector(*primary, bits);
      assigner.placeLanes(src, srcVecBits);
      assigner.placeLanes(dst, dstVecBits);
      assigner.placeRest();
      if (!assigner.keepsVectorsAligned(src, srcVecBits) ||
          !assigner.keepsVectorsAligned(dst, dstVecBits))
        continue;
      std::optional<LinearLayout> layout = toOffsetLayout(
          assigner.getMap(), flat.totalBits, src.getOutDims(), error);
      if (!layout)
        return std::nullopt;
      ConversionScratchLayout candidate{*layout, int32_t(1) << srcVecBits,
                                        int32_t(1) << dstVecBits};
      std::optional<std::pair<int64_t, int64_t>> cost =
          getCost(candidate, src, dst, elementBytes);
      if (cost && (!best || *cost < bestCost)) {
        best = candidate;
        bestCost = *cost;
      }
    }
  }
  if (!best)
    return fail(error, "no scratch layout fits the two layouts");
  return best;
}

int32_t getSharedAccessWavefronts(const LinearLayout &offsets,
                                  int32_t elementBytes, int32_t vec) {
  int32_t lanes = offsets.getInDimSize(kLane);
  int64_t unitBytes = int64_t(elementBytes) * vec;
  int32_t lanesPerPhase = int32_t(
      std::clamp<int64_t>(kBankRowBytes / unitBytes, 1, int64_t(lanes)));
  int32_t wavefronts = 0;
  for (int32_t first = 0; first < lanes; first += lanesPerPhase) {
    std::map<int64_t, std::set<int64_t>> wordsOfBank;
    for (int32_t lane = first; lane < first + lanesPerPhase; ++lane) {
      auto out = offsets.apply({{kLane, lane}});
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

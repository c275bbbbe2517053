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

#include "llvm/ADT/STLExtras.h"

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

/// The register bits of `layout` whose bases are the longest prefix of
/// `vector` (flat tensor indices), in the order of `vector`.
std::vector<int> findRegisters(const LinearLayout &layout,
                               const Flattener &flat,
                               const std::vector<uint64_t> &vector) {
  std::vector<int> bits;
  for (uint64_t v : vector) {
    int found = -1;
    for (int bit = 0; bit < layout.getInDimSizeLog2(kRegister) && found < 0;
         ++bit)
      if (v != 0 && flat.basis(layout, kRegister, bit) == v)
        found = bit;
    if (found < 0)
      break;
    bits.push_back(found);
  }
  return bits;
}

/// The bases (flat tensor indices) of every in-dim bit of `layout` but the
/// register bits `skipRegisters` and the lane bits `skipLanes`.
std::vector<uint64_t> basesExcept(const LinearLayout &layout,
                                  const Flattener &flat,
                                  const std::vector<int> &skipRegisters,
                                  const std::vector<int> &skipLanes) {
  std::vector<uint64_t> bases;
  for (const std::string &inDim : layout.getInDimNames())
    for (int bit = 0; bit < layout.getInDimSizeLog2(inDim); ++bit) {
      bool skip = inDim == kRegister ? llvm::is_contained(skipRegisters, bit)
                  : inDim == kLane   ? llvm::is_contained(skipLanes, bit)
                                     : false;
      if (!skip)
        bases.push_back(flat.basis(layout, inDim, bit));
    }
  return bases;
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

  /// `vectors` (flat tensor indices) at offsets 1, 2, 4, ...
  void placeVector(const std::vector<uint64_t> &vectors) {
    for (size_t bit = 0; bit < vectors.size(); ++bit)
      own(vectors[bit], int(bit), uint64_t(1) << bit);
  }

  /// Gives the lanes of one phase of `layout`'s accesses (vectors of
  /// 2^vecBits elements) distinct positions within a row of banks.
  void placeLanes(const LinearLayout &layout, int vecBits) {
    int laneBits =
        std::min(bankRowBits(vecBits), int(layout.getInDimSizeLog2(kLane)));
    std::vector<uint64_t> phase;
    for (int lane = 0; lane < laneBits; ++lane)
      phase.push_back(flat.basis(layout, kLane, lane));
    placePhase(phase, vecBits);
  }

  /// Gives the accesses of one phase, which start at the elements `phase`
  /// spans and move 2^vecBits elements each, distinct positions within a
  /// row of banks. A vector already placed keeps its image; a new one takes
  /// a free position, or, when the row is full, a position the phase lacks
  /// XORed with a fresh higher bit.
  void placePhase(const std::vector<uint64_t> &phase, int vecBits) {
    int rowBits = bankRowBits(vecBits);
    int rowEnd = std::min(flat.totalBits, vecBits + rowBits);
    uint64_t rowMask = 0;
    for (int bit = vecBits; bit < rowEnd; ++bit)
      rowMask |= uint64_t(1) << bit;

    PartialLinearMap row;
    std::vector<uint64_t> pending;
    for (uint64_t v : phase) {
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
  /// free offset bits, except those `last` spans: the vectors of `last`
  /// then take the offset bits left, the highest ones.
  void placeRest(const std::vector<uint64_t> &last) {
    PartialLinearMap reserved = map;
    for (uint64_t v : last)
      reserved.add(v, 0);
    for (int i = 0; i < flat.totalBits; ++i) {
      uint64_t v = uint64_t(1) << i;
      int bit = lowestFree(owned, 0, flat.totalBits);
      if (bit >= 0 && reserved.add(v, 0))
        own(v, bit, uint64_t(1) << bit);
    }
    for (uint64_t v : last)
      if (int bit = lowestFree(owned, 0, flat.totalBits); bit >= 0)
        own(v, bit, uint64_t(1) << bit);
  }

  /// Whether the images of `vectors` leave the low `bits` offset bits zero.
  bool keepsLowBitsZero(const std::vector<uint64_t> &vectors, int bits) const {
    uint64_t mask = (uint64_t(1) << bits) - 1;
    return std::none_of(vectors.begin(), vectors.end(),
                        [&](uint64_t v) { return map.imageOf(v) & mask; });
  }

  const PartialLinearMap &getMap() const { return map; }

private:
  /// log2 of how many accesses of 2^vecBits elements fit in a row of banks.
  int bankRowBits(int vecBits) const {
    int64_t unitBytes = int64_t(elementBytes) << vecBits;
    return log2Floor(std::max<int64_t>(1, kBankRowBytes / unitBytes));
  }

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

/// The wavefronts of one phase of shared-memory accesses, each of
/// `unitBytes` bytes from the given start bytes: as many as the most
/// distinct 4-byte words any of the 32 banks serves (at least one).
int32_t getPhaseWavefronts(const std::vector<int64_t> &startBytes,
                           int64_t unitBytes) {
  std::map<int64_t, std::set<int64_t>> wordsOfBank;
  for (int64_t byte : startBytes)
    for (int64_t word = byte / 4; word <= (byte + unitBytes - 1) / 4; ++word)
      wordsOfBank[word % 32].insert(word);
  size_t most = 1;
  for (const auto &[bank, words] : wordsOfBank)
    most = std::max(most, words.size());
  return int32_t(most);
}

/// The destination register and lane whose offset, through a scratch
/// layout for ldmatrix.x4 (`transposed`: .trans), starts row `row` of
/// matrix `matrix`: lane bits 2 to 4 name the row, or, transposed, register
/// bit 0 and lane bits 0 and 1 do; register bits 1 and 2 name the matrix.
std::pair<int32_t, int32_t> getMatrixRowStart(int32_t matrix, int32_t row,
                                              bool transposed) {
  if (transposed)
    return {matrix << 1 | (row & 1), row >> 1};
  return {matrix << 1, row << 2};
}

/// The wavefronts of one ldmatrix.x4 through `offsets` (register, lane,
/// ... -> "offset" in 16-bit elements): each of its four matrices is one
/// phase of 8 rows of 16 bytes.
int32_t getLoadMatrixWavefronts(const LinearLayout &offsets, bool transposed) {
  int32_t wavefronts = 0;
  for (int32_t matrix = 0; matrix < 4; ++matrix) {
    std::vector<int64_t> rowBytes;
    for (int32_t row = 0; row < 8; ++row) {
      auto [reg, lane] = getMatrixRowStart(matrix, row, transposed);
      auto out = offsets.apply({{kRegister, reg}, {kLane, lane}});
      rowBytes.push_back(out ? int64_t(out->front().second) * 2 : 0);
    }
    wavefronts += getPhaseWavefronts(rowBytes, /*unitBytes=*/16);
  }
  return wavefronts;
}

/// (wavefronts, accesses) one warp spends storing its `src` elements and
/// loading its `dst` elements through `scratch`.
std::optional<std::pair<int64_t, int64_t>>
getCost(const ConversionScratchLayout &scratch, const LinearLayout &src,
        const LinearLayout &dst, int32_t elementBytes) {
  std::optional<LinearLayout> offsetOf = scratch.layout.invert();
  if (!offsetOf)
    return std::nullopt;
  std::optional<LinearLayout> srcOffsets = offsetOf->compose(src);
  std::optional<LinearLayout> dstOffsets = offsetOf->compose(dst);
  if (!srcOffsets || !dstOffsets)
    return std::nullopt;
  int64_t stores = src.getNumRegisters() / scratch.srcVec;
  int64_t loads = dst.getNumRegisters() / scratch.dstVec;
  int64_t wavefronts =
      stores *
          getSharedAccessWavefronts(*srcOffsets, elementBytes, scratch.srcVec) +
      loads * (scratch.dstLoadMatrix
                   ? getLoadMatrixWavefronts(*dstOffsets,
                                             scratch.dstLoadMatrixTransposed)
                   : getSharedAccessWavefronts(*dstOffsets, elementBytes,
                                               scratch.dstVec));
  return std::pair(wavefronts, stores + loads);
}

/// The highest offset bits, up to `most`, that no lane or warp of either
/// side reaches through `offsetOf` (nor the destination registers
/// `addressedRegisters`, which with ldmatrix choose the matrix, and the row
/// when transposed, that the lanes address): the conversion may run in
/// rounds over them.
int getRoundBits(const LinearLayout &offsetOf, const LinearLayout &src,
                 const LinearLayout &dst,
                 const std::vector<int> &addressedRegisters, int most) {
  uint64_t threadBits = 0;
  for (const LinearLayout *side : {&src, &dst}) {
    std::optional<LinearLayout> offsets = offsetOf.compose(*side);
    if (!offsets)
      return 0;
    for (const char *inDim : {kLane, kWarp})
      for (int bit = 0; bit < offsets->getInDimSizeLog2(inDim); ++bit)
        threadBits |= uint64_t(offsets->getBasis(inDim, bit, kOffset));
    if (side == &dst)
      for (int bit : addressedRegisters)
        threadBits |= uint64_t(offsets->getBasis(kRegister, bit, kOffset));
  }
  int totalBits = offsetOf.getOutDimSizeLog2(kOffset);
  int bits = 0;
  while (bits < most && bits < totalBits &&
         !(threadBits >> (totalBits - 1 - bits) & 1))
    ++bits;
  return bits;
}

/// One way to lay out the scratch: the tensor bases (flat indices) at the
/// lowest offset bits, which the source stores as vectors (as far as they
/// are its registers) and the destination loads as vectors, or, with
/// `loadMatrix`, with ldmatrix.x4 (they are then its register 0 and lanes 0
/// and 1: one 32-bit word in a 16-byte matrix row), or, also `transposed`,
/// with ldmatrix.x4.trans (they are its lanes 2 to 4: a whole matrix row).
struct Candidate {
  std::vector<uint64_t> vector;
  bool loadMatrix = false;
  bool transposed = false;

  /// The destination's lane bits at the lowest offset bits.
  std::vector<int> vectorLanes() const {
    if (!loadMatrix)
      return {};
    return transposed ? std::vector<int>{2, 3, 4} : std::vector<int>{0, 1};
  }
  /// The destination's register bits whose offsets the lanes give
  /// ldmatrix as row addresses.
  std::vector<int> addressedRegisters() const {
    if (!loadMatrix)
      return {};
    return transposed ? std::vector<int>{0, 1, 2} : std::vector<int>{1, 2};
  }
};

std::optional<ConversionScratchLayout>
buildCandidate(const LinearLayout &src, const LinearLayout &dst,
               const Flattener &flat, int32_t elementBytes,
               const Candidate &candidate, std::string *error) {
  std::vector<int> srcRegisters = findRegisters(src, flat, candidate.vector);
  std::vector<int> dstRegisters;
  if (!candidate.loadMatrix)
    dstRegisters = findRegisters(dst, flat, candidate.vector);
  int srcBits = int(srcRegisters.size());
  int dstBits = candidate.loadMatrix ? 3 : int(dstRegisters.size());

  OffsetAssigner assigner(flat, elementBytes);
  assigner.placeVector(candidate.vector);
  assigner.placeLanes(src, srcBits);
  // With ldmatrix one phase is the 8 rows of one matrix.
  if (candidate.transposed)
    assigner.placePhase({flat.basis(dst, kRegister, 0),
                         flat.basis(dst, kLane, 0), flat.basis(dst, kLane, 1)},
                        3);
  else if (candidate.loadMatrix)
    assigner.placePhase({flat.basis(dst, kLane, 2), flat.basis(dst, kLane, 3),
                         flat.basis(dst, kLane, 4)},
                        3);
  else
    assigner.placeLanes(dst, dstBits);

  // Register bases both sides hold, outside the vectors (and outside the
  // four matrices one ldmatrix.x4 loads), go to the highest offset bits so
  // that the conversion can run in rounds over them, each needing only its
  // part of the scratch.
  std::vector<uint64_t> roundBases;
  for (int bit = 0; bit < src.getInDimSizeLog2(kRegister); ++bit) {
    uint64_t v = flat.basis(src, kRegister, bit);
    if (v == 0 || llvm::is_contained(candidate.vector, v))
      continue;
    for (int dstBit = candidate.loadMatrix ? 3 : 0;
         dstBit < dst.getInDimSizeLog2(kRegister); ++dstBit)
      if (flat.basis(dst, kRegister, dstBit) == v)
        roundBases.push_back(v);
  }
  assigner.placeRest(roundBases);

  std::vector<int> dstSkip = dstRegisters;
  if (candidate.loadMatrix && !candidate.transposed)
    dstSkip = {0};
  if (!assigner.keepsLowBitsZero(basesExcept(src, flat, srcRegisters, {}),
                                 srcBits) ||
      !assigner.keepsLowBitsZero(
          basesExcept(dst, flat, dstSkip, candidate.vectorLanes()), dstBits))
    return std::nullopt;
  std::optional<LinearLayout> layout = toOffsetLayout(
      assigner.getMap(), flat.totalBits, src.getOutDims(), error);
  if (!layout)
    return std::nullopt;
  std::optional<LinearLayout> offsetOf = layout->invert(error);
  if (!offsetOf)
    return std::nullopt;

  ConversionScratchLayout scratch;
  scratch.layout = *layout;
  scratch.srcVectorRegisters = srcRegisters;
  scratch.srcVec = int32_t(1) << srcBits;
  scratch.dstVectorRegisters = dstRegisters;
  scratch.dstVec = int32_t(1) << dstBits;
  scratch.dstLoadMatrix = candidate.loadMatrix;
  scratch.dstLoadMatrixTransposed = candidate.transposed;
  scratch.rounds = int32_t(1) << getRoundBits(*offsetOf, src, dst,
                                              candidate.addressedRegisters(),
                                              int(roundBases.size()));
  return scratch;
}
} // namespace

std::vector<ConversionScratchLayout>
getConversionScratchLayouts(const LinearLayout &src, const LinearLayout &dst,
                            int32_t elementBytes, std::string *error,
                            const ConversionScratchOptions &options) {
  if (src.getOutDims() != dst.getOutDims()) {
    fail(error, "the two layouts cover different tensor shapes");
    return {};
  }
  if (elementBytes <= 0) {
    fail(error, "elements must take at least one byte");
    return {};
  }
  Flattener flat(src.getOutDims());
  if (flat.totalBits > LinearLayout::kMaxDimBits) {
    fail(error, "the tensor is too large for a scratch layout");
    return {};
  }

  int maxVecBits = 0;
  while ((int64_t(elementBytes) << (maxVecBits + 1)) <= kMaxAccessBytes)
    ++maxVecBits;
  // Either side may lay out the vectors, with any run of its registers;
  // the other one vectorizes as far as its registers hold the same
  // elements. The registers both sides hold may form the vector in any
  // order, and with ldmatrix the destination's register 0 and lanes 0 and 1
  // may, or with ldmatrix.trans its lanes 2 to 4.
  std::vector<Candidate> candidates;
  for (const LinearLayout *primary : {&src, &dst})
    for (int bits = runBits(*primary, flat, maxVecBits); bits >= 0; --bits) {
      Candidate candidate;
      for (int bit = 0; bit < bits; ++bit)
        candidate.vector.push_back(flat.basis(*primary, kRegister, bit));
      candidates.push_back(candidate);
    }
  {
    Candidate common;
    PartialLinearMap span;
    for (int bit = 0; bit < src.getInDimSizeLog2(kRegister); ++bit) {
      uint64_t v = flat.basis(src, kRegister, bit);
      if (int(common.vector.size()) < maxVecBits &&
          !findRegisters(dst, flat, {v}).empty() && span.add(v, 0))
        common.vector.push_back(v);
    }
    if (!common.vector.empty())
      candidates.push_back(common);
  }
  bool matrixShaped = elementBytes == 2 && dst.getInDimSizeLog2(kLane) == 5 &&
                      dst.getInDimSizeLog2(kRegister) >= 3;
  auto addMatrixCandidate = [&](Candidate matrix) {
    PartialLinearMap span;
    bool independent = true;
    for (uint64_t v : matrix.vector)
      independent &= span.add(v, 0);
    // The source must store whole 16-byte rows: the three are its
    // registers.
    if (independent && findRegisters(src, flat, matrix.vector).size() == 3)
      candidates.push_back(matrix);
  };
  if (options.loadMatrix && matrixShaped)
    addMatrixCandidate({{flat.basis(dst, kRegister, 0),
                         flat.basis(dst, kLane, 0), flat.basis(dst, kLane, 1)},
                        /*loadMatrix=*/true,
                        /*transposed=*/false});
  if (options.loadMatrixTransposed && matrixShaped)
    addMatrixCandidate({{flat.basis(dst, kLane, 2), flat.basis(dst, kLane, 3),
                         flat.basis(dst, kLane, 4)},
                        /*loadMatrix=*/true,
                        /*transposed=*/true});

  // The cheapest candidate in wavefronts per warp first, then the one with
  // fewer accesses, then the one with the smaller scratch; of the rest only
  // those that need less scratch than every one before them. The
  // candidate's index breaks ties, keeping the order deterministic.
  std::vector<std::pair<std::tuple<int64_t, int64_t, int64_t, size_t>,
                        ConversionScratchLayout>>
      ranked;
  for (const Candidate &candidate : candidates) {
    std::optional<ConversionScratchLayout> scratch =
        buildCandidate(src, dst, flat, elementBytes, candidate, error);
    if (!scratch)
      continue;
    std::optional<std::pair<int64_t, int64_t>> cost =
        getCost(*scratch, src, dst, elementBytes);
    if (!cost)
      continue;
    ranked.emplace_back(std::tuple(cost->first, cost->second,
                                   scratch->getScratchElements(),
                                   ranked.size()),
                        std::move(*scratch));
  }
  llvm::sort(ranked, llvm::less_first());
  std::vector<ConversionScratchLayout> layouts;
  for (auto &[key, scratch] : ranked)
    if (layouts.empty() ||
        scratch.getScratchElements() < layouts.back().getScratchElements())
      layouts.push_back(std::move(scratch));
  if (layouts.empty())
    fail(error, "no scratch layout fits the two layouts");
  return layouts;
}

std::optional<ConversionScratchLayout>
getConversionScratchLayout(const LinearLayout &src, const LinearLayout &dst,
                           int32_t elementBytes, std::string *error,
                           const ConversionScratchOptions &options) {
  std::vector<ConversionScratchLayout> layouts =
      getConversionScratchLayouts(src, dst, elementBytes, error, options);
  for (ConversionScratchLayout &scratch : layouts)
    if (!options.maxScratchElements ||
        scratch.getScratchElements() <= *options.maxScratchElements)
      return std::move(scratch);
  if (!layouts.empty())
    return fail(error, "no scratch layout fits in the scratch given");
  return std::nullopt;
}

int32_t getSharedAccessWavefronts(const LinearLayout &offsets,
                                  int32_t elementBytes, int32_t vec) {
  int32_t lanes = offsets.getInDimSize(kLane);
  int64_t unitBytes = int64_t(elementBytes) * vec;
  int32_t lanesPerPhase = int32_t(
      std::clamp<int64_t>(kBankRowBytes / unitBytes, 1, int64_t(lanes)));
  int32_t wavefronts = 0;
  for (int32_t first = 0; first < lanes; first += lanesPerPhase) {
    std::vector<int64_t> laneBytes;
    for (int32_t lane = first; lane < first + lanesPerPhase; ++lane) {
      auto out = offsets.apply({{kLane, lane}});
      laneBytes.push_back(out ? int64_t(out->front().second) * elementBytes
                              : 0);
    }
    wavefronts += getPhaseWavefronts(laneBytes, unitBytes);
  }
  return wavefronts;
}
} // namespace mlir::tile::layout

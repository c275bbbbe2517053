//===- EncodingToLinearLayout.cpp - What each ttg encoding means ----------===//
//
// The one place that gives encodings their meaning: each encoding's
// computeLinearLayout builds the linear layout from hardware indices
// (register, lane, warp, block; or offset, block for shared memory) to tensor
// coordinates (dim0, dim1, ...) for a given shape. Everything else asks
// ttg::toLinearLayout, which caches the answer.
//
// Conventions follow Triton 3.6 (see the Triton facts in docs/Layouts.md):
// bases are built fastest dimension first, a tensor larger than one CTA tile
// repeats the tile in more registers (fastest dimension first), and a tensor
// smaller than the tile broadcasts: bases pointing outside it become zero.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/Swizzle.h"

#include "llvm/ADT/STLExtras.h"

#include <mutex>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttg;
using layout::kBlock;
using layout::kLane;
using layout::kOffset;
using layout::kRegister;
using layout::kWarp;
using layout::LinearLayout;
using layout::NamedSize;
using layout::outDimName;

namespace {
std::optional<LinearLayout> fail(std::string *error, const Twine &message) {
  if (error)
    *error = message.str();
  return std::nullopt;
}

/// `a * b`, or the error of whichever failed.
std::optional<LinearLayout> product(const std::optional<LinearLayout> &a,
                                    const std::optional<LinearLayout> &b,
                                    std::string *error) {
  if (!a || !b)
    return std::nullopt;
  return LinearLayout::product(*a, *b, error);
}

/// The product of 1-D identities of `inDim` over `sizes`, fastest dimension
/// (`order[0]`) first; out-dims come in `order`.
std::optional<LinearLayout> identityND(const char *inDim,
                                       ArrayRef<unsigned> sizes,
                                       ArrayRef<unsigned> order,
                                       std::string *error) {
  std::optional<LinearLayout> result = LinearLayout();
  for (unsigned d : order)
    result = product(
        result, LinearLayout::identity1D(sizes[d], inDim, outDimName(d), error),
        error);
  return result;
}

/// Zeroes every basis coordinate at or beyond `shape` (the same element is
/// then held by several lanes or warps) and drops register bases that become
/// zero, so no thread holds an element twice.
std::optional<LinearLayout> clampToShape(const LinearLayout &layout,
                                         ArrayRef<int64_t> shape,
                                         std::string *error) {
  LinearLayout::BasesT bases = layout.getBases();
  std::vector<NamedSize> outDims = layout.getOutDims();
  std::vector<int64_t> limit;
  for (auto &[name, size] : outDims) {
    int64_t dim = std::stoi(name.substr(3));
    limit.push_back(shape[dim]);
    size = std::min<int64_t>(size, shape[dim]);
  }
  for (auto &[inDim, vectors] : bases) {
    for (auto &basis : vectors)
      for (auto [i, value] : llvm::enumerate(basis))
        if (value >= limit[i])
          value = 0;
    if (inDim == kRegister)
      llvm::erase_if(vectors, [](const auto &basis) {
        return llvm::all_of(basis, [](int32_t v) { return v == 0; });
      });
  }
  return LinearLayout::create(std::move(bases), std::move(outDims),
                              /*requireSurjective=*/true, error);
}

/// Fits a CTA tile to `shape`: repeats it in registers where the tensor is
/// larger (in the tile's out-dim order, i.e. fastest dimension first),
/// broadcasts where it is smaller, makes sure all four hardware in-dims
/// exist, and puts the out-dims in standard order.
std::optional<LinearLayout> fitToShape(std::optional<LinearLayout> tile,
                                       ArrayRef<int64_t> shape,
                                       std::string *error) {
  if (!tile)
    return std::nullopt;
  // Every in-dim of a distributed layout exists, if only with size 1.
  for (const char *inDim : {kRegister, kLane, kWarp, kBlock})
    if (!tile->hasInDim(inDim))
      tile = product(tile, LinearLayout::identity1D(1, inDim, outDimName(0)),
                     error);
  if (!tile)
    return std::nullopt;
  std::vector<NamedSize> orderedShape;
  for (const std::string &name : tile->getOutDimNames())
    orderedShape.emplace_back(name, shape[std::stoi(name.substr(3))]);
  std::optional<LinearLayout> grown =
      layout::ensureLayoutNotSmallerThan(*tile, orderedShape, error);
  if (!grown)
    return std::nullopt;
  std::optional<LinearLayout> clamped = clampToShape(*grown, shape, error);
  if (!clamped)
    return std::nullopt;
  return clamped->transposeOuts(layout::standardOutDimNames(shape.size()),
                                error);
}

/// Checks that `shape` has the encoding's rank and power-of-two dimensions.
bool checkShape(ArrayRef<int64_t> shape, unsigned rank, StringRef encoding,
                std::string *error) {
  if (shape.size() != rank) {
    fail(error, "#ttg." + encoding + " has rank " + Twine(rank) +
                    " but the tensor has rank " + Twine(shape.size()));
    return false;
  }
  for (int64_t dim : shape)
    if (dim <= 0 || !llvm::isPowerOf2_64(dim)) {
      fail(error, "#ttg." + encoding + " needs power-of-two dimensions, got " +
                      Twine(dim));
      return false;
    }
  return true;
}

bool rejectCGA(ArrayRef<unsigned> cgaLayout, StringRef encoding,
               std::string *error) {
  if (cgaLayout.empty())
    return true;
  fail(error, "#ttg." + encoding +
                  ": multi-CTA (CGALayout) layouts are not supported");
  return false;
}

/// Spreads the CTA tile `cta` (a distributed layout fitted to one CTA's part
/// of the tensor) over the CTAs of a cluster, as Triton's CGA layouts do:
/// `cgaLayout` holds one basis of `shape.size()` entries per bit of the block
/// id, in units of one CTA's part; each becomes a block basis in elements. A
/// cluster larger than the tensor along a dimension broadcasts there (the
/// basis becomes zero), like lanes and warps do.
std::optional<LinearLayout> spreadOverCTAs(
    ArrayRef<unsigned> cgaLayout, ArrayRef<int64_t> shape,
    function_ref<std::optional<LinearLayout>(ArrayRef<int64_t>)> buildCTALayout,
    std::string *error) {
  size_t rank = shape.size();
  std::vector<LinearLayout::Basis> cgaBases;
  for (size_t i = 0; i + rank <= cgaLayout.size(); i += rank)
    cgaBases.emplace_back(cgaLayout.begin() + i, cgaLayout.begin() + i + rank);
  // How many CTAs split each dimension (after broadcasting what would fall
  // outside the tensor), and so each CTA's part of the shape.
  SmallVector<int64_t> split(rank, 1);
  for (auto &basis : cgaBases)
    for (size_t d = 0; d < rank; ++d) {
      if (basis[d] >= shape[d])
        basis[d] = 0;
      split[d] = std::max<int64_t>(split[d], llvm::PowerOf2Ceil(basis[d] + 1));
    }
  SmallVector<int64_t> ctaShape =
      llvm::map_to_vector(llvm::seq<size_t>(rank), [&](size_t d) {
        return std::max<int64_t>(1, shape[d] / split[d]);
      });
  std::optional<LinearLayout> cta = buildCTALayout(ctaShape);
  if (!cta)
    return std::nullopt;
  LinearLayout::BasesT bases = cta->getBases();
  for (auto &[inDim, vectors] : bases)
    if (inDim == kBlock) {
      vectors.clear();
      for (const auto &basis : cgaBases) {
        LinearLayout::Basis scaled(rank);
        for (size_t d = 0; d < rank; ++d)
          scaled[d] = basis[d] * ctaShape[d];
        vectors.push_back(std::move(scaled));
      }
    }
  std::vector<NamedSize> outDims;
  for (auto [d, size] : llvm::enumerate(shape))
    outDims.emplace_back(outDimName(d), size);
  return LinearLayout::create(std::move(bases), std::move(outDims),
                              /*requireSurjective=*/true, error);
}

/// `count` copies of the shared layout `buffer` stored one after another:
/// the offset's high bits select the buffer, which becomes dim0.
std::optional<LinearLayout> stackBuffers(std::optional<LinearLayout> buffer,
                                         int64_t count, std::string *error) {
  if (!buffer)
    return std::nullopt;
  if (!llvm::isPowerOf2_64(count))
    return fail(error, "the number of buffers (" + Twine(count) +
                           ") is not a power of two");
  LinearLayout::BasesT bases = buffer->getBases();
  for (auto &[inDim, vectors] : bases)
    for (auto &basis : vectors)
      basis.insert(basis.begin(), 0);
  std::vector<NamedSize> outDims{{outDimName(0), 1}};
  for (auto [d, named] : llvm::enumerate(buffer->getOutDims()))
    outDims.emplace_back(outDimName(d + 1), named.second);
  std::optional<LinearLayout> shifted = LinearLayout::create(
      std::move(bases), std::move(outDims), /*requireSurjective=*/true, error);
  return product(shifted,
                 LinearLayout::identity1D(count, kOffset, outDimName(0), error),
                 error);
}

/// The order Triton gives mma warps: row-major on Ampere, column-major on
/// Hopper (the four warps of a warpgroup stack along M).
SmallVector<unsigned> mmaWarpOrder(NvidiaMmaEncodingAttr mma) {
  unsigned rank = mma.getWarpsPerCTA().size();
  SmallVector<unsigned> order;
  if (mma.isHopper()) {
    for (unsigned d = 0; d < rank; ++d)
      order.push_back(d);
  } else {
    for (unsigned d = rank; d-- > 0;)
      order.push_back(d);
  }
  return order;
}

/// One warp's mma tile of `outerSize` x `innerSize` (outer = rows of the
/// fragment): kWidth registers along the inner dim, 4 lanes along inner, 8
/// lanes along outer, outerSize/8 registers along outer, the rest of inner
/// in registers. This reproduces PTX's mma.sync/wgmma fragment tables.
std::optional<LinearLayout> mmaTile(unsigned outerDim, unsigned innerDim,
                                    unsigned outerSize, unsigned innerSize,
                                    unsigned kWidth, std::string *error) {
  std::string inner = outDimName(innerDim), outer = outDimName(outerDim);
  if (innerSize < 4 * kWidth || outerSize < 8)
    return fail(error, "mma tile " + Twine(outerSize) + "x" + Twine(innerSize) +
                           " is too small for kWidth " + Twine(kWidth));
  std::optional<LinearLayout> tile =
      LinearLayout::identity1D(kWidth, kRegister, inner, error);
  tile = product(tile, LinearLayout::identity1D(4, kLane, inner, error), error);
  tile = product(tile, LinearLayout::identity1D(8, kLane, outer, error), error);
  tile = product(
      tile, LinearLayout::identity1D(outerSize / 8, kRegister, outer, error),
      error);
  tile = product(tile,
                 LinearLayout::identity1D(innerSize / (4 * kWidth), kRegister,
                                          inner, error),
                 error);
  return tile;
}

/// The warps of an mma layout over `rank` dims; warps along a dimension in
/// `broadcastDims` hold the same data (zero bases).
std::optional<LinearLayout> mmaWarps(NvidiaMmaEncodingAttr mma,
                                     ArrayRef<unsigned> broadcastDims,
                                     unsigned zeroTarget, std::string *error) {
  std::optional<LinearLayout> warps = LinearLayout();
  for (unsigned d : mmaWarpOrder(mma)) {
    unsigned count = mma.getWarpsPerCTA()[d];
    warps = product(
        warps,
        llvm::is_contained(broadcastDims, d)
            ? LinearLayout::zeros1D(count, kWarp, outDimName(zeroTarget), 1,
                                    error)
            : LinearLayout::identity1D(count, kWarp, outDimName(d), error),
        error);
  }
  return warps;
}
} // namespace

//===----------------------------------------------------------------------===//
// Distributed encodings
//===----------------------------------------------------------------------===//

std::optional<LinearLayout>
BlockedEncodingAttr::computeLinearLayout(ArrayRef<int64_t> shape,
                                         std::string *error) const {
  if (!checkShape(shape, getRank(), "blocked", error))
    return std::nullopt;
  std::optional<LinearLayout> tile =
      identityND(kRegister, getSizePerThread(), getOrder(), error);
  tile = product(
      tile, identityND(kLane, getThreadsPerWarp(), getOrder(), error), error);
  tile = product(tile, identityND(kWarp, getWarpsPerCTA(), getOrder(), error),
                 error);
  if (getCgaLayout().empty())
    return fitToShape(tile, shape, error);
  return spreadOverCTAs(
      getCgaLayout(), shape,
      [&](ArrayRef<int64_t> ctaShape) {
        return fitToShape(tile, ctaShape, error);
      },
      error);
}

std::optional<LinearLayout>
SliceEncodingAttr::computeLinearLayout(ArrayRef<int64_t> shape,
                                       std::string *error) const {
  if (!checkShape(shape, getRank(), "slice", error))
    return std::nullopt;
  // The parent's layout with the sliced dimension of size 1: every basis
  // along it is zero, so dropping that out-dim loses nothing.
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + getDim(), 1);
  std::optional<LinearLayout> parent =
      toLinearLayout(getParent(), parentShape, error);
  if (!parent)
    return std::nullopt;
  LinearLayout::BasesT bases;
  for (const auto &[inDim, vectors] : parent->getBases()) {
    std::vector<LinearLayout::Basis> kept;
    for (const auto &basis : vectors) {
      LinearLayout::Basis reduced(basis);
      reduced.erase(reduced.begin() + getDim());
      bool zero = llvm::all_of(reduced, [](int32_t v) { return v == 0; });
      if (inDim == kRegister && zero)
        continue;
      kept.push_back(std::move(reduced));
    }
    bases.emplace_back(inDim, std::move(kept));
  }
  std::vector<NamedSize> outDims;
  for (auto [d, size] : llvm::enumerate(shape))
    outDims.emplace_back(outDimName(d), size);
  return LinearLayout::create(std::move(bases), std::move(outDims),
                              /*requireSurjective=*/true, error);
}

/// The mma versions and instruction shapes tile lays out: mma.sync (v2,
/// whose layout is the 16x8 tile whatever instrShape says: only its rank
/// counts) and wgmma (v3, [16, N, K]).
static bool checkMmaInstrShape(NvidiaMmaEncodingAttr mma, std::string *error) {
  size_t rank = mma.getWarpsPerCTA().size();
  ArrayRef<unsigned> instrShape = mma.getInstrShape();
  if (mma.isAmpere()) {
    if ((rank == 2 || rank == 3) && instrShape.size() == rank)
      return true;
    fail(error, "#ttg.nvidia_mma v2 needs rank 2 or 3 and an instrShape of "
                "that rank");
    return false;
  }
  if (mma.isHopper()) {
    if (rank == 2 && instrShape.size() == 3 && instrShape[0] == 16 &&
        instrShape[1] % 8 == 0 && instrShape[1] >= 8 && instrShape[1] <= 256 &&
        llvm::is_contained({8u, 16u, 32u}, instrShape[2]))
      return true;
    fail(error, "#ttg.nvidia_mma v3 needs rank 2 and instrShape [16, N, K] "
                "with N a multiple of 8 in [8, 256] and K in {8, 16, 32}");
    return false;
  }
  fail(error, "#ttg.nvidia_mma: versionMajor must be 2 (mma.sync) or 3 "
              "(wgmma), got " +
                  Twine(mma.getVersionMajor()));
  return false;
}

std::optional<LinearLayout>
NvidiaMmaEncodingAttr::computeLinearLayout(ArrayRef<int64_t> shape,
                                           std::string *error) const {
  if (!checkMmaInstrShape(*this, error) ||
      !checkShape(shape, getRank(), "nvidia_mma", error) ||
      !rejectCGA(getCgaLayout(), "nvidia_mma", error))
    return std::nullopt;
  unsigned rank = getRank();
  unsigned innerSize = isHopper() ? getInstrShape()[1] : 8;
  std::optional<LinearLayout> tile =
      mmaTile(rank - 2, rank - 1, 16, innerSize, /*kWidth=*/2, error);
  tile = product(tile, mmaWarps(*this, {}, 0, error), error);
  return fitToShape(tile, shape, error);
}

std::optional<LinearLayout>
DotOperandEncodingAttr::computeLinearLayout(ArrayRef<int64_t> shape,
                                            std::string *error) const {
  if (!checkShape(shape, getRank(), "dot_op", error))
    return std::nullopt;
  unsigned rank = getRank();
  unsigned kDim = getOpIdx() == 0 ? rank - 1 : rank - 2;
  unsigned nonKDim = getOpIdx() == 0 ? rank - 2 : rank - 1;
  // The dimension of the dot result this operand does not span.
  unsigned otherDim = getOpIdx() == 0 ? rank - 1 : rank - 2;

  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(getParent())) {
    if (!checkMmaInstrShape(mma, error))
      return std::nullopt;
    // A is 16 x (8 kWidth) per warp, B (8 kWidth) x 8, K-contiguous; warps
    // along the dimension the operand does not span hold the same data.
    unsigned outerSize = getOpIdx() == 0 ? 16 : 8;
    std::optional<LinearLayout> tile =
        mmaTile(nonKDim, kDim, outerSize, 8 * getKWidth(), getKWidth(), error);
    tile = product(tile, mmaWarps(mma, {otherDim}, kDim, error), error);
    return fitToShape(tile, shape, error);
  }

  if (auto blocked = dyn_cast<BlockedEncodingAttr>(getParent())) {
    if (!rejectCGA(blocked.getCgaLayout(), "blocked", error))
      return std::nullopt;
    // FMA: each thread holds the whole K extent; along the other dimension
    // it holds what the parent gives it, and threads that differ only along
    // the dot result's other dimension hold the same data.
    SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
    sizePerThread[kDim] = shape[kDim];
    std::optional<LinearLayout> tile =
        identityND(kRegister, sizePerThread, blocked.getOrder(), error);
    auto distribute = [&](const char *inDim, ArrayRef<unsigned> counts) {
      std::optional<LinearLayout> part = LinearLayout();
      for (unsigned d : blocked.getOrder())
        part = product(part,
                       d == otherDim
                           ? LinearLayout::zeros1D(counts[d], inDim,
                                                   outDimName(kDim), 1, error)
                           : LinearLayout::identity1D(counts[d], inDim,
                                                      outDimName(d), error),
                       error);
      return part;
    };
    tile = product(tile, distribute(kLane, blocked.getThreadsPerWarp()), error);
    tile = product(tile, distribute(kWarp, blocked.getWarpsPerCTA()), error);
    return fitToShape(tile, shape, error);
  }
  return fail(
      error,
      "#ttg.dot_op: no layout for parent " +
          std::string(getParent().getAbstractAttribute().getName().str()));
}

std::optional<LinearLayout>
LinearEncodingAttr::computeLinearLayout(ArrayRef<int64_t> shape,
                                        std::string *error) const {
  if (!checkShape(shape, getRank(), "linear", error))
    return std::nullopt;
  // The written bases are one tile; like any distributed layout it repeats
  // in registers over a larger tensor and broadcasts over a smaller one.
  std::optional<LinearLayout> tile =
      linearEncodingTile(getRank(), getRegisterBases(), getLaneBases(),
                         getWarpBases(), getBlockBases(), error);
  if (!tile)
    return std::nullopt;
  // Fit the tile in its out-dim order (standard: dim0 first).
  return fitToShape(tile, shape, error);
}

//===----------------------------------------------------------------------===//
// Shared encodings
//===----------------------------------------------------------------------===//

std::optional<LinearLayout>
SwizzledSharedEncodingAttr::computeLinearLayout(ArrayRef<int64_t> shape,
                                                std::string *error) const {
  if (!rejectCGA(getCgaLayout(), "swizzled_shared", error))
    return std::nullopt;
  // A pipelined buffer has one more (leading) dimension than the encoding.
  if (shape.size() != getRank() && shape.size() != getRank() + 1)
    return fail(error, "#ttg.swizzled_shared has rank " + Twine(getRank()) +
                           " but the buffer has rank " + Twine(shape.size()));
  SmallVector<unsigned> order(getOrder());
  if (shape.size() == getRank() + 1) {
    for (unsigned &d : order)
      ++d;
    order.push_back(0);
  }
  return layout::swizzledSharedToLinearLayout(
      std::vector<int64_t>(shape.begin(), shape.end()), getVec(), getPerPhase(),
      getMaxPhase(), std::vector<unsigned>(order.begin(), order.end()), error);
}

std::optional<LinearLayout>
NVMMASharedEncodingAttr::computeLinearLayout(ArrayRef<int64_t> shape,
                                             std::string *error) const {
  if (!rejectCGA(getCgaLayout(), "nvmma_shared", error))
    return std::nullopt;
  if (getFp4Padded())
    return fail(error, "#ttg.nvmma_shared with fp4Padded is not supported");
  if (getElementBitWidth() == 0)
    return fail(error, "#ttg.nvmma_shared with elementBitWidth = 0 (unset) "
                       "has no layout");
  // A pipelined buffer has one more (leading) dimension than the encoding:
  // its buffers are laid out one after another.
  bool pipelined = shape.size() == getRank() + 1;
  ArrayRef<int64_t> bufferShape = pipelined ? shape.drop_front() : shape;
  std::optional<LinearLayout> buffer = layout::nvmmaSharedToLinearLayout(
      std::vector<int64_t>(bufferShape.begin(), bufferShape.end()),
      getSwizzlingByteWidth(), getTransposed(), getElementBitWidth(),
      /*disableSwizzle=*/false, error);
  return pipelined ? stackBuffers(buffer, shape.front(), error) : buffer;
}

std::optional<LinearLayout>
ttg::linearEncodingTile(unsigned rank, ArrayRef<int32_t> registerBases,
                        ArrayRef<int32_t> laneBases,
                        ArrayRef<int32_t> warpBases,
                        ArrayRef<int32_t> blockBases, std::string *error) {
  auto unflatten = [&](ArrayRef<int32_t> flat) {
    std::vector<LinearLayout::Basis> bases;
    for (size_t i = 0; i + rank <= flat.size(); i += rank)
      bases.emplace_back(flat.begin() + i, flat.begin() + i + rank);
    return bases;
  };
  std::string detail;
  std::optional<LinearLayout> tile = LinearLayout::create(
      {{kRegister, unflatten(registerBases)},
       {kLane, unflatten(laneBases)},
       {kWarp, unflatten(warpBases)},
       {kBlock, unflatten(blockBases)}},
      layout::standardOutDimNames(rank), &detail, /*requireSurjective=*/true);
  if (!tile)
    return fail(error, "#ttg.linear: " + detail);
  return tile;
}

//===----------------------------------------------------------------------===//
// The cache
//===----------------------------------------------------------------------===//

/// Linear layouts are immutable and their computation is pure, so results
/// are kept for the life of the context, keyed by (encoding, shape).
struct ttg::detail::LinearLayoutCache {
  std::mutex mutex;
  std::map<std::pair<const void *, std::vector<int64_t>>, LinearLayout> map;
};

std::shared_ptr<ttg::detail::LinearLayoutCache>
ttg::detail::createLinearLayoutCache() {
  return std::make_shared<LinearLayoutCache>();
}

std::optional<LinearLayout> ttg::toLinearLayout(Attribute encoding,
                                                ArrayRef<int64_t> shape,
                                                std::string *error) {
  auto iface = dyn_cast_if_present<LayoutEncodingAttrInterface>(encoding);
  if (!iface)
    return fail(error, "not a ttg layout encoding");
  std::pair<const void *, std::vector<int64_t>> key(
      encoding.getAsOpaquePointer(),
      std::vector<int64_t>(shape.begin(), shape.end()));
  auto &cache =
      encoding.getContext()->getLoadedDialect<TTGDialect>()->getLayoutCache();
  {
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.map.find(key);
    if (it != cache.map.end())
      return it->second;
  }
  std::optional<LinearLayout> result = iface.computeLinearLayout(shape, error);
  if (result) {
    std::lock_guard<std::mutex> lock(cache.mutex);
    cache.map.emplace(std::move(key), *result);
  }
  return result;
}

std::optional<LinearLayout> ttg::toLinearLayout(RankedTensorType type,
                                                std::string *error) {
  return toLinearLayout(type.getEncoding(), type.getShape(), error);
}

//===- Swizzle.cpp - Shared-memory swizzles as linear layouts -------------===//
//
// Both swizzles are linear because every parameter is a power of two: the
// phase of row r, (r / perPhase) % maxPhase, just selects some bits of r, and
// XOR-ing those into the column's vector index is an F2-linear map. So it is
// enough to say where each power-of-two offset goes; apply() XORs the rest.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/layout/Swizzle.h"
#include "dialects/ttg/layout/LayoutSupport.h"
#include "dialects/ttg/layout/Permutation.h"

#include <algorithm>

namespace mlir::tile::layout {
using namespace detail;

namespace {
/// Checks that every dim of `shape` is a power of two that fits a layout.
bool checkShape(const std::vector<int64_t> &shape, const char *what,
                std::string *error) {
  if (shape.empty()) {
    fail(error, std::string(what) + ": the shape must have rank >= 1");
    return false;
  }
  for (int64_t size : shape) {
    if (!isPowerOf2(size) || size > (int64_t{1} << LinearLayout::kMaxDimBits)) {
      fail(error, std::string(what) + ": shape dim " + std::to_string(size) +
                      " is not a power of two (up to 2^" +
                      std::to_string(LinearLayout::kMaxDimBits) + ")");
      return false;
    }
  }
  return true;
}

/// Adds the single-CTA "block" in-dim (size 1) and puts the out-dims in
/// standard order, as Triton's shared layouts have them.
std::optional<LinearLayout> finishSharedLayout(std::optional<LinearLayout> ll,
                                               size_t rank,
                                               std::string *error) {
  std::vector<std::string> names = standardOutDimNames(rank);
  ll = ll * LinearLayout::zeros1D(1, kBlock, names[0]);
  if (!ll)
    return fail(error, "shared layout too large");
  return ll->transposeOuts(names, error);
}

/// Permutes the out-dims' *contents* while keeping the standard names: new
/// dim k takes the values of old dim order[k] (a tt.trans of the tensor).
std::optional<LinearLayout> permuteDims(const LinearLayout &ll,
                                        const std::vector<unsigned> &order,
                                        std::string *error) {
  LinearLayout::BasesT bases = ll.getBases();
  for (auto &entry : bases) {
    for (LinearLayout::Basis &basis : entry.second) {
      LinearLayout::Basis permuted;
      for (unsigned k : order)
        permuted.push_back(basis[k]);
      basis = std::move(permuted);
    }
  }
  std::vector<NamedSize> outs;
  std::vector<std::string> names = standardOutDimNames(order.size());
  for (size_t k = 0; k < order.size(); ++k)
    outs.push_back({names[k], ll.getOutDims()[order[k]].second});
  return LinearLayout::create(std::move(bases), std::move(outs),
                              /*requireSurjective=*/false, error);
}
} // namespace

std::optional<LinearLayout> swizzledSharedToLinearLayout(
    const std::vector<int64_t> &shape, int32_t vec, int32_t perPhase,
    int32_t maxPhase, const std::vector<unsigned> &order, std::string *error) {
  if (!checkShape(shape, "swizzled_shared", error))
    return std::nullopt;
  if (!isPowerOf2(vec) || !isPowerOf2(perPhase) || !isPowerOf2(maxPhase))
    return fail(error, "swizzled_shared: vec, perPhase and maxPhase must be "
                       "powers of two, got " +
                           std::to_string(vec) + ", " +
                           std::to_string(perPhase) + ", " +
                           std::to_string(maxPhase));
  size_t rank = shape.size();
  if (order.size() != rank || !isPermutation(order))
    return fail(error, "swizzled_shared: order must be a permutation of the " +
                           std::to_string(rank) + " dims");

  std::vector<std::string> names = standardOutDimNames(rank);
  if (rank == 1)
    return finishSharedLayout(
        LinearLayout::identity1D(static_cast<int32_t>(shape[0]), kOffset,
                                 names[0], error),
        rank, error);

  // The two fastest dims form the swizzled tile: offsets first walk one row
  // of the column dim, then step to the next row, whose start is XOR-shifted
  // by its phase (in whole vectors, wrapped to the row length).
  int64_t numCols = shape[order[0]];
  int64_t numRows = shape[order[1]];
  std::vector<LinearLayout::Basis> tile;
  for (int64_t col = 1; col < numCols; col *= 2)
    tile.push_back({0, static_cast<int32_t>(col)});
  for (int64_t row = 1; row < numRows; row *= 2) {
    int64_t shift = (int64_t{vec} * ((row / perPhase) % maxPhase)) % numCols;
    tile.push_back({static_cast<int32_t>(row), static_cast<int32_t>(shift)});
  }
  std::optional<LinearLayout> ll =
      LinearLayout::create({{kOffset, std::move(tile)}},
                           {{names[order[1]], static_cast<int32_t>(numRows)},
                            {names[order[0]], static_cast<int32_t>(numCols)}},
                           /*requireSurjective=*/false, error);
  // Slower dims follow, unswizzled, fastest first.
  for (size_t i = 2; i < rank && ll; ++i)
    ll = ll * LinearLayout::identity1D(static_cast<int32_t>(shape[order[i]]),
                                       kOffset, names[order[i]], error);
  if (!ll)
    return std::nullopt;
  return finishSharedLayout(ll, rank, error);
}

SwizzleParams getMmaOperandSwizzle(unsigned opIdx, unsigned kWidth,
                                   const std::vector<int64_t> &shape,
                                   const std::vector<unsigned> &order,
                                   unsigned elementBitWidth, bool needTrans) {
  // Degenerate input gets the unswizzled layout rather than a division by
  // zero; the verifiers reject such tensors anyway.
  if (shape.empty() || order.size() != shape.size() ||
      order[0] >= shape.size() || elementBitWidth == 0 || shape[order[0]] <= 0)
    return {};
  int64_t rowLength = shape[order[0]];
  int64_t bits = elementBitWidth;
  // One 128-byte line of banks, in bits.
  constexpr int64_t kLineBits = 1024;
  int64_t perPhase = std::max<int64_t>(kLineBits / (bits * rowLength), 1);
  int64_t stride = 8;
  int64_t vec = 4 * std::max(kWidth, 1u);
  if (needTrans)
    std::swap(vec, stride);
  size_t rank = shape.size();
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  if (rank >= 2 && order[0] != kDim)
    std::swap(vec, stride);
  int64_t maxPhase =
      std::max<int64_t>(std::min(stride, kLineBits / (vec * bits)), 1);
  maxPhase = std::max<int64_t>(maxPhase / perPhase, 1);
  return {static_cast<int32_t>(vec), static_cast<int32_t>(perPhase),
          static_cast<int32_t>(maxPhase)};
}

int32_t getNVMMAVec(int32_t swizzlingByteWidth, int32_t elementBitWidth) {
  if (swizzlingByteWidth == 0 || elementBitWidth <= 0)
    return 1;
  return std::max(1, 128 / elementBitWidth);
}

int32_t getNVMMAPerPhase(int32_t swizzlingByteWidth) {
  if (swizzlingByteWidth <= 0)
    return 1;
  return std::max(1, 128 / swizzlingByteWidth);
}

int32_t getNVMMAMaxPhase(int32_t swizzlingByteWidth) {
  if (swizzlingByteWidth <= 0)
    return 1;
  return std::max(1, swizzlingByteWidth / 16);
}

namespace {
bool checkNVMMAParams(int32_t swizzlingByteWidth, int32_t elementBitWidth,
                      std::string *error) {
  if (swizzlingByteWidth != 0 && swizzlingByteWidth != 32 &&
      swizzlingByteWidth != 64 && swizzlingByteWidth != 128) {
    fail(error, "nvmma_shared: swizzlingByteWidth must be 0, 32, 64 or 128, "
                "got " +
                    std::to_string(swizzlingByteWidth));
    return false;
  }
  // A 16-byte chunk must hold a whole number of elements.
  if (!isPowerOf2(elementBitWidth) || elementBitWidth > 128) {
    fail(error, "nvmma_shared: elementBitWidth must be a power of two up to "
                "128, got " +
                    std::to_string(elementBitWidth));
    return false;
  }
  return true;
}
} // namespace

std::optional<std::vector<int64_t>>
getNVMMABlockShape(const std::vector<int64_t> &shape,
                   int32_t swizzlingByteWidth, int32_t elementBitWidth,
                   bool transposed, std::string *error) {
  if (!checkShape(shape, "nvmma_shared", error) ||
      !checkNVMMAParams(swizzlingByteWidth, elementBitWidth, error))
    return std::nullopt;
  // TMA boxes are at most 256 elements along every dim.
  std::vector<int64_t> block = shape;
  for (int64_t &size : block)
    size = std::min<int64_t>(size, 256);
  if (swizzlingByteWidth == 0)
    return block;
  size_t contigDim = transposed ? 0 : block.size() - 1;
  int64_t rowElems = int64_t{8} * swizzlingByteWidth / elementBitWidth;
  if (block[contigDim] < rowElems)
    return fail(error, "nvmma_shared: the contiguous dim (" +
                           std::to_string(shape[contigDim]) +
                           " elements) is shorter than one " +
                           std::to_string(swizzlingByteWidth) +
                           "-byte swizzle row (" + std::to_string(rowElems) +
                           " elements)");
  block[contigDim] = rowElems;
  return block;
}

std::optional<LinearLayout> getNVMMACoreMatrixLayout(int32_t swizzlingByteWidth,
                                                     int32_t elementBitWidth,
                                                     bool disableSwizzle,
                                                     std::string *error) {
  if (!checkNVMMAParams(swizzlingByteWidth, elementBitWidth, error))
    return std::nullopt;
  int32_t vec = getNVMMAVec(swizzlingByteWidth, elementBitWidth);
  int32_t perPhase = getNVMMAPerPhase(swizzlingByteWidth);
  int32_t maxPhase = getNVMMAMaxPhase(swizzlingByteWidth);
  const int32_t tileRows = 8;
  int32_t tileCols =
      8 * std::max<int32_t>(16, swizzlingByteWidth) / elementBitWidth;
  std::vector<LinearLayout::Basis> tile;
  for (int32_t col = 1; col < tileCols; col *= 2)
    tile.push_back({0, col});
  for (int32_t row = 1; row < tileRows; row *= 2)
    tile.push_back(
        {row, disableSwizzle ? 0 : vec * ((row / perPhase) % maxPhase)});
  return LinearLayout::create(
      {{kOffset, std::move(tile)}},
      {{outDimName(0), tileRows}, {outDimName(1), tileCols}},
      /*requireSurjective=*/true, error);
}

std::optional<LinearLayout>
nvmmaSharedToLinearLayout(const std::vector<int64_t> &shape,
                          int32_t swizzlingByteWidth, bool transposed,
                          int32_t elementBitWidth, bool disableSwizzle,
                          std::string *error) {
  std::optional<std::vector<int64_t>> block = getNVMMABlockShape(
      shape, swizzlingByteWidth, elementBitWidth, transposed, error);
  if (!block)
    return std::nullopt;
  size_t rank = shape.size();
  std::vector<std::string> names = standardOutDimNames(rank);
  std::vector<NamedSize> fullShape;
  for (size_t i = 0; i < rank; ++i)
    fullShape.push_back({names[i], static_cast<int32_t>(shape[i])});

  if (swizzlingByteWidth == 0) {
    // Row-major over one box, then the box repeats to cover the buffer.
    std::optional<LinearLayout> ll = LinearLayout();
    for (size_t i = rank; i-- > 0 && ll;)
      ll = ll * LinearLayout::identity1D(static_cast<int32_t>((*block)[i]),
                                         kOffset, names[i], error);
    if (!ll)
      return std::nullopt;
    ll = ensureLayoutNotSmallerThan(*ll, fullShape, error);
    if (!ll)
      return std::nullopt;
    return finishSharedLayout(ll, rank, error);
  }
  if (rank < 2)
    return fail(error, "nvmma_shared: a swizzled layout needs rank >= 2");

  // Work on the box collapsed to 2-D, (outer dims) x (contiguous dim), with
  // the contiguous dim last even when the buffer is transposed.
  int64_t outer = 1;
  for (size_t i = 0; i + 1 < rank; ++i)
    outer *= (*block)[i];
  int64_t collapsedRows = outer, collapsedCols = block->back();
  if (transposed)
    std::swap(collapsedRows, collapsedCols);

  std::optional<LinearLayout> tile = getNVMMACoreMatrixLayout(
      swizzlingByteWidth, elementBitWidth, disableSwizzle, error);
  if (!tile)
    return std::nullopt;
  int32_t tileRows = tile->getOutDimSize(outDimName(0));
  int32_t tileCols = tile->getOutDimSize(outDimName(1));
  if (collapsedRows < tileRows || collapsedCols < tileCols)
    return fail(error, "nvmma_shared: the box must be at least [" +
                           std::to_string(tileRows) + ", " +
                           std::to_string(tileCols) +
                           "] once collapsed to 2-D");

  // Atoms stack along the rows of the box (and along columns for boxes wider
  // than one swizzle row, which getNVMMABlockShape rules out today).
  std::optional<LinearLayout> ll = ensureLayoutNotSmallerThan(
      *tile,
      {{outDimName(0), static_cast<int32_t>(collapsedRows)},
       {outDimName(1), static_cast<int32_t>(collapsedCols)}},
      error);
  if (!ll)
    return std::nullopt;

  // Unflatten the rows into the box's outer dims (row-major). A transposed
  // buffer has its contiguous dim 0 moved last first, then moved back.
  std::vector<int32_t> boxShape((*block).begin(), (*block).end());
  if (transposed)
    std::rotate(boxShape.begin(), boxShape.begin() + 1, boxShape.end());
  ll = reshapeLayoutRowMajor(*ll, boxShape, error);
  if (!ll)
    return std::nullopt;
  if (transposed) {
    std::vector<unsigned> order = {static_cast<unsigned>(rank - 1)};
    for (unsigned i = 0; i + 1 < rank; ++i)
      order.push_back(i);
    ll = permuteDims(*ll, order, error);
    if (!ll)
      return std::nullopt;
  }
  // Buffers larger than one box repeat it, dim0 first.
  ll = ensureLayoutNotSmallerThan(*ll, fullShape, error);
  if (!ll)
    return std::nullopt;
  return finishSharedLayout(ll, rank, error);
}
} // namespace mlir::tile::layout

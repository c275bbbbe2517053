//===- LinearLayout.h - F2-linear maps between named dims -------*- C++ -*-===//
//
// A linear layout is a function from named input dims ("register", "lane",
// "warp", "block" for tensors held in registers; "offset", "block" for shared
// memory) to named output dims ("dim0" .. "dimN"; DimNames.h defines all of
// these names), every dim having a power-of-two size, that is linear over
// GF(2):
//
//   L(a xor b) = L(a) xor L(b).
//
// Such a map is therefore determined by its *bases*: for every input dim and
// every bit of that dim, the output coordinates of the input that has only that
// bit set. The output for any other input is the XOR of the bases of its set
// bits. Every layout of the ttg dialect (blocked, slice, mma, dot operands,
// swizzled and NVMMA shared memory) converts to one of these; lowering and
// layout conversion are written once against this representation
// (see reference/triton.md, section 6.7).
//
// The library deliberately depends on nothing but the C++17 standard library
// so that it can be unit-tested on its own and linked into the plugin. It is
// used inside MLIR passes built without assertions, so every operation that
// can be handed bad input (non-power-of-two sizes, unknown dim names,
// non-invertible layouts) reports the problem by returning an empty
// std::optional and, when the caller passes a string, an explanation. Nothing
// here asserts or aborts on user input.
//
// Ordering conventions (the same as Triton's):
//  * Within a dim, bit i of the index selects basis i.
//  * When several dims are flattened into one (reshapeIns/reshapeOuts and the
//    F2 matrix view), the dim listed *first* is the least significant, i.e.
//    the fastest varying one. A row-major tensor shape [d0, d1] therefore
//    flattens as the list (dim1, dim0); see reshapeLayoutRowMajor.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_LINEARLAYOUT_H
#define TILE_DIALECTS_TTG_LAYOUT_LINEARLAYOUT_H

#include "dialects/ttg/layout/DimNames.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace mlir::tile::layout {
/// A named dimension with its size, e.g. {"dim0", 32}.
using NamedSize = std::pair<std::string, int32_t>;
/// A named coordinate, e.g. {"lane", 5}.
using NamedValue = std::pair<std::string, int32_t>;

class LinearLayout {
public:
  /// The image of one input bit: one value per output dim, in out-dim order.
  using Basis = std::vector<int32_t>;
  /// For each input dim (in order), its name and one basis per bit.
  using BasesT = std::vector<std::pair<std::string, std::vector<Basis>>>;

  /// The largest number of input bits and of output bits a layout may have.
  /// The matrix algorithms keep one 64-bit word per row or column.
  static constexpr int kMaxTotalBits = 64;
  /// The largest log2 size of a single dim (sizes are int32_t).
  static constexpr int kMaxDimBits = 30;

  /// Creates the empty layout: no input dims and no output dims. It is the
  /// unit of the product.
  LinearLayout() = default;

  /// Creates a layout from bases and explicit output dims (name and size, in
  /// order). Each basis must have one non-negative entry per out dim, smaller
  /// than that dim's size; sizes must be powers of two; names must be unique.
  /// With `requireSurjective`, every output coordinate must be reachable.
  /// Returns std::nullopt and sets `*error` (when non-null) on bad input.
  static std::optional<LinearLayout> create(BasesT bases,
                                            std::vector<NamedSize> outDims,
                                            bool requireSurjective,
                                            std::string *error = nullptr);

  /// Like the other `create`, but infers each output dim's size as the
  /// smallest power of two that exceeds every basis value along it (Triton's
  /// convention). Surjectivity is required unless told otherwise.
  static std::optional<LinearLayout>
  create(BasesT bases, const std::vector<std::string> &outDimNames,
         std::string *error = nullptr, bool requireSurjective = true);

  /// The identity map from [0, size) on `inDim` to [0, size) on `outDim`.
  static std::optional<LinearLayout> identity1D(int32_t size,
                                                const std::string &inDim,
                                                const std::string &outDim,
                                                std::string *error = nullptr);

  /// Maps all of [0, size) on `inDim` to 0 on `outDim` (a broadcast). The out
  /// dim has size `outDimSize` (default 1).
  static std::optional<LinearLayout>
  zeros1D(int32_t size, const std::string &inDim, const std::string &outDim,
          int32_t outDimSize = 1, std::string *error = nullptr);

  /// Maps i in [0, size) on `inDim` to i * stride on `outDim`, whose size is
  /// size * stride. `stride` must be a power of two.
  static std::optional<LinearLayout> strided1D(int32_t size, int32_t stride,
                                               const std::string &inDim,
                                               const std::string &outDim,
                                               std::string *error = nullptr);

  /// The product of two layouts: `inner` occupies the low bits and `outer`
  /// the high bits. In-dims and out-dims are the union of both (inner's first,
  /// then outer's new ones). For an in-dim present in both, inner's bases come
  /// first; for an out-dim present in both, outer's values are shifted above
  /// inner's (multiplied by inner's size along it) and the sizes multiply.
  /// Fails only when the result exceeds the size limits.
  static std::optional<LinearLayout> product(const LinearLayout &inner,
                                             const LinearLayout &outer,
                                             std::string *error = nullptr);

  //===--------------------------------------------------------------------===//
  // Queries
  //===--------------------------------------------------------------------===//

  /// The bases, in in-dim order.
  const BasesT &getBases() const { return bases; }
  /// The out dims with their sizes, in order.
  const std::vector<NamedSize> &getOutDims() const { return outDims; }
  /// The names of the in-dims, in order.
  std::vector<std::string> getInDimNames() const;
  /// The names of the out-dims, in order.
  std::vector<std::string> getOutDimNames() const;
  /// The number of in-dims.
  size_t getNumInDims() const { return bases.size(); }
  /// The number of out-dims.
  size_t getNumOutDims() const { return outDims.size(); }
  /// Whether `name` is an in-dim.
  bool hasInDim(const std::string &name) const;
  /// Whether `name` is an out-dim.
  bool hasOutDim(const std::string &name) const;
  /// The position of in-dim `name`, or -1.
  int getInDimIndex(const std::string &name) const;
  /// The position of out-dim `name`, or -1.
  int getOutDimIndex(const std::string &name) const;

  /// The size of in-dim `name`. A dim the layout does not have behaves like a
  /// size-1 dim, so this returns 1 for it (use hasInDim to tell them apart).
  int32_t getInDimSize(const std::string &name) const;
  /// log2 of getInDimSize(name).
  int32_t getInDimSizeLog2(const std::string &name) const;
  /// The size of out-dim `name`; 1 if absent, as for in-dims.
  int32_t getOutDimSize(const std::string &name) const;
  /// log2 of getOutDimSize(name).
  int32_t getOutDimSizeLog2(const std::string &name) const;
  /// The product of all in-dim sizes.
  int64_t getTotalInDimSize() const;
  /// The sum of the in-dims' log2 sizes.
  int32_t getTotalInDimSizeLog2() const;
  /// The product of all out-dim sizes.
  int64_t getTotalOutDimSize() const;
  /// The sum of the out-dims' log2 sizes.
  int32_t getTotalOutDimSizeLog2() const;
  /// The number of values each thread holds: the size of the "register"
  /// in-dim (1 if there is none).
  int32_t getNumRegisters() const { return getInDimSize(kRegister); }

  /// The value basis `bit` of `inDim` has along `outDim`; 0 if any of them is
  /// absent.
  int32_t getBasis(const std::string &inDim, int bit,
                   const std::string &outDim) const;

  /// Whether every output coordinate is the image of some input.
  bool isSurjective() const;
  /// Whether distinct inputs have distinct outputs (no broadcast).
  bool isInjective() const;
  /// Whether the layout is a bijection (square, injective and surjective).
  bool isInvertible() const;

  /// Applies the layout to the named input coordinates. In-dims not mentioned
  /// count as 0. Returns the output coordinates in out-dim order, or
  /// std::nullopt on an unknown dim name or a value outside [0, size).
  std::optional<std::vector<NamedValue>>
  apply(const std::vector<NamedValue> &ins, std::string *error = nullptr) const;

  /// For each in-dim, a mask of its *free* bits: bit i is free when its basis
  /// lies in the span of the bases of all earlier bits (earlier in-dims, then
  /// lower bits of the same dim). Zero bases, i.e. broadcast bits, are always
  /// free; so is a basis that repeats an earlier one. The non-free bits alone
  /// reach the whole image, each output exactly once.
  std::vector<NamedValue> getFreeVariableMasks() const;

  /// Triton's "consecutive elements per thread": the largest 2^k such that
  /// the first 2^k indices of the first in-dim (normally "register") map to
  /// 0, 1, ..., 2^k - 1 along the first out-dim, with the other out-dims 0,
  /// and no other basis touches those low bits of the first out-dim. Callers
  /// first transposeOuts so that the fastest-varying tensor dim comes first.
  /// Returns 1 for a layout with no in-dims or out-dims.
  int32_t getNumConsecutiveInOut() const;
  /// The same count for an explicit pair of dims, e.g. ("register", "dim1")
  /// for a row-major 2-D tensor; 1 if either dim is absent.
  int32_t getNumConsecutiveInOut(const std::string &inDim,
                                 const std::string &outDim) const;

  /// Whether the layout is the identity over `dimNames` and does not mix
  /// them with the other dims: each such dim is both an in-dim and an out-dim
  /// of the same size, maps identically onto itself, contributes nothing to
  /// the other out-dims, and no other in-dim contributes to it. This is the
  /// test that lets layout conversion drop, e.g., "block" or "warp".
  bool isTrivialOver(const std::vector<std::string> &dimNames) const;

  /// A one-line rendering in the syntax of #ttg.linear plus the out dims:
  /// `{register = [[0, 1]], lane = [...]} -> {dim0 = 32, dim1 = 32}`.
  std::string toString() const;

  //===--------------------------------------------------------------------===//
  // Transformations
  //===--------------------------------------------------------------------===//

  /// Composition: `this.compose(inner)` is x -> this(inner(x)). Note that the
  /// receiver is the *outer* function, as in f.compose(g) = f o g; Triton's
  /// `A.compose(B)` means B o A instead. `inner`'s out-dims must be exactly
  /// this layout's in-dims (in any order), each no larger than here. The
  /// result has inner's in-dims and this layout's out-dims.
  std::optional<LinearLayout> compose(const LinearLayout &inner,
                                      std::string *error = nullptr) const;

  /// The inverse of a bijective layout: in-dims become out-dims and vice
  /// versa (keeping their names and order). Fails if not invertible.
  std::optional<LinearLayout> invert(std::string *error = nullptr) const;

  /// `dst^-1 o this`: for each input x of this layout, an input y of `dst`
  /// holding the same element, dst(y) = this(x). The result maps this
  /// layout's in-dims to dst's in-dims. Every out-dim of this layout must be
  /// an out-dim of dst (missing ones count as 0) and every element this
  /// layout reaches must be reachable in dst; otherwise it fails.
  ///
  /// When dst is not injective (broadcast), y is not unique. The result is
  /// linear, so it is fixed by the choice made for each basis of this
  /// layout, and the rule is:
  ///  1. If dst has the same in-dim bit (same name, same bit) with the same
  ///     image, map the bit to itself. This makes a conversion between two
  ///     layouts that agree on, e.g., warps (including two layouts that both
  ///     broadcast over warps) the identity on warps, i.e. "no data movement
  ///     across warps"; in particular L.invertAndCompose(L) is the identity.
  ///  2. Otherwise take the canonical preimage: the unique solution whose
  ///     free variables (see getFreeVariableMasks on dst) are zero. It uses
  ///     only the earliest independent bits, so registers are preferred over
  ///     lanes, lanes over warps, warps over blocks, and a zero basis maps to
  ///     zero.
  std::optional<LinearLayout>
  invertAndCompose(const LinearLayout &dst, std::string *error = nullptr) const;

  /// The restriction to the given in-dims and out-dims (subsets, any order;
  /// the result keeps this layout's order). Fails on an unknown name.
  std::optional<LinearLayout>
  sublayout(const std::vector<std::string> &inDimNames,
            const std::vector<std::string> &outDimNames,
            std::string *error = nullptr) const;

  /// If the layout is trivial over `dimNames` (isTrivialOver), the sublayout
  /// without them; otherwise std::nullopt.
  std::optional<LinearLayout>
  quotient(const std::vector<std::string> &dimNames) const;

  /// Reorders the in-dims; `newOrder` must be a permutation of them.
  std::optional<LinearLayout>
  transposeIns(const std::vector<std::string> &newOrder,
               std::string *error = nullptr) const;
  /// Reorders the out-dims; `newOrder` must be a permutation of them.
  std::optional<LinearLayout>
  transposeOuts(const std::vector<std::string> &newOrder,
                std::string *error = nullptr) const;

  /// Flattens all in-dims into one (first listed = least significant) and
  /// splits it into `newInDims` (first = least significant). The total size
  /// must be unchanged and every size a power of two.
  std::optional<LinearLayout>
  reshapeIns(const std::vector<NamedSize> &newInDims,
             std::string *error = nullptr) const;
  /// The same for out-dims: coordinates are flattened with the first out-dim
  /// least significant and split with the first new out-dim least
  /// significant.
  std::optional<LinearLayout>
  reshapeOuts(const std::vector<NamedSize> &newOutDims,
              std::string *error = nullptr) const;
  /// Merges all in-dims into one named like the first in-dim. The empty
  /// layout is returned unchanged.
  LinearLayout flattenIns() const;
  /// Merges all out-dims into one named like the first out-dim.
  LinearLayout flattenOuts() const;

  friend bool operator==(const LinearLayout &lhs, const LinearLayout &rhs) {
    return lhs.bases == rhs.bases && lhs.outDims == rhs.outDims;
  }
  friend bool operator!=(const LinearLayout &lhs, const LinearLayout &rhs) {
    return !(lhs == rhs);
  }

private:
  LinearLayout(BasesT bases, std::vector<NamedSize> outDims)
      : bases(std::move(bases)), outDims(std::move(outDims)) {}

  /// The basis of (in-dim index, bit) flattened into one integer, the first
  /// out-dim in the low bits.
  uint64_t flatBasis(size_t inDimIdx, int bit) const;
  /// Splits a flat out value back into per-out-dim values.
  std::vector<int32_t> unflattenOut(uint64_t flat) const;
  /// The rank of the F2 matrix whose columns are all bases.
  int rank() const;

  BasesT bases;
  std::vector<NamedSize> outDims;
};

/// The product of two layouts (see LinearLayout::product); std::nullopt if it
/// would exceed the size limits. The overloads taking std::optional propagate
/// an earlier failure, so chains such as
///   identity1D(4, "register", "dim1") * identity1D(32, "lane", "dim1")
/// need a single check at the end.
std::optional<LinearLayout> operator*(const LinearLayout &inner,
                                      const LinearLayout &outer);
std::optional<LinearLayout> operator*(const std::optional<LinearLayout> &inner,
                                      const LinearLayout &outer);
std::optional<LinearLayout> operator*(const LinearLayout &inner,
                                      const std::optional<LinearLayout> &outer);
std::optional<LinearLayout> operator*(const std::optional<LinearLayout> &inner,
                                      const std::optional<LinearLayout> &outer);
/// In-place product; a failure leaves `inner` empty (std::nullopt).
std::optional<LinearLayout> &
operator*=(std::optional<LinearLayout> &inner,
           const std::optional<LinearLayout> &outer);

/// Prints layout.toString().
std::ostream &operator<<(std::ostream &os, const LinearLayout &layout);

//===----------------------------------------------------------------------===//
// Helpers shared by the encoding conversions
//===----------------------------------------------------------------------===//

/// {"dim0", ..., "dim<rank-1>"}.
std::vector<std::string> standardOutDimNames(size_t rank);

/// Triton's identityStandardND: the product of 1-D identities from `inDim`
/// onto dim order[0] (fastest) first, then order[1], .... The out-dims stay
/// in that order, fastest first (as in Triton; transposeOuts with
/// standardOutDimNames gives dim0, dim1, ...). E.g. the lane part of a
/// blocked layout is identityStandardND("lane", threadsPerWarp, order).
std::optional<LinearLayout>
identityStandardND(const std::string &inDim, const std::vector<int32_t> &shape,
                   const std::vector<unsigned> &order,
                   std::string *error = nullptr);

/// Grows the layout so that each out-dim is at least as large as `shape`
/// says, by appending bases to its first in-dim ("register" or "offset"),
/// out-dim by out-dim in the order `shape` lists them. This is how a tensor
/// larger than one CTA tile repeats the tile in every thread (Triton's
/// ensureLayoutNotSmallerThan; list the out-dims in the layout's own order,
/// fastest first, to reproduce its combineCtaCgaWithShape).
std::optional<LinearLayout>
ensureLayoutNotSmallerThan(const LinearLayout &layout,
                           const std::vector<NamedSize> &shape,
                           std::string *error = nullptr);

/// The layout of the same data seen as a tensor of `newShape`, both shapes
/// row-major (the last dim is the fastest), as tt.reshape sees it. The
/// layout's out-dims must be dim0..dim<r-1>; the result has dim0..dim<r'-1>.
std::optional<LinearLayout>
reshapeLayoutRowMajor(const LinearLayout &layout,
                      const std::vector<int32_t> &newShape,
                      std::string *error = nullptr);
} // namespace mlir::tile::layout

#endif // TILE_DIALECTS_TTG_LAYOUT_LINEARLAYOUT_H

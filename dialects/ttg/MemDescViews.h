//===- MemDescViews.h - Shared-memory views that move no data ---*- C++ -*-===//
//
// memdesc_trans and memdesc_reshape reinterpret a shared buffer without
// moving a byte: the view's encoding must describe the same element
// offsets as the source's, its dimensions permuted or regrouped. These
// checks compare the two linear layouts, so every shared encoding is
// covered by one rule; passes use them to pick view encodings and the
// lowering to refuse views it would get wrong.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_MEMDESCVIEWS_H
#define TILE_DIALECTS_TTG_MEMDESCVIEWS_H

#include "dialects/ttg/TTGDialect.h"

namespace mlir::tile::ttg {
/// Whether element `x` of `dst` is stored where element `x` permuted back
/// by `order` (dst dim i = src dim order[i]) is stored in `src`.
bool isTransposedView(MemDescType src, MemDescType dst,
                      ArrayRef<int32_t> order);

/// Whether `dst` holds `src`'s elements at the same offsets in row-major
/// order, regrouped into `dst`'s shape.
bool isReshapedView(MemDescType src, MemDescType dst);

/// The encoding of `src` seen through a memdesc_trans by `order`: a
/// swizzled layout with its order permuted, or an nvmma layout of rank 2
/// with `transposed` flipped; null when neither gives the same offsets.
Attribute getTransposedSharedEncoding(MemDescType src, ArrayRef<int32_t> order);

/// Checks a memdesc_subslice of `src` to `result` (their shapes differ):
/// Triton's rules in its words. The slice may not split the swizzle (each
/// power-of-two step it skips along a split dimension is a power-of-two
/// offset), a multi-CTA buffer cannot be sliced, nor a padded one of lower
/// rank than the view.
LogicalResult
verifySubsliceView(MemDescType src, MemDescType result,
                   function_ref<InFlightDiagnostic()> emitOpError);
} // namespace mlir::tile::ttg

#endif // TILE_DIALECTS_TTG_MEMDESCVIEWS_H

//===- TMAUtils.h - Buffers and mbarriers of TMA copies ---------*- C++ -*-===//
//
// What triton-nvidia-tma-lowering and the pipeliner's TMA rings both build:
// the shared buffer a descriptor block lands in and the mbarriers its copies
// complete on.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_TMAUTILS_H
#define TILE_PASSES_TTG_TMAUTILS_H

#include "dialects/ttg/TTGDialect.h"

namespace mlir::tile {
/// `count` mbarriers (one when `count` is 0: a 1xi64 buffer; else a ring of
/// `count` of them, count x 1 x i64), as Triton lays them out. A
/// ttg.memdesc_index of a ring has the type of one (count 0).
ttg::MemDescType getMBarrierType(MLIRContext *context, int64_t count = 0);

/// The buffer one block of `desc` lands in: its block shape, element type
/// and shared encoding, mutable; with `slots` > 0 a ring of that many, whose
/// slots (ttg.memdesc_index) have the type of one (slots 0).
ttg::MemDescType getDescriptorBufferType(tt::TensorDescType desc,
                                         int64_t slots = 0);

/// The bytes one block of `desc` holds (what its mbarrier expects).
int64_t getDescriptorBlockBytes(tt::TensorDescType desc);
} // namespace mlir::tile

#endif // TILE_PASSES_TTG_TMAUTILS_H

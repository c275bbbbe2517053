//===- TMABlock.h - How TMA moves a descriptor block ------------*- C++ -*-===//
//
// A tensor descriptor's block lives in shared memory in an #ttg.nvmma_shared
// buffer. The tensor memory accelerator copies boxes of at most 256 elements
// per dimension whose innermost extent is the swizzle width, so a block may
// take several copies. The plan below says which: the box (what the host
// encodes into the CUtensorMap), and for every copy its origin in the block
// and its byte offset in the buffer, read off the buffer's linear layout.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_TMABLOCK_H
#define TILE_DIALECTS_TTG_TMABLOCK_H

#include "dialects/tt/TTDialect.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::tile::ttg {
/// One TMA copy of a block: the box at `origin` (element coordinates in the
/// block, outermost dimension first) lands at `byteOffset` in the buffer.
struct TMACopy {
  SmallVector<int64_t> origin;
  int64_t byteOffset;
};

struct TMABlockPlan {
  /// The box, outermost dimension first.
  SmallVector<int64_t> box;
  /// The swizzle width of the buffer in bytes: 0, 32, 64 or 128.
  unsigned swizzleBytes;
  int64_t elementBytes;
  SmallVector<TMACopy> copies;
  /// The bytes one block delivers (what its mbarrier expects).
  int64_t blockBytes;
};

/// The copies that move a block of `shape` and `elementType` into a buffer
/// with shared encoding `encoding`; failure with `why` set when TMA cannot
/// (not an #ttg.nvmma_shared encoding, a transposed one, more than 5
/// dimensions, a box row under 16 bytes, an element type TMA lacks...).
FailureOr<TMABlockPlan> planTMABlock(ArrayRef<int64_t> shape, Type elementType,
                                     Attribute encoding, std::string &why);

/// Checks that TMA's reducing store (cp.reduce.async.bulk.tensor) combines
/// elements of `elementType` (a descriptor block's: its sign picks the
/// tensor map's element type) with `kind`; failure with `why` naming the
/// kind, the type and the types the kind takes.
LogicalResult checkTMAReduce(tt::DescriptorReduceKind kind, Type elementType,
                             std::string &why);

/// The CUtensorMapDataType value of `elementType` as Triton's launcher
/// numbers it in `tensordesc_meta` (it maps 8, 9, 10 to the driver's 10, 8,
/// 9); -1 when TMA has none.
int getTMAElementTypeCode(Type elementType);
} // namespace mlir::tile::ttg

#endif // TILE_DIALECTS_TTG_TMABLOCK_H

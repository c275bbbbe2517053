//===- TTNGTmaOps.cpp - Row-gather, scatter and tensormap ops -------------===//
//
// Verifiers of ttng's TMA loads, row gathers and scatters and of
// device-side descriptor creation, with Triton 3.6's diagnostics.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttng;
using ttg::MemDescType;

#define GET_OP_CLASSES
#include "dialects/ttg/TTNGTmaOps.cpp.inc"

/// An mbarrier is one 64-bit word.
static LogicalResult verifyBarrier(Operation *op, MemDescType barrier) {
  if (!barrier.getElementType().isInteger(64) ||
      barrier.getShape() != ArrayRef<int64_t>{1})
    return op->emitOpError(
        "barrier allocation must be a descriptor of 1xi64 type");
  return success();
}

/// The rows a TMA gather or scatter moves: one per x offset, each at least
/// one 32-byte swizzle atom wide (8 rows of 32 bytes is TMA's smallest
/// swizzled box).
static LogicalResult verifyGatherRows(Operation *op, ShapedType rows,
                                      RankedTensorType xOffsets) {
  if (xOffsets.getRank() != 1)
    return op->emitOpError("x offsets must be a 1D tensor, but got ")
           << xOffsets;
  if (rows.getRank() != 2)
    return op->emitOpError("result must be a 2D tensor, but got ") << rows;
  if (int64_t numRows = rows.getDimSize(0); numRows < 8)
    return op->emitOpError("gather must have at least 8 rows, but got ")
           << numRows;
  Type elementType = rows.getElementType();
  unsigned bitWidth = elementType.getIntOrFloatBitWidth();
  if (bitWidth > 32)
    return op->emitOpError("TMA dtype cannot be greater than 32 bits");
  int64_t minColumns = 32 / bitWidth * 8;
  if (int64_t columns = rows.getDimSize(1); columns < minColumns)
    return op->emitOpError("gather of ")
           << elementType << " must have at least " << minColumns
           << " columns, but got " << columns;
  if (rows.getDimSize(0) != xOffsets.getDimSize(0))
    return op->emitOpError("result tensor must have as many rows as indices (")
           << xOffsets.getDimSize(0) << "), but got " << rows;
  return success();
}

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  // cp.async.bulk.tensor addresses 1-D to 5-D boxes.
  if (getCoord().empty() || getCoord().size() > 5)
    return emitOpError("TMA copies must have between 1 and 5 coordinates");
  MemDescType result = getResult().getType();
  if (!result.getMutableMemory())
    return emitOpError("Cannot store into immutable memory");
  // TMA writes shared memory in the nvmma_shared swizzle only.
  if (!isa<ttg::NVMMASharedEncodingAttr>(result.getEncoding()))
    return emitOpError("TMA result must have NVMMA shared layout");
  return success();
}

LogicalResult AsyncTMAGatherOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  MemDescType result = getResult().getType();
  if (!result.getMutableMemory())
    return emitOpError("cannot store into immutable memory");
  return verifyGatherRows(*this, result, getXOffsets().getType());
}

LogicalResult AsyncTMAScatterOp::verify() {
  return verifyGatherRows(*this, getSrc().getType(), getXOffsets().getType());
}

LogicalResult TensormapCreateOp::verify() {
  size_t rank = getBoxDim().size();
  if (getGlobalDim().size() != rank)
    return emitError("Rank mismatch for global dim. Got ")
           << getGlobalDim().size() << " but expected " << rank;
  // The innermost dimension's stride is the element size, implied.
  if (getGlobalStride().size() + 1 != rank)
    return emitError("Rank mismatch for global stride. Got ")
           << getGlobalStride().size() << " but expected " << rank - 1;
  if (getElementStride().size() != rank)
    return emitError("Rank mismatch for element stride. Got ")
           << getElementStride().size() << " but expected " << rank;
  return success();
}

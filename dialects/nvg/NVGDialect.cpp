//===- NVGDialect.cpp - The nvg dialect -----------------------------------===//

#include "dialects/nvg/NVGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::tile::nvg;

#include "dialects/nvg/NVGDialect.cpp.inc"
#include "dialects/nvg/NVGEnums.cpp.inc"

void NVGDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/nvg/NVGOps.cpp.inc"
      >();
}

LogicalResult WGMMAWaitGroupOp::verify() {
  if (getPendingsAttr().getInt() < 0)
    return emitOpError("pendings must not be negative, got ")
           << getPendingsAttr().getInt();
  return success();
}

LogicalResult WGMMAOp::verify() {
  if (getM() != 64)
    return emitOpError("m must be 64 (one warpgroup's rows), got ") << getM();
  if (getN() < 8 || getN() > 256 || getN() % 8 != 0)
    return emitOpError("n must be a multiple of 8 in [8, 256], got ") << getN();
  if (!isa<IntegerType>(getOpB().getType()))
    return emitOpError("B must be a matrix descriptor (i64)");
  if (getOpC() && getOpC().getType() != getRes().getType())
    return emitOpError("the accumulator and the result must have one type");
  return success();
}

#define GET_OP_CLASSES
#include "dialects/nvg/NVGOps.cpp.inc"

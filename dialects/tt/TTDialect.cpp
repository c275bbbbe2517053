//===- TTDialect.cpp - The tt dialect -------------------------------------===//
//
// Registers tt's types and operations and materializes folded constants.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"
#include "dialects/tt/TTInliner.h"
#include "dialects/tt/TTLayoutInterface.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

using namespace mlir;
using namespace mlir::tile::tt;

#include "dialects/tt/TTOpsDialect.cpp.inc"
#include "dialects/tt/TTOpsEnums.cpp.inc"

void TTDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "dialects/tt/TTOps.cpp.inc"
      >();
  addInterfaces<TTInlinerInterface>();
}

Operation *TTDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

const LayoutInferenceInterface *
mlir::tile::tt::getLayoutInterface(Attribute encoding) {
  if (!encoding)
    return nullptr;
  return dyn_cast<LayoutInferenceInterface>(&encoding.getDialect());
}

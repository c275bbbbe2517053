//===- NVWSDialect.cpp - The nvws dialect, attributes and types -----------===//

#include "dialects/nvws/NVWSDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::nvws;

#include "dialects/nvws/NVWSDialect.cpp.inc"
#include "dialects/nvws/NVWSEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "dialects/nvws/NVWSAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "dialects/nvws/NVWSTypes.cpp.inc"

void NVWSDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/nvws/NVWSAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/nvws/NVWSTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/nvws/NVWSOps.cpp.inc"
      >();
}

#include "dialects/nvws/NVWSOpInterfaces.cpp.inc"
#define GET_OP_CLASSES
#include "dialects/nvws/NVWSOps.cpp.inc"

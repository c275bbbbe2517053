//===- NVWSDialect.h - The nvws dialect -------------------------*- C++ -*-===//
//
// Declares the nvws dialect (Triton's warp-specialization dialect): aref and
// token types, the async-op and token-load enums, and the ops.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_NVWS_NVWSDIALECT_H
#define TILE_DIALECTS_NVWS_NVWSDIALECT_H

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/nvws/NVWSDialect.h.inc"
#include "dialects/nvws/NVWSEnums.h.inc"
#define GET_ATTRDEF_CLASSES
#include "dialects/nvws/NVWSAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "dialects/nvws/NVWSOpInterfaces.h.inc"
#include "dialects/nvws/NVWSTypes.h.inc"
#define GET_OP_CLASSES
#include "dialects/nvws/NVWSOps.h.inc"

namespace mlir::tile::nvws {
/// The number of stages of an aref whose buffer has type `bufferType`: its
/// leading dimension, except for TMEM scales, which are not multi-buffered
/// (a stage is the whole buffer).
int64_t getArefDepth(ttg::MemDescType bufferType);
} // namespace mlir::tile::nvws

#endif // TILE_DIALECTS_NVWS_NVWSDIALECT_H

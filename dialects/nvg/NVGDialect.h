//===- NVGDialect.h - The nvg dialect ---------------------------*- C++ -*-===//
//
// Declares the nvg dialect (Triton's NVGPU): NVIDIA instructions on LLVM
// values, lowered by convert-nv-gpu-to-llvm.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_NVG_NVGDIALECT_H
#define TILE_DIALECTS_NVG_NVGDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/nvg/NVGDialect.h.inc"
#include "dialects/nvg/NVGEnums.h.inc"

#define GET_OP_CLASSES
#include "dialects/nvg/NVGOps.h.inc"

#endif // TILE_DIALECTS_NVG_NVGDIALECT_H

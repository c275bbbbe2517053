//===- InlinePTX.h - Inline PTX for the NVIDIA seam -------------*- C++ -*-===//
//
// Private to nvidia/: the one way the seam writes an instruction that has no
// NVVM op (or whose NVVM op lacks a form Triton uses) as inline asm.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_INLINEPTX_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_INLINEPTX_H

#include "mlir/IR/Builders.h"

#include <string>

namespace mlir::tile::nvidia {
/// Inline PTX `asmString` with LLVM `constraints`; returns its result, or
/// null when `resultType` is empty. Memory accesses have side effects; pure
/// arithmetic does not, so LLVM may remove or merge it.
Value emitInlinePTX(OpBuilder &builder, Location loc, Type resultType,
                    ValueRange operands, StringRef asmString,
                    StringRef constraints, bool hasSideEffects = true);

/// Operands `$first`..`$(first + count - 1)` as one PTX operand: the
/// operand itself when `count` is 1, else a vector `{ $a, $b, ... }`.
std::string operandList(unsigned first, unsigned count);
} // namespace mlir::tile::nvidia

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_INLINEPTX_H

//===- InlineAsmStrings.h - PTX that TTGIR rewrites embed -------*- C++ -*-===//
//
// Some of Triton's TTGIR passes express a target instruction as a
// tt.elementwise_inline_asm, which the lowering passes through unchanged.
// Their PTX text lives here, in the NVIDIA seam, as header-only constants so
// that those passes need not link the LLVM lowering.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_INLINEASMSTRINGS_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_INLINEASMSTRINGS_H

#include "llvm/ADT/StringRef.h"

namespace mlir::tile::nvidia {
/// An f32 rounded to tf32 (to nearest, ties away from zero), kept in an f32
/// register: tritongpu-F32DotTC's split of tf32x3 operands.
inline constexpr llvm::StringLiteral kRoundToTF32Asm =
    "cvt.rna.tf32.f32 $0, $1;";
inline constexpr llvm::StringLiteral kRoundToTF32Constraints = "=r,r";
} // namespace mlir::tile::nvidia

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_NVIDIA_INLINEASMSTRINGS_H

//===- DecomposeScaledDot.h - tt.dot_scaled as upcasts ----------*- C++ -*-===//
//
// Below sm_100 no tensor-core instruction takes microscaled operands, so
// tritongpu-accelerate-matmul rewrites each tt.dot_scaled, as Triton 3.6's
// DecomposeScaledBlocked does, into upcasts of both operands to bf16 (f16
// when either operand is fp16), a multiply by their e8m0 scales, and an
// ordinary tt.dot that the pass then accelerates like any other.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_TTG_DECOMPOSESCALEDDOT_H
#define TILE_PASSES_TTG_DECOMPOSESCALEDDOT_H

#include "dialects/tt/TTDialect.h"

namespace mlir::tile {
/// Replaces `op` (whose result has a register layout) by the upcasts, scale
/// multiplies and tt.dot; failure, after a diagnostic naming the op and the
/// reason, when an operand format cannot be upcast on cuda:`capability`.
LogicalResult decomposeScaledDot(tt::DotScaledOp op, int capability);
} // namespace mlir::tile

#endif // TILE_PASSES_TTG_DECOMPOSESCALEDDOT_H

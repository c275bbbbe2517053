//===- DotPlan.h - What a tt.dot on registers lowers to ---------*- C++ -*-===//
//
// A tt.dot is planned from its layouts before any IR is emitted: which
// instruction family computes it and, per instruction, which registers of
// the thread go in and come out. The lowering pattern and the pre-check
// diagnostic of convert-triton-gpu-to-llvm read the same plan; one file per
// instruction family emits it (FMA.cpp, MmaV2.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_DOT_DOTPLAN_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_DOT_DOTPLAN_H

#include "dialects/tt/TTDialect.h"

#include "mlir/IR/Builders.h"

#include <string>
#include <variant>

namespace mlir::tile {
/// FMA: for each result register, the (A, B) register pairs of its chain of
/// multiply-adds over K.
struct FmaDotPlan {
  SmallVector<SmallVector<std::pair<int, int>>> terms;
};

/// One mma.sync: the registers of its four A and two B 32-bit operands
/// (`elementsPerRegister` elements each) and of its four accumulator
/// elements.
struct MmaV2Step {
  SmallVector<SmallVector<int>> a, b;
  SmallVector<int> c;
};

/// mma.sync mMn8kK: the instructions in the order they run. M is 16 (8 for
/// f64's m8n8k4); the operands of f64 instructions are single elements and
/// their counts follow the shape.
struct MmaV2DotPlan {
  int elementsPerRegister;
  SmallVector<MmaV2Step> steps;
  int64_t instrM = 16, instrK = 0;
};

using DotPlan = std::variant<FmaDotPlan, MmaV2DotPlan>;

/// Plans `op` for cuda:`capability`; on failure `why` says what rules the
/// lowering out.
FailureOr<DotPlan> planDot(tt::DotOp op, int capability, std::string &why);

/// Emits the multiply-add chains of `plan`. `acc` holds the accumulator
/// registers and receives the results.
void emitFmaDot(OpBuilder &builder, Location loc, const FmaDotPlan &plan,
                ArrayRef<Value> a, ArrayRef<Value> b,
                MutableArrayRef<Value> acc);

/// Emits the mma.sync instructions of `plan` on operands of `aElement`
/// accumulating into `dElement`; `acc` as for emitFmaDot.
void emitMmaV2Dot(OpBuilder &builder, Location loc, const MmaV2DotPlan &plan,
                  Type aElement, Type dElement, ArrayRef<Value> a,
                  ArrayRef<Value> b, MutableArrayRef<Value> acc);
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_DOT_DOTPLAN_H

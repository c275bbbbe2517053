//===- MmaV2.cpp - tt.dot as mma.sync -------------------------------------===//
//
// The plan already names the registers of every fragment; this emits one
// mma.sync per step through the NVIDIA seam and scatters its four results
// back into the accumulator registers.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Dot/DotPlan.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

using namespace mlir;
using namespace mlir::tile;

/// The values at `indices` of `registers`.
static SmallVector<Value> gather(ArrayRef<Value> registers,
                                 ArrayRef<int> indices) {
  return llvm::map_to_vector(indices, [&](int i) { return registers[i]; });
}

void mlir::tile::emitMmaV2Dot(OpBuilder &builder, Location loc,
                              const MmaV2DotPlan &plan, Type aElement,
                              Type dElement, ArrayRef<Value> a,
                              ArrayRef<Value> b, MutableArrayRef<Value> acc) {
  // The operand words of a step: packed registers, or single f64 elements.
  auto operands = [&](ArrayRef<Value> registers,
                      ArrayRef<SmallVector<int>> words) {
    return llvm::map_to_vector(words, [&](const SmallVector<int> &word) {
      return gather(registers, word);
    });
  };
  auto elements = [&](ArrayRef<Value> registers,
                      ArrayRef<SmallVector<int>> words) {
    return llvm::map_to_vector(words, [&](const SmallVector<int> &word) {
      return registers[word.front()];
    });
  };
  for (const MmaV2Step &step : plan.steps) {
    SmallVector<Value> results =
        aElement.isF64()
            ? nvidia::emitMmaSyncF64(builder, loc, plan.instrM, plan.instrK,
                                     elements(a, step.a), elements(b, step.b),
                                     gather(acc, step.c))
            : nvidia::emitMmaSync(builder, loc, aElement, dElement,
                                  operands(a, step.a), operands(b, step.b),
                                  gather(acc, step.c));
    for (auto [i, value] : llvm::zip(step.c, results))
      acc[i] = value;
  }
}

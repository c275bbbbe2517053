//===- FMA.cpp - tt.dot as chains of multiply-adds ------------------------===//
//
// Every thread holds, for each of its result elements (m, n), the whole row
// m of A and column n of B, of the same batch in a batched dot (DotPlan.cpp
// checks this), and chains one multiply-add per k: fma for floats, mul +
// add for integers.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Dot/DotPlan.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

void mlir::tile::emitFmaDot(OpBuilder &builder, Location loc,
                            const FmaDotPlan &plan, ArrayRef<Value> a,
                            ArrayRef<Value> b, MutableArrayRef<Value> acc) {
  for (auto [r, terms] : llvm::enumerate(plan.terms)) {
    bool isFloat = isa<FloatType>(acc[r].getType());
    for (auto [ai, bi] : terms) {
      Value x = a[ai], y = b[bi];
      acc[r] = isFloat ? Value(LLVM::FMAOp::create(builder, loc, x, y, acc[r]))
                       : Value(LLVM::AddOp::create(
                             builder, loc, acc[r],
                             LLVM::MulOp::create(builder, loc, x, y)));
    }
  }
}

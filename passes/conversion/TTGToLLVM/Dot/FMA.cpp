//===- FMA.cpp - tt.dot as chains of multiply-adds ------------------------===//
//
// Every thread holds, for each of its result elements (m, n), the whole row
// m of A and column n of B, of the same batch in a batched dot (DotPlan.cpp
// checks this), and chains one multiply-add per k: fma for floats, mul +
// add for integers. The chains advance together, k by k, as Triton's do:
// each element still adds its terms in k order, and only one k of each
// operand needs to be live at a time (emitted chain after chain, every row
// of A and column of B stayed live and ptxas spilled them).
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Dot/DotPlan.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

void mlir::tile::emitFmaDot(OpBuilder &builder, Location loc,
                            const FmaDotPlan &plan, ArrayRef<Value> a,
                            ArrayRef<Value> b, MutableArrayRef<Value> acc) {
  size_t steps = 0;
  for (const SmallVector<std::pair<int, int>> &terms : plan.terms)
    steps = std::max(steps, terms.size());
  for (size_t k = 0; k < steps; ++k) {
    for (auto [r, terms] : llvm::enumerate(plan.terms)) {
      if (k >= terms.size())
        continue;
      Value x = a[terms[k].first], y = b[terms[k].second];
      acc[r] = isa<FloatType>(acc[r].getType())
                   ? Value(LLVM::FMAOp::create(builder, loc, x, y, acc[r]))
                   : Value(LLVM::AddOp::create(
                         builder, loc, acc[r],
                         LLVM::MulOp::create(builder, loc, x, y)));
    }
  }
}

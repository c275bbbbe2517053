//===- AccessWidth.h - Access widths and constancy ------------*- C++ -*-===//
//
// For every tt.load, tt.store and tt.atomic_rmw on a tensor of pointers:
// the number of contiguous elements one thread may move with one access
// (an atomic then clamps it to what one atomic instruction updates). It is
// bounded by what the layout keeps contiguous in each thread's registers, by
// what axis analysis proves about the pointers' contiguity and alignment and
// the mask's constancy, and by 128 bits.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PASSES_CONVERSION_TTGTOLLVM_ACCESSWIDTH_H
#define TILE_PASSES_CONVERSION_TTGTOLLVM_ACCESSWIDTH_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tile {
class ModuleAxisInfoAnalysis;

/// Access widths (in elements, 1 when nothing is proven) of the module's
/// loads, stores and atomic read-modify-writes.
llvm::DenseMap<Operation *, unsigned>
computeAccessWidths(ModuleOp module, const ModuleAxisInfoAnalysis &analysis);

/// For every elementwise op with a tensor result that axis analysis proves
/// constant over blocks of more than one element: the constancy of its
/// result per dimension. The lowering computes one value per block.
llvm::DenseMap<Operation *, SmallVector<int64_t>>
computeElementwiseConstancy(ModuleOp module,
                            const ModuleAxisInfoAnalysis &analysis);
} // namespace mlir::tile

#endif // TILE_PASSES_CONVERSION_TTGTOLLVM_ACCESSWIDTH_H

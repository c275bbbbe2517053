//===- Allocation.cpp - Byte offsets of shared buffers and scratch --------===//

#include "passes/analysis/Allocation.h"
#include "passes/analysis/Scratch.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

SharedMemoryAllocation
mlir::tile::computeSharedMemoryAllocation(ModuleOp module) {
  SharedMemoryAllocation allocation;
  // Explicit buffers one after another; scratch is live only while its op
  // runs and two ops never run at once, so all scratch starts where the
  // explicit buffers end.
  int64_t explicitEnd = 0;
  module.walk([&](Operation *op) {
    int64_t bytes = getExplicitAllocationSizeInBytes(op);
    if (bytes == 0)
      return;
    allocation.offsets[op] = explicitEnd;
    explicitEnd = llvm::alignTo(explicitEnd + bytes, kScratchAlignment);
  });
  int64_t scratchBytes = 0;
  module.walk([&](Operation *op) {
    int64_t bytes = getScratchSizeInBytes(op);
    if (bytes == 0)
      return;
    allocation.offsets[op] = explicitEnd;
    scratchBytes = std::max(scratchBytes, bytes);
  });
  allocation.totalBytes = explicitEnd + scratchBytes;
  return allocation;
}

void mlir::tile::annotateSharedMemoryAllocation(ModuleOp module) {
  SharedMemoryAllocation allocation = computeSharedMemoryAllocation(module);
  Builder builder(module.getContext());
  for (auto [op, offset] : allocation.offsets)
    op->setAttr(kAllocationOffsetAttrName, builder.getI32IntegerAttr(offset));
  module->setAttr(kSharedMemorySizeAttrName,
                  builder.getI32IntegerAttr(allocation.totalBytes));
}

bool mlir::tile::hasSharedMemoryAllocation(ModuleOp module) {
  return module->hasAttr(kSharedMemorySizeAttrName);
}

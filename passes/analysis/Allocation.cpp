//===- Allocation.cpp - Byte offsets of shared buffers and scratch --------===//

#include "passes/analysis/Allocation.h"
#include "passes/analysis/Scratch.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSwitch.h"
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

std::optional<int64_t> mlir::tile::getMaxSharedMemoryPerBlock(ModuleOp module) {
  auto target = module->getAttrOfType<StringAttr>("ttg.target");
  if (!target)
    return std::nullopt;
  // Opt-in maximum of dynamic shared memory per block (CUDA's
  // sharedMemPerBlockOptin) for each compute capability.
  return llvm::StringSwitch<std::optional<int64_t>>(target.getValue())
      .Case("cuda:80", 166912)
      .Cases({"cuda:86", "cuda:89"}, 101376)
      .Case("cuda:90", 232448)
      .Default(std::nullopt);
}

LogicalResult mlir::tile::annotateSharedMemoryAllocation(ModuleOp module) {
  SharedMemoryAllocation allocation = computeSharedMemoryAllocation(module);
  std::optional<int64_t> limit = getMaxSharedMemoryPerBlock(module);
  if (limit && allocation.totalBytes > *limit) {
    // Name the op whose buffer reaches furthest past the limit.
    Operation *worst = nullptr;
    int64_t worstEnd = 0;
    for (auto [op, offset] : allocation.offsets) {
      int64_t end = offset + std::max(getScratchSizeInBytes(op),
                                      getExplicitAllocationSizeInBytes(op));
      if (end > worstEnd ||
          (end == worstEnd && worst && op->isBeforeInBlock(worst)))
        worst = op, worstEnd = end;
    }
    InFlightDiagnostic diag =
        worst ? worst->emitOpError("needs shared memory up to byte ")
                    << worstEnd << ": "
              : module.emitError();
    diag << "the module needs " << allocation.totalBytes
         << " bytes of shared memory, more than the " << *limit
         << " bytes a block may use on "
         << module->getAttrOfType<StringAttr>("ttg.target").getValue();
    return failure();
  }
  Builder builder(module.getContext());
  for (auto [op, offset] : allocation.offsets)
    op->setAttr(kAllocationOffsetAttrName, builder.getI32IntegerAttr(offset));
  module->setAttr(kSharedMemorySizeAttrName,
                  builder.getI32IntegerAttr(allocation.totalBytes));
  return success();
}

bool mlir::tile::hasSharedMemoryAllocation(ModuleOp module) {
  return module->hasAttr(kSharedMemorySizeAttrName);
}

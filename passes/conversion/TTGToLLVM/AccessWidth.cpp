//===- AccessWidth.cpp - How many elements one global access moves --------===//
//
// Triton's rule: the run of elements one thread accesses at once is as long
// as the pointers are proven contiguous and aligned along the layout's
// fastest dimension and the thread holds them in consecutive registers
// (ModuleAxisInfoAnalysis::getPtrContiguity), no longer than the mask is
// proven constant, and at most 128 bits.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/AccessWidth.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"
#include "passes/analysis/AxisInfo.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

/// Bits one element occupies in memory (pointers are 64-bit, i1 a byte).
static unsigned getMemoryBits(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<tt::PointerType>(element))
    return 64;
  return std::max(8u, element.getIntOrFloatBitWidth());
}

llvm::DenseMap<Operation *, unsigned>
mlir::tile::computeAccessWidths(ModuleOp module,
                                const ModuleAxisInfoAnalysis &analysis) {
  llvm::DenseMap<Operation *, unsigned> widths;
  module.walk([&](Operation *op) {
    Value ptr, mask;
    Type valueType;
    if (auto load = dyn_cast<tt::LoadOp>(op)) {
      ptr = load.getPtr();
      mask = load.getMask();
      valueType = load.getType();
    } else if (auto store = dyn_cast<tt::StoreOp>(op)) {
      ptr = store.getPtr();
      mask = store.getMask();
      valueType = store.getValue().getType();
    } else if (auto rmw = dyn_cast<tt::AtomicRMWOp>(op)) {
      ptr = rmw.getPtr();
      mask = rmw.getMask();
      valueType = rmw.getVal().getType();
    } else if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op)) {
      ptr = copy.getSrc();
      mask = copy.getMask();
      valueType = copy.getResult().getType().getElementType();
    } else {
      return;
    }
    unsigned width = 1;
    if (isa<RankedTensorType>(ptr.getType()) && !analysis.failed()) {
      width = analysis.getPtrContiguity(ptr);
      if (mask)
        width = std::min(width, analysis.getMaskAlignment(mask));
      width =
          std::min(width, nvidia::kMaxAccessBits / getMemoryBits(valueType));
      width = llvm::bit_floor(std::max(width, 1u));
    }
    widths[op] = width;
  });
  return widths;
}

llvm::DenseMap<Operation *, SmallVector<int64_t>>
mlir::tile::computeElementwiseConstancy(
    ModuleOp module, const ModuleAxisInfoAnalysis &analysis) {
  llvm::DenseMap<Operation *, SmallVector<int64_t>> constancy;
  if (analysis.failed())
    return constancy;
  module.walk([&](Operation *op) {
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        !isa<RankedTensorType>(op->getResult(0).getType()))
      return;
    AxisInfo info = analysis.getAxisInfo(op->getResult(0));
    if (!info.isInitialized() ||
        llvm::all_of(info.getConstancy(), [](int64_t c) { return c == 1; }))
      return;
    constancy[op] = SmallVector<int64_t>(info.getConstancy());
  });
  return constancy;
}

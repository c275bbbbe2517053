//===- Scratch.cpp - Shared memory an op needs while it runs --------------===//

#include "passes/analysis/Scratch.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

int64_t mlir::tile::getSharedElementBytes(Type type) {
  if (isa<tt::PointerType>(type))
    return 8;
  unsigned bits = type.getIntOrFloatBitWidth();
  return std::max<int64_t>(1, llvm::divideCeil(bits, 8));
}

namespace {
/// The tensor coordinates basis `bit` of `inDim` maps to.
SmallVector<int32_t> basisCoords(const LinearLayout &layout,
                                 const std::string &inDim, int bit) {
  SmallVector<int32_t> coords;
  if (auto applied = layout.apply({{inDim, int32_t(1) << bit}}))
    for (const auto &[name, value] : *applied)
      coords.push_back(value);
  return coords;
}

/// `coords` without dimension `axis`.
SmallVector<int32_t> dropAxis(ArrayRef<int32_t> coords, int axis) {
  SmallVector<int32_t> rest(coords);
  rest.erase(rest.begin() + axis);
  return rest;
}

bool isZero(ArrayRef<int32_t> coords) {
  return llvm::all_of(coords, [](int32_t c) { return c == 0; });
}

/// Whether every thread can take its result registers straight from its own
/// partials: each lane and warp holds, with the axis dropped, what it holds
/// in the result, and every result register has a partial.
bool resultFollowsOperand(const ReducePlan &plan) {
  const LinearLayout &src = plan.operandLayout;
  const LinearLayout &dst = *plan.resultLayout;
  for (const char *inDim : {"lane", "warp", "block"}) {
    int32_t bits =
        std::max(src.hasInDim(inDim) ? src.getInDimSizeLog2(inDim) : 0,
                 dst.hasInDim(inDim) ? dst.getInDimSizeLog2(inDim) : 0);
    for (int bit = 0; bit < bits; ++bit) {
      SmallVector<int32_t> srcCoords = basisCoords(src, inDim, bit);
      SmallVector<int32_t> dstCoords = basisCoords(dst, inDim, bit);
      if (srcCoords.empty())
        srcCoords.assign(src.getNumOutDims(), 0);
      if (dstCoords.empty())
        dstCoords.assign(dst.getNumOutDims(), 0);
      if (dropAxis(srcCoords, plan.axis) != dstCoords)
        return false;
    }
  }
  std::set<SmallVector<int32_t>> partials;
  for (int32_t r = 0; r < src.getNumRegisters(); ++r) {
    SmallVector<int32_t> coords;
    for (const auto &[name, value] : *src.apply({{"register", r}}))
      coords.push_back(value);
    partials.insert(dropAxis(coords, plan.axis));
  }
  for (int32_t r = 0; r < dst.getNumRegisters(); ++r) {
    SmallVector<int32_t> coords;
    for (const auto &[name, value] : *dst.apply({{"register", r}}))
      coords.push_back(value);
    if (!partials.count(coords))
      return false;
  }
  return true;
}
} // namespace

std::optional<ReducePlan> mlir::tile::getReducePlan(tt::ReduceOp op,
                                                    std::string &error) {
  auto operandType = cast<RankedTensorType>(op.getSrcs().front().getType());
  std::optional<LinearLayout> operandLayout =
      ttg::toLinearLayout(operandType, &error);
  if (!operandLayout)
    return std::nullopt;
  ReducePlan plan;
  plan.operandLayout = *operandLayout;
  plan.axis = op.getAxis();

  auto resultType =
      dyn_cast<RankedTensorType>(op.getResult().front().getType());
  if (resultType) {
    plan.resultLayout = ttg::toLinearLayout(resultType, &error);
    if (!plan.resultLayout)
      return std::nullopt;
    plan.outputElements = resultType.getNumElements();
  }

  // Lanes and warps either move along the axis only or not along it at all;
  // a basis mixing both would make threads that reduce together disagree
  // on which output element they reduce into.
  for (const char *inDim : {"lane", "warp", "block"}) {
    if (!operandLayout->hasInDim(inDim))
      continue;
    for (int bit = 0; bit < operandLayout->getInDimSizeLog2(inDim); ++bit) {
      SmallVector<int32_t> coords = basisCoords(*operandLayout, inDim, bit);
      if (coords.empty() || coords[plan.axis] == 0)
        continue;
      if (!isZero(dropAxis(coords, plan.axis))) {
        error = std::string("the ") + inDim + " basis " + std::to_string(bit) +
                " of the operand layout moves along the reduction axis and "
                "another dimension at once";
        return std::nullopt;
      }
      if (StringRef(inDim) == "lane")
        plan.laneMasks.push_back(int32_t(1) << bit);
      else if (StringRef(inDim) == "warp")
        plan.warpBits.push_back(bit);
      else {
        error = "reductions across CTAs are not supported";
        return std::nullopt;
      }
    }
  }

  plan.usesScratch = plan.warpBits.size() > 0 ||
                     (plan.resultLayout && !resultFollowsOperand(plan));
  if (plan.usesScratch) {
    int64_t offset = 0;
    for (Value operand : op.getSrcs()) {
      plan.operandOffsets.push_back(offset);
      Type element = cast<RankedTensorType>(operand.getType()).getElementType();
      offset += llvm::alignTo(plan.warpsAlongAxis() * plan.outputElements *
                                  getSharedElementBytes(element),
                              kScratchAlignment);
    }
    plan.scratchBytes = offset;
  }
  return plan;
}

bool mlir::tile::isRegisterPermutation(const LinearLayout &src,
                                       const LinearLayout &dst) {
  for (const char *inDim : {"lane", "warp", "block"}) {
    int32_t bits =
        std::max(src.hasInDim(inDim) ? src.getInDimSizeLog2(inDim) : 0,
                 dst.hasInDim(inDim) ? dst.getInDimSizeLog2(inDim) : 0);
    for (int bit = 0; bit < bits; ++bit) {
      SmallVector<int32_t> srcCoords = basisCoords(src, inDim, bit);
      SmallVector<int32_t> dstCoords = basisCoords(dst, inDim, bit);
      if (srcCoords.empty())
        srcCoords.assign(src.getNumOutDims(), 0);
      if (dstCoords.empty())
        dstCoords.assign(dst.getNumOutDims(), 0);
      if (srcCoords != dstCoords)
        return false;
    }
  }
  return true;
}

int64_t mlir::tile::getScratchSizeInBytes(Operation *op) {
  if (auto reduce = dyn_cast<tt::ReduceOp>(op)) {
    std::string error;
    std::optional<ReducePlan> plan = getReducePlan(reduce, error);
    return plan ? plan->scratchBytes : 0;
  }
  if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(op)) {
    auto srcType = convert.getSrc().getType();
    auto dstType = convert.getType();
    std::optional<LinearLayout> src = ttg::toLinearLayout(srcType);
    std::optional<LinearLayout> dst = ttg::toLinearLayout(dstType);
    if (!src || !dst || isRegisterPermutation(*src, *dst))
      return 0;
    // The whole tensor is staged through shared memory.
    return llvm::alignTo(srcType.getNumElements() *
                             getSharedElementBytes(srcType.getElementType()),
                         kScratchAlignment);
  }
  return 0;
}

int64_t mlir::tile::getExplicitAllocationSizeInBytes(Operation *op) {
  auto alloc = dyn_cast<ttg::LocalAllocOp>(op);
  if (!alloc)
    return 0;
  ttg::MemDescType type = alloc.getType();
  int64_t elements = 1;
  for (int64_t size : type.getAllocShape())
    elements *= size;
  return elements * getSharedElementBytes(type.getElementType());
}

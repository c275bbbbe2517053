//===- MemDescViews.cpp - Shared-memory views that move no data -----------===//

#include "dialects/ttg/MemDescViews.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttg;
using layout::LinearLayout;

namespace {
std::optional<LinearLayout> layoutOf(MemDescType type) {
  return toLinearLayout(type.getEncoding(), type.getShape());
}

/// The out-dims of `layout` (standard order) reversed, so that
/// reshapeOuts, which flattens with the first out-dim least significant,
/// sees row-major coordinates.
std::optional<LinearLayout> rowMajor(const LinearLayout &layout,
                                     ArrayRef<int64_t> shape) {
  std::vector<std::string> names = layout::standardOutDimNames(shape.size());
  std::reverse(names.begin(), names.end());
  return layout.transposeOuts(names);
}
} // namespace

bool mlir::tile::ttg::isTransposedView(MemDescType src, MemDescType dst,
                                       ArrayRef<int32_t> order) {
  if (static_cast<int64_t>(order.size()) != src.getRank() ||
      dst.getRank() != src.getRank())
    return false;
  std::optional<LinearLayout> srcLayout = layoutOf(src);
  std::optional<LinearLayout> dstLayout = layoutOf(dst);
  if (!srcLayout || !dstLayout ||
      srcLayout->getInDimNames() != dstLayout->getInDimNames())
    return false;
  for (auto [srcDim, dstDim] :
       llvm::zip(srcLayout->getBases(), dstLayout->getBases())) {
    const auto &srcBases = srcDim.second;
    const auto &dstBases = dstDim.second;
    if (srcBases.size() != dstBases.size())
      return false;
    for (auto [srcBasis, dstBasis] : llvm::zip(srcBases, dstBases))
      for (auto [i, d] : llvm::enumerate(order))
        if (dstBasis[i] != srcBasis[d])
          return false;
  }
  return true;
}

bool mlir::tile::ttg::isReshapedView(MemDescType src, MemDescType dst) {
  std::optional<LinearLayout> srcLayout = layoutOf(src);
  std::optional<LinearLayout> dstLayout = layoutOf(dst);
  if (!srcLayout || !dstLayout || src.getNumElements() != dst.getNumElements())
    return false;
  std::optional<LinearLayout> srcRows = rowMajor(*srcLayout, src.getShape());
  std::optional<LinearLayout> dstRows = rowMajor(*dstLayout, dst.getShape());
  if (!srcRows || !dstRows)
    return false;
  std::vector<layout::NamedSize> dstDims;
  for (const std::string &name : dstRows->getOutDimNames())
    dstDims.emplace_back(name, dstRows->getOutDimSize(name));
  std::optional<LinearLayout> regrouped = srcRows->reshapeOuts(dstDims);
  return regrouped && *regrouped == *dstRows;
}

Attribute
mlir::tile::ttg::getTransposedSharedEncoding(MemDescType src,
                                             ArrayRef<int32_t> order) {
  MLIRContext *context = src.getContext();
  SmallVector<int64_t> shape =
      llvm::map_to_vector(order, [&](int32_t d) { return src.getDimSize(d); });
  SmallVector<unsigned> inverse(order.size());
  for (auto [i, d] : llvm::enumerate(order))
    inverse[d] = i;
  Attribute candidate;
  if (auto swizzled = dyn_cast<SwizzledSharedEncodingAttr>(src.getEncoding())) {
    if (!swizzled.getCgaLayout().empty())
      return {};
    SmallVector<unsigned> newOrder = llvm::map_to_vector(
        swizzled.getOrder(), [&](unsigned d) { return inverse[d]; });
    candidate = SwizzledSharedEncodingAttr::get(
        context, swizzled.getVec(), swizzled.getPerPhase(),
        swizzled.getMaxPhase(), newOrder, /*cgaLayout=*/{});
  } else if (auto nvmma = dyn_cast<NVMMASharedEncodingAttr>(src.getEncoding());
             nvmma && src.getRank() == 2 && order == ArrayRef<int32_t>{1, 0} &&
             nvmma.getCgaLayout().empty()) {
    candidate = NVMMASharedEncodingAttr::get(
        context, nvmma.getSwizzlingByteWidth(), !nvmma.getTransposed(),
        nvmma.getElementBitWidth(), nvmma.getFp4Padded(), nvmma.getTensorRank(),
        /*cgaLayout=*/{});
  }
  if (!candidate)
    return {};
  auto view =
      MemDescType::get(context, shape, src.getElementType(), candidate,
                       src.getMemorySpace(), src.getMutableMemory(), shape);
  return isTransposedView(src, view, order) ? candidate : Attribute();
}

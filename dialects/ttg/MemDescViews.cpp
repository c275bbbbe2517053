//===- MemDescViews.cpp - Shared-memory views that move no data -----------===//

#include "dialects/ttg/MemDescViews.h"
#include "dialects/ttg/layout/DimNames.h"

#include "llvm/ADT/TypeSwitch.h"

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

/// A subslice must be a contiguous piece of its buffer: a split dimension
/// may not cut through the swizzle, i.e. each power-of-two step along it
/// that the slice skips must land on a power-of-two offset (Triton's rule,
/// in its words).
LogicalResult mlir::tile::ttg::verifySubsliceView(
    MemDescType src, MemDescType result,
    function_ref<InFlightDiagnostic()> emitOpError) {
  Attribute encoding = src.getEncoding();
  if (auto padded = dyn_cast<PaddedSharedEncodingAttr>(encoding)) {
    if (padded.getRank() < src.getRank())
      return emitOpError() << "SubSlice of low rank PaddedSharedEncoding from "
                              "higher rank tensors is not supported yet";
    // Padding is not linear: tile has no layout to check the swizzle on.
    return success();
  }
  // Each CGALayout basis doubles the CTAs the buffer is spread over.
  ArrayRef<unsigned> cga =
      TypeSwitch<Attribute, ArrayRef<unsigned>>(encoding)
          .Case<SwizzledSharedEncodingAttr, NVMMASharedEncodingAttr>(
              [](auto shared) { return shared.getCgaLayout(); })
          .Default([](Attribute) { return ArrayRef<unsigned>(); });
  if (!cga.empty())
    return emitOpError() << "non-trivial block dimension not supported";
  std::optional<LinearLayout> layout =
      toLinearLayout(encoding, src.getAllocShape().take_back(src.getRank()));
  std::optional<LinearLayout> inverse =
      layout ? layout->invert() : std::nullopt;
  if (!inverse)
    return success();
  for (int64_t dim = 0; dim < src.getRank(); ++dim) {
    for (int64_t step = result.getDimSize(dim); step < src.getDimSize(dim);
         step *= 2) {
      std::optional<std::vector<layout::NamedValue>> offset = inverse->apply(
          {{layout::outDimName(dim), static_cast<int32_t>(step)}});
      if (offset && !offset->empty() &&
          !llvm::isPowerOf2_32(offset->front().second))
        return emitOpError()
               << "We don't support splitting along the swizzling "
                  "pattern: a step of "
               << step << " along dimension " << dim << " is offset "
               << offset->front().second;
    }
  }
  return success();
}

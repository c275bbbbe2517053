//===- EncodingBuilders.cpp - Choosing ttg encodings for a tensor ---------===//
//
// The encodings the passes build rather than read: a #ttg.blocked layout
// for a shape (or the one that matches a linear layout), the memory order
// of a tensor, and the shared encodings a dot operand or a wgmma operand
// is stored with. Kept apart from TTGAttrs.cpp, which reads, prints and
// verifies the encodings.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/LayoutOrder.h"
#include "dialects/ttg/layout/Permutation.h"
#include "dialects/ttg/layout/Swizzle.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tile::ttg;
using mlir::tile::layout::isPermutation;

BlockedEncodingAttr mlir::tile::ttg::buildBlockedEncoding(
    MLIRContext *context, ArrayRef<int64_t> shape,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> order,
    unsigned numWarps, unsigned threadsPerWarp) {
  size_t rank = shape.size();
  if (rank == 0 || sizePerThread.size() != rank || order.size() != rank ||
      !isPermutation(order) || !llvm::isPowerOf2_32(numWarps) ||
      !llvm::isPowerOf2_32(threadsPerWarp) ||
      llvm::any_of(sizePerThread, [](unsigned s) { return s == 0; }))
    return {};
  SmallVector<unsigned> lanes(rank, 1), warps(rank, 1);
  unsigned remainingLanes = threadsPerWarp;
  unsigned remainingWarps = numWarps;
  unsigned remainingThreads = numWarps * threadsPerWarp;
  unsigned usedLanes = 1, usedWarps = 1;
  for (size_t i = 0; i + 1 < rank; ++i) {
    unsigned d = order[i];
    int64_t elements = std::max<int64_t>(shape[d] / sizePerThread[d], 1);
    unsigned threads = static_cast<unsigned>(
        std::clamp<int64_t>(remainingThreads, 1, elements));
    lanes[d] = std::clamp(threads, 1u, remainingLanes);
    warps[d] = std::clamp(threads / lanes[d], 1u, remainingWarps);
    remainingLanes /= lanes[d];
    remainingWarps /= warps[d];
    remainingThreads /= threads;
    usedLanes *= lanes[d];
    usedWarps *= warps[d];
  }
  // The slowest dim takes the lanes and warps that are left, even if that
  // broadcasts (a tensor smaller than the CTA).
  lanes[order[rank - 1]] = threadsPerWarp / usedLanes;
  warps[order[rank - 1]] = numWarps / usedWarps;
  return BlockedEncodingAttr::get(context, sizePerThread, lanes, warps, order,
                                  /*cgaLayout=*/{});
}

BlockedEncodingAttr
mlir::tile::ttg::findBlockedEncoding(MLIRContext *context,
                                     const layout::LinearLayout &layout,
                                     ArrayRef<int64_t> shape) {
  using layout::kLane;
  using layout::kRegister;
  using layout::kWarp;
  size_t rank = shape.size();
  if (rank == 0 || layout.getNumOutDims() != rank ||
      layout.getInDimSize(layout::kBlock) != 1)
    return {};
  // The dim a basis moves along by a power of two; -1 for a zero basis
  // (broadcast), -2 for a basis no blocked layout has.
  auto dimOf = [](const layout::LinearLayout::Basis &basis) {
    int dim = -1;
    for (auto [d, value] : llvm::enumerate(basis)) {
      if (value == 0)
        continue;
      if (dim != -1 || !llvm::isPowerOf2_32(value))
        return -2;
      dim = static_cast<int>(d);
    }
    return dim;
  };
  auto basesOf = [&](const char *inDim) {
    for (const auto &[name, bases] : layout.getBases())
      if (name == inDim)
        return bases;
    return std::vector<layout::LinearLayout::Basis>();
  };
  // The order: dims as register, lane, then warp bases first move along
  // them; dims none moves along come last, slowest (dim 0) last of all.
  SmallVector<unsigned> order;
  for (const char *inDim : {kRegister, kLane, kWarp})
    for (const auto &basis : basesOf(inDim)) {
      int d = dimOf(basis);
      if (d == -2)
        return {};
      if (d >= 0 && !llvm::is_contained(order, unsigned(d)))
        order.push_back(d);
    }
  for (size_t d = rank; d > 0; --d)
    if (!llvm::is_contained(order, unsigned(d - 1)))
      order.push_back(d - 1);
  // sizePerThread: the run of register bases 1, 2, 4, ... along each dim.
  SmallVector<unsigned> sizePerThread(rank, 1);
  for (const auto &basis : basesOf(kRegister)) {
    int d = dimOf(basis);
    if (d >= 0 && unsigned(basis[d]) == sizePerThread[d])
      sizePerThread[d] *= 2;
  }
  // Lanes and warps per dim. A zero basis is a lane (warp) of a dim whose
  // extent the tensor does not fill: the dim of the basis before it, as
  // blocked layouts give each dim its lanes in one run; before any, the
  // next one's; with none at all, the slowest dim's.
  auto countPerDim = [&](const char *inDim) {
    SmallVector<unsigned> count(rank, 1);
    std::vector<layout::LinearLayout::Basis> bases = basesOf(inDim);
    SmallVector<int> dims = llvm::map_to_vector(bases, dimOf);
    int owner = order.back();
    for (int d : dims)
      if (d >= 0) {
        owner = d;
        break;
      }
    for (int d : dims) {
      if (d >= 0)
        owner = d;
      count[owner] *= 2;
    }
    return count;
  };
  auto candidate = BlockedEncodingAttr::get(
      context, sizePerThread, countPerDim(kLane), countPerDim(kWarp), order,
      /*cgaLayout=*/{});
  std::optional<layout::LinearLayout> candidateLayout =
      toLinearLayout(candidate, shape);
  if (!candidateLayout || *candidateLayout != layout)
    return {};
  return candidate;
}

BlockedEncodingAttr mlir::tile::ttg::getDefaultBlockedEncoding(
    MLIRContext *context, ArrayRef<int64_t> shape, unsigned numWarps,
    unsigned threadsPerWarp) {
  SmallVector<unsigned> sizePerThread(shape.size(), 1);
  SmallVector<unsigned> order;
  for (size_t d = shape.size(); d > 0; --d)
    order.push_back(d - 1);
  return buildBlockedEncoding(context, shape, sizePerThread, order, numWarps,
                              threadsPerWarp);
}

SmallVector<unsigned>
mlir::tile::ttg::getOrderForMemory(RankedTensorType type) {
  std::optional<layout::LinearLayout> ll = toLinearLayout(type);
  if (!ll)
    return {};
  std::vector<unsigned> order = layout::getOrderForMemory(*ll);
  return SmallVector<unsigned>(order.begin(), order.end());
}

SwizzledSharedEncodingAttr mlir::tile::ttg::getDotOperandSharedEncoding(
    DotOperandEncodingAttr dotOperand, ArrayRef<int64_t> shape,
    ArrayRef<unsigned> order, Type elementType) {
  MLIRContext *context = dotOperand.getContext();
  if (!elementType.isIntOrFloat() || order.size() != shape.size())
    return {};
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dotOperand.getParent());
  // An FMA operand is read element by element; any order serves.
  if (!mma)
    return SwizzledSharedEncodingAttr::get(context, 1, 1, 1, order,
                                           /*cgaLayout=*/{});
  layout::SwizzleParams swizzle = layout::getMmaOperandSwizzle(
      dotOperand.getOpIdx(), dotOperand.getKWidth(),
      std::vector<int64_t>(shape.begin(), shape.end()),
      std::vector<unsigned>(order.begin(), order.end()),
      elementType.getIntOrFloatBitWidth());
  return SwizzledSharedEncodingAttr::get(context, swizzle.vec, swizzle.perPhase,
                                         swizzle.maxPhase, order,
                                         /*cgaLayout=*/{});
}

NVMMASharedEncodingAttr mlir::tile::ttg::getNVMMASharedEncoding(
    MLIRContext *context, ArrayRef<int64_t> shape, ArrayRef<unsigned> order,
    Type elementType) {
  if (!elementType.isIntOrFloat() || order.size() != shape.size() ||
      shape.empty())
    return {};
  unsigned bits = elementType.getIntOrFloatBitWidth();
  // The widest swizzle whose row the contiguous dim fills exactly: a row of
  // the swizzle pattern must not straddle two rows of the tensor.
  int64_t rowBytes = shape[order[0]] * bits / 8;
  unsigned swizzle = 0;
  for (unsigned width : {128u, 64u, 32u})
    if (rowBytes >= width && rowBytes % width == 0) {
      swizzle = width;
      break;
    }
  // Swizzling needs the 8 rows of one phase; fewer rows stay unswizzled.
  int64_t rows = 1;
  for (unsigned dim : llvm::drop_begin(order))
    rows *= shape[dim];
  if (shape.size() < 2 || rows < 8)
    swizzle = 0;
  return NVMMASharedEncodingAttr::get(context, swizzle,
                                      /*transposed=*/order[0] == 0, bits,
                                      /*fp4Padded=*/false, shape.size(),
                                      /*cgaLayout=*/{});
}

Attribute mlir::tile::ttg::getRankReducedSharedEncoding(Attribute encoding,
                                                        unsigned rank) {
  auto nvmma = dyn_cast<NVMMASharedEncodingAttr>(encoding);
  if (!nvmma || !nvmma.getCgaLayout().empty() || rank < 2 ||
      rank > nvmma.getTensorRank())
    return {};
  return NVMMASharedEncodingAttr::get(
      encoding.getContext(), nvmma.getSwizzlingByteWidth(),
      nvmma.getTransposed(), nvmma.getElementBitWidth(), nvmma.getFp4Padded(),
      rank, /*cgaLayout=*/{});
}

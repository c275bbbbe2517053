//===- TMAUtils.cpp - Buffers and mbarriers of TMA copies -----------------===//

#include "passes/ttg/TMAUtils.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// mbarriers are 8-byte words, one per row of the buffer, unswizzled.
Attribute getMBarrierEncoding(MLIRContext *context) {
  return ttg::SwizzledSharedEncodingAttr::get(context, 1, 1, 1, {0}, {});
}
} // namespace

ttg::MemDescType mlir::tile::getMBarrierType(MLIRContext *context,
                                             int64_t count) {
  auto smem = ttg::SharedMemorySpaceAttr::get(context);
  auto i64 = IntegerType::get(context, 64);
  if (count == 0)
    return ttg::MemDescType::get({1}, i64, getMBarrierEncoding(context), smem,
                                 /*mutableMemory=*/true);
  return ttg::MemDescType::get({count, 1}, i64, getMBarrierEncoding(context),
                               smem, /*mutableMemory=*/true);
}

ttg::MemDescType mlir::tile::getDescriptorBufferType(tt::TensorDescType desc,
                                                     int64_t slots) {
  RankedTensorType block = desc.getSignlessBlockType();
  SmallVector<int64_t> shape;
  if (slots > 0)
    shape.push_back(slots);
  llvm::append_range(shape, block.getShape());
  return ttg::MemDescType::get(
      shape, block.getElementType(), block.getEncoding(),
      ttg::SharedMemorySpaceAttr::get(desc.getContext()),
      /*mutableMemory=*/true);
}

int64_t mlir::tile::getDescriptorBlockBytes(tt::TensorDescType desc) {
  RankedTensorType block = desc.getSignlessBlockType();
  return block.getNumElements() *
         block.getElementType().getIntOrFloatBitWidth() / 8;
}

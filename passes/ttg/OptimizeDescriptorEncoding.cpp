//===- OptimizeDescriptorEncoding.cpp - Shared layouts of descriptors -----===//
//
// triton-nvidia-optimize-descriptor-encoding: a descriptor's blocks land in
// shared memory as its type's encoding says, and the host encodes the box
// and swizzle of its CUtensorMap from the same encoding, so every descriptor
// kernel argument needs one. Where a loaded block goes straight into a
// shared buffer (the operand of a dot), that buffer's #ttg.nvmma_shared is
// the one to take: the TMA copy then fills the buffer the dot reads. Any
// other descriptor gets Triton's default #ttg.nvmma_shared for its block.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "dialects/ttg/TMABlock.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTNGOPTIMIZEDESCRIPTORENCODINGPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The shared encoding a block of `block` takes in a buffer that a
/// local_alloc fills directly with a loaded block, if TMA can fill it.
Attribute getEncodingFromUsers(Value descriptor, RankedTensorType block) {
  for (Operation *user : descriptor.getUsers()) {
    auto load = dyn_cast<tt::DescriptorLoadOp>(user);
    if (!load)
      continue;
    for (Operation *loadUser : load->getUsers()) {
      auto alloc = dyn_cast<ttg::LocalAllocOp>(loadUser);
      if (!alloc)
        continue;
      ttg::MemDescType buffer = alloc.getType();
      std::string why;
      if (buffer.getShape() == block.getShape() &&
          succeeded(ttg::planTMABlock(block.getShape(), block.getElementType(),
                                      buffer.getEncoding(), why)))
        return buffer.getEncoding();
    }
  }
  return {};
}

/// Triton's default for a descriptor block: row-major #ttg.nvmma_shared.
Attribute getDefaultEncoding(RankedTensorType block) {
  SmallVector<unsigned> order;
  for (int64_t d = block.getRank() - 1; d >= 0; --d)
    order.push_back(unsigned(d));
  return ttg::getNVMMASharedEncoding(block.getContext(), block.getShape(),
                                     order, block.getElementType());
}

struct TTNGOptimizeDescriptorEncodingPass
    : public tile::impl::TTNGOptimizeDescriptorEncodingPassBase<
          TTNGOptimizeDescriptorEncodingPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([&](tt::FuncOp func) {
      if (func.isExternal())
        return;
      Block &entry = func.getBody().front();
      SmallVector<Type> inputs(func.getArgumentTypes());
      bool changed = false;
      for (BlockArgument arg : entry.getArguments()) {
        auto desc = dyn_cast<tt::TensorDescType>(arg.getType());
        if (!desc || desc.getBlockType().getEncoding())
          continue;
        RankedTensorType block = desc.getBlockType();
        Attribute encoding = getEncodingFromUsers(arg, block);
        if (!encoding)
          encoding = getDefaultEncoding(block);
        if (!encoding)
          continue;
        auto typed = tt::TensorDescType::get(
            &getContext(),
            RankedTensorType::get(block.getShape(), block.getElementType(),
                                  encoding));
        arg.setType(typed);
        inputs[arg.getArgNumber()] = typed;
        changed = true;
      }
      if (changed)
        func.setFunctionTypeAttr(TypeAttr::get(FunctionType::get(
            &getContext(), inputs, func.getFunctionType().getResults())));
    });
  }
};
} // namespace

//===- AsyncCopy.cpp - cp.async from global to shared memory --------------===//

#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

void nvidia::emitAsyncCopy(OpBuilder &builder, Location loc, Value destination,
                           Value source, int32_t bytes, Value sourceBytes,
                           Value pred) {
  // 16-byte copies may bypass L1 (.cg); smaller ones must go through it.
  bool bypassL1 = bytes == 16;
  if (!pred) {
    auto modifier = NVVM::LoadCacheModifierKindAttr::get(
        builder.getContext(), bypassL1 ? NVVM::LoadCacheModifierKind::CG
                                       : NVVM::LoadCacheModifierKind::CA);
    NVVM::CpAsyncOp::create(builder, loc, destination, source,
                            builder.getI32IntegerAttr(bytes), modifier,
                            sourceBytes);
    return;
  }
  // nvvm.cp.async has no predicate: a guarded copy is written as PTX.
  if (!sourceBytes)
    sourceBytes = LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                           builder.getI32IntegerAttr(bytes));
  std::string text =
      (llvm::Twine("@$0 cp.async.") + (bypassL1 ? "cg" : "ca") +
       ".shared.global [ $1 + 0 ], [ $2 + 0 ], " + llvm::Twine(bytes) + ", $3;")
          .str();
  emitInlinePTX(builder, loc, Type(), {pred, destination, source, sourceBytes},
                text, "b,r,l,r");
}

void nvidia::emitAsyncCommitGroup(OpBuilder &builder, Location loc) {
  NVVM::CpAsyncCommitGroupOp::create(builder, loc);
}

void nvidia::emitAsyncWaitGroup(OpBuilder &builder, Location loc,
                                int32_t pending) {
  NVVM::CpAsyncWaitGroupOp::create(builder, loc, pending);
}

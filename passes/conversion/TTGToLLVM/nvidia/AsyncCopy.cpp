//===- AsyncCopy.cpp - cp.async from global to shared memory --------------===//

#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

void nvidia::emitAsyncCopy(OpBuilder &builder, Location loc, Value destination,
                           Value source, int32_t bytes, Value sourceBytes) {
  // 16-byte copies may bypass L1 (.cg); smaller ones must go through it.
  auto modifier = NVVM::LoadCacheModifierKindAttr::get(
      builder.getContext(), bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                        : NVVM::LoadCacheModifierKind::CA);
  NVVM::CpAsyncOp::create(builder, loc, destination, source,
                          builder.getI32IntegerAttr(bytes), modifier,
                          sourceBytes);
}

void nvidia::emitAsyncCommitGroup(OpBuilder &builder, Location loc) {
  NVVM::CpAsyncCommitGroupOp::create(builder, loc);
}

void nvidia::emitAsyncWaitGroup(OpBuilder &builder, Location loc,
                                int32_t pending) {
  NVVM::CpAsyncWaitGroupOp::create(builder, loc, pending);
}

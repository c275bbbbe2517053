//===- Kernel.cpp - Kernel attributes and special registers ---------------===//

#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tile;

void nvidia::addLegalTargetDialect(ConversionTarget &target) {
  target.addLegalDialect<NVVM::NVVMDialect>();
}

void nvidia::markAsKernel(LLVM::LLVMFuncOp func, int numThreads) {
  Builder builder(func.getContext());
  func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                builder.getUnitAttr());
  func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                builder.getDenseI32ArrayAttr({numThreads}));
}

Value nvidia::getThreadId(OpBuilder &builder, Location loc) {
  return NVVM::ThreadIdXOp::create(builder, loc, builder.getI32Type());
}

namespace {
/// The special register of grid axis `axis` (0, 1, 2): XOp, YOp or ZOp.
template <typename XOp, typename YOp, typename ZOp>
Value readAxisRegister(OpBuilder &builder, Location loc, int axis) {
  Type i32 = builder.getI32Type();
  if (axis == 0)
    return XOp::create(builder, loc, i32);
  if (axis == 1)
    return YOp::create(builder, loc, i32);
  return ZOp::create(builder, loc, i32);
}
} // namespace

Value nvidia::getBlockId(OpBuilder &builder, Location loc, int axis) {
  return readAxisRegister<NVVM::BlockIdXOp, NVVM::BlockIdYOp, NVVM::BlockIdZOp>(
      builder, loc, axis);
}

Value nvidia::getGridDim(OpBuilder &builder, Location loc, int axis) {
  return readAxisRegister<NVVM::GridDimXOp, NVVM::GridDimYOp, NVVM::GridDimZOp>(
      builder, loc, axis);
}

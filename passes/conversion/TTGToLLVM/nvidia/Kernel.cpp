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

Value nvidia::getBlockId(OpBuilder &builder, Location loc, int axis) {
  Type i32 = builder.getI32Type();
  switch (axis) {
  case 0:
    return NVVM::BlockIdXOp::create(builder, loc, i32);
  case 1:
    return NVVM::BlockIdYOp::create(builder, loc, i32);
  default:
    return NVVM::BlockIdZOp::create(builder, loc, i32);
  }
}

Value nvidia::getGridDim(OpBuilder &builder, Location loc, int axis) {
  Type i32 = builder.getI32Type();
  switch (axis) {
  case 0:
    return NVVM::GridDimXOp::create(builder, loc, i32);
  case 1:
    return NVVM::GridDimYOp::create(builder, loc, i32);
  default:
    return NVVM::GridDimZOp::create(builder, loc, i32);
  }
}

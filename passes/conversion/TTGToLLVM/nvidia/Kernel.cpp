//===- Kernel.cpp - Kernel attributes and special registers ---------------===//

#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/nvg/NVGDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tile;

void nvidia::addLegalTargetDialect(ConversionTarget &target) {
  // nvg ops (Triton's NVGPU) stay for convert-nv-gpu-to-llvm.
  target.addLegalDialect<NVVM::NVVMDialect, nvg::NVGDialect>();
}

void nvidia::markAsKernel(LLVM::LLVMFuncOp func, int numThreads) {
  Builder builder(func.getContext());
  func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                builder.getUnitAttr());
  func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                builder.getDenseI32ArrayAttr({numThreads}));
}

bool nvidia::isKernel(LLVM::LLVMFuncOp func) {
  return func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName());
}

void nvidia::limitRegisters(LLVM::LLVMFuncOp func, int registers) {
  Builder builder(func.getContext());
  func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                builder.getI32IntegerAttr(registers));
}

void nvidia::passTensorMapByValue(LLVM::LLVMFuncOp func, unsigned index) {
  Builder builder(func.getContext());
  // A CUtensorMap is 128 bytes, 64-byte aligned; as a __grid_constant__
  // parameter TMA reads it where the driver put it, without a local copy.
  func.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                  TypeAttr::get(LLVM::LLVMArrayType::get(builder.getI8Type(),
                                                         kTensorMapBytes)));
  func.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                  builder.getI64IntegerAttr(kTensorMapAlignment));
  func.setArgAttr(index, NVVM::NVVMDialect::getGridConstantAttrName(),
                  builder.getUnitAttr());
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

void nvidia::setClusterSize(LLVM::LLVMFuncOp func, int ctas) {
  Builder builder(func.getContext());
  // .reqnctapercluster: the launch must use exactly this cluster.
  func->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                builder.getDenseI32ArrayAttr({ctas, 1, 1}));
}

Value nvidia::getClusterId(OpBuilder &builder, Location loc, int axis) {
  return readAxisRegister<NVVM::ClusterIdXOp, NVVM::ClusterIdYOp,
                          NVVM::ClusterIdZOp>(builder, loc, axis);
}

Value nvidia::getClusterCount(OpBuilder &builder, Location loc, int axis) {
  return readAxisRegister<NVVM::ClusterDimXOp, NVVM::ClusterDimYOp,
                          NVVM::ClusterDimZOp>(builder, loc, axis);
}

Value nvidia::getRankInCluster(OpBuilder &builder, Location loc) {
  return NVVM::ClusterId::create(builder, loc, builder.getI32Type());
}

//===- Tensormap.cpp - Tensor maps written on the device ------------------===//
//
// A program builds a tensor map (CUtensorMap) as Triton 3.6 does: in shared
// memory with tensormap.replace, one field at a time, then copies it to
// global memory and releases it to the tensor-map proxy in one instruction
// (tensormap.cp_fenceproxy), and acquires it before the first TMA copy
// uses it. NVVM 22 has no ops for these: inline PTX (PTX ISA 8.3, sm_90a).
// Global strides are written in bytes, which ptxas reads right from PTX
// ISA 8.6 on (Triton shifts them right by 4 for older PTX).
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
constexpr int kTensorMapCopyBytes = 128;

StringRef getFieldName(nvidia::TensorMapField field) {
  switch (field) {
  case nvidia::TensorMapField::GlobalAddress:
    return "global_address";
  case nvidia::TensorMapField::Rank:
    return "rank";
  case nvidia::TensorMapField::BoxDim:
    return "box_dim";
  case nvidia::TensorMapField::GlobalDim:
    return "global_dim";
  case nvidia::TensorMapField::GlobalStride:
    return "global_stride";
  case nvidia::TensorMapField::ElementStride:
    return "element_stride";
  case nvidia::TensorMapField::ElemType:
    return "elemtype";
  case nvidia::TensorMapField::InterleaveLayout:
    return "interleave_layout";
  case nvidia::TensorMapField::SwizzleMode:
    return "swizzle_mode";
  case nvidia::TensorMapField::FillMode:
    return "fill_mode";
  }
  llvm_unreachable("unknown tensor map field");
}

/// `tensormap.replace.tile.FIELD.shared::cta.b1024.bBITS [map], [ordinal,]
/// value;` under `@pred`. `value` is `$2` (an operand) or an immediate.
void emitReplace(OpBuilder &builder, Location loc, Value map,
                 nvidia::TensorMapField field, int ordinal, int bits,
                 StringRef value, ArrayRef<Value> valueOperands,
                 StringRef valueConstraint, Value pred) {
  std::string text = "@$0 tensormap.replace.tile." + getFieldName(field).str() +
                     ".shared::cta.b1024.b" + std::to_string(bits) +
                     " [ $1 + 0 ], ";
  if (ordinal >= 0)
    text += std::to_string(ordinal) + ", ";
  text += value.str() + ";";
  SmallVector<Value> operands{pred, map};
  llvm::append_range(operands, valueOperands);
  std::string constraints = "b,r";
  if (!valueConstraint.empty())
    constraints += "," + valueConstraint.str();
  nvidia::emitInlinePTX(builder, loc, Type(), operands, text, constraints);
}
} // namespace

void nvidia::emitTensorMapReplace(OpBuilder &builder, Location loc, Value map,
                                  TensorMapField field, int ordinal,
                                  Value value, Value pred) {
  // The global address and strides are 64-bit fields; the rest 32-bit.
  bool wide = isa<LLVM::LLVMPointerType>(value.getType()) ||
              value.getType().isInteger(64);
  emitReplace(builder, loc, map, field, ordinal, wide ? 64 : 32, "$2", value,
              wide ? "l" : "r", pred);
}

void nvidia::emitTensorMapReplace(OpBuilder &builder, Location loc, Value map,
                                  TensorMapField field, int32_t value,
                                  Value pred) {
  emitReplace(builder, loc, map, field, /*ordinal=*/-1, 32,
              std::to_string(value), {}, "", pred);
}

void nvidia::emitTensorMapCopyToGlobal(OpBuilder &builder, Location loc,
                                       Value destination, Value source,
                                       Value pred) {
  std::string text = "@$0 tensormap.cp_fenceproxy.global.shared::cta."
                     "tensormap::generic.release.gpu.sync.aligned "
                     "[ $1 + 0 ], [ $2 + 0 ], " +
                     std::to_string(kTensorMapCopyBytes) + ";";
  emitInlinePTX(builder, loc, Type(), {pred, destination, source}, text,
                "b,l,r");
}

void nvidia::emitTensorMapAcquire(OpBuilder &builder, Location loc, Value map,
                                  Value pred) {
  // As Triton: ptxas misses a fence after the acquire; an empty bulk group
  // committed and waited for stands in for it.
  std::string text = "@$0 fence.proxy.tensormap::generic.acquire.gpu "
                     "[ $1 + 0 ], " +
                     std::to_string(kTensorMapCopyBytes) +
                     ";\n"
                     "@$0 cp.async.bulk.commit_group;\n"
                     "@$0 cp.async.bulk.wait_group.read 0;";
  emitInlinePTX(builder, loc, Type(), {pred, map}, text, "b,l");
}

void nvidia::emitWarpSync(OpBuilder &builder, Location loc) {
  NVVM::SyncWarpOp::create(
      builder, loc,
      LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                               builder.getI32IntegerAttr(-1)));
}

//===- WGMMA.cpp - Warpgroup MMAs, their waits and the async proxy fence --===//
//
// NVVM 22's nvvm.wgmma.mma_async has no runtime scale-d flag and its
// nvvm.wgmma.wait.group carries no values, so nothing would stop LLVM from
// reading an accumulator before the wait. The MMA and the wait are inline
// PTX therefore; the wait names every value it orders as a tied operand.
// Fence and commit have NVVM ops.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/MmaShapes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// PTX's name of an operand element type of wgmma (f32 operands are tf32).
StringRef getOperandTypeName(Type type) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "tf32";
  if (isa<Float8E4M3FNType>(type))
    return "e4m3";
  if (isa<Float8E5M2Type>(type))
    return "e5m2";
  return "s8";
}

/// The LLVM inline-asm constraint of a register holding `type`.
StringRef getConstraint(Type type) {
  if (type.isF32())
    return "f";
  if (type.isF64())
    return "d";
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits == 64 ? "l" : bits == 16 ? "h" : "r";
}

/// `elements` packed into 32-bit registers, in order.
SmallVector<Value> packRegisters(OpBuilder &builder, Location loc,
                                 ArrayRef<Value> elements) {
  Type element = elements.front().getType();
  int64_t perRegister = 32 / element.getIntOrFloatBitWidth();
  Type i32 = builder.getI32Type();
  SmallVector<Value> words;
  for (size_t i = 0; i < elements.size(); i += perRegister) {
    if (perRegister == 1) {
      words.push_back(LLVM::BitcastOp::create(builder, loc, i32, elements[i]));
      continue;
    }
    auto vectorType = VectorType::get({perRegister}, element);
    Value vector = LLVM::UndefOp::create(builder, loc, vectorType);
    for (int64_t j = 0; j < perRegister; ++j)
      vector = LLVM::InsertElementOp::create(
          builder, loc, vector, elements[i + j],
          LLVM::ConstantOp::create(builder, loc, i32,
                                   builder.getI32IntegerAttr(j)));
    words.push_back(LLVM::BitcastOp::create(builder, loc, i32, vector));
  }
  return words;
}

/// `$first, ..., $(first + count - 1)` in braces.
std::string registerList(unsigned first, unsigned count) {
  std::string list = "{";
  for (unsigned i = 0; i < count; ++i)
    list += (i ? ",$" : "$") + std::to_string(first + i);
  return list + "}";
}
} // namespace

// The descriptor holds the address and both byte offsets in 16-byte units
// (14 bits each, at bits 0, 16 and 32) and the swizzle mode at bits 62-63
// (1: 128 B, 2: 64 B, 3: 32 B). The base offset (bits 49-51) stays 0:
// buffers start on a whole swizzle pattern (the allocator aligns them).
Value nvidia::buildMatrixDescriptor(OpBuilder &builder, Location loc,
                                    Value address,
                                    const SharedMatrixLayout &layout) {
  Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
  auto constant = [&](Type type, int64_t value) -> Value {
    return LLVM::ConstantOp::create(builder, loc, type,
                                    builder.getIntegerAttr(type, value));
  };
  Value field = LLVM::PtrToIntOp::create(builder, loc, i32, address);
  field = LLVM::LShrOp::create(builder, loc, field, constant(i32, 4));
  field = LLVM::AndOp::create(builder, loc, field, constant(i32, 0x3FFF));
  field = LLVM::ZExtOp::create(builder, loc, i64, field);
  int64_t mode = 0;
  switch (layout.swizzleBytes) {
  case 128:
    mode = 1;
    break;
  case 64:
    mode = 2;
    break;
  case 32:
    mode = 3;
    break;
  }
  uint64_t fields = (uint64_t(layout.leadingByteOffset >> 4) & 0x3FFF) << 16 |
                    (uint64_t(layout.strideByteOffset >> 4) & 0x3FFF) << 32 |
                    uint64_t(mode) << 62;
  return LLVM::OrOp::create(builder, loc, field,
                            constant(i64, int64_t(fields)));
}

// Shared addresses stay below 2^18 bytes, so the 14-bit address field
// cannot carry into the next one.
Value nvidia::advanceMatrixDescriptor(OpBuilder &builder, Location loc,
                                      Value descriptor, int64_t byteOffset) {
  if (byteOffset == 0)
    return descriptor;
  Type i64 = builder.getI64Type();
  return LLVM::AddOp::create(
      builder, loc, descriptor,
      LLVM::ConstantOp::create(builder, loc, i64,
                               builder.getIntegerAttr(i64, byteOffset >> 4)));
}

void nvidia::emitWarpGroupFence(OpBuilder &builder, Location loc) {
  NVVM::WgmmaFenceAlignedOp::create(builder, loc);
}

void nvidia::emitWarpGroupCommit(OpBuilder &builder, Location loc) {
  NVVM::WgmmaGroupSyncAlignedOp::create(builder, loc);
}

void nvidia::emitAsyncSharedFence(OpBuilder &builder, Location loc) {
  NVVM::FenceProxyOp::create(
      builder, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(builder.getContext(),
                                 NVVM::SharedSpace::shared_cta));
}

SmallVector<Value> nvidia::packWarpGroupOperandA(OpBuilder &builder,
                                                 Location loc,
                                                 ArrayRef<Value> elements) {
  return packRegisters(builder, loc, elements);
}

SmallVector<Value> nvidia::emitWarpGroupMma(OpBuilder &builder, Location loc,
                                            int64_t n, Type operandElement,
                                            Type accElement,
                                            const WarpGroupOperandA &a, Value b,
                                            bool bMnMajor, ArrayRef<Value> acc,
                                            Value useAccumulator) {
  MLIRContext *context = builder.getContext();
  // f16 accumulators travel in pairs, as one 32-bit register each.
  bool packed = accElement.isF16();
  Type registerType = packed ? builder.getI32Type() : accElement;
  SmallVector<Value> registers =
      packed ? packRegisters(builder, loc, acc) : SmallVector<Value>(acc);
  unsigned count = registers.size();
  std::string accName = accElement.isF32()   ? "f32"
                        : accElement.isF16() ? "f16"
                                             : "s32";
  std::string operandName = getOperandTypeName(operandElement).str();
  // Operands: the accumulator registers out and tied in, A (a descriptor or
  // four 32-bit registers), B's descriptor and the scale-d predicate.
  SmallVector<Value> operands(registers);
  std::string constraints;
  StringRef regConstraint = getConstraint(registerType);
  for (unsigned i = 0; i < count; ++i)
    constraints += "=" + regConstraint.str() + ",";
  for (unsigned i = 0; i < count; ++i)
    constraints += std::to_string(i) + ",";
  // Inputs are numbered after the `count` outputs.
  auto next = [&] { return count + unsigned(operands.size()); };
  std::string aList;
  if (a.descriptor) {
    aList = "$" + std::to_string(next());
    operands.push_back(a.descriptor);
    constraints += "l,";
  } else {
    aList = registerList(next(), a.words.size());
    for (Value word : a.words) {
      operands.push_back(word);
      constraints += "r,";
    }
  }
  std::string bName = "$" + std::to_string(next());
  operands.push_back(b);
  constraints += "l";
  // A constant scale-d is written as an immediate (no predicate register).
  std::string predicate;
  IntegerAttr useValue;
  if (matchPattern(useAccumulator, m_Constant(&useValue))) {
    predicate = useValue.getValue().isZero() ? "0" : "1";
  } else {
    predicate = "$" + std::to_string(next());
    operands.push_back(useAccumulator);
    constraints += ",b";
  }
  std::string asmString =
      "wgmma.mma_async.sync.aligned.m" + std::to_string(ttg::kWgmmaTileM) +
      "n" + std::to_string(n) + "k" +
      std::to_string(ttg::getWgmmaK(operandElement)) + "." + accName + "." +
      operandName + "." + operandName + " " + registerList(0, count) + ", " +
      aList + ", " + bName + ", " + predicate;
  // Scales of A and B (floats only), then the transposes (16-bit only; none
  // for A in registers).
  if (!accElement.isInteger(32))
    asmString += ", 1, 1";
  if (operandElement.getIntOrFloatBitWidth() == 16) {
    if (a.descriptor)
      asmString += a.mnMajor ? ", 1" : ", 0";
    asmString += bMnMajor ? ", 1" : ", 0";
  }
  asmString += ";";
  auto resultType = LLVM::LLVMStructType::getLiteral(
      context, SmallVector<Type>(count, registerType));
  Value result =
      emitInlinePTX(builder, loc, resultType, operands, asmString, constraints);
  SmallVector<Value> results;
  for (unsigned i = 0; i < count; ++i) {
    Value field = LLVM::ExtractValueOp::create(builder, loc, result, i);
    if (!packed) {
      results.push_back(field);
      continue;
    }
    Value pair = LLVM::BitcastOp::create(
        builder, loc, VectorType::get({2}, accElement), field);
    for (int j = 0; j < 2; ++j)
      results.push_back(LLVM::ExtractElementOp::create(
          builder, loc, pair,
          LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                   builder.getI32IntegerAttr(j))));
  }
  return results;
}

SmallVector<Value> nvidia::emitWarpGroupWait(OpBuilder &builder, Location loc,
                                             int pendings,
                                             ArrayRef<Value> values) {
  std::string asmString =
      "wgmma.wait_group.sync.aligned " + std::to_string(pendings) + ";";
  if (values.empty()) {
    emitInlinePTX(builder, loc, Type(), ValueRange(), asmString, "");
    return {};
  }
  // The values are outputs tied to inputs: the asm "redefines" them, so
  // their uses stay below the wait. The comment names them for PTX readers.
  std::string constraints, inputs;
  SmallVector<Type> types;
  for (auto [i, value] : llvm::enumerate(values)) {
    constraints += "=" + getConstraint(value.getType()).str() + ",";
    inputs += std::to_string(i) + (i + 1 < values.size() ? "," : "");
    types.push_back(value.getType());
  }
  // Triton's comment, so its tests and PTX diffs line up.
  std::string list = registerList(0, values.size());
  asmString = "// wait for regs: " + list.substr(1, list.size() - 2) + "\n\t" +
              asmString;
  Value result = emitInlinePTX(
      builder, loc,
      LLVM::LLVMStructType::getLiteral(builder.getContext(), types), values,
      asmString, constraints + inputs);
  SmallVector<Value> results;
  for (size_t i = 0; i < values.size(); ++i)
    results.push_back(LLVM::ExtractValueOp::create(builder, loc, result, i));
  return results;
}

//===- MatrixOps.cpp - ldmatrix, stmatrix and mma.sync --------------------===//

#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/MmaShapes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

SmallVector<Value> nvidia::emitLoadMatrixX4(OpBuilder &builder, Location loc,
                                            Value rowAddress, bool transposed) {
  auto layoutKind = transposed ? NVVM::MMALayout::col : NVVM::MMALayout::row;
  auto shape = NVVM::LdStMatrixShapeAttr::get(builder.getContext(), 8, 8);
  Type i32 = builder.getI32Type();
  auto resultType = LLVM::LLVMStructType::getLiteral(builder.getContext(),
                                                     SmallVector<Type>(4, i32));
  Value loaded =
      NVVM::LdMatrixOp::create(builder, loc, resultType, rowAddress, 4,
                               layoutKind, shape, NVVM::LdStMatrixEltType::B16);
  SmallVector<Value> words;
  for (int i = 0; i < 4; ++i)
    words.push_back(LLVM::ExtractValueOp::create(builder, loc, loaded, i));
  return words;
}

void nvidia::emitStoreMatrixX4(OpBuilder &builder, Location loc,
                               Value rowAddress, ArrayRef<Value> words,
                               bool transposed) {
  auto layoutKind = transposed ? NVVM::MMALayout::col : NVVM::MMALayout::row;
  auto shape = NVVM::LdStMatrixShapeAttr::get(builder.getContext(), 8, 8);
  NVVM::StMatrixOp::create(builder, loc, rowAddress, words, layoutKind, shape,
                           NVVM::LdStMatrixEltType::B16);
}

namespace {
/// The PTX type of mma.sync operands of `element` (f32 operands are tf32).
NVVM::MMATypes getMmaOperandType(Type element) {
  if (element.isF16())
    return NVVM::MMATypes::f16;
  if (element.isBF16())
    return NVVM::MMATypes::bf16;
  if (element.isInteger(8))
    return NVVM::MMATypes::s8;
  return NVVM::MMATypes::tf32;
}

/// One 32-bit mma operand from its elements: f16 pairs as vector<2xf16>
/// (what nvvm.mma.sync takes), everything else as i32.
Value packOperand(OpBuilder &builder, Location loc, Type element,
                  ArrayRef<Value> elements) {
  if (elements.size() == 1)
    return LLVM::BitcastOp::create(builder, loc, builder.getI32Type(),
                                   elements.front());
  auto vectorType = VectorType::get({int64_t(elements.size())}, element);
  Value vector = LLVM::UndefOp::create(builder, loc, vectorType);
  for (auto [i, value] : llvm::enumerate(elements))
    vector = LLVM::InsertElementOp::create(builder, loc, vector, value,
                                           i32Constant(builder, loc, i));
  if (element.isF16())
    return vector;
  return LLVM::BitcastOp::create(builder, loc, builder.getI32Type(), vector);
}
} // namespace

SmallVector<Value> nvidia::emitMmaSync(OpBuilder &builder, Location loc,
                                       Type operandElement, Type accElement,
                                       ArrayRef<SmallVector<Value>> a,
                                       ArrayRef<SmallVector<Value>> b,
                                       ArrayRef<Value> acc) {
  SmallVector<Value> aOps, bOps;
  for (const SmallVector<Value> &word : a)
    aOps.push_back(packOperand(builder, loc, operandElement, word));
  for (const SmallVector<Value> &word : b)
    bOps.push_back(packOperand(builder, loc, operandElement, word));
  // f16 accumulators travel as two f16 pairs.
  SmallVector<Value> cOps;
  Type accType = accElement;
  if (accElement.isF16()) {
    accType = VectorType::get({2}, accElement);
    for (int i = 0; i < 4; i += 2) {
      Value pair = LLVM::UndefOp::create(builder, loc, accType);
      for (int j = 0; j < 2; ++j)
        pair = LLVM::InsertElementOp::create(builder, loc, pair, acc[i + j],
                                             i32Constant(builder, loc, j));
      cOps.push_back(pair);
    }
  } else {
    cOps.assign(acc.begin(), acc.end());
  }
  auto resultType = LLVM::LLVMStructType::getLiteral(
      builder.getContext(), SmallVector<Type>(cOps.size(), accType));
  NVVM::MMATypes ptxType = getMmaOperandType(operandElement);
  // Integer accumulation saturates at the s32 limits, as Triton's
  // mma.sync (.satfinite) does; wgmma's s8 form wraps in both.
  std::optional<NVVM::MMAIntOverflow> overflow;
  if (ptxType == NVVM::MMATypes::s8)
    overflow = NVVM::MMAIntOverflow::satfinite;
  std::array<NVVM::MMATypes, 2> types = {ptxType, ptxType};
  std::array<NVVM::MMALayout, 2> layouts = {NVVM::MMALayout::row,
                                            NVVM::MMALayout::col};
  Value mma =
      NVVM::MmaOp::create(builder, loc, resultType, aOps, bOps, cOps,
                          ArrayRef<int64_t>{ttg::kMmaV2TileM, ttg::kMmaV2TileN,
                                            ttg::getMmaV2K(operandElement)},
                          std::nullopt, overflow, types, layouts);
  SmallVector<Value> results;
  for (int64_t i = 0; i < int64_t(cOps.size()); ++i) {
    Value field = LLVM::ExtractValueOp::create(builder, loc, mma, i);
    if (!accElement.isF16()) {
      results.push_back(field);
      continue;
    }
    for (int j = 0; j < 2; ++j)
      results.push_back(LLVM::ExtractElementOp::create(
          builder, loc, field, i32Constant(builder, loc, j)));
  }
  return results;
}

SmallVector<Value> nvidia::emitMmaSyncF64(OpBuilder &builder, Location loc,
                                          int64_t m, int64_t k,
                                          ArrayRef<Value> a, ArrayRef<Value> b,
                                          ArrayRef<Value> acc) {
  // nvvm.mma.sync knows only m8n8k4 for f64; LLVM's intrinsics have every
  // shape PTX has, so all go through those, one name per shape.
  std::string name = "llvm.nvvm.mma.m" + std::to_string(m) + "n8k" +
                     std::to_string(k) + ".row.col.f64";
  SmallVector<Value> operands(a);
  llvm::append_range(operands, b);
  llvm::append_range(operands, acc);
  auto resultType = LLVM::LLVMStructType::getLiteral(
      builder.getContext(),
      SmallVector<Type>(acc.size(), builder.getF64Type()));
  Value mma =
      LLVM::CallIntrinsicOp::create(builder, loc, resultType,
                                    builder.getStringAttr(name), operands)
          .getResult(0);
  SmallVector<Value> results;
  for (int64_t i = 0; i < int64_t(acc.size()); ++i)
    results.push_back(LLVM::ExtractValueOp::create(builder, loc, mma, i));
  return results;
}

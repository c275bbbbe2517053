//===- InlinePTX.cpp - Inline PTX for the NVIDIA seam ---------------------===//

#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

/// Inline asm as Triton's PTX builder writes it: a void result where there
/// is none, an empty list of operand attributes with PTX (user asm has none).
static Value createInlineAsm(OpBuilder &builder, Location loc, Type resultType,
                             ValueRange operands, StringRef asmString,
                             StringRef constraints, bool hasSideEffects,
                             bool isPTX) {
  MLIRContext *context = builder.getContext();
  if (!resultType && isPTX)
    resultType = LLVM::LLVMVoidType::get(context);
  auto op = LLVM::InlineAsmOp::create(
      builder, loc, resultType, operands, asmString, constraints,
      hasSideEffects, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(context, LLVM::AsmDialect::AD_ATT),
      isPTX ? builder.getArrayAttr({}) : ArrayAttr());
  if (!op.getNumResults() || isa<LLVM::LLVMVoidType>(op.getResult(0).getType()))
    return Value();
  return op.getResult(0);
}

Value nvidia::emitInlinePTX(OpBuilder &builder, Location loc, Type resultType,
                            ValueRange operands, StringRef asmString,
                            StringRef constraints, bool hasSideEffects) {
  return createInlineAsm(builder, loc, resultType, operands, asmString,
                         constraints, hasSideEffects, /*isPTX=*/true);
}

Value nvidia::emitUserInlineAsm(OpBuilder &builder, Location loc,
                                Type resultType, ValueRange operands,
                                StringRef asmString, StringRef constraints,
                                bool hasSideEffects) {
  return createInlineAsm(builder, loc, resultType, operands, asmString,
                         constraints, hasSideEffects, /*isPTX=*/false);
}

std::string nvidia::operandList(unsigned first, unsigned count) {
  if (count == 1)
    return "$" + std::to_string(first);
  std::string list = "{ ";
  for (unsigned i = 0; i < count; ++i)
    list += (i ? ", $" : "$") + std::to_string(first + i);
  return list + " }";
}

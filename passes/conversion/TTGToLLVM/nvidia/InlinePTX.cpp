//===- InlinePTX.cpp - Inline PTX for the NVIDIA seam ---------------------===//

#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

Value nvidia::emitInlinePTX(OpBuilder &builder, Location loc, Type resultType,
                            ValueRange operands, StringRef asmString,
                            StringRef constraints, bool hasSideEffects) {
  auto op = LLVM::InlineAsmOp::create(
      builder, loc, resultType, operands, asmString, constraints,
      hasSideEffects, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(builder.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  return op.getNumResults() ? op.getResult(0) : Value();
}

Value nvidia::emitUserInlineAsm(OpBuilder &builder, Location loc,
                                Type resultType, ValueRange operands,
                                StringRef asmString, StringRef constraints,
                                bool hasSideEffects) {
  return emitInlinePTX(builder, loc, resultType, operands, asmString,
                       constraints, hasSideEffects);
}

//===- Debug.cpp - Device printf and assert for the NVIDIA seam -----------===//
//
// CUDA's device runtime prints with vprintf(format, args), where args points
// to the promoted arguments laid out as a struct, and fails an assertion
// with __assertfail(message, file, line, function, sizeof(char)). Strings
// become private constant globals of the module.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The address of a NUL-terminated copy of `text` in global memory, one
/// global per distinct text (named `prefix` and a number).
Value getGlobalString(OpBuilder &builder, Location loc, StringRef prefix,
                      StringRef text) {
  std::string bytes = text.str();
  bytes.push_back('\0');
  auto arrayType = LLVM::LLVMArrayType::get(builder.getI8Type(), bytes.size());
  LLVM::GlobalOp global = getOrCreateConstantGlobal(
      builder, loc, prefix, arrayType, builder.getStringAttr(bytes),
      /*alignment=*/0, /*addressSpace=*/0);
  return LLVM::AddressOfOp::create(builder, loc, global);
}
} // namespace

void nvidia::emitPrintf(OpBuilder &builder, Location loc, StringRef format,
                        ValueRange args, ArrayRef<bool> isSigned) {
  MLIRContext *context = builder.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  auto i32 = builder.getI32Type();
  Value formatString =
      getGlobalString(builder, loc, "printfFormat_", (format + "\n").str());

  SmallVector<Value> promoted;
  for (auto [i, arg] : llvm::enumerate(args)) {
    Type type = arg.getType();
    if (isa<FloatType>(type) && !type.isF64())
      promoted.push_back(
          LLVM::FPExtOp::create(builder, loc, builder.getF64Type(), arg));
    else if (type.isInteger() && type.getIntOrFloatBitWidth() < 32)
      promoted.push_back(
          isSigned[i] && !type.isInteger(1)
              ? Value(LLVM::SExtOp::create(builder, loc, i32, arg))
              : Value(LLVM::ZExtOp::create(builder, loc, i32, arg)));
    else
      promoted.push_back(arg);
  }

  Value buffer = LLVM::ZeroOp::create(builder, loc, ptrType);
  if (!promoted.empty()) {
    SmallVector<Type> fields;
    for (Value value : promoted)
      fields.push_back(value.getType());
    auto structType = LLVM::LLVMStructType::getLiteral(context, fields);
    Value one = LLVM::ConstantOp::create(builder, loc, builder.getI64Type(),
                                         builder.getI64IntegerAttr(1));
    buffer = LLVM::AllocaOp::create(builder, loc, ptrType, structType, one,
                                    /*alignment=*/8);
    for (auto [i, value] : llvm::enumerate(promoted)) {
      Value field = LLVM::GEPOp::create(
          builder, loc, ptrType, structType, buffer,
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      LLVM::StoreOp::create(builder, loc, value, field);
    }
  }
  auto vprintf = getOrDeclareFunction(
      builder, loc, "vprintf",
      LLVM::LLVMFunctionType::get(i32, {ptrType, ptrType}));
  LLVM::CallOp::create(builder, loc, vprintf, ValueRange{formatString, buffer});
}

void nvidia::emitAssertFail(OpBuilder &builder, Location loc, StringRef message,
                            StringRef file, int line, StringRef function) {
  MLIRContext *context = builder.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  auto i32 = builder.getI32Type();
  auto i64 = builder.getI64Type();
  auto assertFail = getOrDeclareFunction(
      builder, loc, "__assertfail",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {ptrType, ptrType, i32, ptrType, i64}));
  Value args[] = {
      getGlobalString(builder, loc, "assertMessage_", message),
      getGlobalString(builder, loc, "assertFile_", file),
      LLVM::ConstantOp::create(builder, loc, i32,
                               builder.getI32IntegerAttr(line)),
      getGlobalString(builder, loc, "assertFunc_", function),
      LLVM::ConstantOp::create(builder, loc, i64, builder.getI64IntegerAttr(1)),
  };
  LLVM::CallOp::create(builder, loc, assertFail, args);
}

//===- Math.cpp - Fast math and libdevice calls ---------------------------===//
//
// The MUFU approximations and the exact division Triton uses for f32, and
// calls of CUDA's libdevice for the rest of the math dialect.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::tile;

static Value callIntrinsic(OpBuilder &builder, Location loc, StringRef name,
                           Type resultType, ValueRange args) {
  return LLVM::CallIntrinsicOp::create(builder, loc, resultType,
                                       builder.getStringAttr(name), args)
      .getResult(0);
}

Value nvidia::emitExp2Approx(OpBuilder &builder, Location loc, Value x) {
  return callIntrinsic(builder, loc, "llvm.nvvm.ex2.approx.f32", x.getType(),
                       x);
}

Value nvidia::emitExp2ApproxFtz(OpBuilder &builder, Location loc, Value x) {
  return callIntrinsic(builder, loc, "llvm.nvvm.ex2.approx.ftz.f32",
                       x.getType(), x);
}

Value nvidia::emitLog2Approx(OpBuilder &builder, Location loc, Value x) {
  return callIntrinsic(builder, loc, "llvm.nvvm.lg2.approx.f", x.getType(), x);
}

Value nvidia::emitRsqrtApprox(OpBuilder &builder, Location loc, Value x) {
  return callIntrinsic(builder, loc, "llvm.nvvm.rsqrt.approx.ftz.f",
                       x.getType(), x);
}

Value nvidia::emitSqrtApprox(OpBuilder &builder, Location loc, Value x) {
  return callIntrinsic(builder, loc, "llvm.nvvm.sqrt.approx.ftz.f", x.getType(),
                       x);
}

Value nvidia::emitDivFull(OpBuilder &builder, Location loc, Value x, Value y) {
  return nvidia::emitInlinePTX(builder, loc, x.getType(), ValueRange{x, y},
                               "div.full.f32 $0, $1, $2;", "=r,r,r",
                               /*hasSideEffects=*/false);
}

Value nvidia::emitMulHiUnsigned(OpBuilder &builder, Location loc, Value x,
                                Value y) {
  unsigned bits = x.getType().getIntOrFloatBitWidth();
  std::string name = bits == 64 ? "llvm.nvvm.mulhi.ull" : "llvm.nvvm.mulhi.ui";
  return callIntrinsic(builder, loc, name, x.getType(), ValueRange{x, y});
}

Value nvidia::emitLibdeviceCall(OpBuilder &builder, Location loc,
                                StringRef name, Type resultType,
                                ValueRange args) {
  auto type =
      LLVM::LLVMFunctionType::get(resultType, llvm::to_vector(args.getTypes()));
  LLVM::LLVMFuncOp func = getOrDeclareFunction(builder, loc, name, type);
  return LLVM::CallOp::create(builder, loc, func, args).getResult();
}

std::string nvidia::getLibdeviceName(StringRef mathOp, Type type) {
  // libdevice names: __nv_<op> for f64, __nv_<op>f for f32.
  static const llvm::StringMap<StringRef> kNames = {
      {"math.erf", "erf"},     {"math.tanh", "tanh"},   {"math.powf", "pow"},
      {"math.sin", "sin"},     {"math.cos", "cos"},     {"math.tan", "tan"},
      {"math.exp", "exp"},     {"math.exp2", "exp2"},   {"math.log", "log"},
      {"math.log2", "log2"},   {"math.log10", "log10"}, {"math.log1p", "log1p"},
      {"math.expm1", "expm1"}, {"math.sqrt", "sqrt"},   {"math.rsqrt", "rsqrt"},
      {"math.atan", "atan"},   {"math.atan2", "atan2"}, {"math.asin", "asin"},
      {"math.acos", "acos"},   {"math.sinh", "sinh"},   {"math.cosh", "cosh"},
      {"math.cbrt", "cbrt"},   {"math.erfc", "erfc"},   {"math.round", "round"},
      {"math.trunc", "trunc"}};
  auto it = kNames.find(mathOp);
  if (it == kNames.end() || !(type.isF32() || type.isF64()))
    return "";
  return ("__nv_" + it->second + (type.isF32() ? "f" : "")).str();
}

//===- Fp4ToFpOpToLLVM.cpp - ttg.fp4_to_fp to LLVM
//-------------------------===//
//
// ttg.fp4_to_fp unpacks two e2m1 values from each i8 register: the low
// nibble is the element with the even index along the op's axis, the high
// nibble the odd one, and they become two consecutive result registers
// (ttg::inferFp4ToFpEncoding is the layout that says so; the pre-check
// insists on it). e2m1 is sign, two exponent bits (bias 1) and one mantissa
// bit: 0, 0.5, 1, 1.5, 2, 3, 4, 6. Every value is exact in f16 and bf16, so
// the conversion is integer arithmetic on the bits, the same on every
// target: a code c = eem of 2 or more is a normal number whose f16 or bf16
// bits are c shifted to the top of the mantissa plus the exponent rebias;
// 1 (0.5, the one subnormal) is the rebias alone; 0 is 0.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Where e2m1's exponent and mantissa go in a 16-bit float, and the bits
/// of 0.5 (e2m1's exponent rebiased: 2^-1 with mantissa 0).
struct HalfFormat {
  /// How far code eem shifts to put m at the top of the mantissa.
  unsigned shift;
  /// The bits of 0.5, which is also what turns e2m1's biased exponent into
  /// this format's (added to code << shift).
  uint16_t half;
};

std::optional<HalfFormat> getHalfFormat(Type type) {
  if (type.isF16())
    return HalfFormat{9, 0x3800};
  if (type.isBF16())
    return HalfFormat{6, 0x3F00};
  return std::nullopt;
}

Value i16Constant(OpBuilder &builder, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(builder, loc, builder.getI16Type(),
                                  builder.getI16IntegerAttr(value));
}

/// The 16-bit float (of `format`, as `type`) that the e2m1 nibble in the
/// low four bits of `nibble` (an i16, upper bits zero) stands for.
Value convertNibble(OpBuilder &builder, Location loc, Value nibble,
                    HalfFormat format, Type type) {
  Value sign = LLVM::ShlOp::create(
      builder, loc,
      LLVM::AndOp::create(builder, loc, nibble, i16Constant(builder, loc, 8)),
      i16Constant(builder, loc, 12));
  Value code =
      LLVM::AndOp::create(builder, loc, nibble, i16Constant(builder, loc, 7));
  Value half = i16Constant(builder, loc, format.half);
  Value normal = LLVM::AddOp::create(
      builder, loc,
      LLVM::ShlOp::create(builder, loc, code,
                          i16Constant(builder, loc, format.shift)),
      half);
  // Codes 0 and 1 are 0 and 0.5: code * (bits of 0.5).
  Value small = LLVM::MulOp::create(builder, loc, code, half);
  Value isSmall = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ult,
                                       code, i16Constant(builder, loc, 2));
  Value magnitude =
      LLVM::SelectOp::create(builder, loc, isSmall, small, normal);
  Value bits = LLVM::OrOp::create(builder, loc, magnitude, sign);
  return LLVM::BitcastOp::create(builder, loc, type, bits);
}

struct Fp4ToFpOpConversion : public ConvertOpToLLVMPattern<ttg::Fp4ToFpOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::Fp4ToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getType().getElementType();
    std::optional<HalfFormat> format = getHalfFormat(resultType);
    if (!format)
      return rewriter.notifyMatchFailure(op, "result is not f16 or bf16");
    Type elementType = getTypeConverter()->convertType(resultType);
    SmallVector<Value> results;
    for (Value byte : unpackElements(rewriter, loc, adaptor.getSrc())) {
      Value wide =
          LLVM::ZExtOp::create(rewriter, loc, rewriter.getI16Type(), byte);
      Value low = LLVM::AndOp::create(rewriter, loc, wide,
                                      i16Constant(rewriter, loc, 0xF));
      Value high = LLVM::LShrOp::create(rewriter, loc, wide,
                                        i16Constant(rewriter, loc, 4));
      results.push_back(
          convertNibble(rewriter, loc, low, *format, elementType));
      results.push_back(
          convertNibble(rewriter, loc, high, *format, elementType));
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, *getTypeConverter(),
                                        results, op.getType()));
    return success();
  }
};
} // namespace

LogicalResult mlir::tile::checkFp4ToFpLowering(Operation *op) {
  auto unpack = dyn_cast<ttg::Fp4ToFpOp>(op);
  if (!unpack)
    return success();
  RankedTensorType srcType = unpack.getSrc().getType();
  RankedTensorType resultType = unpack.getType();
  if (!getHalfFormat(resultType.getElementType()))
    return op->emitOpError("converts e2m1 to f16 or bf16 only, not ")
           << resultType.getElementType();
  std::string error;
  Attribute expected =
      srcType.getEncoding()
          ? ttg::inferFp4ToFpEncoding(srcType.getEncoding(), srcType.getShape(),
                                      unpack.getAxis(), &error)
          : Attribute();
  std::optional<layout::LinearLayout> want;
  if (expected)
    want = ttg::toLinearLayout(expected, resultType.getShape(), &error);
  std::optional<layout::LinearLayout> got =
      resultType.getEncoding() ? ttg::toLinearLayout(resultType, &error)
                               : std::nullopt;
  if (!want || !got)
    return op->emitOpError("cannot be lowered: ")
           << (error.empty() ? "its tensors need ttg encodings" : error);
  if (*want != *got)
    return op->emitOpError("cannot be lowered: the result encoding must hold "
                           "each i8 register's two values in two consecutive "
                           "registers along axis ")
           << unpack.getAxis() << ", as " << expected << " does";
  return success();
}

void mlir::tile::populateFp4ToFpOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<Fp4ToFpOpConversion>(converter);
  (void)lowering;
}

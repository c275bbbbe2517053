//===- DecomposeScaledDot.cpp - tt.dot_scaled as upcasts and a tt.dot -----===//
//
// Triton 3.6's DecomposeScaledBlocked, for targets without microscaled
// tensor-core instructions (sm_80, sm_90). Each operand is upcast to the
// compute type (f16 when either operand is fp16, bf16 otherwise): e2m1 with
// ttg.fp4_to_fp along K, fp8 with tt.fp_to_fp. With a scale, the e8m0
// exponent s (one per 32 elements of K) becomes 2^(s - 127) by shifting it
// into a float's exponent field (via f32 for f16), is broadcast to the
// operand's shape and multiplied in; unless fastMath, where s is 0xFF (the
// NaN scale) the product is NaN. The results meet in an ordinary tt.dot
// with the accumulator, which accelerate-matmul then gives its layouts.
//
// The scale's broadcast along K is tile's own: [R, K/32] -> expand_dims and
// broadcast to [R, K/32, 32] -> reshape to [R, K] (element (r, k) reads
// scale (r, k / 32)), transposed to [K, N] for the right-hand side, whose
// scale comes as [N, K/32] (Triton's convention).
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/DecomposeScaledDot.h"

#include "dialects/tt/TTLayoutInterface.h"
#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/TargetOptions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
using tt::ScaleDotElemType;

/// The element type an operand of `format` has in the IR.
bool hasFormatElementType(ScaleDotElemType format, Type type) {
  switch (format) {
  case ScaleDotElemType::E4M3:
    return isa<Float8E4M3FNType>(type);
  case ScaleDotElemType::E5M2:
    return isa<Float8E5M2Type>(type);
  case ScaleDotElemType::E2M1:
    return type.isInteger(8);
  case ScaleDotElemType::BF16:
    return type.isBF16();
  case ScaleDotElemType::FP16:
    return type.isF16();
  case ScaleDotElemType::E2M3:
  case ScaleDotElemType::E3M2:
    return true; // Rejected as a format before the type matters.
  }
  return false;
}

/// Why an operand of `format` (of element type `type`, k-packed when
/// `kPack`) cannot be upcast on cuda:`capability`; empty when it can.
std::string whyUnsupported(ScaleDotElemType format, Type type, bool kPack,
                           int capability) {
  std::string name = tt::stringifyScaleDotElemType(format).str();
  switch (format) {
  case ScaleDotElemType::E2M3:
  case ScaleDotElemType::E3M2:
    return name + " (fp6) operands have no upcast before cuda:100";
  case ScaleDotElemType::E4M3:
    if (capability < 89)
      return "e4m3 operands need cuda:89 or higher (the e4m3 conversion "
             "instructions)";
    break;
  case ScaleDotElemType::E2M1:
    if (!kPack)
      return "e2m1 operands packed along M or N (k_pack = false) are only "
             "taken by cuda:100's scaled MMA";
    break;
  default:
    break;
  }
  if (!hasFormatElementType(format, type)) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    os << name << " operands must be tensors of "
       << (format == ScaleDotElemType::E2M1   ? "i8 (two values per byte)"
           : format == ScaleDotElemType::E4M3 ? "f8E4M3FN"
           : format == ScaleDotElemType::E5M2 ? "f8E5M2"
           : format == ScaleDotElemType::BF16 ? "bf16"
                                              : "f16")
       << ", got " << type;
    return expected;
  }
  return {};
}

/// Builds the upcast, scaled operands of one tt.dot_scaled.
class ScaledDotBuilder {
public:
  ScaledDotBuilder(tt::DotScaledOp op, FloatType computeType)
      : op(op), builder(op), loc(op.getLoc()), computeType(computeType),
        numWarps(ttg::getNumWarps(op).value_or(ttg::kDefaultNumWarps)),
        threadsPerWarp(ttg::getThreadsPerWarp(op)) {}

  /// Operand `opIdx` (0: a, 1: b) in the compute type, scaled, in a
  /// dot-operand layout of the result's; null after a diagnostic.
  Value buildOperand(unsigned opIdx) {
    Value value = opIdx == 0 ? op.getA() : op.getB();
    Value scale = opIdx == 0 ? op.getAScale() : op.getBScale();
    ScaleDotElemType format =
        opIdx == 0 ? op.getAElemType() : op.getBElemType();
    unsigned kDim = opIdx == 0 ? 1 : 0;

    Value upcast = upcastValue(value, format, kDim);
    if (!upcast)
      return {};
    if (scale) {
      auto valueType = cast<RankedTensorType>(upcast.getType());
      Value factor = broadcastScale(toScaleFactor(scale), opIdx, valueType);
      if (!factor)
        return {};
      upcast = arith::MulFOp::create(builder, loc, upcast, factor);
      if (!op.getFastMath()) {
        Value isNaNScale = arith::CmpIOp::create(
            builder, loc, arith::CmpIPredicate::eq, scale,
            splat(cast<RankedTensorType>(scale.getType()),
                  builder.getIntegerAttr(builder.getI8Type(), 0xFF)));
        Value mask = broadcastScale(isNaNScale, opIdx, valueType);
        if (!mask)
          return {};
        Value nan = splat(
            valueType,
            builder.getFloatAttr(
                computeType, APFloat::getNaN(computeType.getFloatSemantics())));
        upcast = arith::SelectOp::create(builder, loc, mask, nan, upcast);
      }
    }
    auto type = cast<RankedTensorType>(upcast.getType());
    auto encoding = ttg::DotOperandEncodingAttr::get(
        op.getContext(), opIdx, op.getType().getEncoding(), /*kWidth=*/0);
    return ttg::ConvertLayoutOp::create(
        builder, loc, type.cloneWithEncoding(encoding), upcast);
  }

private:
  /// A constant tensor of `type` whose every element is `value`.
  Value splat(RankedTensorType type, TypedAttr value) {
    return arith::ConstantOp::create(builder, loc, type,
                                     DenseElementsAttr::get(type, value));
  }

  /// `value` of `format` in the compute type, in its own layout (e2m1:
  /// unpacked along `kDim`).
  Value upcastValue(Value value, ScaleDotElemType format, unsigned kDim) {
    auto type = cast<RankedTensorType>(value.getType());
    if (format == ScaleDotElemType::E2M1) {
      std::string error;
      Attribute encoding = ttg::inferFp4ToFpEncoding(
          type.getEncoding(), type.getShape(), kDim, &error);
      if (!encoding) {
        op.emitOpError("cannot unpack its e2m1 operand: ") << error;
        return {};
      }
      SmallVector<int64_t> shape(type.getShape());
      shape[kDim] *= 2;
      return ttg::Fp4ToFpOp::create(
          builder, loc, RankedTensorType::get(shape, computeType, encoding),
          value, builder.getI32IntegerAttr(kDim));
    }
    Type element = type.getElementType();
    if (element == computeType)
      return value;
    if (isa<Float8E4M3FNType, Float8E5M2Type>(element))
      return tt::FpToFpOp::create(builder, loc, type.clone(computeType), value,
                                  /*rounding=*/nullptr);
    // bf16 beside an fp16 operand: through f32, rounding to nearest even.
    Value wide = arith::ExtFOp::create(builder, loc,
                                       type.clone(builder.getF32Type()), value);
    return arith::TruncFOp::create(builder, loc, type.clone(computeType), wide);
  }

  /// 2^(s - 127) in the compute type for each e8m0 exponent s of `scale`
  /// (i8): s shifted into the exponent field of bf16, or of f32 and then
  /// rounded to f16 (which turns exponents beyond f16's range into 0 or
  /// inf, as Triton).
  Value toScaleFactor(Value scale) {
    auto type = cast<RankedTensorType>(scale.getType());
    FloatType wideType =
        computeType.isF16() ? FloatType(builder.getF32Type()) : computeType;
    unsigned bits = wideType.getWidth();
    IntegerType intType = builder.getIntegerType(bits);
    Value wide =
        arith::ExtUIOp::create(builder, loc, type.clone(intType), scale);
    Value shifted = arith::ShLIOp::create(
        builder, loc, wide,
        splat(type.clone(intType),
              builder.getIntegerAttr(intType,
                                     wideType.getFPMantissaWidth() - 1)));
    Value factor =
        tt::BitcastOp::create(builder, loc, type.clone(wideType), shifted);
    if (wideType != computeType)
      factor = arith::TruncFOp::create(builder, loc, type.clone(computeType),
                                       factor);
    return factor;
  }

  /// `perBlock` ([R, K/32], one value per 32 elements of K) repeated along
  /// K and laid out like `valueType` ([R, K] for a, [K, R] for b).
  Value broadcastScale(Value perBlock, unsigned opIdx,
                       RankedTensorType valueType) {
    MLIRContext *context = op.getContext();
    auto type = cast<RankedTensorType>(perBlock.getType());
    int64_t rows = type.getDimSize(0), blocks = type.getDimSize(1);
    SmallVector<int64_t> shape3 = {rows, blocks, 32};
    Attribute blocked3 = ttg::getDefaultBlockedEncoding(
        context, shape3, numWarps, threadsPerWarp);
    Attribute slice = ttg::SliceEncodingAttr::get(context, 2, blocked3);
    Value sliced = ttg::ConvertLayoutOp::create(
        builder, loc, type.cloneWithEncoding(slice), perBlock);
    Type element = type.getElementType();
    Value expanded = tt::ExpandDimsOp::create(
        builder, loc,
        RankedTensorType::get({rows, blocks, 1}, element, blocked3), sliced,
        builder.getI32IntegerAttr(2));
    Value repeated = tt::BroadcastOp::create(
        builder, loc, RankedTensorType::get(shape3, element, blocked3),
        expanded);
    SmallVector<int64_t> shape2 = {rows, blocks * 32};
    const tt::LayoutInferenceInterface *layouts =
        tt::getLayoutInterface(blocked3);
    FailureOr<Attribute> flat =
        layouts->inferReshapeEncoding(blocked3, shape3, shape2, loc);
    if (failed(flat))
      return {};
    Value result = tt::ReshapeOp::create(
        builder, loc, RankedTensorType::get(shape2, element, *flat), repeated,
        /*allow_reorder=*/nullptr);
    if (opIdx == 1) {
      SmallVector<int32_t> order = {1, 0};
      FailureOr<Attribute> transposed =
          layouts->inferTransEncoding(*flat, shape2, order, loc);
      if (failed(transposed))
        return {};
      result = tt::TransOp::create(
          builder, loc,
          RankedTensorType::get({shape2[1], shape2[0]}, element, *transposed),
          result, builder.getDenseI32ArrayAttr(order));
    }
    return ttg::ConvertLayoutOp::create(
        builder, loc,
        RankedTensorType::get(valueType.getShape(), element,
                              valueType.getEncoding()),
        result);
  }

  tt::DotScaledOp op;
  OpBuilder builder;
  Location loc;
  FloatType computeType;
  int numWarps;
  int threadsPerWarp;
};
} // namespace

LogicalResult mlir::tile::decomposeScaledDot(tt::DotScaledOp op,
                                             int capability) {
  auto check = [&](StringRef side, ScaleDotElemType format, Value value,
                   Value scale, bool kPack) -> LogicalResult {
    Type element = cast<RankedTensorType>(value.getType()).getElementType();
    std::string why = whyUnsupported(format, element, kPack, capability);
    if (why.empty() && scale &&
        !cast<RankedTensorType>(scale.getType()).getElementType().isInteger(8))
      why = "scales must be i8 (e8m0 exponents)";
    if (why.empty())
      return success();
    return op.emitOpError("cannot be decomposed for cuda:")
           << capability << ": " << side << " = "
           << tt::stringifyScaleDotElemType(format) << ": " << why;
  };
  if (failed(check("lhs", op.getAElemType(), op.getA(), op.getAScale(),
                   op.getLhsKPack())) ||
      failed(check("rhs", op.getBElemType(), op.getB(), op.getBScale(),
                   op.getRhsKPack())))
    return failure();

  Builder types(op.getContext());
  FloatType computeType = op.getAElemType() == ScaleDotElemType::FP16 ||
                                  op.getBElemType() == ScaleDotElemType::FP16
                              ? FloatType(types.getF16Type())
                              : FloatType(types.getBF16Type());
  ScaledDotBuilder build(op, computeType);
  Value a = build.buildOperand(0);
  Value b = a ? build.buildOperand(1) : Value();
  if (!a || !b)
    return failure();
  OpBuilder builder(op);
  auto dot = tt::DotOp::create(
      builder, op.getLoc(), op.getType(), a, b, op.getC(),
      tt::InputPrecisionAttr::get(op.getContext(), tt::InputPrecision::IEEE),
      builder.getI32IntegerAttr(0));
  op.replaceAllUsesWith(dot.getD());
  op.erase();
  return success();
}

//===- ElementwiseOpToLLVM.cpp - Elementwise ops and math to LLVM ---------===//
//
// A tensor elementwise op becomes one scalar op per register of the calling
// thread. arith and math ops are split into scalar arith/math ops, which the
// upstream arith patterns and the math patterns below then lower; tt's own
// elementwise ops are lowered per element directly. Math follows Triton's
// choices: MUFU approximations for f32 exp/exp2/log/log2 and sqrt/rsqrt
// (flushing denormals, as libdevice does under Triton's FTZ reflect) and
// div.full for f32 division, libdevice for the rest, f16/bf16 computed in
// f32. LLVM's math intrinsics that llc cannot select for NVPTX (llvm.exp,
// llvm.log, llvm.sin, ...) are never emitted.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Replaces `op` by `compute` applied to each register's operands. Scalar
/// operands of a tensor op (arith.select's condition) are used as is.
LogicalResult lowerPerElement(Operation *op, ValueRange adapted,
                              ConversionPatternRewriter &rewriter,
                              const TypeConverter &converter,
                              function_ref<Value(ValueRange, Type)> compute,
                              ArrayRef<int> representatives = {}) {
  Location loc = op->getLoc();
  Type resultType = op->getResult(0).getType();
  Type elementType = converter.convertType(getElementTypeOrSelf(resultType));
  if (!elementType)
    return op->emitOpError("result element type ")
           << getElementTypeOrSelf(resultType) << " has no LLVM form";
  if (!isa<RankedTensorType>(resultType)) {
    Value result = compute(adapted, elementType);
    if (!result)
      return failure();
    rewriter.replaceOp(op, result);
    return success();
  }
  SmallVector<SmallVector<Value>> operands;
  for (auto [original, value] : llvm::zip(op->getOperands(), adapted))
    operands.push_back(isa<RankedTensorType>(original.getType())
                           ? unpackElements(rewriter, loc, value)
                           : SmallVector<Value>{value});
  size_t numElements = 1;
  for (const auto &elements : operands)
    numElements = std::max(numElements, elements.size());
  SmallVector<Value> results;
  bool reuse = representatives.size() == numElements;
  for (size_t i = 0; i < numElements; ++i) {
    if (reuse && size_t(representatives[i]) != i) {
      results.push_back(results[representatives[i]]);
      continue;
    }
    SmallVector<Value> scalars;
    for (const auto &elements : operands)
      scalars.push_back(elements.size() == 1 ? elements[0] : elements[i]);
    Value result = compute(scalars, elementType);
    if (!result)
      return failure();
    results.push_back(result);
  }
  rewriter.replaceOp(
      op, packElements(rewriter, loc, converter, results, resultType));
  return success();
}

/// arith and math ops on tensors: one scalar op of the same kind per
/// register; the scalar ops are lowered by the patterns for scalars.
/// Where axis analysis proves the result constant over blocks, registers in
/// one block share the value of the block's first register, as Triton's
/// lowering does, so masks of several vectors cost one compare.
struct TensorElementwiseConversion : public ConversionPattern {
  TensorElementwiseConversion(const TypeConverter &converter,
                              MLIRContext *context,
                              const LoweringContext &lowering)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/2,
                          context),
        lowering(lowering) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa_and_present<arith::ArithDialect, math::MathDialect>(
            op->getDialect()) ||
        !op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        !isa<RankedTensorType>(op->getResult(0).getType()))
      return rewriter.notifyMatchFailure(op, "not an elementwise tensor op");
    SmallVector<int> representatives;
    if (auto it = lowering.constancy.find(op); it != lowering.constancy.end())
      representatives = getConstantBlockRepresentatives(
          cast<RankedTensorType>(op->getResult(0).getType()), it->second);
    return lowerPerElement(
        op, operands, rewriter, *getTypeConverter(),
        [&](ValueRange scalars, Type elementType) -> Value {
          OperationState state(op->getLoc(), op->getName());
          state.addOperands(scalars);
          state.addTypes(elementType);
          state.addAttributes(op->getAttrs());
          return rewriter.create(state)->getResult(0);
        },
        representatives);
  }

  const LoweringContext &lowering;
};

//===----------------------------------------------------------------------===//
// Scalar math
//===----------------------------------------------------------------------===//

/// Runs an f32 computation on f16/bf16 by extending and truncating.
Value inF32(OpBuilder &builder, Location loc, Value x,
            function_ref<Value(Value)> compute) {
  Type type = x.getType();
  if (type.isF32() || type.isF64())
    return compute(x);
  Value wide = LLVM::FPExtOp::create(builder, loc, builder.getF32Type(), x);
  return LLVM::FPTruncOp::create(builder, loc, type, compute(wide));
}

Value f32Constant(OpBuilder &builder, Location loc, double value) {
  return LLVM::ConstantOp::create(builder, loc, builder.getF32Type(),
                                  builder.getF32FloatAttr(value));
}

/// Scalar math ops with one floating-point operand.
template <typename MathOp>
struct UnaryMathConversion : public ConvertOpToLLVMPattern<MathOp> {
  using ConvertOpToLLVMPattern<MathOp>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(MathOp op, typename MathOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      return rewriter.notifyMatchFailure(op, "tensors are split first");
    Location loc = op.getLoc();
    Value x = adaptor.getOperands()[0];
    Value result = inF32(rewriter, loc, x, [&](Value v) {
      return lower(rewriter, loc, op->getName().getStringRef(), v);
    });
    if (!result)
      return op.emitOpError("has no lowering for ") << x.getType();
    rewriter.replaceOp(op, result);
    return success();
  }

  static Value lower(OpBuilder &b, Location loc, StringRef name, Value x) {
    bool f32 = x.getType().isF32();
    constexpr double kLog2E = llvm::numbers::log2e;
    constexpr double kLn2 = llvm::numbers::ln2;
    if (f32 && name == "math.exp")
      return nvidia::emitExp2Approx(
          b, loc, LLVM::FMulOp::create(b, loc, x, f32Constant(b, loc, kLog2E)));
    if (f32 && name == "math.exp2")
      return nvidia::emitExp2ApproxFtz(b, loc, x);
    if (f32 && name == "math.log") {
      Value ln2 = f32Constant(b, loc, kLn2);
      return LLVM::FMulOp::create(b, loc, nvidia::emitLog2Approx(b, loc, x),
                                  ln2);
    }
    if (f32 && name == "math.log2")
      return nvidia::emitLog2Approx(b, loc, x);
    if (f32 && name == "math.sqrt")
      return nvidia::emitSqrtApprox(b, loc, x);
    if (f32 && name == "math.rsqrt")
      return nvidia::emitRsqrtApprox(b, loc, x);
    if (name == "math.sqrt")
      return LLVM::SqrtOp::create(b, loc, x);
    if (name == "math.absf")
      return LLVM::FAbsOp::create(b, loc, x);
    if (name == "math.floor")
      return LLVM::FFloorOp::create(b, loc, x);
    if (name == "math.ceil")
      return LLVM::FCeilOp::create(b, loc, x);
    std::string libdevice = nvidia::getLibdeviceName(name, x.getType());
    if (libdevice.empty())
      return {};
    return nvidia::emitLibdeviceCall(b, loc, libdevice, x.getType(), x);
  }
};

/// math.powf, math.atan2, math.copysign, math.fma on scalars.
struct MultiOperandMathConversion : public ConversionPattern {
  MultiOperandMathConversion(const TypeConverter &converter,
                             MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef name = op->getName().getStringRef();
    if (!isa<math::PowFOp, math::Atan2Op, math::CopySignOp, math::FmaOp>(op) ||
        isa<RankedTensorType>(op->getResult(0).getType()))
      return rewriter.notifyMatchFailure(op, "not a scalar multi-operand op");
    Location loc = op->getLoc();
    Type type = operands[0].getType();
    Value result;
    if (isa<math::FmaOp>(op)) {
      result = LLVM::FMAOp::create(rewriter, loc, operands[0], operands[1],
                                   operands[2]);
    } else if (isa<math::CopySignOp>(op)) {
      result =
          LLVM::CopySignOp::create(rewriter, loc, operands[0], operands[1]);
    } else {
      // libdevice takes f32 or f64; narrower floats go through f32.
      bool narrow = !(type.isF32() || type.isF64());
      Type computeType = narrow ? rewriter.getF32Type() : type;
      SmallVector<Value> args = llvm::map_to_vector(operands, [&](Value v) {
        return narrow
                   ? Value(LLVM::FPExtOp::create(rewriter, loc, computeType, v))
                   : v;
      });
      std::string libdevice = nvidia::getLibdeviceName(name, computeType);
      if (libdevice.empty())
        return op->emitOpError("has no lowering for ") << type;
      result = nvidia::emitLibdeviceCall(rewriter, loc, libdevice, computeType,
                                         args);
      if (narrow)
        result = LLVM::FPTruncOp::create(rewriter, loc, type, result);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// math.absi on scalars. The minimum value's abs is defined (it wraps to
/// itself) rather than poison, as in Triton's lowering: tl.abs promises a
/// result for every input.
struct AbsIConversion : public ConvertOpToLLVMPattern<math::AbsIOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(math::AbsIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      return rewriter.notifyMatchFailure(op, "tensors are split first");
    Value x = adaptor.getOperand();
    rewriter.replaceOp(op, LLVM::AbsOp::create(rewriter, op.getLoc(),
                                               x.getType(), x,
                                               /*is_int_min_poison=*/false));
    return success();
  }
};

/// math.absf on fp8 scalars (i8 in LLVM): the sign bit cleared, as Triton
/// does; every fp8 format has its sign in bit 7, and clearing it needs no
/// arithmetic on the format.
struct Fp8AbsFConversion : public ConvertOpToLLVMPattern<math::AbsFOp> {
  Fp8AbsFConversion(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(math::AbsFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (isa<RankedTensorType>(type))
      return rewriter.notifyMatchFailure(op, "tensors are split first");
    if (LLVM::isCompatibleFloatingPointType(type) ||
        type.getIntOrFloatBitWidth() != 8)
      return rewriter.notifyMatchFailure(op, "not fp8");
    Value bits = adaptor.getOperand();
    Value mask =
        LLVM::ConstantOp::create(rewriter, op.getLoc(), bits.getType(),
                                 rewriter.getIntegerAttr(bits.getType(), 0x7f));
    rewriter.replaceOp(op,
                       LLVM::AndOp::create(rewriter, op.getLoc(), bits, mask));
    return success();
  }
};

/// f32 division: Triton's div.full.f32 (tt.precise_divf is the IEEE one).
struct DivFConversion : public ConvertOpToLLVMPattern<arith::DivFOp> {
  DivFConversion(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(arith::DivFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getType().isF32())
      return rewriter.notifyMatchFailure(op, "only f32 uses div.full");
    rewriter.replaceOp(op,
                       nvidia::emitDivFull(rewriter, op.getLoc(),
                                           adaptor.getLhs(), adaptor.getRhs()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// tt's elementwise ops
//===----------------------------------------------------------------------===//

/// tt ops lowered per element by `compute(operands, elementType)`.
template <typename TTOp>
struct TTElementwiseConversion : public ConvertOpToLLVMPattern<TTOp> {
  using Compute =
      std::function<Value(OpBuilder &, Location, TTOp, ValueRange, Type)>;
  TTElementwiseConversion(LLVMTypeConverter &converter, Compute compute)
      : ConvertOpToLLVMPattern<TTOp>(converter), compute(std::move(compute)) {}
  LogicalResult
  matchAndRewrite(TTOp op, typename TTOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerPerElement(
        op, adaptor.getOperands(), rewriter, *this->getTypeConverter(),
        [&](ValueRange scalars, Type type) {
          return compute(rewriter, op.getLoc(), op, scalars, type);
        });
  }
  Compute compute;
};

Type getPointeeElementType(const TypeConverter &converter, Value ptrLike) {
  auto ptr = cast<tt::PointerType>(getElementTypeOrSelf(ptrLike.getType()));
  return converter.convertType(ptr.getPointeeType());
}
} // namespace

LogicalResult mlir::tile::checkFp8Arithmetic(Operation *op) {
  // Constants, selects and bitcasts move bits, and absf clears one; fp8
  // values are i8 in LLVM.
  if (isa<arith::ConstantOp, arith::SelectOp, arith::BitcastOp, math::AbsFOp>(
          op) ||
      !(isa_and_present<arith::ArithDialect, math::MathDialect>(
            op->getDialect()) ||
        isa<tt::ClampFOp, tt::PreciseSqrtOp, tt::PreciseDivFOp,
            tt::ExternElementwiseOp>(op)))
    return success();
  for (Type type :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes())) {
    Type element = getElementTypeOrSelf(type);
    if (!isa<FloatType>(element) ||
        LLVM::isCompatibleFloatingPointType(element))
      continue;
    if (isa<arith::TruncFOp, arith::ExtFOp>(op))
      return op->emitOpError("with ")
             << element
             << " cannot be lowered: convert fp8 with tt.fp_to_fp (rounding "
                "= rtne to narrow), as Triton's frontend does";
    return op->emitOpError("on ")
           << element
           << " cannot be lowered: the GPU has no arithmetic on this type; "
              "widen it with tt.fp_to_fp first, as Triton's frontend does";
  }
  return success();
}

void mlir::tile::populateElementwiseOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  MLIRContext *context = patterns.getContext();
  patterns.add<TensorElementwiseConversion>(converter, context,
                                            lowering); // arith.*, math.*
  patterns.add<MultiOperandMathConversion>(converter, context);
  patterns.add<DivFConversion>(converter);          // arith.divf
  patterns.add<AbsIConversion>(converter);          // math.absi
  patterns.add<Fp8AbsFConversion>(converter);       // math.absf on fp8
  patterns.add<UnaryMathConversion<math::ExpOp>,    // math.exp
               UnaryMathConversion<math::Exp2Op>,   // math.exp2
               UnaryMathConversion<math::LogOp>,    // math.log
               UnaryMathConversion<math::Log2Op>,   // math.log2
               UnaryMathConversion<math::Log10Op>,  // math.log10
               UnaryMathConversion<math::Log1pOp>,  // math.log1p
               UnaryMathConversion<math::ExpM1Op>,  // math.expm1
               UnaryMathConversion<math::SqrtOp>,   // math.sqrt
               UnaryMathConversion<math::RsqrtOp>,  // math.rsqrt
               UnaryMathConversion<math::ErfOp>,    // math.erf
               UnaryMathConversion<math::ErfcOp>,   // math.erfc
               UnaryMathConversion<math::TanhOp>,   // math.tanh
               UnaryMathConversion<math::SinOp>,    // math.sin
               UnaryMathConversion<math::CosOp>,    // math.cos
               UnaryMathConversion<math::TanOp>,    // math.tan
               UnaryMathConversion<math::AtanOp>,   // math.atan
               UnaryMathConversion<math::AbsFOp>,   // math.absf
               UnaryMathConversion<math::FloorOp>,  // math.floor
               UnaryMathConversion<math::CeilOp>,   // math.ceil
               UnaryMathConversion<math::CbrtOp>,   // math.cbrt
               UnaryMathConversion<math::RoundOp>,  // math.round
               UnaryMathConversion<math::TruncOp>>( // math.trunc
      converter);

  const TypeConverter &tc = converter;
  patterns.add<TTElementwiseConversion<tt::AddPtrOp>>( // tt.addptr
      converter,
      [&tc](OpBuilder &b, Location loc, tt::AddPtrOp op, ValueRange v,
            Type type) -> Value {
        Type pointee = getPointeeElementType(tc, op.getPtr());
        return LLVM::GEPOp::create(b, loc, type, pointee, v[0], v[1]);
      });
  patterns.add<TTElementwiseConversion<tt::IntToPtrOp>>( // tt.int_to_ptr
      converter,
      [](OpBuilder &b, Location loc, tt::IntToPtrOp, ValueRange v, Type type)
          -> Value { return LLVM::IntToPtrOp::create(b, loc, type, v[0]); });
  patterns.add<TTElementwiseConversion<tt::PtrToIntOp>>( // tt.ptr_to_int
      converter,
      [](OpBuilder &b, Location loc, tt::PtrToIntOp, ValueRange v, Type type)
          -> Value { return LLVM::PtrToIntOp::create(b, loc, type, v[0]); });
  patterns.add<TTElementwiseConversion<tt::BitcastOp>>( // tt.bitcast
      converter,
      [](OpBuilder &b, Location loc, tt::BitcastOp, ValueRange v,
         Type type) -> Value {
        if (v[0].getType() == type)
          return v[0];
        return LLVM::BitcastOp::create(b, loc, type, v[0]);
      });
  patterns.add<TTElementwiseConversion<tt::MulhiUIOp>>( // tt.mulhiui
      converter,
      [](OpBuilder &b, Location loc, tt::MulhiUIOp, ValueRange v, Type)
          -> Value { return nvidia::emitMulHiUnsigned(b, loc, v[0], v[1]); });
  patterns.add<TTElementwiseConversion<tt::PreciseSqrtOp>>( // precise_sqrt
      converter,
      [](OpBuilder &b, Location loc, tt::PreciseSqrtOp, ValueRange v,
         Type) -> Value { return LLVM::SqrtOp::create(b, loc, v[0]); });
  patterns.add<TTElementwiseConversion<tt::PreciseDivFOp>>( // precise_divf
      converter,
      [](OpBuilder &b, Location loc, tt::PreciseDivFOp, ValueRange v,
         Type) -> Value { return LLVM::FDivOp::create(b, loc, v[0], v[1]); });
  // PTX has NaN-propagating min and max (max.NaN) from sm_80 on.
  bool hasNaNMinMax =
      lowering.computeCapability == 0 || lowering.computeCapability >= 80;
  patterns.add<TTElementwiseConversion<tt::ClampFOp>>( // tt.clampf
      converter,
      [hasNaNMinMax](OpBuilder &b, Location loc, tt::ClampFOp op, ValueRange v,
                     Type type) -> Value {
        // propagateNan = none: a NaN x yields a bound (maxnum/minnum).
        if (op.getPropagateNan() != tt::PropagateNan::ALL)
          return LLVM::MinNumOp::create(
              b, loc, LLVM::MaxNumOp::create(b, loc, v[0], v[1]), v[2]);
        // all: NaN in x stays NaN (maximum/minimum).
        if (hasNaNMinMax)
          return LLVM::MinimumOp::create(
              b, loc, LLVM::MaximumOp::create(b, loc, v[0], v[1]), v[2]);
        // Before sm_80, as Triton: the bounds clamp by maxnum/minnum and a
        // NaN x is selected back.
        Value isNaN =
            LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::une, v[0], v[0]);
        Value clamped = LLVM::MinNumOp::create(
            b, loc, LLVM::MaxNumOp::create(b, loc, v[0], v[1]), v[2]);
        auto floatType = cast<FloatType>(type);
        Value nan = LLVM::ConstantOp::create(
            b, loc, type,
            b.getFloatAttr(type,
                           APFloat::getNaN(floatType.getFloatSemantics())));
        return LLVM::SelectOp::create(b, loc, isNaN, nan, clamped);
      });
  patterns.add<TTElementwiseConversion<tt::ExternElementwiseOp>>( // extern
      converter,
      [](OpBuilder &b, Location loc, tt::ExternElementwiseOp op, ValueRange v,
         Type type) -> Value {
        return nvidia::emitLibdeviceCall(b, loc, op.getSymbol(), type, v);
      });
}

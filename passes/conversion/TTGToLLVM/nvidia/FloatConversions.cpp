//===- FloatConversions.cpp - tt.fp_to_fp element conversions -------------===//
//
// Triton 3.6's NVIDIA table of float conversions, and nothing more: what it
// converts it converts the same way, what it refuses gets a reason.
//
// - Between f16, bf16, f32 and f64: widening is exact (fpext), rtne
//   narrowing is fptrunc (cvt.rn), rtz narrowing exists from f32 to f16
//   (cvt.rz.f16.f32) and bf16 (cvt.rz.bf16.f32). f16 <-> bf16 has no entry
//   (Triton's frontend casts through f32).
// - fp8 (f8E4M3FN, f8E5M2) to and from f16, bf16 and f32. From sm_89 on the
//   hardware converts a register of two elements: cvt.rn.f16x2.{e4m3,e5m2}x2
//   up, cvt.rn.satfinite.{e4m3,e5m2}x2.{f16x2,f32} down (rounding to nearest
//   even, saturating to the largest finite value, NaN stays NaN). Below
//   sm_90 an f32 source is first rounded toward zero to f16, as Triton does.
//   f8E4M3FN needs sm_89. f8E5M2 below sm_89 takes Triton's bit sequences
//   (f8E5M2 is the top byte of an f16), with their quirks kept: rounding
//   half away from zero, no saturation (large values become inf, and from
//   bf16 even NaN codes), f8E5M2 -> bf16 maps inf and NaN to finite values.
//   rtz to fp8 exists only from f32 to f8E5M2 (f32 -> f16 rtz, then the
//   f16's top byte).
//
// Triton packs the software sequences four elements to a 32-bit register;
// here they are written per element, which gives the same bits: no lane of
// those packed sequences carries into a byte of another.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The core step of a conversion (between its optional f32 -> f16 rtz
/// first step and f16 -> f32 last step).
enum class Kernel {
  Identity,
  Extend,                // fpext
  Truncate,              // fptrunc: round to nearest even
  TruncateTowardZero,    // f32 -> f16/bf16, cvt.rz
  Fp8PairToF16,          // cvt.rn.f16x2.{e4m3,e5m2}x2
  E5M2ToF16Bits,         // below sm_89: the f16 whose top byte is the fp8
  E4M3PairToBF16,        // cvt.rn.f16x2.e4m3x2, then f16 -> bf16
  E5M2ToBF16Scaled,      // exponent rebiased by a multiply by 2^112
  F16PairToFp8,          // cvt.rn.satfinite.{e4m3,e5m2}x2.f16x2
  F32PairToFp8,          // cvt.rn.satfinite.{e4m3,e5m2}x2.f32
  BF16PairToFp8,         // bf16 -> f32, then as F32PairToFp8
  F16ToE5M2HalfUp,       // below sm_89: top byte after adding 0x80
  F16ToE5M2TowardZero,   // top byte
  BF16ToE5M2ClampedBits, // below sm_89: Triton's clamp and shift
};

struct Plan {
  Kernel kernel = Kernel::Identity;
  /// An f32 source is first rounded toward zero to f16.
  bool narrowToF16First = false;
  /// The kernel produces f16, widened to the f32 result.
  bool widenToF32Last = false;
};

bool isEightBitFloat(Type type) {
  return isa<FloatType>(type) && type.getIntOrFloatBitWidth() == 8;
}

bool isNvidiaFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

/// The floats LLVM computes on.
bool isWideFloat(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// f16, bf16 or f32: the types Triton converts fp8 to and from.
bool isFp8Partner(Type type) {
  return type.isF16() || type.isBF16() || type.isF32();
}

std::string describe(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// Triton 3.6's choice for `c`, or failure with the reason in `why`.
FailureOr<Plan> planConversion(const nvidia::FloatConversion &c,
                               std::string &why) {
  Type src = c.source, dst = c.result;
  int cc = c.computeCapability;
  std::optional<tt::RoundingMode> rounding = c.rounding;
  for (Type type : {src, dst})
    if (!isWideFloat(type) && !isEightBitFloat(type)) {
      why = "no conversion of " + describe(type);
      return failure();
    }
  Plan plan;
  if (src == dst)
    return plan;

  unsigned srcBits = src.getIntOrFloatBitWidth();
  unsigned dstBits = dst.getIntOrFloatBitWidth();
  if (!isEightBitFloat(src) && !isEightBitFloat(dst)) {
    if (dstBits > srcBits) {
      plan.kernel = Kernel::Extend; // Exact: a rounding mode changes nothing.
      return plan;
    }
    if (dstBits == srcBits) {
      why = "Triton 3.6 has no conversion between " + describe(src) + " and " +
            describe(dst) + "; convert through f32";
      return failure();
    }
    if (!rounding) {
      why = "a narrowing conversion needs a rounding mode";
      return failure();
    }
    if (*rounding == tt::RoundingMode::RTNE) {
      plan.kernel = Kernel::Truncate;
      return plan;
    }
    if (src.isF32() && (dst.isF16() || dst.isBF16())) {
      plan.kernel = Kernel::TruncateTowardZero;
      return plan;
    }
    why = "rounding = rtz narrows only f32 (to f16, bf16 or f8E5M2)";
    return failure();
  }

  // fp8 on one side at least.
  for (Type type : {src, dst})
    if (isEightBitFloat(type) && !isNvidiaFp8(type)) {
      why = describe(type) + " is not an NVIDIA fp8 type (f8E4M3FN, f8E5M2)";
      return failure();
    }
  Type other = isEightBitFloat(src) ? dst : src;
  if (!isFp8Partner(other)) {
    why = "Triton 3.6 converts fp8 only to and from f16, bf16 and f32";
    return failure();
  }
  if (cc == 0) {
    why = "fp8 conversions need the target (module attribute ttg.target)";
    return failure();
  }
  bool e4m3 = isa<Float8E4M3FNType>(src) || isa<Float8E4M3FNType>(dst);
  if (e4m3 && cc < 89) {
    why = "f8E4M3FN conversions need compute capability 89 or higher";
    return failure();
  }
  bool native = cc >= 89;

  if (isEightBitFloat(src)) {
    if (rounding) {
      why = "a widening conversion from fp8 is exact and takes no rounding "
            "mode";
      return failure();
    }
    if (dst.isBF16()) {
      plan.kernel = e4m3 ? Kernel::E4M3PairToBF16 : Kernel::E5M2ToBF16Scaled;
      return plan;
    }
    plan.kernel = native ? Kernel::Fp8PairToF16 : Kernel::E5M2ToF16Bits;
    plan.widenToF32Last = dst.isF32();
    return plan;
  }

  if (!rounding) {
    why = "a narrowing conversion needs a rounding mode";
    return failure();
  }
  if (*rounding == tt::RoundingMode::RTZ) {
    if (!(src.isF32() && isa<Float8E5M2Type>(dst))) {
      why = "rounding = rtz to fp8 exists only from f32 to f8E5M2";
      return failure();
    }
    plan.narrowToF16First = true;
    plan.kernel = Kernel::F16ToE5M2TowardZero;
    return plan;
  }
  if (src.isF32() && cc >= 90) {
    plan.kernel = Kernel::F32PairToFp8;
    return plan;
  }
  if (src.isBF16()) {
    plan.kernel =
        native ? Kernel::BF16PairToFp8 : Kernel::BF16ToE5M2ClampedBits;
    return plan;
  }
  plan.narrowToF16First = src.isF32();
  plan.kernel = native ? Kernel::F16PairToFp8 : Kernel::F16ToE5M2HalfUp;
  return plan;
}

int getKernelWidth(Kernel kernel) {
  switch (kernel) {
  case Kernel::Fp8PairToF16:
  case Kernel::E4M3PairToBF16:
  case Kernel::F16PairToFp8:
  case Kernel::F32PairToFp8:
  case Kernel::BF16PairToFp8:
    return 2;
  default:
    return 1;
  }
}

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

Value intConstant(OpBuilder &b, Location loc, Type type, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, value));
}

Value bitcast(OpBuilder &b, Location loc, Value value, Type type) {
  return LLVM::BitcastOp::create(b, loc, type, value);
}

/// The two elements `lo` (bits 0 up) and `hi` in one register of their
/// combined width.
Value packPair(OpBuilder &b, Location loc, Value lo, Value hi) {
  Type element = lo.getType();
  auto vectorType = VectorType::get({2}, element);
  Value vector = LLVM::UndefOp::create(b, loc, vectorType);
  Type i32 = b.getI32Type();
  vector = LLVM::InsertElementOp::create(b, loc, vector, lo,
                                         intConstant(b, loc, i32, 0));
  vector = LLVM::InsertElementOp::create(b, loc, vector, hi,
                                         intConstant(b, loc, i32, 1));
  return bitcast(b, loc, vector,
                 b.getIntegerType(2 * element.getIntOrFloatBitWidth()));
}

/// The low and high halves of `word` as elements of type `element`.
SmallVector<Value> unpackPair(OpBuilder &b, Location loc, Value word,
                              Type element) {
  Value vector = bitcast(b, loc, word, VectorType::get({2}, element));
  Type i32 = b.getI32Type();
  return {LLVM::ExtractElementOp::create(b, loc, vector,
                                         intConstant(b, loc, i32, 0)),
          LLVM::ExtractElementOp::create(b, loc, vector,
                                         intConstant(b, loc, i32, 1))};
}

/// The PTX name of an fp8 type in cvt.
StringRef getPtxName(Type fp8) {
  return isa<Float8E4M3FNType>(fp8) ? "e4m3x2" : "e5m2x2";
}

/// f32 -> f16 or bf16 rounding toward zero.
Value truncateTowardZero(OpBuilder &b, Location loc, Value x, Type to) {
  if (to.isBF16())
    return LLVM::CallIntrinsicOp::create(
               b, loc, to, b.getStringAttr("llvm.nvvm.f2bf16.rz"), x)
        .getResult(0);
  return nvidia::emitInlinePTX(b, loc, to, x, "cvt.rz.f16.f32 $0, $1;", "=h,f",
                               /*hasSideEffects=*/false);
}

/// The i16 bits of an f16 or bf16 value, and back.
Value bitsOf(OpBuilder &b, Location loc, Value x) {
  return bitcast(b, loc, x, b.getI16Type());
}

/// The top byte of the i16 `bits`: an fp8 element.
Value topByte(OpBuilder &b, Location loc, Value bits) {
  Type i16 = b.getI16Type();
  Value shifted =
      LLVM::LShrOp::create(b, loc, bits, intConstant(b, loc, i16, 8));
  return LLVM::TruncOp::create(b, loc, b.getI8Type(), shifted);
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

/// Two fp8 elements (i8) to two f16, one cvt.
SmallVector<Value> convertFp8PairToF16(OpBuilder &b, Location loc,
                                       ValueRange pair, Type fp8) {
  Value packed = packPair(b, loc, pair[0], pair[1]);
  std::string asmText = ("cvt.rn.f16x2." + getPtxName(fp8) + " $0, $1;").str();
  Value word = nvidia::emitInlinePTX(b, loc, b.getI32Type(), packed, asmText,
                                     "=r,h", /*hasSideEffects=*/false);
  return unpackPair(b, loc, word, b.getF16Type());
}

/// Two f16 (or two f32) to two fp8 elements, one cvt that rounds to nearest
/// even and saturates to the largest finite value.
SmallVector<Value> convertPairToFp8(OpBuilder &b, Location loc, ValueRange pair,
                                    Type fp8) {
  std::string name = getPtxName(fp8).str();
  Value word;
  if (pair[0].getType().isF16()) {
    Value packed = packPair(b, loc, pair[0], pair[1]);
    word = nvidia::emitInlinePTX(b, loc, b.getI16Type(), packed,
                                 "cvt.rn.satfinite." + name + ".f16x2 $0, $1;",
                                 "=h,r",
                                 /*hasSideEffects=*/false);
  } else {
    // The first source operand fills the high byte.
    word = nvidia::emitInlinePTX(
        b, loc, b.getI16Type(), ValueRange{pair[1], pair[0]},
        "cvt.rn.satfinite." + name + ".f32 $0, $1, $2;", "=h,f,f",
        /*hasSideEffects=*/false);
  }
  return unpackPair(b, loc, word, b.getI8Type());
}

/// The bits of the f16 whose top byte is the f8E5M2 `byte` (the same
/// value: f8E5M2 is f16 without its low mantissa byte).
Value getE5M2AsF16Bits(OpBuilder &b, Location loc, Value byte) {
  Type i16 = b.getI16Type();
  Value wide = LLVM::ZExtOp::create(b, loc, i16, byte);
  return LLVM::ShlOp::create(b, loc, wide, intConstant(b, loc, i16, 8));
}

/// f8E5M2 -> bf16 as Triton computes it: the magnitude's exponent and
/// mantissa shifted into bf16's fields (an exponent bias of 15 read as 127)
/// and multiplied by 2^112, the sign put back. Exact for finite values; the
/// all-ones exponent of inf and NaN becomes the finite 2^16 times 1, 1.25,
/// 1.5 or 1.75. The multiply is bf16 on sm_90 and f32 below (bf16
/// arithmetic needs sm_90); both give the same bits.
Value convertE5M2ToBF16Scaled(OpBuilder &b, Location loc, Value byte,
                              bool bf16Multiply) {
  Type i16 = b.getI16Type(), i32 = b.getI32Type();
  Value bits = getE5M2AsF16Bits(b, loc, byte);
  Value magnitude =
      LLVM::AndOp::create(b, loc, bits, intConstant(b, loc, i16, 0x7fff));
  magnitude =
      LLVM::LShrOp::create(b, loc, magnitude, intConstant(b, loc, i16, 3));
  Value sign =
      LLVM::AndOp::create(b, loc, bits, intConstant(b, loc, i16, 0x8000));
  Type bf16 = b.getBF16Type(), f32 = b.getF32Type();
  if (bf16Multiply) {
    Value signed_ = LLVM::OrOp::create(b, loc, magnitude, sign);
    Value scale = LLVM::ConstantOp::create(
        b, loc, bf16, b.getFloatAttr(bf16, std::ldexp(1.0, 112)));
    return LLVM::FMulOp::create(b, loc, bitcast(b, loc, signed_, bf16), scale);
  }
  Value wide = LLVM::ZExtOp::create(b, loc, i32, magnitude);
  wide = LLVM::ShlOp::create(b, loc, wide, intConstant(b, loc, i32, 16));
  Value scale = LLVM::ConstantOp::create(
      b, loc, f32, b.getFloatAttr(f32, std::ldexp(1.0, 112)));
  Value product =
      LLVM::FMulOp::create(b, loc, bitcast(b, loc, wide, f32), scale);
  // The product is exact in bf16: its low 16 bits are zero.
  // Operands are built one statement each: C++ leaves the order in which
  // call arguments are evaluated open, and the IR should not depend on it.
  Value productBits = bitcast(b, loc, product, i32);
  Value high =
      LLVM::LShrOp::create(b, loc, productBits, intConstant(b, loc, i32, 16));
  high = LLVM::TruncOp::create(b, loc, i16, high);
  return bitcast(b, loc, LLVM::OrOp::create(b, loc, high, sign), bf16);
}

/// f16 -> f8E5M2 below sm_89: the top byte after adding 0x80 to the 16 bits
/// (half the dropped byte), i.e. ties round away from zero; no saturation
/// (finite values from 61440 up become inf), and NaNs whose top mantissa
/// bits are all set carry into the sign: 0x7f80-0x7fff become -0 and
/// 0xff80-0xffff +0.
Value convertF16ToE5M2HalfUp(OpBuilder &b, Location loc, Value x) {
  Type i16 = b.getI16Type();
  Value xBits = bitsOf(b, loc, x);
  Value bits =
      LLVM::AddOp::create(b, loc, xBits, intConstant(b, loc, i16, 0x80));
  return topByte(b, loc, bits);
}

/// bf16 -> f8E5M2 below sm_89, Triton's sequence: the magnitude clamped to
/// [0x3800, 0x57e0] (bf16 2^-15 and 1.75 * 2^48), 0x10 added (half of
/// f8E5M2's last mantissa bit), the exponent rebiased (- 0x3800), shifted
/// into the top byte, the sign put back. Values below 2^-14 are not made
/// subnormals, and the upper clamp lies far above f8E5M2's range, so large
/// magnitudes, inf and NaN run into inf and NaN codes.
Value convertBF16ToE5M2ClampedBits(OpBuilder &b, Location loc, Value x) {
  Type i16 = b.getI16Type();
  Value bits = bitsOf(b, loc, x);
  Value magnitude =
      LLVM::AndOp::create(b, loc, bits, intConstant(b, loc, i16, 0x7fff));
  magnitude =
      LLVM::UMaxOp::create(b, loc, magnitude, intConstant(b, loc, i16, 0x3800));
  magnitude =
      LLVM::UMinOp::create(b, loc, magnitude, intConstant(b, loc, i16, 0x57e0));
  magnitude = LLVM::AddOp::create(b, loc, magnitude,
                                  intConstant(b, loc, i16, 0x10 - 0x3800));
  magnitude =
      LLVM::ShlOp::create(b, loc, magnitude, intConstant(b, loc, i16, 3));
  Value sign =
      LLVM::AndOp::create(b, loc, bits, intConstant(b, loc, i16, 0x8000));
  return topByte(b, loc, LLVM::OrOp::create(b, loc, magnitude, sign));
}

SmallVector<Value> emitKernel(OpBuilder &b, Location loc, Kernel kernel,
                              ValueRange values,
                              const nvidia::FloatConversion &c) {
  Type fp8 = isEightBitFloat(c.source) ? c.source : c.result;
  auto perElement = [&](function_ref<Value(Value)> convert) {
    return llvm::map_to_vector(values, convert);
  };
  switch (kernel) {
  case Kernel::Identity:
    return llvm::to_vector(values);
  case Kernel::Extend:
    return perElement([&](Value x) -> Value {
      return LLVM::FPExtOp::create(b, loc, c.result, x);
    });
  case Kernel::Truncate:
    return perElement([&](Value x) -> Value {
      return LLVM::FPTruncOp::create(b, loc, c.result, x);
    });
  case Kernel::TruncateTowardZero:
    return perElement(
        [&](Value x) { return truncateTowardZero(b, loc, x, c.result); });
  case Kernel::Fp8PairToF16:
    return convertFp8PairToF16(b, loc, values, fp8);
  case Kernel::E5M2ToF16Bits:
    return perElement([&](Value x) {
      return bitcast(b, loc, getE5M2AsF16Bits(b, loc, x), b.getF16Type());
    });
  case Kernel::E4M3PairToBF16: {
    SmallVector<Value> halves = convertFp8PairToF16(b, loc, values, fp8);
    for (Value &x : halves) {
      if (c.computeCapability >= 90) {
        x = nvidia::emitInlinePTX(b, loc, b.getBF16Type(), x,
                                  "cvt.rn.bf16.f16 $0, $1;", "=h,h",
                                  /*hasSideEffects=*/false);
      } else { // cvt.bf16.f16 needs sm_90.
        Value wide = LLVM::FPExtOp::create(b, loc, b.getF32Type(), x);
        x = LLVM::FPTruncOp::create(b, loc, b.getBF16Type(), wide);
      }
    }
    return halves;
  }
  case Kernel::E5M2ToBF16Scaled:
    return perElement([&](Value x) {
      return convertE5M2ToBF16Scaled(b, loc, x, c.computeCapability >= 90);
    });
  case Kernel::F16PairToFp8:
  case Kernel::F32PairToFp8:
    return convertPairToFp8(b, loc, values, fp8);
  case Kernel::BF16PairToFp8: {
    SmallVector<Value> wide = perElement([&](Value x) -> Value {
      return LLVM::FPExtOp::create(b, loc, b.getF32Type(), x);
    });
    return convertPairToFp8(b, loc, wide, fp8);
  }
  case Kernel::F16ToE5M2HalfUp:
    return perElement(
        [&](Value x) { return convertF16ToE5M2HalfUp(b, loc, x); });
  case Kernel::F16ToE5M2TowardZero:
    return perElement(
        [&](Value x) { return topByte(b, loc, bitsOf(b, loc, x)); });
  case Kernel::BF16ToE5M2ClampedBits:
    return perElement(
        [&](Value x) { return convertBF16ToE5M2ClampedBits(b, loc, x); });
  }
  llvm_unreachable("unknown float conversion kernel");
}
} // namespace

std::string
nvidia::whyFloatConversionUnsupported(const FloatConversion &conversion) {
  std::string why;
  if (failed(planConversion(conversion, why)))
    return why.empty() ? "no conversion" : why;
  return "";
}

int nvidia::getFloatConversionWidth(const FloatConversion &conversion) {
  std::string why;
  FailureOr<Plan> plan = planConversion(conversion, why);
  return succeeded(plan) ? getKernelWidth(plan->kernel) : 1;
}

SmallVector<Value>
nvidia::emitFloatConversion(OpBuilder &builder, Location loc,
                            ValueRange elements,
                            const FloatConversion &conversion) {
  std::string why;
  FailureOr<Plan> plan = planConversion(conversion, why);
  if (failed(plan))
    return {};
  SmallVector<Value> values(elements);
  if (plan->narrowToF16First)
    for (Value &x : values)
      x = truncateTowardZero(builder, loc, x, builder.getF16Type());
  values = emitKernel(builder, loc, plan->kernel, values, conversion);
  if (plan->widenToF32Last)
    for (Value &x : values)
      x = LLVM::FPExtOp::create(builder, loc, builder.getF32Type(), x);
  return values;
}

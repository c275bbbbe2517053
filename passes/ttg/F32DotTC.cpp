//===- F32DotTC.cpp - Accurate f32 dots from tensor-core dots -------------===//
//
// tritongpu-F32DotTC: an f32 dot asking for tf32x3, bf16x3 or bf16x6
// precision is rewritten, before accelerate-matmul, into tensor-core dots
// of the operands split into high and low parts, so that accelerate-matmul
// then gives each of them an mma layout like any tf32 or bf16 dot. The new
// ops keep the operands' (dot operand) encodings, as Triton's pass does.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "passes/conversion/TTGToLLVM/nvidia/InlineAsmStrings.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGF32DOTTCPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Builds the pieces of the split dots at one place.
struct DotSplitter {
  OpBuilder &builder;
  tt::DotOp dot;

  Location loc() { return dot.getLoc(); }

  Value zerosLike(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    return arith::ConstantOp::create(
        builder, loc(),
        DenseElementsAttr::get(type,
                               builder.getZeroAttr(type.getElementType())));
  }

  /// `value` with each NaN replaced by zero.
  Value zeroNaNs(Value value) {
    Value isNaN = arith::CmpFOp::create(
        builder, loc(), arith::CmpFPredicate::UNO, value, value);
    return arith::SelectOp::create(builder, loc(), isNaN, zerosLike(value),
                                   value);
  }

  Value product(Value a, Value b, Value acc, tt::InputPrecision precision) {
    return tt::DotOp::create(builder, loc(), acc.getType(), a, b, acc,
                             precision, dot.getMaxNumImpreciseAcc());
  }

  /// `value` rounded to tf32 (to nearest, ties away from zero), still f32.
  Value roundToTF32(Value value) {
    auto roundOp = tt::ElementwiseInlineAsmOp::create(
        builder, loc(), TypeRange{value.getType()},
        builder.getStringAttr(nvidia::kRoundToTF32Asm),
        builder.getStringAttr(nvidia::kRoundToTF32Constraints),
        builder.getBoolAttr(true), builder.getI32IntegerAttr(1),
        ValueRange{value});
    return roundOp->getResult(0);
  }

  /// The first `count` bf16 parts of f32 `value`: each the truncation of
  /// what the earlier parts leave of it.
  SmallVector<Value> splitToBF16(Value value, int count) {
    auto type = cast<RankedTensorType>(value.getType());
    auto bf16Type = type.clone(builder.getBF16Type());
    SmallVector<Value> parts;
    for (int i = 0; i < count; ++i) {
      Value part = arith::TruncFOp::create(builder, loc(), bf16Type, value);
      parts.push_back(part);
      if (i + 1 < count)
        value = arith::SubFOp::create(
            builder, loc(), value,
            arith::ExtFOp::create(builder, loc(), type, part));
    }
    return parts;
  }

  Value splitTF32x3() {
    Value a = dot.getA(), b = dot.getB();
    Value aBig = roundToTF32(a), bBig = roundToTF32(b);
    Value aSmall = arith::SubFOp::create(builder, loc(), a, aBig);
    Value bSmall = arith::SubFOp::create(builder, loc(), b, bBig);
    auto tf32 = tt::InputPrecision::TF32;
    Value small = product(aSmall, bBig, zerosLike(dot.getC()), tf32);
    small = product(aBig, bSmall, small, tf32);
    Value sum = product(aBig, bBig, zeroNaNs(small), tf32);
    return arith::AddFOp::create(builder, loc(), sum, dot.getC());
  }

  Value splitBF16(bool six) {
    enum { Hi, Mid, Lo };
    SmallVector<Value> a = splitToBF16(dot.getA(), six ? 3 : 2);
    SmallVector<Value> b = splitToBF16(dot.getB(), six ? 3 : 2);
    auto ieee = tt::InputPrecision::IEEE;
    Value sum = zerosLike(dot.getC());
    if (six) {
      sum = product(a[Mid], b[Mid], sum, ieee);
      sum = product(a[Lo], b[Hi], sum, ieee);
      sum = product(a[Hi], b[Lo], sum, ieee);
    }
    sum = product(a[Mid], b[Hi], sum, ieee);
    sum = product(a[Hi], b[Mid], sum, ieee);
    sum = product(a[Hi], b[Hi], zeroNaNs(sum), ieee);
    return arith::AddFOp::create(builder, loc(), sum, dot.getC());
  }
};

bool hasF32Operands(tt::DotOp dot) {
  return getElementTypeOrSelf(dot.getA().getType()).isF32() &&
         getElementTypeOrSelf(dot.getB().getType()).isF32() &&
         getElementTypeOrSelf(dot.getC().getType()).isF32();
}

struct F32DotTCPass : public tile::impl::TTGF32DotTCPassBase<F32DotTCPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<tt::DotOp> dots;
    getOperation().walk([&](tt::DotOp dot) {
      tt::InputPrecision precision = dot.getInputPrecision();
      bool split = precision == tt::InputPrecision::BF16x3 ||
                   precision == tt::InputPrecision::BF16x6 ||
                   (emuTF32 && precision == tt::InputPrecision::TF32x3);
      if (split && hasF32Operands(dot))
        dots.push_back(dot);
    });
    for (tt::DotOp dot : dots) {
      OpBuilder builder(dot);
      DotSplitter splitter{builder, dot};
      Value result;
      switch (dot.getInputPrecision()) {
      case tt::InputPrecision::TF32x3:
        result = splitter.splitTF32x3();
        break;
      case tt::InputPrecision::BF16x6:
        result = splitter.splitBF16(/*six=*/true);
        break;
      default:
        result = splitter.splitBF16(/*six=*/false);
        break;
      }
      dot.replaceAllUsesWith(result);
      dot.erase();
      ++numSplitDots;
    }
  }
};
} // namespace

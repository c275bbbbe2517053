//===- DebugOpToLLVM.cpp - tt.print and tt.assert to LLVM -----------------===//
//
// As Triton 3.6 prints: every element a thread holds (each with its
// coordinates in the tensor) becomes one device printf line
//   pid (<x>, <y>, <z>) idx (<i0>, <i1>, ...)<prefix>[(operand <n>) ]<value>
// where each index is padded to the digits of its dimension, "(operand n)"
// appears only when several tensors are printed, and values are %f, %i/%u
// (%lli/%llu for 64 bits) as `isSigned` says, or 0x%0<bits/4>x with `hex`.
// Without operands the line is the pid and the prefix.
//
// tt.assert calls CUDA's __assertfail when any element the thread holds is
// false, with the file and line of the op's location (function "unknown",
// as Triton reports it); after a tensor assertion the CTA synchronizes, so
// no thread runs ahead of a failing one into code the assertion guards.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The printf conversion of one value of LLVM type `type`.
std::string formatOf(Type type, bool hex, bool isSigned) {
  if (isa<LLVM::LLVMPointerType>(type))
    return "%p";
  unsigned bits = type.getIntOrFloatBitWidth();
  if (hex)
    return "0x%0" + std::to_string(bits / 4) + (bits > 32 ? "ll" : "") + "x";
  if (isa<FloatType>(type))
    return "%f";
  return std::string(bits == 64 ? "%ll" : "%") + (isSigned ? "i" : "u");
}

struct PrintConversion : public ConvertOpToLLVMPattern<tt::PrintOp> {
  PrintConversion(LLVMTypeConverter &converter, const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(tt::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> pid;
    for (int axis = 0; axis < 3; ++axis)
      pid.push_back(nvidia::getBlockId(rewriter, loc, axis));
    std::string pidFormat = "pid (%u, %u, %u)";
    if (op.getArgs().empty()) {
      nvidia::emitPrintf(rewriter, loc, pidFormat + op.getPrefix().str(), pid,
                         {false, false, false});
      rewriter.eraseOp(op);
      return success();
    }

    size_t numArgs = op.getArgs().size();
    for (auto [i, original, value] :
         llvm::enumerate(op.getArgs(), adaptor.getArgs())) {
      bool isSigned = op.getIsSigned()[i] > 0;
      SmallVector<Value> elements{value};
      SmallVector<SmallVector<Value>> indices{{}};
      std::string indexFormat;
      if (auto type = dyn_cast<RankedTensorType>(original.getType())) {
        std::optional<layout::LinearLayout> layout = ttg::toLinearLayout(type);
        if (!layout)
          return rewriter.notifyMatchFailure(op, "operand without a layout");
        elements = unpackElements(rewriter, loc, value);
        indices = emitIndices(rewriter, loc, *layout, lowering.threadsPerWarp);
        for (auto [d, size] : llvm::enumerate(type.getShape())) {
          int width = size > 0 ? int(std::ceil(std::log10(double(size)))) : 0;
          indexFormat += (d ? ", %" : "%") + std::to_string(width) + "u";
        }
      }
      std::string format =
          pidFormat + " idx (" + indexFormat + ")" + op.getPrefix().str() +
          (numArgs > 1 ? "(operand " + std::to_string(i) + ") " : "") +
          formatOf(elements.front().getType(), op.getHex(), isSigned);
      for (auto [element, index] : llvm::zip(elements, indices)) {
        SmallVector<Value> args(pid);
        args.append(index.begin(), index.end());
        args.push_back(element);
        nvidia::emitPrintf(rewriter, loc, format, args,
                           SmallVector<bool>(args.size(), isSigned));
      }
    }
    rewriter.eraseOp(op);
    return success();
  }

  const LoweringContext &lowering;
};

/// The file and line of `loc`, looking through call sites and names.
std::pair<std::string, int> getFileAndLine(Location loc) {
  while (true) {
    if (auto call = dyn_cast<CallSiteLoc>(loc))
      loc = call.getCallee();
    else if (auto name = dyn_cast<NameLoc>(loc))
      loc = name.getChildLoc();
    else
      break;
  }
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return {file.getFilename().str(), int(file.getLine())};
  return {"unknown", 0};
}

struct AssertConversion : public ConvertOpToLLVMPattern<tt::AssertOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tt::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool isTensor = isa<RankedTensorType>(op.getCondition().getType());
    SmallVector<Value> elements =
        isTensor ? unpackElements(rewriter, loc, adaptor.getCondition())
                 : SmallVector<Value>{adaptor.getCondition()};
    Value anyFalse;
    for (Value element : elements) {
      Value zero = LLVM::ConstantOp::create(
          rewriter, loc, element.getType(),
          rewriter.getIntegerAttr(element.getType(), 0));
      Value isFalse = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq, element, zero);
      anyFalse =
          anyFalse ? Value(LLVM::OrOp::create(rewriter, loc, anyFalse, isFalse))
                   : isFalse;
    }
    auto [file, line] = getFileAndLine(loc);
    auto ifOp = scf::IfOp::create(rewriter, loc, anyFalse,
                                  /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      nvidia::emitAssertFail(rewriter, loc, op.getMessage(), file, line,
                             "unknown");
    }
    if (isTensor)
      nvidia::emitCTABarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::tile::populateDebugOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<PrintConversion>(converter, lowering);
  patterns.add<AssertConversion>(converter);
}

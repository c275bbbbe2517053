//===- NVGToLLVM.cpp - convert-nv-gpu-to-llvm -----------------------------===//
//
// Lowers the nvg dialect (Triton's NVGPU) to NVVM ops and inline PTX. The
// warpgroup MMA and its wait reuse the builders the ttng.warp_group_dot
// lowering uses (WGMMA.cpp), so both paths print the same PTX.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/Passes.h"
#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/nvg/NVGDialect.h"
#include "dialects/ttg/MmaShapes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTNVGTOLLVMPASS
#include "passes/conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The element type a wgmma element-type enum names (tf32 operands are f32
/// registers).
Type getWgmmaElementType(MLIRContext *context, nvg::WGMMAEltType type) {
  switch (type) {
  case nvg::WGMMAEltType::s8:
    return IntegerType::get(context, 8);
  case nvg::WGMMAEltType::s32:
    return IntegerType::get(context, 32);
  case nvg::WGMMAEltType::e4m3:
    return Float8E4M3FNType::get(context);
  case nvg::WGMMAEltType::e5m2:
    return Float8E5M2Type::get(context);
  case nvg::WGMMAEltType::f16:
    return Float16Type::get(context);
  case nvg::WGMMAEltType::bf16:
    return BFloat16Type::get(context);
  case nvg::WGMMAEltType::tf32:
  case nvg::WGMMAEltType::f32:
    return Float32Type::get(context);
  }
  return Type();
}

/// The fields of the struct `value`, in order.
SmallVector<Value> unpackStruct(OpBuilder &builder, Location loc, Value value) {
  auto type = cast<LLVM::LLVMStructType>(value.getType());
  SmallVector<Value> fields;
  for (unsigned i = 0, e = type.getBody().size(); i < e; ++i)
    fields.push_back(LLVM::ExtractValueOp::create(builder, loc, value, i));
  return fields;
}

/// A struct of `type` holding `fields`.
Value packStruct(OpBuilder &builder, Location loc, Type type,
                 ArrayRef<Value> fields) {
  Value result = LLVM::UndefOp::create(builder, loc, type);
  for (auto [i, field] : llvm::enumerate(fields))
    result = LLVM::InsertValueOp::create(builder, loc, result, field, i);
  return result;
}

LogicalResult lowerWgmma(IRRewriter &rewriter, nvg::WGMMAOp op) {
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  Type operandElement = getWgmmaElementType(context, op.getEltTypeA());
  Type accElement = getWgmmaElementType(context, op.getEltTypeC());
  if (op.getEltTypeA() != op.getEltTypeB())
    return op.emitOpError("with different A and B element types is not "
                          "supported");
  if (op.getK() != ttg::getWgmmaK(operandElement))
    return op.emitOpError("k must be ")
           << ttg::getWgmmaK(operandElement) << " for "
           << stringifyWGMMAEltType(op.getEltTypeA()) << " operands, got "
           << op.getK();
  auto resultType = cast<LLVM::LLVMStructType>(op.getType());
  if (int64_t(resultType.getBody().size()) != op.getN() / 2 ||
      llvm::any_of(resultType.getBody(),
                   [&](Type field) { return field != accElement; }))
    return op.emitOpError("the result must be a struct of n/2 = ")
           << op.getN() / 2 << " " << stringifyWGMMAEltType(op.getEltTypeC())
           << " fields";

  rewriter.setInsertionPoint(op);
  nvidia::WarpGroupOperandA a;
  if (isa<IntegerType>(op.getOpA().getType())) {
    a.descriptor = op.getOpA();
    a.mnMajor = op.getLayoutA() == nvg::WGMMALayout::col;
  } else {
    a.words = unpackStruct(rewriter, loc, op.getOpA());
  }
  // Without an accumulator the product starts from zeros (useC is then
  // false: the registers are outputs only in effect).
  SmallVector<Value> acc;
  if (op.getOpC()) {
    acc = unpackStruct(rewriter, loc, op.getOpC());
  } else {
    Value zero = LLVM::ZeroOp::create(rewriter, loc, accElement);
    acc.assign(op.getN() / 2, zero);
  }
  bool bMnMajor = op.getLayoutB() == nvg::WGMMALayout::row;
  SmallVector<Value> results = nvidia::emitWarpGroupMma(
      rewriter, loc, op.getN(), operandElement, accElement, a, op.getOpB(),
      bMnMajor, acc, op.getUseC());
  rewriter.replaceOp(op, packStruct(rewriter, loc, resultType, results));
  return success();
}

LogicalResult lowerWaitGroup(IRRewriter &rewriter, nvg::WGMMAWaitGroupOp op) {
  rewriter.setInsertionPoint(op);
  SmallVector<Value> fields =
      unpackStruct(rewriter, op.getLoc(), op.getInput());
  SmallVector<Value> waited = nvidia::emitWarpGroupWait(
      rewriter, op.getLoc(), op.getPendings(), fields);
  rewriter.replaceOp(op,
                     packStruct(rewriter, op.getLoc(), op.getType(), waited));
  return success();
}

LogicalResult lowerLoadAcquire(IRRewriter &rewriter, nvg::LoadAcquireOp op) {
  Location loc = op.getLoc();
  Type type = op.getType();
  unsigned bits = std::max(8u, type.getIntOrFloatBitWidth());
  if (bits > 64)
    return op.emitOpError("loads at most 64 bits");
  StringRef scope = op.getScope() == nvg::MemSyncScope::CTA   ? "cta"
                    : op.getScope() == nvg::MemSyncScope::GPU ? "gpu"
                                                              : "sys";
  StringRef semantic;
  switch (op.getSem()) {
  case nvg::MemSemantic::ACQUIRE:
    semantic = "acquire";
    break;
  case nvg::MemSemantic::RELAXED:
    semantic = "relaxed";
    break;
  default:
    return op.emitOpError("loads with acquire or relaxed ordering only, got ")
           << stringifyMemSemantic(op.getSem());
  }
  std::string asmString;
  std::string constraints = bits == 64 ? "=l,l" : bits == 32 ? "=r,l" : "=c,l";
  SmallVector<Value> operands = {op.getAddr()};
  if (op.getMask()) {
    asmString = "@$2 ";
    constraints += ",b";
    operands.push_back(op.getMask());
  }
  // The loaded register is at least a byte wide; narrower results are
  // truncated from it.
  asmString += ("ld.global." + scope + "." + semantic + ".b" +
                std::to_string(bits) + " $0, [ $1 + 0 ];")
                   .str();
  rewriter.setInsertionPoint(op);
  Type wordType = rewriter.getIntegerType(bits);
  Value word = nvidia::emitInlinePTX(rewriter, loc, wordType, operands,
                                     asmString, constraints);
  Value result = word;
  if (type.getIntOrFloatBitWidth() < bits)
    result = LLVM::TruncOp::create(rewriter, loc, type, word);
  else if (type != wordType)
    result = LLVM::BitcastOp::create(rewriter, loc, type, word);
  rewriter.replaceOp(op, result);
  return success();
}

struct ConvertNVGToLLVMPass
    : public tile::impl::ConvertNVGToLLVMPassBase<ConvertNVGToLLVMPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      // An unregistered op (-allow-unregistered-dialect) has no dialect.
      if (isa_and_nonnull<nvg::NVGDialect>(op->getDialect()))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      LogicalResult lowered =
          TypeSwitch<Operation *, LogicalResult>(op)
              .Case([&](nvg::ClusterCTAIdOp id) {
                rewriter.setInsertionPoint(id);
                rewriter.replaceOp(
                    id, NVVM::ClusterId::create(rewriter, id.getLoc(),
                                                rewriter.getI32Type()));
                return success();
              })
              .Case([&](nvg::WGMMAOp mma) { return lowerWgmma(rewriter, mma); })
              .Case([&](nvg::WGMMAWaitGroupOp wait) {
                return lowerWaitGroup(rewriter, wait);
              })
              .Case([&](nvg::LoadAcquireOp load) {
                return lowerLoadAcquire(rewriter, load);
              })
              .Default([](Operation *op) {
                return op->emitOpError(
                    "is not supported by convert-nv-gpu-to-llvm yet");
              });
      if (failed(lowered))
        return signalPassFailure();
    }
  }
};
} // namespace

//===- NVGToLLVM.cpp - convert-nv-gpu-to-llvm -----------------------------===//
//
// Lowers the nvg dialect (Triton's NVGPU) to NVVM ops and inline PTX. The
// warpgroup MMA and its wait reuse the builders the ttng.warp_group_dot
// lowering uses (WGMMA.cpp), so both paths print the same PTX.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/Passes.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/nvg/NVGDialect.h"
#include "dialects/ttg/MmaShapes.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
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

/// ttg.warp_id, which Triton lowers here rather than with the other ttg
/// ops (emitWarpId: relative to the partition inside ttg.warp_specialize,
/// 0 in a one-warp group).
struct LowerWarpId : public OpRewritePattern<ttg::WarpIdOp> {
  LowerWarpId(MLIRContext *context, int threadsPerWarp)
      : OpRewritePattern(context), threadsPerWarp(threadsPerWarp) {}
  LogicalResult matchAndRewrite(ttg::WarpIdOp op,
                                PatternRewriter &rewriter) const override {
    int moduleWarps = ttg::getNumWarps(op).value_or(1);
    rewriter.replaceOp(op,
                       emitWarpId(rewriter, op.getLoc(), moduleWarps,
                                  threadsPerWarp, !op.getOmitUniformHint()));
    return success();
  }
  int threadsPerWarp;
};

/// Lowers the ttg.warp_id ops of `module` with the rewrite driver, as
/// Triton does, in each function that has some: the driver also gathers
/// the function's constants, one per value at the start of each isolated
/// region (function or partition).
LogicalResult lowerWarpIds(ModuleOp module) {
  SetVector<Operation *> functions;
  module.walk([&](ttg::WarpIdOp op) {
    Operation *function = op->getParentOfType<FunctionOpInterface>();
    functions.insert(function ? function : module.getOperation());
  });
  int threadsPerWarp = 32;
  if (auto attr = module->getAttrOfType<IntegerAttr>("ttg.threads-per-warp"))
    threadsPerWarp = int(attr.getInt());
  for (Operation *function : functions) {
    RewritePatternSet patterns(module.getContext());
    patterns.add<LowerWarpId>(module.getContext(), threadsPerWarp);
    if (failed(applyPatternsGreedily(function, std::move(patterns))))
      return failure();
  }
  return success();
}

/// The kernel's tensor memory, as Triton allocates it: the first warp
/// allocates `ttg.tensor_memory_size` columns at the kernel's entry
/// (tcgen05.alloc writes the address into shared memory, from where every
/// thread reads it) and gives up the right to allocate more; before every
/// return the CTA meets and the first warp frees the columns. Every
/// nvg.tensor_memory_base of the kernel is that address.
LogicalResult lowerTensorMemoryBase(ModuleOp module) {
  SmallVector<nvg::TensorMemoryBaseAddress> bases;
  module.walk([&](nvg::TensorMemoryBaseAddress op) { bases.push_back(op); });
  if (bases.empty())
    return success();
  auto kernel = bases.front()->getParentOfType<LLVM::LLVMFuncOp>();
  for (nvg::TensorMemoryBaseAddress base : bases) {
    auto func = base->getParentOfType<LLVM::LLVMFuncOp>();
    if (!func || !func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      return base.emitOpError("must be in an llvm.func kernel (nvvm.kernel)");
    if (func != kernel)
      return base.emitOpError("is supported in one kernel per module only");
  }
  auto sizeAttr = module->getAttrOfType<IntegerAttr>("ttg.tensor_memory_size");
  if (!sizeAttr || sizeAttr.getInt() <= 0 || sizeAttr.getInt() > 512)
    return bases.front().emitOpError(
        "needs the module's ttg.tensor_memory_size, from 1 to 512 columns");
  int64_t columns = sizeAttr.getInt();
  bool twoCTAs = false;
  if (auto attr = module->getAttrOfType<BoolAttr>("ttng.two-ctas"))
    twoCTAs = attr.getValue();
  std::string group = twoCTAs ? "2" : "1";
  std::string size = std::to_string(columns);

  declareSharedMemory(module);
  MLIRContext *context = module.getContext();
  Location loc = kernel.getLoc();
  OpBuilder builder(context);
  builder.setInsertionPointToStart(&kernel.getBody().front());
  // The allocating warp: threads 0 to 31.
  Value tid = nvidia::getThreadId(builder, loc);
  Value firstWarp = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ult,
                                         tid, i32Constant(builder, loc, 32));
  Value slot = LLVM::AddressOfOp::create(builder, loc,
                                         LLVM::LLVMPointerType::get(context, 3),
                                         kGlobalSharedMemoryName);
  nvidia::emitInlinePTX(builder, loc, Type(), {firstWarp, slot},
                        "@$0 tcgen05.alloc.cta_group::" + group +
                            ".sync.aligned.shared::cta.b32 [$1], " + size + ";",
                        "b,r");
  nvidia::emitCTABarrier(builder, loc);
  Value address =
      LLVM::LoadOp::create(builder, loc, builder.getI32Type(), slot);
  nvidia::emitCTABarrier(builder, loc);
  Value base = LLVM::IntToPtrOp::create(
      builder, loc, LLVM::LLVMPointerType::get(context, 6), address);
  nvidia::emitInlinePTX(builder, loc, Type(), {firstWarp},
                        "@$0 tcgen05.relinquish_alloc_permit.cta_group::" +
                            group + ".sync.aligned;",
                        "b");
  kernel.walk([&](LLVM::ReturnOp ret) {
    builder.setInsertionPoint(ret);
    nvidia::emitCTABarrier(builder, ret.getLoc());
    nvidia::emitInlinePTX(builder, ret.getLoc(), Type(), {firstWarp, base},
                          "@$0 tcgen05.dealloc.cta_group::" + group +
                              ".sync.aligned.b32 $1, " + size + ";",
                          "b,r");
  });
  for (nvg::TensorMemoryBaseAddress op : bases) {
    op.replaceAllUsesWith(base);
    op.erase();
  }
  return success();
}

/// Makes the partitions of every ttg.warp_specialize isolated from above
/// again after the lowerings above replaced values inside them with values
/// defined outside: each such value becomes an explicit capture.
void captureValuesDefinedAbove(ModuleOp module) {
  module.walk(
      [](ttg::WarpSpecializeOp op) { ttg::captureValuesDefinedAbove(op); });
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
              .Case([](nvg::TensorMemoryBaseAddress) {
                return success(); // lowerTensorMemoryBase, below
              })
              .Default([](Operation *op) {
                return op->emitOpError(
                    "is not supported by convert-nv-gpu-to-llvm yet");
              });
      if (failed(lowered))
        return signalPassFailure();
    }
    if (failed(lowerWarpIds(getOperation())) ||
        failed(lowerTensorMemoryBase(getOperation())))
      return signalPassFailure();
    captureValuesDefinedAbove(getOperation());
  }
};
} // namespace

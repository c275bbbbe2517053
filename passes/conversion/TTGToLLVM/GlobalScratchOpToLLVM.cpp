//===- GlobalScratchOpToLLVM.cpp - Per-program global scratch -------------===//
//
// A kernel whose module needs global scratch (ttg.global_scratch_memory_size
// > 0, from tritongpu-global-scratch-memory-allocation) takes Triton's two
// trailing parameters: the global scratch area and the profiler's. The
// launcher allocates size x programs bytes; program p (its linear id over
// the grid, x fastest) owns the slice at p x size, and a
// ttg.global_scratch_alloc is its offset in the slice.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Scratch.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

int64_t mlir::tile::getGlobalScratchBytes(ModuleOp module) {
  auto size = module->getAttrOfType<IntegerAttr>(kGlobalScratchSizeAttrName);
  return size ? size.getInt() : 0;
}

namespace {
/// The function's global scratch needs, as the allocation recorded them.
int64_t getFunctionScratchBytes(Operation *func) {
  auto size = func->getAttrOfType<IntegerAttr>(kGlobalScratchSizeAttrName);
  return size ? size.getInt() : 0;
}

struct GlobalScratchAllocOpConversion
    : public ConvertOpToLLVMPattern<ttg::GlobalScratchAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::GlobalScratchAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    auto module = op->getParentOfType<ModuleOp>();
    auto offset = op->getAttrOfType<IntegerAttr>(kGlobalScratchOffsetAttrName);
    int64_t bytes = getGlobalScratchBytes(module);
    // Checked up front (checkGlobalScratchLowering).
    if (!func || !offset || bytes <= 0 ||
        func.getNumArguments() < kNumScratchParameters)
      return rewriter.notifyMatchFailure(op, "no global scratch parameter");
    Value base =
        func.getArgument(func.getNumArguments() - kNumScratchParameters);
    // The program's linear id: x + nx * (y + ny * z). One value per
    // statement: the IR must not depend on the C++ compiler's order of
    // evaluating arguments.
    Value linear = nvidia::getBlockId(rewriter, loc, 2);
    for (int axis : {1, 0}) {
      Value gridDim = nvidia::getGridDim(rewriter, loc, axis);
      Value scaled = LLVM::MulOp::create(rewriter, loc, linear, gridDim);
      Value blockId = nvidia::getBlockId(rewriter, loc, axis);
      linear = LLVM::AddOp::create(rewriter, loc, blockId, scaled);
    }
    Value size = i32Constant(rewriter, loc, bytes);
    Value slice = LLVM::MulOp::create(rewriter, loc, linear, size);
    Value bufferOffset = i32Constant(rewriter, loc, offset.getInt());
    Value byteOffset = LLVM::AddOp::create(rewriter, loc, slice, bufferOffset);
    Value pointer =
        LLVM::GEPOp::create(rewriter, loc, base.getType(), rewriter.getI8Type(),
                            base, ArrayRef<LLVM::GEPArg>{byteOffset});
    rewriter.replaceOp(op, pointer);
    return success();
  }
};
} // namespace

LogicalResult mlir::tile::checkGlobalScratchLowering(Operation *op) {
  if (auto alloc = dyn_cast<ttg::GlobalScratchAllocOp>(op)) {
    auto func = alloc->getParentOfType<tt::FuncOp>();
    if (!func || !func.isPublic())
      return alloc.emitOpError("is only supported in a kernel (a public "
                               "tt.func): device functions take no global "
                               "scratch pointer");
    auto module = alloc->getParentOfType<ModuleOp>();
    if (!alloc->hasAttr(kGlobalScratchOffsetAttrName) || !module ||
        getGlobalScratchBytes(module) <= 0)
      return alloc.emitOpError("has no global scratch offset; run "
                               "tritongpu-global-scratch-memory-allocation "
                               "first");
    return success();
  }
  if (auto call = dyn_cast<tt::CallOp>(op)) {
    auto module = call->getParentOfType<ModuleOp>();
    auto callee =
        module ? module.lookupSymbol<tt::FuncOp>(call.getCallee()) : nullptr;
    if (callee && getFunctionScratchBytes(callee) > 0)
      return call.emitOpError("calls a function that needs global scratch, "
                              "which device functions cannot get yet");
  }
  return success();
}

void mlir::tile::populateGlobalScratchOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<GlobalScratchAllocOpConversion>(
      converter); // global_scratch_alloc
}

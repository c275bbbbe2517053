//===- GlobalScratchOpToLLVM.cpp - Per-program global scratch -------------===//
//
// A kernel whose module needs global scratch (ttg.global_scratch_memory_size
// > 0, from tritongpu-global-scratch-memory-allocation) takes Triton's two
// trailing parameters: the global scratch area and the profiler's. The
// launcher allocates size x programs bytes; program p (its linear id over
// the grid, x fastest) owns the slice at p x size, and a
// ttg.global_scratch_alloc is its offset in the slice. A device function
// that needs global scratch (its ttg.global_scratch_memory_size, which
// counts its callees') takes one more parameter: where its part of the
// program's slice starts, which a call passes at the call's offset in the
// caller's part, as Triton does.
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

int64_t mlir::tile::getFunctionGlobalScratchBytes(Operation *func) {
  auto size = func->getAttrOfType<IntegerAttr>(kGlobalScratchSizeAttrName);
  return size ? size.getInt() : 0;
}

FailureOr<Value> mlir::tile::getGlobalScratchPointer(OpBuilder &builder,
                                                     Location loc,
                                                     LLVM::LLVMFuncOp func,
                                                     int64_t offset) {
  auto gep = [&](Value base, Value bytes) -> Value {
    return LLVM::GEPOp::create(builder, loc, base.getType(),
                               builder.getI8Type(), base,
                               ArrayRef<LLVM::GEPArg>{bytes});
  };
  if (!nvidia::isKernel(func)) {
    // A device function gets its part of the program's area from its
    // caller, as its last parameter.
    if (getFunctionGlobalScratchBytes(func) <= 0 || func.getNumArguments() == 0)
      return failure();
    return gep(func.getArguments().back(), i32Constant(builder, loc, offset));
  }
  auto module = func->getParentOfType<ModuleOp>();
  int64_t bytes = module ? getGlobalScratchBytes(module) : 0;
  if (bytes <= 0 || func.getNumArguments() < kNumScratchParameters)
    return failure();
  Value base = func.getArgument(func.getNumArguments() - kNumScratchParameters);
  // The program's linear id: x + nx * (y + ny * z). One value per
  // statement: the IR must not depend on the C++ compiler's order of
  // evaluating arguments.
  Value linear = nvidia::getBlockId(builder, loc, 2);
  for (int axis : {1, 0}) {
    Value gridDim = nvidia::getGridDim(builder, loc, axis);
    Value scaled = LLVM::MulOp::create(builder, loc, linear, gridDim);
    Value blockId = nvidia::getBlockId(builder, loc, axis);
    linear = LLVM::AddOp::create(builder, loc, blockId, scaled);
  }
  Value size = i32Constant(builder, loc, bytes);
  Value slice = LLVM::MulOp::create(builder, loc, linear, size);
  Value byteOffset = i32Constant(builder, loc, offset);
  return gep(base, LLVM::AddOp::create(builder, loc, slice, byteOffset));
}

namespace {
struct GlobalScratchAllocOpConversion
    : public ConvertOpToLLVMPattern<ttg::GlobalScratchAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::GlobalScratchAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    auto offset = op->getAttrOfType<IntegerAttr>(kGlobalScratchOffsetAttrName);
    // Checked up front (checkGlobalScratchLowering).
    if (!func || !offset)
      return rewriter.notifyMatchFailure(op, "no global scratch offset");
    FailureOr<Value> pointer =
        getGlobalScratchPointer(rewriter, op.getLoc(), func, offset.getInt());
    if (failed(pointer))
      return rewriter.notifyMatchFailure(op, "no global scratch parameter");
    rewriter.replaceOp(op, *pointer);
    return success();
  }
};
} // namespace

LogicalResult mlir::tile::checkGlobalScratchLowering(Operation *op) {
  auto alloc = dyn_cast<ttg::GlobalScratchAllocOp>(op);
  if (!alloc)
    return success();
  auto func = alloc->getParentOfType<tt::FuncOp>();
  auto module = alloc->getParentOfType<ModuleOp>();
  bool sized =
      func && (func.isPublic() ? module && getGlobalScratchBytes(module) > 0
                               : getFunctionGlobalScratchBytes(func) > 0);
  if (!alloc->hasAttr(kGlobalScratchOffsetAttrName) || !sized)
    return alloc.emitOpError("has no global scratch offset; run "
                             "tritongpu-global-scratch-memory-allocation "
                             "first");
  return success();
}

void mlir::tile::populateGlobalScratchOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<GlobalScratchAllocOpConversion>(
      converter); // global_scratch_alloc
}

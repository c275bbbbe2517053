//===- TTGToLLVM.cpp - The TTGIR to LLVM + NVVM conversion pass -----------===//
//
// convert-triton-gpu-to-llvm only assembles the populate* functions of the
// op families. Before converting it checks that every op is one it can
// lower (so the error names the op, not a half-converted module) and works
// out, per load and store, how many elements one access may move.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/Passes.h"
#include "passes/conversion/TTGToLLVM/AccessWidth.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/TypeConverter.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVMPASS
#include "passes/conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The tt and ttg ops this lowering handles today.
bool isSupported(Operation *op) {
  return isa<tt::FuncOp, tt::ReturnOp, tt::CallOp, tt::GetProgramIdOp,
             tt::GetNumProgramsOp, tt::MakeRangeOp, tt::SplatOp,
             tt::ExpandDimsOp, tt::BroadcastOp, tt::TransOp, tt::AddPtrOp,
             tt::LoadOp, tt::StoreOp, tt::IntToPtrOp, tt::PtrToIntOp,
             tt::BitcastOp, tt::FpToFpOp, tt::MulhiUIOp, tt::ClampFOp,
             tt::PreciseSqrtOp, tt::PreciseDivFOp, tt::ExternElementwiseOp,
             ttg::ConvertLayoutOp>(op);
}

struct ConvertTritonGPUToLLVMPass
    : public tile::impl::ConvertTritonGPUToLLVMPassBase<
          ConvertTritonGPUToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    std::optional<int> numWarps = ttg::getNumWarps(module);
    if (!numWarps) {
      mlir::emitError(module.getLoc(),
                      "convert-triton-gpu-to-llvm: the module is not TTGIR "
                      "(no ttg.num-warps); run convert-triton-to-tritongpu "
                      "first");
      return signalPassFailure();
    }
    WalkResult unsupported =
        module.walk<WalkOrder::PreOrder>([](Operation *op) {
          if (isa<tt::TTDialect, ttg::TTGDialect, ttng::TTNGDialect>(
                  op->getDialect()) &&
              !isSupported(op)) {
            op->emitOpError("is not supported by convert-triton-gpu-to-llvm "
                            "yet");
            return WalkResult::interrupt();
          }
          // Only splat tensor constants have a lowering; reject the others
          // here so that no other pattern tries them.
          if (auto constant = dyn_cast<arith::ConstantOp>(op))
            if (isa<RankedTensorType>(constant.getType()) &&
                !isa<SplatElementsAttr>(constant.getValue())) {
              op->emitOpError("non-splat tensor constants are not supported "
                              "by convert-triton-gpu-to-llvm yet");
              return WalkResult::interrupt();
            }
          return WalkResult::advance();
        });
    if (unsupported.wasInterrupted())
      return signalPassFailure();

    LoweringContext lowering;
    lowering.numWarps = *numWarps;
    lowering.threadsPerWarp = ttg::getThreadsPerWarp(module);
    lowering.accessWidth = computeAccessWidths(module);

    LowerToLLVMOptions options(context);
    TileLLVMTypeConverter converter(context, options);
    RewritePatternSet patterns(context);
    populateFuncOpToLLVMPatterns(converter, patterns, lowering);
    populateSPMDOpToLLVMPatterns(converter, patterns, lowering);
    populateViewOpToLLVMPatterns(converter, patterns, lowering);
    populateElementwiseOpToLLVMPatterns(converter, patterns, lowering);
    populateLoadStoreOpToLLVMPatterns(converter, patterns, lowering);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget target(*context);
    target.addLegalOp<ModuleOp>();
    target.addLegalDialect<NVVM::NVVMDialect>();
    target.addIllegalDialect<tt::TTDialect, ttg::TTGDialect,
                             arith::ArithDialect, math::MathDialect>();
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace

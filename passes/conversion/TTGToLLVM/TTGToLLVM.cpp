//===- TTGToLLVM.cpp - The TTGIR to LLVM + NVVM conversion pass -----------===//
//
// convert-triton-gpu-to-llvm only assembles the populate* functions of the
// op families. Before converting it checks that every op is one it can
// lower (so the error names the op, not a half-converted module) and works
// out, per load, store and atomic, how many elements one access may move.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Allocation.h"
#include "passes/analysis/AxisInfo.h"
#include "passes/analysis/Membar.h"
#include "passes/analysis/Scratch.h"
#include "passes/conversion/Passes.h"
#include "passes/conversion/TTGToLLVM/AccessWidth.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Relabel.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/TypeConverter.h"
#include "passes/conversion/TTGToLLVM/WarpSpecialize.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/nvg/NVGDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/TargetOptions.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
// The pass declares NVVM among its dependent dialects (Passes.td).
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Matchers.h"

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVMPASS
#include "passes/conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The most registers per thread one tensor value may take. A lowering
/// emits IR per register (one SSA value, often several ops, per element a
/// thread holds), so a huge-but-legal shape would otherwise build millions
/// of ops and appear to hang. Triton sets no limit and compiles kernels
/// far above the hardware's 255 32-bit registers per thread, with spills:
/// test_matmul.py's f32 FMA dots take 2048 for their operands, which tile
/// lowers in about 4 seconds (Triton in 6). 4096 keeps those and still
/// refuses the shapes whose lowering would not end in reasonable time.
constexpr int64_t kMaxRegistersPerThread = 4096;

/// Emits an error on `op` and returns failure when `value`, a tensor with
/// a ttg encoding, needs more than kMaxRegistersPerThread registers.
LogicalResult checkRegisterBudget(Operation *op, Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.getEncoding())
    return success();
  std::optional<layout::LinearLayout> layout = ttg::toLinearLayout(type);
  if (!layout)
    return success(); // Reported by the pattern that lowers it.
  int64_t registers = layout->getNumRegisters();
  if (registers <= kMaxRegistersPerThread)
    return success();
  return op->emitOpError("needs ")
         << registers << " registers per thread for " << type
         << "; the limit is " << kMaxRegistersPerThread;
}

/// The tt and ttg ops this lowering handles today.
bool isSupported(Operation *op) {
  // One op per line, so that additions do not reflow the list.
  // clang-format off
  return isa<
      tt::AddPtrOp,
      tt::AssertOp,
      tt::AtomicCASOp,
      tt::AtomicRMWOp,
      tt::BitcastOp,
      tt::BroadcastOp,
      tt::CallOp,
      tt::CatOp,
      tt::ClampFOp,
      tt::DotOp,
      tt::ElementwiseInlineAsmOp,
      tt::ExpandDimsOp,
      tt::ExternElementwiseOp,
      tt::FpToFpOp,
      tt::FuncOp,
      tt::GatherOp,
      tt::GetNumProgramsOp,
      tt::GetProgramIdOp,
      tt::HistogramOp,
      tt::IntToPtrOp,
      tt::JoinOp,
      tt::LoadOp,
      tt::MakeRangeOp,
      tt::MapElementwiseOp,
      tt::MapElementwiseReturnOp,
      tt::MulhiUIOp,
      tt::PreciseDivFOp,
      tt::PreciseSqrtOp,
      tt::PrintOp,
      tt::PtrToIntOp,
      tt::ReduceOp,
      tt::ReduceReturnOp,
      tt::ReshapeOp,
      tt::ReturnOp,
      tt::ScanOp,
      tt::ScanReturnOp,
      tt::SplatOp,
      tt::SplitOp,
      tt::StoreOp,
      tt::TransOp,
      tt::UnsplatOp,
      ttg::AsyncCommitGroupOp,
      ttg::AsyncCopyGlobalToLocalOp,
      ttg::AsyncWaitOp,
      ttg::ConvertLayoutOp,
      ttg::Fp4ToFpOp,
      ttg::GlobalScratchAllocOp,
      ttg::LocalAllocOp,
      ttg::LocalBarrierOp,
      ttg::LocalDeallocOp,
      ttg::LocalLoadOp,
      ttg::LocalStoreOp,
      ttg::MemDescIndexOp,
      ttg::MemDescReinterpretOp,
      ttg::MemDescReshapeOp,
      ttg::MemDescSubsliceOp,
      ttg::MemDescTransOp,
      ttg::WarpIdOp,
      ttg::WarpReturnOp,
      ttg::WarpSpecializeOp,
      ttg::WarpSpecializePartitionsOp,
      ttg::WarpYieldOp,
      ttng::ArriveBarrierOp,
      ttng::AsyncTMACopyGlobalToLocalOp,
      ttng::AsyncTMACopyLocalToGlobalOp,
      ttng::AsyncTMAReduceOp,
      ttng::BarrierExpectOp,
      ttng::FenceAsyncSharedOp,
      ttng::InitBarrierOp,
      ttng::InvalBarrierOp,
      ttng::NamedBarrierArriveOp,
      ttng::NamedBarrierWaitOp,
      ttng::ReinterpretTensorDescOp,
      ttng::TMAStoreWaitOp,
      ttng::TensormapCreateOp,
      ttng::TensormapFenceproxyAcquireOp,
      ttng::WaitBarrierOp,
      ttng::WarpGroupDotOp,
      ttng::WarpGroupDotWaitOp>(op);
  // clang-format on
}

/// Emits an error on `op` when one of its values (or block arguments of its
/// regions) has an encoding tile reads but has no layout for (AMD's,
/// padded shared memory): nothing could place its elements.
LogicalResult checkParseOnlyEncodings(Operation *op) {
  auto check = [&](Type type) -> LogicalResult {
    Attribute encoding;
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      encoding = tensor.getEncoding();
    else if (auto buffer = dyn_cast<ttg::MemDescType>(type))
      encoding = buffer.getEncoding();
    if (!ttg::isParseOnlyEncoding(encoding))
      return success();
    std::string reason;
    (void)ttg::toLinearLayout(encoding, cast<ShapedType>(type).getShape(),
                              &reason);
    return op->emitOpError("cannot be lowered: ") << type << ": " << reason;
  };
  for (Type type : op->getOperandTypes())
    if (failed(check(type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(check(type)))
      return failure();
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Type type : block.getArgumentTypes())
        if (failed(check(type)))
          return failure();
  return success();
}

/// Emits an error on `op` when it is a reduction whose layouts the lowering
/// cannot reduce.
LogicalResult checkReduce(Operation *op) {
  auto reduce = dyn_cast<tt::ReduceOp>(op);
  if (!reduce)
    return success();
  std::string error;
  if (getReducePlan(reduce, error))
    return success();
  return reduce->emitOpError("cannot be lowered: ") << error;
}

/// Emits an error on `op` when it is a scan whose layout the lowering
/// cannot scan.
LogicalResult checkScan(Operation *op) {
  auto scan = dyn_cast<tt::ScanOp>(op);
  if (!scan)
    return success();
  std::string error;
  if (getScanPlan(scan, error))
    return success();
  return scan->emitOpError("cannot be lowered: ") << error;
}

/// Emits an error on `op` when it only renames registers (Relabel.h) but
/// its layouts would need data to move between threads.
LogicalResult checkRelabel(Operation *op) {
  if (!isRelabelOp(op))
    return success();
  std::string error;
  if (succeeded(planRelabel(op, error)))
    return success();
  return op->emitOpError("cannot be lowered: ") << error;
}

/// The most partitions of a ttg.warp_specialize in each function of
/// `module` that has one.
DenseMap<Operation *, unsigned> getPartitionsByFunction(ModuleOp module) {
  DenseMap<Operation *, unsigned> partitions;
  module.walk([&](ttg::WarpSpecializeOp ws) {
    unsigned &most = partitions[ws->getParentOfType<tt::FuncOp>()];
    most = std::max<unsigned>(most, ws.getPartitionNumWarps().size());
  });
  return partitions;
}

/// Emits an error on `op` when it is a named-barrier op on a barrier that
/// the lowering takes for the CTA or for the warp groups of the kernel's
/// ttg.warp_specialize ops (ttg::getFirstFreeBarrier); `partitions` is
/// getPartitionsByFunction's.
LogicalResult
checkNamedBarrier(Operation *op,
                  const DenseMap<Operation *, unsigned> &partitions) {
  if (!isa<ttng::NamedBarrierArriveOp, ttng::NamedBarrierWaitOp>(op))
    return success();
  APInt bar;
  if (!matchPattern(op->getOperand(0), m_ConstantInt(&bar)))
    return success();
  unsigned firstFree = ttg::getFirstFreeBarrier(
      partitions.lookup(op->getParentOfType<tt::FuncOp>()));
  if (bar.getZExtValue() >= firstFree)
    return success();
  return op->emitOpError("uses barrier ")
         << bar.getZExtValue()
         << ", which the lowering takes for the CTA or its warp groups; the "
            "first free one is "
         << firstFree;
}

/// Folds `unrealized_conversion_cast`s that undo one another: a cast of
/// the input (a tensor, say, that the lowering gave an LLVM form) that the
/// conversion met in the IR leaves a pair LLVM -> tensor -> LLVM behind,
/// which names a tensor type no LLVM tool knows. As in Triton's lowering,
/// the pair goes and the LLVM value is used directly.
void foldRoundTripCasts(ModuleOp module) {
  SmallVector<UnrealizedConversionCastOp> casts;
  module.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
  for (UnrealizedConversionCastOp cast : casts) {
    auto input = cast.getInputs().empty()
                     ? UnrealizedConversionCastOp()
                     : cast.getInputs()
                           .front()
                           .getDefiningOp<UnrealizedConversionCastOp>();
    if (!input || input.getOutputs() != cast.getInputs() ||
        input.getInputs().getTypes() != cast.getResultTypes())
      continue;
    cast.replaceAllUsesWith(input.getInputs());
  }
  for (UnrealizedConversionCastOp cast : llvm::reverse(casts))
    if (cast.use_empty())
      cast.erase();
}

/// Emits an error on `op` when it is a ttg.warp_specialize the lowering
/// cannot handle: outside a kernel, in a kernel launched in clusters (only
/// a cluster's first CTA runs the program, and the partitions' warps of the
/// others would wait for warps that returned), or capturing a value that
/// cannot go through shared memory.
LogicalResult checkWarpSpecialize(Operation *op) {
  auto ws = dyn_cast<ttg::WarpSpecializeOp>(op);
  if (!ws)
    return success();
  auto func = ws->getParentOfType<tt::FuncOp>();
  if (!func || !func.isPublic() || func.isExternal())
    return ws.emitOpError("is only supported in a kernel (a public tt.func)");
  if (int ctas = ttg::getClusterCTAs(ws); ctas > 1)
    return ws.emitOpError("is not supported in a kernel launched in "
                          "clusters of ")
           << ctas << " CTAs (num-ctas)";
  for (auto [i, type] : llvm::enumerate(ws.getExplicitCaptures().getTypes()))
    if (!getCaptureBytes(ArrayRef<Type>(type)))
      return ws.emitOpError("cannot pass capture #")
             << i << " of type " << type
             << " to its partitions: only scalars, pointers, tensor "
                "descriptors and shared-memory views go through shared "
                "memory";
  return success();
}

/// Gives the partitions of every ttg.warp_specialize as explicit captures
/// the values from above that the lowering made them use (the partitions
/// op must stay isolated from above).
void isolatePartitions(ModuleOp module) {
  module.walk(
      [](ttg::WarpSpecializeOp op) { ttg::captureValuesDefinedAbove(op); });
}

struct ConvertTritonGPUToLLVMPass
    : public tile::impl::ConvertTritonGPUToLLVMPassBase<
          ConvertTritonGPUToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (ttg::getNumWarps(module)) {
      if (failed(lowerModule(module)))
        signalPassFailure();
      return;
    }
    // Like Triton's lowering, which looks num-warps up from each op's
    // parents: a module that only wraps TTGIR modules (mlir-opt wraps
    // several top-level modules of one file in one) lowers each of them.
    SmallVector<ModuleOp> ttgirModules;
    bool strayOps = false;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto inner = dyn_cast<ModuleOp>(op);
          inner && inner != module && ttg::getNumWarps(inner)) {
        ttgirModules.push_back(inner);
        return WalkResult::skip();
      }
      if (isa_and_present<tt::TTDialect, ttg::TTGDialect, ttng::TTNGDialect>(
              op->getDialect()))
        strayOps = true;
      return WalkResult::advance();
    });
    if (ttgirModules.empty() || strayOps) {
      mlir::emitError(module.getLoc(),
                      "convert-triton-gpu-to-llvm: the module is not TTGIR "
                      "(no ttg.num-warps); run convert-triton-to-tritongpu "
                      "first");
      return signalPassFailure();
    }
    for (ModuleOp inner : ttgirModules)
      if (failed(lowerModule(inner)))
        return signalPassFailure();
  }

  /// Lowers one TTGIR module (one with ttg.num-warps).
  LogicalResult lowerModule(ModuleOp module) {
    MLIRContext *context = &getContext();
    std::optional<int> numWarps = ttg::getNumWarps(module);
    if (this->computeCapability > 0 &&
        !module->hasAttr(ttg::TTGDialect::getTargetAttrName()))
      module->setAttr(
          ttg::TTGDialect::getTargetAttrName(),
          StringAttr::get(context, "cuda:" + Twine(this->computeCapability)));
    int computeCapability = this->computeCapability > 0
                                ? int(this->computeCapability)
                                : ttg::getComputeCapability(module).value_or(0);
    // The PTX the caller will write must have the module's target.
    if (computeCapability > 0 &&
        failed(ttg::verifyPtxVersion(
            ptxVersion, "cuda:" + std::to_string(computeCapability), [&] {
              return emitError(module.getLoc(), "convert-triton-gpu-to-llvm: ");
            })))
      return failure();
    DenseMap<Operation *, unsigned> partitions =
        getPartitionsByFunction(module);
    WalkResult unsupported = module.walk<WalkOrder::PreOrder>([&](Operation
                                                                      *op) {
      if (isa_and_present<tt::TTDialect, ttg::TTGDialect, ttng::TTNGDialect>(
              op->getDialect()) &&
          !isSupported(op)) {
        if (isa<ttng::AsyncTMAGatherOp, ttng::AsyncTMAScatterOp>(op))
          op->emitOpError("needs TMA gather/scatter (.tile::gather4), which "
                          "sm_90 lacks: ptxas accepts it from sm_100 on");
        else
          op->emitOpError("is not supported by convert-triton-gpu-to-llvm "
                          "yet");
        return WalkResult::interrupt();
      }
      if (failed(checkParseOnlyEncodings(op)) || failed(checkReduce(op)) ||
          failed(checkScan(op)) || failed(checkRelabel(op)) ||
          failed(checkNamedBarrier(op, partitions)))
        return WalkResult::interrupt();
      if (auto fence = dyn_cast<ttng::FenceAsyncSharedOp>(op);
          fence && fence.getBCluster()) {
        op->emitOpError("with cluster scope is not supported: tile "
                        "compiles for one CTA per cluster");
        return WalkResult::interrupt();
      }
      if (failed(checkFpToFpLowering(op, computeCapability)) ||
          failed(checkFp8Arithmetic(op)) ||
          failed(checkAsyncCopyLowering(op)) ||
          failed(checkMemDescViewLowering(op)) ||
          failed(checkInlineAsmLowering(op)) ||
          failed(checkMapElementwiseLowering(op)) ||
          failed(checkFp4ToFpLowering(op)) ||
          failed(checkWarpGroupDotLowering(op)) ||
          failed(checkAtomicLowering(op)) ||
          failed(checkHistogramLowering(op)) ||
          failed(checkGatherLowering(op)) || failed(checkTMALowering(op)) ||
          failed(checkGlobalScratchLowering(op)) ||
          failed(checkTensormapLowering(op)) || failed(checkWarpSpecialize(op)))
        return WalkResult::interrupt();
      if (auto dot = dyn_cast<tt::DotOp>(op);
          dot && failed(checkDotLowering(dot, computeCapability)))
        return WalkResult::interrupt();
      // Rejected here so that no other pattern (arith's) tries them.
      if (failed(checkConstantLowering(op)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (unsupported.wasInterrupted())
      return failure();

    // Bound the output before emitting any IR: every tensor an op defines
    // (results and block arguments of its regions) must fit the register
    // budget.
    WalkResult tooBig = module.walk([](Operation *op) {
      for (Value result : op->getResults())
        if (failed(checkRegisterBudget(op, result)))
          return WalkResult::interrupt();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            if (failed(checkRegisterBudget(op, arg)))
              return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (tooBig.wasInterrupted())
      return failure();

    wrapMultiBlockMapElementwiseBodies(module);

    // Triton's pipelines run tritongpu-allocate-warp-groups and
    // allocate-shared-memory before this pass; run alone, the pass does
    // both itself.
    bool warpSpecialized = false;
    module.walk([&](ttg::WarpSpecializeOp) { warpSpecialized = true; });
    if (warpSpecialized && !module->hasAttr(kTotalNumWarpsAttrName))
      allocateWarpGroups(module);
    if (!hasSharedMemoryAllocation(module) &&
        failed(annotateSharedMemoryAllocation(module)))
      return failure();
    // As Triton's lowering does, unless tile-insert-barriers already has.
    if (!module->hasAttr(kBarriersInsertedAttrName))
      insertSharedMemoryBarriers(module);
    if (auto bytes =
            module->getAttrOfType<IntegerAttr>(kSharedMemorySizeAttrName);
        bytes && bytes.getInt() > 0)
      declareSharedMemory(module);

    LoweringContext lowering;
    lowering.numWarps = *numWarps;
    lowering.threadsPerWarp = ttg::getThreadsPerWarp(module);
    lowering.computeCapability = computeCapability;
    lowering.ptxVersion = ptxVersion;
    lowering.clusterCTAs = ttg::getClusterCTAs(module);
    {
      ModuleAxisInfoAnalysis axisInfo(module);
      lowering.accessWidth = computeAccessWidths(module, axisInfo);
      lowering.constancy = computeElementwiseConstancy(module, axisInfo);
    }

    LowerToLLVMOptions options(context);
    TileLLVMTypeConverter converter(context, options);
    RewritePatternSet patterns(context);
    populateFuncOpToLLVMPatterns(converter, patterns, lowering);
    populateSPMDOpToLLVMPatterns(converter, patterns, lowering);
    populateViewOpToLLVMPatterns(converter, patterns, lowering);
    populateConvertLayoutOpToLLVMPatterns(converter, patterns, lowering);
    populateElementwiseOpToLLVMPatterns(converter, patterns, lowering);
    populateFpToFpOpToLLVMPatterns(converter, patterns, lowering);
    populateInlineAsmOpToLLVMPatterns(converter, patterns, lowering);
    populateMapElementwiseOpToLLVMPatterns(converter, patterns, lowering);
    populateFp4ToFpOpToLLVMPatterns(converter, patterns, lowering);
    populateDebugOpToLLVMPatterns(converter, patterns, lowering);
    populateConstantOpToLLVMPatterns(converter, patterns, lowering);
    populateLoadStoreOpToLLVMPatterns(converter, patterns, lowering);
    populateAtomicOpToLLVMPatterns(converter, patterns, lowering);
    populateReduceOpToLLVMPatterns(converter, patterns, lowering);
    populateScanOpToLLVMPatterns(converter, patterns, lowering);
    populateHistogramOpToLLVMPatterns(converter, patterns, lowering);
    populateGatherOpToLLVMPatterns(converter, patterns, lowering);
    populateDotOpToLLVMPatterns(converter, patterns, lowering);
    populateWarpGroupDotOpToLLVMPatterns(converter, patterns, lowering);
    populateSharedMemoryOpToLLVMPatterns(converter, patterns, lowering);
    populateAsyncOpToLLVMPatterns(converter, patterns, lowering);
    populateBarrierOpToLLVMPatterns(converter, patterns, lowering);
    populateTMAOpToLLVMPatterns(converter, patterns, lowering);
    populateGlobalScratchOpToLLVMPatterns(converter, patterns, lowering);
    populateTensormapOpToLLVMPatterns(converter, patterns, lowering);
    // arith.ceildivsi / floordivsi (the trip counts of a fused loop nest)
    // become plain divisions first, as in Triton's lowering.
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    // ub.poison: what Triton's frontend returns from a path that returns
    // nothing; stock mlir-translate has no translation for the ub dialect.
    ub::populateUBToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget target(*context);
    target.addLegalOp<ModuleOp>();
    nvidia::addLegalTargetDialect(target);
    target.addIllegalDialect<tt::TTDialect, ttg::TTGDialect, ttng::TTNGDialect,
                             arith::ArithDialect, math::MathDialect,
                             ub::UBDialect>();
    target.addIllegalOp(OperationName(kGPUBarrierOpName, context));
    // Their regions are lowered here; the ops themselves by
    // convert-warp-specialize-to-llvm.
    target.addLegalOp<ttg::WarpSpecializeOp, ttg::WarpSpecializePartitionsOp,
                      ttg::WarpYieldOp, ttg::WarpReturnOp>();
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    // What a tt.map_elementwise body of several blocks is wrapped in
    // (wrapMultiBlockMapElementwiseBodies); convert-scf-to-cf inlines it.
    target.addLegalOp<scf::ExecuteRegionOp>();
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return failure();
    foldRoundTripCasts(module);
    // The barriers are nvvm barriers now; the marker has no more meaning.
    module->removeAttr(kBarriersInsertedAttrName);
    isolatePartitions(module);
    return success();
  }
};
} // namespace

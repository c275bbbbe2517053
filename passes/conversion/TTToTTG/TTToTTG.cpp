//===- TTToTTG.cpp - TTIR to TTGIR: give every tensor a layout ------------===//
//
// convert-triton-to-tritongpu: every tensor value gets Triton's default
// #ttg.blocked layout for its shape, and where an op needs its operands or
// produces results in another layout (expand_dims takes a slice, dot takes
// dot operands, reduce yields a slice, trans/join/split/reshape follow
// their operand, cat holds both operands' registers), ttg.convert_layout ops
// bridge to and from the default. Later passes (coalesce,
// remove-layout-conversions) pick better layouts.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/Passes.h"
#include "passes/conversion/TTToTTG/ChooseNumWarps.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/tt/TTLayoutInterface.h"
#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/TargetOptions.h"
#include "dialects/ttg/layout/RegisterConcatenation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTTRITONTOTRITONGPUPASS
#include "passes/conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
struct ConvertTritonToTritonGPUPass
    : public tile::impl::ConvertTritonToTritonGPUPassBase<
          ConvertTritonToTritonGPUPass> {
  using Base::Base;

  /// The warps the module runs with (chooseNumWarps), set for each run.
  int warps = 0;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    ttg::TargetOptions options{target, numWarps, threadsPerWarp, numCTAs};
    auto emitError = [&] {
      return mlir::emitError(module.getLoc(), "convert-triton-to-tritongpu: ");
    };
    if (failed(ttg::verifyTargetOptions(options, emitError)))
      return signalPassFailure();
    // Module attributes alone are overwritten, as Triton does (TTIR may
    // carry them); a tensor that already has a layout means TTGIR, which
    // converting again would stack layouts on.
    if (Operation *encoded = findEncodedTensor(module)) {
      InFlightDiagnostic diag = emitError();
      diag << "the module is already TTGIR (a tensor has a layout)";
      diag.attachNote(encoded->getLoc()) << "here";
      return signalPassFailure();
    }
    if (failed(checkNoBlockPointers(module)))
      return signalPassFailure();
    warps = chooseNumWarps(module, numWarps, maxNumWarps, threadsPerWarp);
    Builder b(context);
    // Every tensor is laid out for one CTA; a larger cluster only changes
    // how the program is launched (TargetOptions.h).
    module->setAttr(ttg::TTGDialect::getNumCTAsAttrName(),
                    b.getI32IntegerAttr(ttg::kDefaultNumCTAs));
    if (numCTAs > 1)
      module->setAttr(ttg::kClusterCTAsAttrName, b.getI32IntegerAttr(numCTAs));
    else
      module->removeAttr(ttg::kClusterCTAsAttrName);
    module->setAttr(ttg::TTGDialect::getNumWarpsAttrName(),
                    b.getI32IntegerAttr(warps));
    module->setAttr(ttg::TTGDialect::getTargetAttrName(),
                    b.getStringAttr(target));
    module->setAttr(ttg::TTGDialect::getThreadsPerWarpAttrName(),
                    b.getI32IntegerAttr(threadsPerWarp));

    // 1. Every tensor gets the default layout of its shape.
    auto convertType = [&](Type type) -> Type {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || tensor.getEncoding())
        return type;
      return RankedTensorType::get(
          tensor.getShape(), tensor.getElementType(),
          ttg::getDefaultBlockedEncoding(context, tensor.getShape(), warps,
                                         threadsPerWarp));
    };
    module.walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            arg.setType(convertType(arg.getType()));
      for (OpResult result : op->getResults())
        result.setType(convertType(result.getType()));
      if (auto func = dyn_cast<tt::FuncOp>(op)) {
        FunctionType type = func.getFunctionType();
        auto inputs = llvm::map_to_vector(type.getInputs(), convertType);
        auto results = llvm::map_to_vector(type.getResults(), convertType);
        func.setFunctionType(FunctionType::get(context, inputs, results));
      }
      if (auto constant = dyn_cast<arith::ConstantOp>(op))
        if (auto dense = dyn_cast<DenseElementsAttr>(constant.getValue()))
          constant.setValueAttr(DenseElementsAttr::getFromRawBuffer(
              cast<ShapedType>(constant.getType()), dense.getRawData()));
    });

    // 2. Ops that need other layouts get conversions around them.
    WalkResult result = module.walk(
        [&](Operation *op) -> WalkResult { return fixLayouts(op); });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  /// The first op of `module` that makes, takes or holds a tensor with an
  /// encoding; null when none does.
  static Operation *findEncodedTensor(ModuleOp module) {
    auto isEncoded = [](Type type) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      return tensor && tensor.getEncoding();
    };
    Operation *found = nullptr;
    module.walk([&](Operation *op) {
      bool encoded = llvm::any_of(op->getOperandTypes(), isEncoded) ||
                     llvm::any_of(op->getResultTypes(), isEncoded);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          encoded |= llvm::any_of(block.getArgumentTypes(), isEncoded);
      if (!encoded)
        return WalkResult::advance();
      found = op;
      return WalkResult::interrupt();
    });
    return found;
  }

  /// Block pointers have no TTGIR form: triton-rewrite-tensor-pointer must
  /// have turned them into tensors of pointers. Diagnoses the first op that
  /// makes or takes one.
  static LogicalResult checkNoBlockPointers(ModuleOp module) {
    auto isBlockPointer = [](Type type) {
      auto ptr = dyn_cast<tt::PointerType>(type);
      return ptr && isa<RankedTensorType>(ptr.getPointeeType());
    };
    auto involvesBlockPointer = [&](Operation *op) {
      if (llvm::any_of(op->getOperandTypes(), isBlockPointer) ||
          llvm::any_of(op->getResultTypes(), isBlockPointer))
        return true;
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (llvm::any_of(block.getArgumentTypes(), isBlockPointer))
            return true;
      return false;
    };
    WalkResult result = module.walk([&](Operation *op) {
      if (!involvesBlockPointer(op))
        return WalkResult::advance();
      op->emitOpError("convert-triton-to-tritongpu: block pointers have no "
                      "TTGIR form; run triton-rewrite-tensor-pointer first "
                      "(pipelines/ttir.pipeline does)");
      return WalkResult::interrupt();
    });
    return failure(result.wasInterrupted());
  }

  /// `value` converted to `encoding` (a new ttg.convert_layout before `op`
  /// unless it has that encoding already).
  Value convertTo(OpBuilder &builder, Location loc, Value value,
                  Attribute encoding) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getEncoding() == encoding)
      return value;
    auto target =
        RankedTensorType::get(type.getShape(), type.getElementType(), encoding);
    return ttg::ConvertLayoutOp::create(builder, loc, target, value);
  }

  /// Gives `result` the encoding `encoding`, and the default layout back to
  /// its users through a conversion after the op.
  void setResultEncoding(OpResult result, Attribute encoding) {
    auto defaultType = cast<RankedTensorType>(result.getType());
    if (defaultType.getEncoding() == encoding)
      return;
    result.setType(RankedTensorType::get(
        defaultType.getShape(), defaultType.getElementType(), encoding));
    OpBuilder builder(result.getOwner()->getContext());
    builder.setInsertionPointAfter(result.getOwner());
    auto back = ttg::ConvertLayoutOp::create(builder, result.getLoc(),
                                             defaultType, result);
    result.replaceAllUsesExcept(back, back);
  }

  /// Triton's layout for a dot's accumulator: 4x4 (2x2 when the tensor has
  /// fewer than 16 elements per thread) outputs per thread in the two
  /// innermost dims, row-major.
  ttg::BlockedEncodingAttr getDotBlockedEncoding(RankedTensorType type) {
    ArrayRef<int64_t> shape = type.getShape();
    size_t rank = shape.size();
    SmallVector<unsigned> sizePerThread(rank, 1);
    int64_t perThread = type.getNumElements() / (warps * threadsPerWarp);
    unsigned square = perThread >= 16 ? 4 : perThread >= 4 ? 2 : 1;
    for (size_t dim = rank - 2; dim < rank; ++dim)
      sizePerThread[dim] =
          std::min<unsigned>(square, static_cast<unsigned>(shape[dim]));
    auto order = llvm::to_vector(llvm::reverse(llvm::seq<unsigned>(rank)));
    return ttg::buildBlockedEncoding(type.getContext(), shape, sizePerThread,
                                     order, warps, threadsPerWarp);
  }

  /// Whether `dst`'s layout holds, register for register, the elements of
  /// `src` in some order (layout::concatenateRegisters).
  static bool canRenameRegisters(Value src, Value dst) {
    auto srcLayout = ttg::toLinearLayout(cast<RankedTensorType>(src.getType()));
    auto dstLayout = ttg::toLinearLayout(cast<RankedTensorType>(dst.getType()));
    return srcLayout && dstLayout &&
           layout::concatenateRegisters(*srcLayout, *dstLayout, 1);
  }

  WalkResult fixLayouts(Operation *op) {
    MLIRContext *context = op->getContext();
    OpBuilder builder(op);
    auto encodingOf = [](Value v) {
      return cast<RankedTensorType>(v.getType()).getEncoding();
    };
    auto layoutIface = [&](Value v) {
      return tt::getLayoutInterface(encodingOf(v));
    };

    if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
      // The operand is a slice of the result's layout along the new axis.
      Attribute slice = ttg::SliceEncodingAttr::get(
          context, expand.getAxis(), encodingOf(expand.getResult()));
      expand.getSrcMutable().assign(
          convertTo(builder, op->getLoc(), expand.getSrc(), slice));
      return WalkResult::advance();
    }
    if (auto broadcast = dyn_cast<tt::BroadcastOp>(op)) {
      // A broadcast keeps its operand's encoding (default layouts of the two
      // shapes may differ); users get the default back.
      setResultEncoding(broadcast->getResult(0),
                        encodingOf(broadcast.getSrc()));
      return WalkResult::advance();
    }
    if (auto reduce = dyn_cast<tt::ReduceOp>(op)) {
      Attribute srcEnc = encodingOf(reduce.getSrcs().front());
      for (OpResult result : reduce->getResults())
        if (isa<RankedTensorType>(result.getType()))
          setResultEncoding(result, ttg::SliceEncodingAttr::get(
                                        context, reduce.getAxis(), srcEnc));
      return WalkResult::advance();
    }
    if (auto dot = dyn_cast<tt::DotOp>(op)) {
      // The dot computes in a blocked layout of its own, FMA-style operands
      // of it; accelerate-matmul later picks tensor-core layouts where it
      // can. That layout is what an FMA dot keeps (fp32 "ieee", fp64):
      // its operands hold whole rows and columns of K, so the accumulator
      // must give each thread a square of outputs for the registers to fit.
      Attribute parent = getDotBlockedEncoding(dot.getType());
      dot.getCMutable().assign(
          convertTo(builder, op->getLoc(), dot.getC(), parent));
      setResultEncoding(dot->getResult(0), parent);
      dot.getAMutable().assign(
          convertTo(builder, op->getLoc(), dot.getA(),
                    ttg::DotOperandEncodingAttr::get(context, 0, parent, 0)));
      dot.getBMutable().assign(
          convertTo(builder, op->getLoc(), dot.getB(),
                    ttg::DotOperandEncodingAttr::get(context, 1, parent, 0)));
      return WalkResult::advance();
    }
    if (auto trans = dyn_cast<tt::TransOp>(op)) {
      FailureOr<Attribute> enc =
          layoutIface(trans.getSrc())
              ->inferTransEncoding(encodingOf(trans.getSrc()),
                                   trans.getSrc().getType().getShape(),
                                   trans.getOrder(), op->getLoc());
      if (failed(enc))
        return WalkResult::interrupt();
      setResultEncoding(trans->getResult(0), *enc);
      return WalkResult::advance();
    }
    if (auto join = dyn_cast<tt::JoinOp>(op)) {
      FailureOr<Attribute> enc =
          layoutIface(join.getLhs())
              ->inferJoinEncoding(encodingOf(join.getLhs()),
                                  join.getLhs().getType().getShape(),
                                  op->getLoc());
      if (failed(enc))
        return WalkResult::interrupt();
      setResultEncoding(join->getResult(0), *enc);
      return WalkResult::advance();
    }
    if (auto split = dyn_cast<tt::SplitOp>(op)) {
      // The split dimension must be within each thread: move the operand to
      // the joined form of the results' default layout.
      Attribute outEnc = encodingOf(split.getOutLHS());
      FailureOr<Attribute> joined =
          tt::getLayoutInterface(outEnc)->inferJoinEncoding(
              outEnc, split.getOutLHS().getType().getShape(), op->getLoc());
      if (failed(joined))
        return WalkResult::interrupt();
      split.getSrcMutable().assign(
          convertTo(builder, op->getLoc(), split.getSrc(), *joined));
      return WalkResult::advance();
    }
    if (auto reshape = dyn_cast<tt::ReshapeOp>(op)) {
      // With allow_reorder any result layout holding the operand's registers
      // will do, and Triton keeps the default one. Otherwise, and where the
      // default would move data, the result takes the layout that keeps
      // every element in its thread.
      if (reshape.getAllowReorder() &&
          canRenameRegisters(reshape.getSrc(), reshape.getResult()))
        return WalkResult::advance();
      FailureOr<Attribute> enc =
          layoutIface(reshape.getSrc())
              ->inferReshapeEncoding(encodingOf(reshape.getSrc()),
                                     reshape.getSrc().getType().getShape(),
                                     reshape.getType().getShape(),
                                     op->getLoc());
      if (failed(enc))
        return WalkResult::interrupt();
      setResultEncoding(reshape->getResult(0), *enc);
      return WalkResult::advance();
    }
    OpOperand *rowOffsets = nullptr;
    if (auto gather = dyn_cast<tt::DescriptorGatherOp>(op))
      rowOffsets = &gather.getXOffsetsMutable();
    if (auto scatter = dyn_cast<tt::DescriptorScatterOp>(op))
      rowOffsets = &scatter.getXOffsetsMutable();
    if (rowOffsets) {
      // TMA gather4/scatter4 take the row offsets four at a time: the thread
      // that issues one needs four neighbouring offsets, on every warp.
      OpOperand &offsets = *rowOffsets;
      SmallVector<unsigned> sizePerThread{1, 4};
      SmallVector<unsigned> lanes{unsigned(threadsPerWarp), 1};
      SmallVector<unsigned> warpsPerCTA{1, unsigned(warps)};
      SmallVector<unsigned> order{1, 0};
      auto parent = ttg::BlockedEncodingAttr::get(
          context, sizePerThread, lanes, warpsPerCTA, order, /*cgaLayout=*/{});
      offsets.set(convertTo(builder, op->getLoc(), offsets.get(),
                            ttg::SliceEncodingAttr::get(context, 0, parent)));
      return WalkResult::advance();
    }
    if (auto cat = dyn_cast<tt::CatOp>(op)) {
      FailureOr<Attribute> enc =
          layoutIface(cat.getLhs())
              ->inferCatEncoding(encodingOf(cat.getLhs()),
                                 cat.getLhs().getType().getShape(),
                                 encodingOf(cat.getResult()),
                                 cat.getType().getShape(), op->getLoc());
      if (failed(enc))
        return WalkResult::interrupt();
      setResultEncoding(cat->getResult(0), *enc);
      return WalkResult::advance();
    }
    return WalkResult::advance();
  }
};
} // namespace

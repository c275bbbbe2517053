//===- MMALowering.cpp - triton-nvidia-mma-lowering -----------------------===//
//
// Readies tcgen05 MMAs (ttng.tc_gen5_mma, tc_gen5_mma_scaled) for the
// lowering, as Triton's pass does:
//
// - a synchronous MMA becomes an asynchronous one that arrives on a fresh
//   mbarrier, waited on (phase 0, under the MMA's predicate) and
//   invalidated right after it;
// - block scales a scaled MMA reads from shared memory are copied into
//   tensor memory first (ttng.tmem_alloc + ttng.tmem_copy into a
//   #ttng.tensor_memory_scales_encoding buffer of one row per row of the
//   MMA's M (A) or N (B));
// - a ttng.tc_gen5_commit that follows an MMA across pure ops only, with
//   the MMA's predicate (or an MMA that always runs), becomes one more
//   completion barrier of the MMA.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"
#include "passes/ttg/TMAUtils.h"

#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/DimNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTNGMMALOWERINGPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Adds `barrier[pred]` to the mbarriers `mma` arrives on at completion.
template <typename MMAOp>
void addCompletionBarrier(MMAOp mma, Value barrier, Value pred) {
  mma.getBarriersMutable().append(barrier);
  mma.getBarrierPredsMutable().append(pred);
}

Value createTrue(OpBuilder &builder, Location loc) {
  return arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
}

/// A synchronous MMA: asynchronous on a fresh mbarrier, waited on at once.
template <typename MMAOp>
struct SynchronousMMA : public OpRewritePattern<MMAOp> {
  using OpRewritePattern<MMAOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(MMAOp mma,
                                PatternRewriter &rewriter) const override {
    if (mma.getIsAsync())
      return failure();
    Location loc = mma.getLoc();
    Value barrier = ttg::LocalAllocOp::create(
        rewriter, loc, getMBarrierType(mma.getContext()), /*src=*/Value(),
        /*alignment=*/IntegerAttr());
    ttng::InitBarrierOp::create(rewriter, loc, barrier, /*count=*/1);
    Value always = createTrue(rewriter, loc);
    rewriter.modifyOpInPlace(mma, [&] {
      addCompletionBarrier(mma, barrier, always);
      mma.setIsAsync(true);
    });
    rewriter.setInsertionPointAfter(mma);
    Value phase =
        arith::ConstantOp::create(rewriter, loc, rewriter.getI32IntegerAttr(0));
    ttng::WaitBarrierOp::create(rewriter, loc, barrier, phase, mma.getPred(),
                                /*deps=*/ValueRange{});
    ttng::InvalBarrierOp::create(rewriter, loc, barrier);
    return success();
  }
};

/// Whether the buffer of `type` lies in one CTA (its layout's "block" has
/// one value): the scales then go to one CTA's tensor memory. Layouts split
/// over a cluster have no linear layout in tile.
bool isInOneCTA(ttg::MemDescType type) {
  std::optional<layout::LinearLayout> buffer =
      ttg::toLinearLayout(type.getEncoding(), type.getShape());
  return buffer && buffer->getInDimSize(layout::kBlock) == 1;
}

/// A scaled MMA's block scales from shared memory go through tensor memory.
struct ScalesIntoTensorMemory
    : public OpRewritePattern<ttng::TCGen5MMAScaledOp> {
  using OpRewritePattern::OpRewritePattern;

  /// Copies the shared scales of `operand` into a fresh TMEM buffer of
  /// `rows` rows and makes the MMA read that; false when they are not in
  /// shared memory, or split over CTAs.
  static bool copyToTensorMemory(OpOperand &operand, int64_t rows,
                                 PatternRewriter &rewriter) {
    auto type = cast<ttg::MemDescType>(operand.get().getType());
    if (!isa<ttg::SharedMemorySpaceAttr>(type.getMemorySpace()))
      return false;
    if (!isInOneCTA(type))
      return false;
    int64_t elements = type.getNumElements();
    if (rows <= 0 || elements % rows != 0)
      return false;
    MLIRContext *context = rewriter.getContext();
    auto tmemType = ttg::MemDescType::get(
        {rows, elements / rows}, type.getElementType(),
        ttng::TensorMemoryScalesEncodingAttr::get(context, /*CTASplitM=*/1,
                                                  /*CTASplitN=*/1),
        ttng::TensorMemorySpaceAttr::get(context), /*mutableMemory=*/true);
    Location loc = operand.getOwner()->getLoc();
    auto alloc = ttng::TMEMAllocOp::create(rewriter, loc, tmemType,
                                           /*token=*/Type(), /*src=*/Value());
    ttng::TMEMCopyOp::create(rewriter, loc, operand.get(), alloc.getResult(),
                             /*barrier=*/Value());
    rewriter.modifyOpInPlace(operand.getOwner(),
                             [&] { operand.set(alloc.getResult()); });
    return true;
  }

  LogicalResult matchAndRewrite(ttng::TCGen5MMAScaledOp mma,
                                PatternRewriter &rewriter) const override {
    ArrayRef<int64_t> a = mma.getA().getType().getShape();
    ArrayRef<int64_t> b = mma.getB().getType().getShape();
    int64_t blockM = a[a.size() - 2], blockN = b.back();
    bool copiedA = copyToTensorMemory(mma.getAScaleMutable(), blockM, rewriter);
    bool copiedB = copyToTensorMemory(mma.getBScaleMutable(), blockN, rewriter);
    return success(copiedA || copiedB);
  }
};

bool isConstantTrue(Value value) {
  return value && matchPattern(value, m_One());
}

/// Moves the ops `value` is computed from that sit after `target` in its
/// block before it; false (moving nothing) when one of them is not pure.
bool moveDefinitionBefore(Value value, Operation *target,
                          PatternRewriter &rewriter) {
  SetVector<Operation *> toMove;
  std::function<bool(Value)> collect = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != target->getBlock() ||
        def->isBeforeInBlock(target) || toMove.contains(def))
      return true;
    if (!isPure(def))
      return false;
    for (Value operand : def->getOperands())
      if (!collect(operand))
        return false;
    toMove.insert(def);
    return true;
  };
  if (!collect(value))
    return false;
  // Operands were collected before their users.
  for (Operation *op : toMove)
    rewriter.moveOpBefore(op, target);
  return true;
}

/// tc_gen5_commits right after an MMA (across pure ops) become completion
/// barriers of the MMA: an MMA that always runs takes any, else only those
/// under its own predicate.
template <typename MMAOp>
struct MergeCommitIntoMMA : public OpRewritePattern<MMAOp> {
  using OpRewritePattern<MMAOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(MMAOp mma,
                                PatternRewriter &rewriter) const override {
    SmallVector<ttng::TCGen5CommitOp> commits;
    for (Operation *next = mma->getNextNode(); next;
         next = next->getNextNode()) {
      if (auto commit = dyn_cast<ttng::TCGen5CommitOp>(next)) {
        if (isConstantTrue(mma.getPred()) || mma.getPred() == commit.getPred())
          commits.push_back(commit);
      } else if (!isPure(next)) {
        break;
      }
    }
    bool merged = false;
    for (ttng::TCGen5CommitOp commit : commits) {
      if (!moveDefinitionBefore(commit.getBarrier(), mma, rewriter))
        continue;
      Value pred = commit.getPred();
      if (!pred) {
        rewriter.setInsertionPoint(mma);
        pred = createTrue(rewriter, commit.getLoc());
      } else if (!moveDefinitionBefore(pred, mma, rewriter)) {
        continue;
      }
      rewriter.modifyOpInPlace(
          mma, [&] { addCompletionBarrier(mma, commit.getBarrier(), pred); });
      rewriter.eraseOp(commit);
      merged = true;
    }
    return success(merged);
  }
};

struct TTNGMMALoweringPass
    : public tile::impl::TTNGMMALoweringPassBase<TTNGMMALoweringPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SynchronousMMA<ttng::TCGen5MMAOp>,
                 SynchronousMMA<ttng::TCGen5MMAScaledOp>,
                 ScalesIntoTensorMemory, MergeCommitIntoMMA<ttng::TCGen5MMAOp>,
                 MergeCommitIntoMMA<ttng::TCGen5MMAScaledOp>>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

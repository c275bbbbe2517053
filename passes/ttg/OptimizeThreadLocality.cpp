//===- OptimizeThreadLocality.cpp - Less cross-thread reduction traffic ---===//
//
// tritongpu-optimize-thread-locality: a reduction whose axis is split
// between threads exchanges partial results through shuffles (and shared
// memory across warps) every time it runs. Three rewrites trade that for
// a layout conversion done once:
//
//  - a reordering reshape that feeds reductions gets a layout with the
//    reduced axis kept inside each thread where it can;
//  - a gather gets a layout in which one warp spans the gather axis, so
//    the gather is a warp shuffle;
//  - a reduction accumulated across a loop reduces only within each
//    thread in the loop, and across threads once after it.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/LayoutOrder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <numeric>

namespace mlir::tile {
#define GEN_PASS_DEF_TTGOPTIMIZETHREADLOCALITYPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
//===----------------------------------------------------------------------===//
// Layout facts read off the linear layout
//===----------------------------------------------------------------------===//

/// Elements a thread holds along each dim of `type`; empty when the
/// encoding has no linear layout.
std::vector<unsigned> getElementsPerThread(RankedTensorType type) {
  std::optional<layout::LinearLayout> ll = ttg::toLinearLayout(type);
  if (!ll)
    return {};
  return layout::getElementsPerThreadPerDim(*ll);
}

/// Whether reshaping `src` into `dst` moves data between threads: the two
/// layouts broadcast along different hardware indices, or a thread holds a
/// different number of elements. (A reordering reshape between layouts of
/// the same shape per thread is free.)
bool isExpensiveReshape(RankedTensorType src, RankedTensorType dst) {
  std::optional<layout::LinearLayout> srcLayout = ttg::toLinearLayout(src);
  std::optional<layout::LinearLayout> dstLayout = ttg::toLinearLayout(dst);
  if (!srcLayout || !dstLayout)
    return true;
  std::vector<layout::NamedValue> srcFree = srcLayout->getFreeVariableMasks();
  std::vector<layout::NamedValue> dstFree = dstLayout->getFreeVariableMasks();
  if (srcFree != dstFree)
    return true;
  auto product = [](const std::vector<unsigned> &v) {
    int64_t p = 1;
    for (unsigned x : v)
      p *= x;
    return p;
  };
  return product(layout::getElementsPerThreadPerDim(*srcLayout)) !=
         product(layout::getElementsPerThreadPerDim(*dstLayout));
}

//===----------------------------------------------------------------------===//
// Reshapes feeding reductions
//===----------------------------------------------------------------------===//

/// A `tt.reshape allow_reorder` whose reduce users all reduce one axis gets
/// the blocked layout that walks that axis last (threads and warps go to
/// the other dims first), when the reshape stays free in it; a convert
/// back to the old layout keeps the users' types.
struct ReshapeForReductionPattern : public OpRewritePattern<tt::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    if (!reshape.getAllowReorder())
      return failure();
    std::optional<unsigned> axis;
    for (Operation *user : reshape->getUsers()) {
      auto reduce = dyn_cast<tt::ReduceOp>(user);
      if (!reduce)
        continue;
      if (axis && *axis != reduce.getAxis())
        return failure();
      axis = reduce.getAxis();
    }
    if (!axis)
      return failure();

    RankedTensorType type = reshape.getType();
    // Nothing to gain when each thread already holds the whole axis.
    if (auto blocked = dyn_cast<ttg::BlockedEncodingAttr>(type.getEncoding()))
      if (blocked.getThreadsPerWarp()[*axis] == 1 &&
          blocked.getWarpsPerCTA()[*axis] == 1)
        return failure();
    std::optional<layout::LinearLayout> current = ttg::toLinearLayout(type);
    if (!current)
      return failure();
    SmallVector<unsigned> order;
    for (unsigned dim : layout::getRegisterOrder(*current))
      if (dim != *axis)
        order.push_back(dim);
    order.push_back(*axis);

    std::optional<int> numWarps = ttg::getNumWarps(reshape);
    if (!numWarps)
      return failure();
    SmallVector<unsigned> sizePerThread(type.getRank(), 1);
    ttg::BlockedEncodingAttr encoding = ttg::buildBlockedEncoding(
        getContext(), type.getShape(), sizePerThread, order, *numWarps,
        ttg::getThreadsPerWarp(reshape));
    if (!encoding || encoding == type.getEncoding())
      return failure();
    auto newType = type.cloneWithEncoding(encoding);
    if (isExpensiveReshape(reshape.getSrc().getType(), newType))
      return failure();

    rewriter.setInsertionPointAfter(reshape);
    rewriter.modifyOpInPlace(reshape, [&] {
      reshape.getResult().setType(newType);
      reshape.setEfficientLayout(true);
    });
    auto back = ttg::ConvertLayoutOp::create(rewriter, reshape.getLoc(), type,
                                             reshape.getResult());
    rewriter.replaceAllUsesExcept(reshape.getResult(), back, back);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Gathers
//===----------------------------------------------------------------------===//

/// The blocked layout in which a gather of `srcType` along `axis` stays in
/// one warp with the fewest index shuffles: as many lanes as fit along the
/// axis (each thread then holds the fewest elements of it), the other lanes
/// and all warps spread over the other dims in the source's lane and warp
/// orders, anything left over broadcast along the axis. One layout serves
/// the source, the indices and the result. Null when the shape does not
/// split that way.
ttg::BlockedEncodingAttr getWarpLocalGatherEncoding(RankedTensorType srcType,
                                                    unsigned axis,
                                                    unsigned lanes,
                                                    unsigned warps) {
  std::optional<layout::LinearLayout> ll = ttg::toLinearLayout(srcType);
  if (!ll)
    return {};
  unsigned rank = srcType.getRank();
  ArrayRef<int64_t> shape = srcType.getShape();
  SmallVector<unsigned> lanesPerDim(rank, 1), warpsPerDim(rank, 1);
  SmallVector<unsigned> order{axis};

  lanesPerDim[axis] = std::min<int64_t>(shape[axis], lanes);
  unsigned lanesLeft = lanes / lanesPerDim[axis];
  for (unsigned dim : layout::getLaneOrder(*ll)) {
    if (dim == axis)
      continue;
    order.push_back(dim);
    lanesPerDim[dim] = std::min<int64_t>(shape[dim], lanesLeft);
    lanesLeft /= lanesPerDim[dim];
  }

  // The axis stays within a warp.
  std::vector<unsigned> warpOrder =
      layout::getDimOrder(*ll, layout::kWarp, layout::getRegisterOrder(*ll));
  unsigned warpsLeft = warps;
  for (unsigned dim : warpOrder) {
    if (dim == axis)
      continue;
    unsigned fit = shape[dim] / lanesPerDim[dim];
    if (fit == 0)
      return {};
    warpsPerDim[dim] = std::min(fit, warpsLeft);
    warpsLeft /= warpsPerDim[dim];
  }

  SmallVector<unsigned> sizePerThread(rank, 1);
  sizePerThread[axis] = shape[axis] / lanesPerDim[axis];
  // Lanes and warps that found no room broadcast along the axis.
  lanesPerDim[axis] *= lanesLeft;
  warpsPerDim[axis] *= warpsLeft;
  auto product = [](ArrayRef<unsigned> v) {
    return std::accumulate(v.begin(), v.end(), 1u, std::multiplies<>());
  };
  if (product(lanesPerDim) != lanes || product(warpsPerDim) != warps)
    return {};
  return ttg::BlockedEncodingAttr::get(srcType.getContext(), sizePerThread,
                                       lanesPerDim, warpsPerDim, order,
                                       /*cgaLayout=*/{});
}

struct WarpLocalGatherPattern : public OpRewritePattern<tt::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tt::GatherOp gather,
                                PatternRewriter &rewriter) const override {
    // Already chosen (here or by the user).
    if (gather.getEfficientLayout())
      return failure();
    RankedTensorType srcType = gather.getSrc().getType();
    if (srcType.getRank() == 1)
      return failure();
    std::optional<int> numWarps = ttg::getNumWarps(gather);
    if (!numWarps)
      return failure();
    ttg::BlockedEncodingAttr encoding = getWarpLocalGatherEncoding(
        srcType, gather.getAxis(), ttg::getThreadsPerWarp(gather), *numWarps);
    if (!encoding)
      return failure();

    Location loc = gather.getLoc();
    Value src = ttg::ConvertLayoutOp::create(
        rewriter, loc, srcType.cloneWithEncoding(encoding), gather.getSrc());
    Value indices = ttg::ConvertLayoutOp::create(
        rewriter, loc,
        gather.getIndices().getType().cloneWithEncoding(encoding),
        gather.getIndices());
    RankedTensorType resultType = gather.getType();
    rewriter.setInsertionPointAfter(gather);
    auto back = ttg::ConvertLayoutOp::create(rewriter, loc, resultType,
                                             gather.getResult());
    rewriter.replaceAllUsesExcept(gather.getResult(), back, back);
    rewriter.modifyOpInPlace(gather, [&] {
      gather.getSrcMutable().set(src);
      gather.getIndicesMutable().set(indices);
      gather.getResult().setType(resultType.cloneWithEncoding(encoding));
      gather.setEfficientLayout(true);
    });
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Loop-carried reductions
//===----------------------------------------------------------------------===//

/// The single combining op of a reduction's region, or null.
Operation *getCombiner(tt::ReduceOp reduce) {
  Block &body = reduce.getCombineOp().front();
  if (body.getOperations().size() != 2)
    return nullptr;
  return &body.front();
}

/// The value `combiner` starts from (the identity of the reduction), as
/// Triton uses: +0 for addf, 1 for mulf, -inf/+inf for max/min.
TypedAttr getNeutralElement(Operation *combiner) {
  auto type = cast<FloatType>(combiner->getResult(0).getType());
  const llvm::fltSemantics &semantics = type.getFloatSemantics();
  if (isa<arith::AddFOp>(combiner))
    return FloatAttr::get(type, APFloat::getZero(semantics));
  if (isa<arith::MulFOp>(combiner))
    return FloatAttr::get(type, APFloat::getOne(semantics));
  if (isa<arith::MaximumFOp, arith::MaxNumFOp>(combiner))
    return FloatAttr::get(type, APFloat::getInf(semantics, /*Negative=*/true));
  if (isa<arith::MinimumFOp, arith::MinNumFOp>(combiner))
    return FloatAttr::get(type, APFloat::getInf(semantics, /*Negative=*/false));
  return {};
}

/// A reduction `acc = update(acc, reduce(load))` carried by an scf.for,
/// where the reduce can be split into a per-thread part in the loop and a
/// cross-thread part after it.
struct CarriedReduction {
  tt::ReduceOp reduce;
  /// The op combining the reduction into the loop-carried value.
  Operation *update;
  scf::ForOp loop;
  /// The index of the carried value among the loop's iter args.
  unsigned iterIndex;
  /// Elements of the reduced axis each thread holds.
  unsigned elementsPerThread;
};

std::optional<CarriedReduction> matchCarriedReduction(tt::ReduceOp reduce) {
  if (reduce.getSrcs().size() != 1 || reduce->getNumResults() != 1)
    return std::nullopt;
  Operation *combiner = getCombiner(reduce);
  if (!combiner ||
      !isa<arith::AddFOp, arith::MulFOp, arith::MaximumFOp, arith::MaxNumFOp,
           arith::MinimumFOp, arith::MinNumFOp>(combiner))
    return std::nullopt;
  auto srcType = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  unsigned rank = srcType.getRank();
  // The 3-d layout below is built from a blocked one, reducing its
  // innermost dim.
  if (rank < 2 || !isa<ttg::BlockedEncodingAttr>(srcType.getEncoding()) ||
      reduce.getAxis() != rank - 1)
    return std::nullopt;
  if (!reduce.getSrcs()[0].getDefiningOp<tt::LoadOp>())
    return std::nullopt;
  std::vector<unsigned> perThread = getElementsPerThread(srcType);
  if (perThread.size() != rank || perThread[rank - 1] == 1)
    return std::nullopt;

  if (!reduce->hasOneUse())
    return std::nullopt;
  Operation *update = *reduce->user_begin();
  if (update->getNumOperands() != 2 || update->getNumResults() != 1 ||
      !update->hasOneUse() || update->getNumRegions() != 0)
    return std::nullopt;
  auto yield = dyn_cast<scf::YieldOp>(*update->user_begin());
  auto loop = dyn_cast<scf::ForOp>(reduce->getParentOp());
  if (!yield || !loop || yield->getParentOp() != loop)
    return std::nullopt;
  unsigned iterIndex = update->getUses().begin()->getOperandNumber();
  // The update combines the reduction with the value it carries.
  Value carried = loop.getRegionIterArgs()[iterIndex];
  Value other = update->getOperand(0) == reduce.getResult()[0]
                    ? update->getOperand(1)
                    : update->getOperand(0);
  if (other != carried || carried.getType() != update->getResult(0).getType())
    return std::nullopt;
  if (!loop.getInitArgs()[iterIndex].getDefiningOp<arith::ConstantOp>())
    return std::nullopt;
  return CarriedReduction{reduce, update, loop, iterIndex, perThread[rank - 1]};
}

/// The src layout with the reduced (innermost) dim split in two: what a
/// thread holds of it moves to a new innermost dim, held whole by each
/// thread and first in the order.
ttg::BlockedEncodingAttr getSplitAxisEncoding(ttg::BlockedEncodingAttr src,
                                              unsigned axis) {
  unsigned rank = src.getOrder().size();
  SmallVector<unsigned> sizePerThread(src.getSizePerThread());
  sizePerThread.push_back(sizePerThread[axis]);
  sizePerThread[axis] = 1;
  SmallVector<unsigned> lanes(src.getThreadsPerWarp());
  lanes.push_back(1);
  SmallVector<unsigned> warps(src.getWarpsPerCTA());
  warps.push_back(1);
  SmallVector<unsigned> order{rank};
  llvm::append_range(order, src.getOrder());
  return ttg::BlockedEncodingAttr::get(src.getContext(), sizePerThread, lanes,
                                       warps, order, /*cgaLayout=*/{});
}

/// The type of `reduce`'s result had it reduced `srcType` along `axis`.
RankedTensorType getReducedType(RankedTensorType srcType, unsigned axis) {
  SmallVector<int64_t> shape(srcType.getShape());
  shape.erase(shape.begin() + axis);
  return RankedTensorType::get(
      shape, srcType.getElementType(),
      ttg::SliceEncodingAttr::get(srcType.getContext(), axis,
                                  srcType.getEncoding()));
}

/// A copy of `reduce` on `src`, along `axis`, its result typed to match.
tt::ReduceOp cloneReduce(OpBuilder &builder, tt::ReduceOp reduce, Value src,
                         unsigned axis) {
  IRMapping mapping;
  mapping.map(reduce.getSrcs()[0], src);
  auto copy = cast<tt::ReduceOp>(builder.clone(*reduce, mapping));
  copy.setAxis(axis);
  copy->getResult(0).setType(
      getReducedType(cast<RankedTensorType>(src.getType()), axis));
  return copy;
}

/// A copy of the binary `update` on `lhs` (in place of the carried value)
/// and `rhs` (in place of the reduction), typed as `lhs`.
Operation *cloneUpdate(OpBuilder &builder, const CarriedReduction &match,
                       Value carried, Value lhs, Value rhs) {
  IRMapping mapping;
  mapping.map(carried, lhs);
  mapping.map(match.reduce->getResult(0), rhs);
  Operation *copy = builder.clone(*match.update, mapping);
  copy->getResult(0).setType(lhs.getType());
  return copy;
}

void splitCarriedReduction(const CarriedReduction &match) {
  tt::ReduceOp reduce = match.reduce;
  scf::ForOp loop = match.loop;
  Location loc = reduce.getLoc();
  auto srcType = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
  unsigned rank = srcType.getRank();
  unsigned axis = rank - 1;
  auto blocked = cast<ttg::BlockedEncodingAttr>(srcType.getEncoding());

  // [d0, ..., d_axis / e, e] in the split layout, reduced along the new
  // innermost dim inside the loop.
  SmallVector<int64_t> splitShape(srcType.getShape());
  splitShape[axis] /= match.elementsPerThread;
  splitShape.push_back(match.elementsPerThread);
  auto splitType = RankedTensorType::get(splitShape, srcType.getElementType(),
                                         getSplitAxisEncoding(blocked, axis));
  RankedTensorType partialType = getReducedType(splitType, rank);

  // The per-thread partial results start at the reduction's identity.
  Value oldInit = loop.getInitArgs()[match.iterIndex];
  OpBuilder builder(loop);
  builder.setInsertionPointAfter(oldInit.getDefiningOp());
  Value partialInit = arith::ConstantOp::create(
      builder, loc, partialType,
      DenseElementsAttr::get(partialType,
                             getNeutralElement(getCombiner(reduce))));

  IRRewriter rewriter(loop.getContext());
  Value oldCarried = loop.getRegionIterArgs()[match.iterIndex];
  tt::ReduceOp partial;
  auto extended =
      cast<LoopLikeOpInterface>(loop.getOperation())
          .replaceWithAdditionalYields(
              rewriter, partialInit, /*replaceInitOperandUsesInLoop=*/false,
              [&](OpBuilder &b, Location, ArrayRef<BlockArgument> newArgs) {
                // In the loop: reshape, reduce within each thread, combine
                // into the new carried value.
                b.setInsertionPointAfter(reduce);
                Value split = tt::ReshapeOp::create(
                    b, loc, splitType, reduce.getSrcs()[0],
                    /*allow_reorder=*/true, /*efficient_layout=*/true);
                partial = cloneReduce(b, reduce, split, rank);
                Operation *update =
                    cloneUpdate(b, match, oldCarried, newArgs.front(),
                                partial->getResult(0));
                return SmallVector<Value>{update->getResult(0)};
              });
  assert(succeeded(extended) && "scf.for takes more iter args");
  auto newLoop = cast<scf::ForOp>(extended->getOperation());

  // The old carried value no longer changes; its reduce and update die.
  Value carried = newLoop.getRegionIterArgs()[match.iterIndex];
  newLoop.getYieldedValuesMutable().value()[match.iterIndex].set(carried);
  rewriter.eraseOp(match.update);
  rewriter.eraseOp(reduce);

  // After the loop: reduce across threads along the original axis, convert
  // to the old result's layout, and combine with the initial value.
  builder.setInsertionPointAfter(newLoop);
  tt::ReduceOp total =
      cloneReduce(builder, partial, newLoop.getResults().back(), axis);
  Value result = newLoop.getResult(match.iterIndex);
  Value converted = ttg::ConvertLayoutOp::create(
      builder, loc, cast<RankedTensorType>(result.getType()),
      total->getResult(0));
  Operation *updateInLoop = newLoop.getYieldedValues().back().getDefiningOp();
  IRMapping mapping;
  mapping.map(newLoop.getRegionIterArgs().back(), oldInit);
  mapping.map(partial->getResult(0), converted);
  Operation *combined = builder.clone(*updateInLoop, mapping);
  combined->getResult(0).setType(result.getType());
  result.replaceAllUsesWith(combined->getResult(0));
}

struct TTGOptimizeThreadLocalityPass
    : public tile::impl::TTGOptimizeThreadLocalityPassBase<
          TTGOptimizeThreadLocalityPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    RewritePatternSet patterns(&getContext());
    patterns.add<ReshapeForReductionPattern, WarpLocalGatherPattern>(
        &getContext());
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();

    SmallVector<CarriedReduction> matches;
    module.walk([&](tt::ReduceOp reduce) {
      if (std::optional<CarriedReduction> match = matchCarriedReduction(reduce))
        matches.push_back(*match);
    });
    for (CarriedReduction &match : matches) {
      // An earlier split of the same loop replaced it.
      match.loop = cast<scf::ForOp>(match.reduce->getParentOp());
      splitCarriedReduction(match);
    }
  }
};
} // namespace

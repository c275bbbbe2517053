//===- LowerWarpGroup.cpp - nvws.warp_group to ttg.warp_specialize --------===//
//
// nvws-lower-warp-group. nvws.warp_group's regions see values from above;
// ttg.warp_specialize's partitions are isolated from above and run with a
// different number of warps, so their inputs are passed explicitly:
// scalars and memory descriptors as captures (block arguments), constants
// and pure tensor computations cloned into each partition, other tensors
// through shared memory. The rewrite runs under the greedy driver, as in
// Triton, which also moves the cloned constants to the top of each
// partition.
//
//===----------------------------------------------------------------------===//

#include "passes/nvws/Passes.h"

#include "dialects/nvws/NVWSDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/LayoutOrder.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

#include <deque>

namespace mlir::tile {
#define GEN_PASS_DEF_NVWSLOWERWARPGROUPPASS
#include "passes/nvws/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The shared-memory buffer type through which a tensor of `type` is handed
/// to partitions: unswizzled, stored in the tensor's register order
/// (Triton's generic choice for this copy).
ttg::MemDescType sharedStagingType(RankedTensorType type) {
  std::optional<layout::LinearLayout> ll = ttg::toLinearLayout(type);
  if (!ll)
    return {};
  std::vector<unsigned> order = layout::getRegisterOrder(*ll);
  MLIRContext *context = type.getContext();
  auto encoding = ttg::SwizzledSharedEncodingAttr::get(
      context, 1, 1, 1, SmallVector<unsigned>(order.begin(), order.end()),
      /*cgaLayout=*/{});
  return ttg::MemDescType::get(type.getShape(), type.getElementType(), encoding,
                               ttg::SharedMemorySpaceAttr::get(context));
}

/// Whether the value `captured` is recomputed inside each partition rather
/// than passed in: constants, and tensors made by pure ops.
bool isRematerialized(Value captured) {
  Operation *def = captured.getDefiningOp();
  return def && isPure(def) && def->getNumResults() == 1 &&
         (def->hasTrait<OpTrait::ConstantLike>() ||
          isa<RankedTensorType>(captured.getType()));
}

/// Why `group` cannot be lowered, or an empty string.
std::string whyNotLowerable(nvws::WarpGroupOp group, int moduleNumWarps) {
  ArrayRef<int32_t> numWarps = group.getNumWarps();
  bool firstIsDefault = !numWarps.empty() && numWarps[0] == moduleNumWarps;
  if (group.getNumResults() > 0 && !firstIsDefault)
    return "the first warp group does not use the module's number of warps, "
           "so it cannot be the default region that returns the results";
  SetVector<Value> captured;
  for (Region &region :
       group.getPartitionRegions().drop_front(firstIsDefault ? 1 : 0))
    getUsedValuesDefinedAbove(region, captured);
  std::deque<Value> pending(captured.begin(), captured.end());
  DenseSet<Value> seen;
  while (!pending.empty()) {
    Value value = pending.front();
    pending.pop_front();
    if (!seen.insert(value).second)
      continue;
    if (isRematerialized(value)) {
      llvm::append_range(pending, value.getDefiningOp()->getOperands());
      continue;
    }
    if (auto tensor = dyn_cast<RankedTensorType>(value.getType()))
      if (!sharedStagingType(tensor))
        return "a partition uses a tensor without a layout from above";
  }
  return "";
}

struct LowerWarpGroup : OpRewritePattern<nvws::WarpGroupOp> {
  LowerWarpGroup(MLIRContext *context, int moduleNumWarps)
      : OpRewritePattern(context), moduleNumWarps(moduleNumWarps) {}

  LogicalResult matchAndRewrite(nvws::WarpGroupOp group,
                                PatternRewriter &rewriter) const override {
    if (!whyNotLowerable(group, moduleNumWarps).empty())
      return rewriter.notifyMatchFailure(group, "not lowerable");
    Location loc = group.getLoc();
    rewriter.setInsertionPointAfter(group);

    MutableArrayRef<Region> regions = group.getPartitionRegions();
    ArrayRef<int32_t> numWarps = group.getNumWarps();
    Region *defaultRegion = nullptr;
    if (!numWarps.empty() && numWarps[0] == moduleNumWarps) {
      defaultRegion = &regions.front();
      regions = regions.drop_front();
      numWarps = numWarps.drop_front();
    }

    // What the partitions use from above, and how each gets it. Cloned ops
    // pull in their own operands in turn.
    SetVector<Value> captured;
    for (Region &region : regions)
      getUsedValuesDefinedAbove(region, captured);
    SmallVector<OpBuilder> partitionBuilders;
    for (Region &region : regions)
      partitionBuilders.push_back(OpBuilder::atBlockBegin(&region.front()));
    SmallVector<IRMapping> partitionMappings(regions.size());
    SmallVector<Value> captures;
    SetVector<Operation *> toClone;
    std::deque<Value> pending(captured.begin(), captured.end());
    DenseSet<Value> seen;
    while (!pending.empty()) {
      Value value = pending.front();
      pending.pop_front();
      if (!seen.insert(value).second)
        continue;
      if (isRematerialized(value)) {
        Operation *def = value.getDefiningOp();
        llvm::append_range(pending, def->getOperands());
        toClone.insert(def);
        continue;
      }
      auto tensorType = dyn_cast<RankedTensorType>(value.getType());
      if (!tensorType) {
        captures.push_back(value);
        continue;
      }
      // A tensor lives in the registers of the warps that made it: copy it
      // to shared memory, pass the buffer, and load it in each partition.
      auto buffer = ttg::LocalAllocOp::create(
          rewriter, loc, sharedStagingType(tensorType), value);
      for (auto [region, builder, mapping] :
           llvm::zip(regions, partitionBuilders, partitionMappings)) {
        Value loaded = ttg::LocalLoadOp::create(builder, value.getLoc(),
                                                tensorType, buffer, Value());
        replaceAllUsesInRegionWith(value, loaded, region);
        mapping.map(value, loaded);
      }
      captures.push_back(buffer);
    }

    // Clones go after the loads, producers before users.
    SetVector<Operation *> cloneOrder = topologicalSort(toClone);
    for (auto [region, builder, mapping] :
         llvm::zip(regions, partitionBuilders, partitionMappings)) {
      for (Operation *op : cloneOrder) {
        Value copy = builder.clone(*op, mapping)->getResult(0);
        replaceAllUsesInRegionWith(op->getResult(0), copy, region);
      }
    }

    auto specialize = ttg::WarpSpecializeOp::create(
        rewriter, loc, group.getResultTypes(), captures,
        rewriter.getDenseI32ArrayAttr(numWarps), DenseI32ArrayAttr(),
        DenseI32ArrayAttr(), DenseI32ArrayAttr());

    // The default region: the first group's ops when it has the module's
    // warps, else nothing.
    Block &defaultBlock = specialize.getDefaultRegion().emplaceBlock();
    rewriter.setInsertionPointToEnd(&defaultBlock);
    if (defaultRegion) {
      Operation *terminator = defaultRegion->front().getTerminator();
      auto yield =
          ttg::WarpYieldOp::create(rewriter, loc, terminator->getOperands());
      for (Operation &op : llvm::make_early_inc_range(
               defaultRegion->front().without_terminator()))
        op.moveBefore(yield);
    } else {
      ttg::WarpYieldOp::create(rewriter, loc, ValueRange());
    }

    // The partitions: each capture becomes a block argument.
    Block &holder = specialize.getPartitionOpHolder().emplaceBlock();
    rewriter.setInsertionPointToStart(&holder);
    auto partitions =
        ttg::WarpSpecializePartitionsOp::create(rewriter, loc, regions.size());
    for (auto [source, target] :
         llvm::zip(regions, partitions.getPartitionRegions())) {
      Block &block = target.emplaceBlock();
      for (Value capture : captures)
        block.addArgument(capture.getType(), capture.getLoc());
      rewriter.setInsertionPointToEnd(&block);
      auto ret = ttg::WarpReturnOp::create(rewriter, source.getLoc());
      for (Operation &op :
           llvm::make_early_inc_range(source.front().without_terminator()))
        op.moveBefore(ret);
      for (auto [capture, argument] : llvm::zip(captures, block.getArguments()))
        replaceAllUsesInRegionWith(capture, argument, target);
    }

    rewriter.replaceOp(group, specialize.getResults());
    return success();
  }

  int moduleNumWarps;
};

struct NVWSLowerWarpGroupPass
    : tile::impl::NVWSLowerWarpGroupPassBase<NVWSLowerWarpGroupPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool hasGroups = false;
    module.walk([&](nvws::WarpGroupOp) { hasGroups = true; });
    if (!hasGroups)
      return;
    auto numWarpsAttr = module->getAttrOfType<IntegerAttr>("ttg.num-warps");
    if (!numWarpsAttr) {
      module.emitError("nvws-lower-warp-group needs the module's "
                       "ttg.num-warps");
      return signalPassFailure();
    }
    int moduleNumWarps = numWarpsAttr.getInt();
    WalkResult checked = module.walk([&](nvws::WarpGroupOp group) {
      std::string reason = whyNotLowerable(group, moduleNumWarps);
      if (reason.empty())
        return WalkResult::advance();
      group.emitError("cannot lower nvws.warp_group: ") << reason;
      return WalkResult::interrupt();
    });
    if (checked.wasInterrupted())
      return signalPassFailure();

    RewritePatternSet patterns(&getContext());
    patterns.add<LowerWarpGroup>(&getContext(), moduleNumWarps);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

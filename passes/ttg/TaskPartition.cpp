//===- TaskPartition.cpp - nvgpu-test-ws-task-partition -------------------===//
//
// The first step of Triton's Hopper warp specialization: choose the anchor
// ops of each async task. Task 0 is the producer: the descriptor loads (and
// the expensive pointer loads) a wgmma's operands come from. Tasks 1 to
// num-warp-groups - 1 are the consumers: the wgmmas and every store. A
// function that already has marks, or lacks a loop, a load or a wgmma, is
// left alone; nvgpu-test-taskid-propagate then spreads the marks.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/AsyncTasks.h"
#include "passes/ttg/LayoutPropagation.h"
#include "passes/ttg/Passes.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tile {
#define GEN_PASS_DEF_NVGPUTESTWSTASKPARTITIONPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Marks the anchors of `func`'s tasks: the loads feeding the wgmmas' A and
/// B get the producer task 0, the wgmmas and all stores the consumer tasks.
void partitionTasks(tt::FuncOp func, int32_t numWarpGroups) {
  bool marked = false, hasLoop = false, hasLoad = false;
  SmallVector<ttng::WarpGroupDotOp> dots;
  SmallVector<Operation *> stores;
  func.walk([&](Operation *op) {
    marked |= op->hasAttr(kAsyncTaskIdAttrName);
    hasLoop |= isa<scf::ForOp>(op);
    hasLoad |= isa<tt::LoadOp, tt::DescriptorLoadOp>(op);
    if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op))
      dots.push_back(dot);
    else if (isa<tt::StoreOp, tt::DescriptorStoreOp>(op))
      stores.push_back(op);
  });
  // Marks given by the user stand.
  if (marked || !hasLoop || !hasLoad || dots.empty())
    return;

  // Everything the operands are computed from, loop-carried values aside.
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.inclusive = true;
  SetVector<Operation *> producers;
  for (ttng::WarpGroupDotOp dot : dots) {
    SetVector<Operation *> slice;
    (void)getBackwardSlice(dot.getA(), &slice, options);
    (void)getBackwardSlice(dot.getB(), &slice, options);
    for (Operation *op : slice) {
      auto load = dyn_cast<tt::LoadOp>(op);
      if (isa<tt::DescriptorLoadOp>(op) || (load && isExpensiveLoad(load)))
        producers.insert(op);
    }
  }
  if (producers.empty())
    return;

  SmallVector<int32_t> consumerTasks;
  for (int32_t task = 1; task < numWarpGroups; ++task)
    consumerTasks.push_back(task);
  for (Operation *op : producers)
    setAsyncTaskIds(op, {0});
  for (ttng::WarpGroupDotOp dot : dots)
    setAsyncTaskIds(dot, consumerTasks);
  for (Operation *store : stores)
    setAsyncTaskIds(store, consumerTasks);
}

struct NVGPUTestWSTaskPartitionPass
    : public tile::impl::NVGPUTestWSTaskPartitionPassBase<
          NVGPUTestWSTaskPartitionPass> {
  using Base::Base;

  void runOnOperation() override {
    if (numWarpGroups <= 1)
      return;
    for (tt::FuncOp func : getOperation().getOps<tt::FuncOp>())
      partitionTasks(func, numWarpGroups);
  }
};
} // namespace

//===- ScheduleLoops.cpp - tritongpu-schedule-loops -----------------------===//
//
// Gives every op of a loop with latency-marked loads its pipeline stage:
// the loads and what only feeds them (pointer and mask arithmetic, the
// pointer advance, an effect-free scf.if computing them, the global loads of
// a block-sparse loop's indices) in stage 0, the rest in the last stage.
// Clusters order the pipelined body: the last stage first, the early copies
// after it.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"
#include "passes/ttg/PipelineUtils.h"

#include "dialects/ttg/TTGDialect.h"

#include "llvm/ADT/SetVector.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGSCHEDULELOOPSPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Whether an op a marked load depends on may run in the load's stage:
/// ops without effects, and among ops with regions only an scf.if whose
/// regions have none (the guarded prologue of a loop nest fused by
/// tritongpu-fuse-nested-loops, which computes the next tile's offsets).
bool isEarlyCandidate(Operation *op) {
  // A global load feeding a marked load's address (the block index a
  // block-sparse loop reads to advance its offset) only reads: issued
  // iterations ahead it sees what it would have seen, as Triton's schedule
  // moves such loads a stage ahead too.
  if (isa<tt::LoadOp>(op))
    return true;
  if (!isMemoryEffectFree(op))
    return false;
  return op->getNumRegions() == 0 || isa<scf::IfOp>(op);
}

/// The op of `loop`'s body that makes `value` for this iteration, or for a
/// loop-carried value the one that made it in the previous iteration; null
/// for a value from outside the body.
Operation *getBodyProducer(scf::ForOp loop, Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value);
      arg && arg.getOwner() == loop.getBody() && arg.getArgNumber() > 0)
    value = loop.getTiedLoopYieldedValue(arg)->get();
  Operation *def = value.getDefiningOp();
  return def && def->getBlock() == loop.getBody() ? def : nullptr;
}

/// The ops of `loop`'s body the marked loads depend on, the loads included,
/// through loop-carried values too. Ops with effects, and ops with regions
/// other than a pure scf.if, are never early; an early value a late op also
/// reads is carried to it by the pipeliner. Failure when an early op reads
/// what only a late op can make (an atomic the offset depends on): it would
/// wait for a later stage, and the loop cannot be pipelined.
FailureOr<SetVector<Operation *>>
computeEarlyOps(scf::ForOp loop, function_ref<bool(Operation *)> isRoot) {
  SetVector<Operation *> early;
  SmallVector<Operation *> worklist;
  for (Operation &op : loop.getBody()->without_terminator())
    if (isRoot(&op))
      worklist.push_back(&op);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!early.insert(op))
      continue;
    // A loop-carried value an early op reads must be advanced early too
    // (a pointer bumped every iteration), or the copy issued ahead would
    // wait for a later stage of an earlier iteration.
    for (Value operand : op->getOperands()) {
      Operation *def = getBodyProducer(loop, operand);
      if (!def)
        continue;
      if (!isEarlyCandidate(def))
        return failure();
      worklist.push_back(def);
    }
  }
  return early;
}

/// Whether `op` is a marked load whose value is used in registers (read
/// back from its ring in the last stage), not staged in shared memory.
bool isMarkedRegisterLoad(Operation *op) {
  auto load = dyn_cast<tt::LoadOp>(op);
  return load && isLatencyMarkedLoad(op) && !isStagedInSharedMemory(load);
}

/// A marked load used in registers whose value the other marked loads need
/// early (their address advanced from it, through a loop-carried value,
/// which assign-latencies does not follow) stays a synchronous load in
/// stage 0, as an index load does; pipelined, it would be read back only in
/// the last stage, and the whole loop could not be pipelined. Where the
/// other loads' early ops cannot be computed, neither can all of them: the
/// caller finds that out and keeps every load synchronous.
void keepEarlyRegisterLoadsSynchronous(scf::ForOp loop) {
  if (llvm::none_of(loop.getBody()->without_terminator(),
                    [](Operation &op) { return isMarkedRegisterLoad(&op); }))
    return;
  FailureOr<SetVector<Operation *>> needed =
      computeEarlyOps(loop, [](Operation *op) {
        return isLatencyMarkedLoad(op) && !isMarkedRegisterLoad(op);
      });
  if (failed(needed))
    return;
  for (Operation *op : *needed)
    if (isMarkedRegisterLoad(op))
      op->removeAttr(kLatencyAttrName);
}

struct TTGScheduleLoopsPass
    : public tile::impl::TTGScheduleLoopsPassBase<TTGScheduleLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation().walk([&](scf::ForOp loop) {
      keepEarlyRegisterLoadsSynchronous(loop);
      int latency = 0;
      for (Operation &op : loop.getBody()->without_terminator())
        if (auto attr = op.getAttrOfType<IntegerAttr>(kLatencyAttrName);
            attr && isLatencyMarkedLoad(&op))
          latency = std::max<int>(latency, attr.getInt());
      if (latency == 0)
        return;
      FailureOr<SetVector<Operation *>> early =
          computeEarlyOps(loop, isLatencyMarkedLoad);
      if (failed(early)) {
        // Its loads stay synchronous.
        for (Operation &op : loop.getBody()->without_terminator())
          op.removeAttr(kLatencyAttrName);
        return;
      }
      Builder builder(loop.getContext());
      for (Operation &op : loop.getBody()->without_terminator()) {
        bool isEarly = early->contains(&op);
        op.setAttr(kStageAttrName,
                   builder.getI32IntegerAttr(isEarly ? 0 : latency));
        op.setAttr(kClusterAttrName,
                   builder.getI32IntegerAttr(isEarly ? kCopyCluster
                                                     : kLastStageCluster));
      }
      ++numScheduledLoops;
    });
  }
};
} // namespace

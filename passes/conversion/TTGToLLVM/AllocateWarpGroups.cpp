//===- AllocateWarpGroups.cpp - Warps of ttg.warp_specialize partitions ---===//
//
// tritongpu-allocate-warp-groups: how many warps a warp-specialized kernel
// launches with, where each partition's warps start, and how registers are
// handed between the warp groups (Passes.td has the rules).
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/Passes.h"
#include "passes/conversion/TTGToLLVM/WarpSpecialize.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

namespace mlir::tile {
#define GEN_PASS_DEF_TRITONGPUALLOCATEWARPGROUPSPASS
#include "passes/conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Warps of one warp group.
constexpr int kWarpGroupSize = 4;

int getPartitionWarps(ttg::WarpSpecializeOp op) {
  ArrayRef<int32_t> numWarps = op.getPartitionNumWarps();
  return std::accumulate(numWarps.begin(), numWarps.end(), 0);
}

/// Adds partitions that only return to `op` until its partitions take
/// `numWarpGroups` whole warp groups: so that every warp of the kernel is
/// in some partition and takes part in setmaxnreg.
void padToWarpGroups(ttg::WarpSpecializeOp op, int numWarpGroups) {
  int missing = numWarpGroups * kWarpGroupSize - getPartitionWarps(op);
  if (missing <= 0)
    return;
  // Partition sizes must be powers of two: take the largest that fits.
  SmallVector<int32_t> padding;
  for (; missing > 0; missing -= padding.back())
    padding.push_back(int32_t(llvm::bit_floor(unsigned(missing))));

  // A region cannot be added to an op: build a partitions op with more
  // regions and move the existing ones over.
  Block &holder = op.getPartitionOpHolder().front();
  auto partitions = cast<ttg::WarpSpecializePartitionsOp>(holder.front());
  OpBuilder builder(partitions);
  OperationState state(partitions.getLoc(), partitions->getName());
  for (Region &region : partitions->getRegions())
    state.addRegion()->takeBody(region);
  for (size_t i = 0; i < padding.size(); ++i) {
    Block &body = state.addRegion()->emplaceBlock();
    for (Value capture : op.getExplicitCaptures())
      body.addArgument(capture.getType(), capture.getLoc());
    // The region has no op yet to take the context from.
    OpBuilder bodyBuilder(op.getContext());
    bodyBuilder.setInsertionPointToEnd(&body);
    ttg::WarpReturnOp::create(bodyBuilder, op.getLoc());
  }
  builder.create(state);
  partitions.erase();

  SmallVector<int32_t> numWarps(op.getPartitionNumWarps());
  numWarps.append(padding);
  op.setPartitionNumWarps(numWarps);
  // The padding partitions do nothing and need the fewest registers.
  if (std::optional<ArrayRef<int32_t>> requested = op.getRequestedRegisters()) {
    SmallVector<int32_t> registers(*requested);
    registers.append(padding.size(), 16);
    op.setRequestedRegisters(registers);
  }
}

/// Start warps for the partitions of `op`, after the `defaultWarps` of the
/// default group: larger partitions first, so that they start on a warp
/// group boundary; equal sizes in partition order.
SmallVector<int32_t> assignStartWarps(ttg::WarpSpecializeOp op,
                                      int defaultWarps) {
  ArrayRef<int32_t> numWarps = op.getPartitionNumWarps();
  SmallVector<unsigned> order(numWarps.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return std::pair(-numWarps[a], a) < std::pair(-numWarps[b], b);
  });
  SmallVector<int32_t> start(numWarps.size());
  int32_t next = defaultWarps;
  for (unsigned partition : order) {
    start[partition] = next;
    next += numWarps[partition];
  }
  return start;
}

/// Sets `actualRegisters` of `op` from its `requestedRegisters`: each warp
/// group (the partitions starting in it) gets the most its partitions ask
/// for, the default group what is left of `maxRegisters` per thread over
/// all warps. Returns false when nothing moves (no request, or too little
/// left for the default group).
bool assignRegisters(ttg::WarpSpecializeOp op, int defaultWarps,
                     int threadsPerWarp, int maxRegisters) {
  std::optional<ArrayRef<int32_t>> requested = op.getRequestedRegisters();
  if (!requested || getPartitionWarps(op) % kWarpGroupSize != 0)
    return false;
  ArrayRef<int32_t> numWarps = op.getPartitionNumWarps();
  ArrayRef<int32_t> start = *op.getWarpGroupStartIds();
  SmallVector<unsigned> order(numWarps.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return std::pair(start[a], a) < std::pair(start[b], b);
  });

  struct WarpGroup {
    SmallVector<unsigned> partitions;
    int registers = 0;
    int warps = 0;
  };
  SmallVector<WarpGroup> groups;
  for (unsigned partition : order) {
    if (groups.empty() || start[partition] % kWarpGroupSize == 0)
      groups.emplace_back();
    WarpGroup &group = groups.back();
    group.partitions.push_back(partition);
    group.registers = std::max<int>(group.registers,
                                    llvm::alignTo((*requested)[partition], 8));
    group.warps += numWarps[partition];
  }

  // What the partitions leave of the register file goes to the default
  // group, in steps of 8 registers per thread.
  int64_t budget = int64_t(maxRegisters) * defaultWarps * threadsPerWarp;
  for (const WarpGroup &group : groups)
    budget +=
        int64_t(maxRegisters - group.registers) * group.warps * threadsPerWarp;
  if (budget <= 0)
    return false;
  int64_t leftover = budget / (int64_t(defaultWarps) * threadsPerWarp) / 8 * 8;
  if (leftover < kMinRegisters)
    return false;

  SmallVector<int32_t> actual(1 + numWarps.size());
  actual[0] = int32_t(leftover);
  for (const WarpGroup &group : groups)
    for (unsigned partition : group.partitions)
      actual[1 + partition] = group.registers;
  op.setActualRegisters(actual);
  return true;
}

struct TritonGPUAllocateWarpGroupsPass
    : public tile::impl::TritonGPUAllocateWarpGroupsPassBase<
          TritonGPUAllocateWarpGroupsPass> {
  void runOnOperation() override { allocateWarpGroups(getOperation()); }
};
} // namespace

void mlir::tile::allocateWarpGroups(ModuleOp module) {
  SmallVector<ttg::WarpSpecializeOp> ops;
  module.walk([&](ttg::WarpSpecializeOp op) { ops.push_back(op); });
  int partitionWarps = 0;
  for (ttg::WarpSpecializeOp op : ops)
    partitionWarps = std::max(partitionWarps, getPartitionWarps(op));
  int numWarpGroups = int(llvm::divideCeil(partitionWarps, kWarpGroupSize));
  for (ttg::WarpSpecializeOp op : ops)
    padToWarpGroups(op, numWarpGroups);

  int defaultWarps = ttg::getNumWarps(module).value_or(ttg::kDefaultNumWarps);
  int totalWarps = defaultWarps + numWarpGroups * kWarpGroupSize;
  int threadsPerWarp = ttg::getThreadsPerWarp(module);
  Builder builder(module.getContext());
  int maxRegisters;
  if (auto given = module->getAttrOfType<IntegerAttr>(kMaxRegistersAttrName))
    maxRegisters = int(given.getInt());
  else
    maxRegisters = kRegisterFileSize / totalWarps / threadsPerWarp / 8 * 8;

  for (ttg::WarpSpecializeOp op : ops) {
    op.setWarpGroupStartIds(assignStartWarps(op, defaultWarps));
    // ptxas needs the registers the kernel starts with to hand them over.
    if (assignRegisters(op, defaultWarps, threadsPerWarp, maxRegisters))
      module->setAttr(kMaxRegistersAttrName,
                      builder.getI32IntegerAttr(maxRegisters));
  }
  module->setAttr(kTotalNumWarpsAttrName,
                  builder.getI32IntegerAttr(totalWarps));
}

int mlir::tile::getTotalNumWarps(ModuleOp module, int numWarps) {
  if (auto total = module->getAttrOfType<IntegerAttr>(kTotalNumWarpsAttrName))
    return int(total.getInt());
  return numWarps;
}

std::optional<int> mlir::tile::getPartitionStartThread(Block *block,
                                                       int threadsPerWarp) {
  for (; block; block = block->getParentOp() ? block->getParentOp()->getBlock()
                                             : nullptr) {
    Operation *parent = block->getParentOp();
    auto partitions = dyn_cast_or_null<ttg::WarpSpecializePartitionsOp>(parent);
    if (!partitions)
      continue;
    auto op = cast<ttg::WarpSpecializeOp>(partitions->getParentOp());
    std::optional<ArrayRef<int32_t>> start = op.getWarpGroupStartIds();
    unsigned index = block->getParent()->getRegionNumber();
    if (!start || index >= start->size())
      return 0;
    return (*start)[index] * threadsPerWarp;
  }
  return std::nullopt;
}

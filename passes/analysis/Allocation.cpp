//===- Allocation.cpp - Byte offsets of shared buffers and scratch --------===//

#include "passes/analysis/Allocation.h"
#include "passes/analysis/Scratch.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// A buffer and the program points (pre-order op numbers) it is live at.
struct LiveBuffer {
  Operation *op;
  int64_t bytes;
  int64_t start, end;
  int64_t offset = 0;
};

/// The last program point of `op` or, when `op` sits inside a region of an
/// op in `block`, of that enclosing op: a use inside a loop keeps a buffer
/// live for the whole loop.
int64_t lastPointIn(Operation *op, Block *block,
                    const DenseMap<Operation *, int64_t> &lastPoint) {
  while (op->getBlock() != block && op->getParentOp())
    op = op->getParentOp();
  return lastPoint.lookup(op);
}

/// The lowest offset (aligned) where `bytes` fit beside `live`.
int64_t firstFit(ArrayRef<const LiveBuffer *> live, int64_t bytes) {
  SmallVector<int64_t> candidates = {0};
  for (const LiveBuffer *other : live)
    candidates.push_back(
        llvm::alignTo(other->offset + other->bytes, kScratchAlignment));
  llvm::sort(candidates);
  for (int64_t candidate : candidates)
    if (llvm::none_of(live, [&](const LiveBuffer *other) {
          return candidate < other->offset + other->bytes &&
                 other->offset < candidate + bytes;
        }))
      return candidate;
  return candidates.back();
}
} // namespace

SharedMemoryAllocation
mlir::tile::computeSharedMemoryAllocation(ModuleOp module) {
  // Program points: ops numbered in pre-order; an op's last point is the
  // largest number inside it.
  DenseMap<Operation *, int64_t> point, lastPoint;
  int64_t counter = 0;
  module.walk<WalkOrder::PreOrder>(
      [&](Operation *op) { point[op] = counter++; });
  module.walk<WalkOrder::PostOrder>([&](Operation *op) {
    lastPoint[op] = counter;
    int64_t last = point[op];
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          last = std::max(last, lastPoint[&nested]);
    lastPoint[op] = last;
  });

  // Explicit buffers live from their local_alloc to the last use of the
  // buffer or of a view of it; scratch only at its op.
  SmallVector<LiveBuffer> buffers;
  module.walk([&](Operation *op) {
    if (int64_t bytes = getExplicitAllocationSizeInBytes(op)) {
      int64_t end = point[op];
      SmallVector<Value> worklist(op->getResults());
      while (!worklist.empty()) {
        Value value = worklist.pop_back_val();
        for (Operation *user : value.getUsers()) {
          end = std::max(end, lastPointIn(user, op->getBlock(), lastPoint));
          if (isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp,
                  ttg::MemDescTransOp, ttg::MemDescReshapeOp,
                  ttg::MemDescReinterpretOp>(user))
            worklist.append(user->result_begin(), user->result_end());
          else if (isa<RegionBranchOpInterface,
                       RegionBranchTerminatorOpInterface>(user))
            // Carried through control flow: live to the end of the block.
            end = std::max(end, lastPointIn(op->getBlock()->getTerminator(),
                                            op->getBlock(), lastPoint));
        }
      }
      buffers.push_back({op, bytes, point[op], end});
    } else if (int64_t scratch = getScratchSizeInBytes(op)) {
      buffers.push_back({op, scratch, point[op], point[op]});
    }
  });

  // First fit in program order, beside the buffers live at the same time.
  SharedMemoryAllocation allocation;
  for (size_t i = 0; i < buffers.size(); ++i) {
    SmallVector<const LiveBuffer *> live;
    for (size_t j = 0; j < i; ++j)
      if (buffers[j].start <= buffers[i].end &&
          buffers[i].start <= buffers[j].end)
        live.push_back(&buffers[j]);
    buffers[i].offset = firstFit(live, buffers[i].bytes);
    allocation.offsets[buffers[i].op] = buffers[i].offset;
    allocation.totalBytes =
        std::max(allocation.totalBytes, buffers[i].offset + buffers[i].bytes);
  }
  return allocation;
}

std::optional<int64_t> mlir::tile::getMaxSharedMemoryPerBlock(ModuleOp module) {
  auto target = module->getAttrOfType<StringAttr>("ttg.target");
  if (!target)
    return std::nullopt;
  // Opt-in maximum of dynamic shared memory per block (CUDA's
  // sharedMemPerBlockOptin) for each compute capability.
  return llvm::StringSwitch<std::optional<int64_t>>(target.getValue())
      .Case("cuda:80", 166912)
      .Cases({"cuda:86", "cuda:89"}, 101376)
      .Case("cuda:90", 232448)
      .Default(std::nullopt);
}

LogicalResult mlir::tile::annotateSharedMemoryAllocation(ModuleOp module) {
  SharedMemoryAllocation allocation = computeSharedMemoryAllocation(module);
  std::optional<int64_t> limit = getMaxSharedMemoryPerBlock(module);
  if (limit && allocation.totalBytes > *limit) {
    // Name the op whose buffer reaches furthest past the limit.
    Operation *worst = nullptr;
    int64_t worstEnd = 0;
    for (auto [op, offset] : allocation.offsets) {
      int64_t end = offset + std::max(getScratchSizeInBytes(op),
                                      getExplicitAllocationSizeInBytes(op));
      if (end > worstEnd ||
          (end == worstEnd && worst && op->isBeforeInBlock(worst)))
        worst = op, worstEnd = end;
    }
    InFlightDiagnostic diag =
        worst ? worst->emitOpError("needs shared memory up to byte ")
                    << worstEnd << ": "
              : module.emitError();
    diag << "the module needs " << allocation.totalBytes
         << " bytes of shared memory, more than the " << *limit
         << " bytes a block may use on "
         << module->getAttrOfType<StringAttr>("ttg.target").getValue();
    return failure();
  }
  Builder builder(module.getContext());
  for (auto [op, offset] : allocation.offsets)
    op->setAttr(kAllocationOffsetAttrName, builder.getI32IntegerAttr(offset));
  module->setAttr(kSharedMemorySizeAttrName,
                  builder.getI32IntegerAttr(allocation.totalBytes));
  return success();
}

bool mlir::tile::hasSharedMemoryAllocation(ModuleOp module) {
  return module->hasAttr(kSharedMemorySizeAttrName);
}

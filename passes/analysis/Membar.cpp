//===- Membar.cpp - Barriers between shared-memory accesses ---------------===//

#include "passes/analysis/Membar.h"
#include "passes/analysis/Scratch.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Half-open byte range [start, end) of shared memory.
struct Interval {
  int64_t start, end;
  bool overlaps(const Interval &other) const {
    return start < other.end && other.start < end;
  }
  bool operator<(const Interval &other) const {
    return std::tie(start, end) < std::tie(other.start, other.end);
  }
  bool operator==(const Interval &other) const {
    return start == other.start && end == other.end;
  }
};

/// The bytes read and written since the last barrier.
struct PendingAccesses {
  std::set<Interval> reads, writes;

  bool conflictsWith(const PendingAccesses &next) const {
    auto anyOverlap = [](const std::set<Interval> &a,
                         const std::set<Interval> &b) {
      for (const Interval &x : a)
        for (const Interval &y : b)
          if (x.overlaps(y))
            return true;
      return false;
    };
    // Read after write, write after read, write after write.
    return anyOverlap(writes, next.reads) || anyOverlap(reads, next.writes) ||
           anyOverlap(writes, next.writes);
  }
  void merge(const PendingAccesses &other) {
    reads.insert(other.reads.begin(), other.reads.end());
    writes.insert(other.writes.begin(), other.writes.end());
  }
  void clear() {
    reads.clear();
    writes.clear();
  }
  bool empty() const { return reads.empty() && writes.empty(); }
  bool operator==(const PendingAccesses &other) const {
    return reads == other.reads && writes == other.writes;
  }
};

class BarrierInserter {
public:
  explicit BarrierInserter(int64_t totalBytes)
      : everything{0, std::max<int64_t>(totalBytes, 1)} {}

  /// Walks `block` from `state`; with `insert`, puts barriers where needed
  /// (otherwise only computes the state at the end).
  void visitBlock(Block &block, PendingAccesses &state, bool insert) {
    for (Operation &op : llvm::make_early_inc_range(block))
      visitOp(&op, state, insert);
  }

  int inserted = 0;

private:
  void visitOp(Operation *op, PendingAccesses &state, bool insert) {
    if (isa<ttg::LocalBarrierOp>(op)) {
      state.clear();
      return;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      PendingAccesses thenState = state, elseState = state;
      visitBlock(ifOp.getThenRegion().front(), thenState, insert);
      if (!ifOp.getElseRegion().empty())
        visitBlock(ifOp.getElseRegion().front(), elseState, insert);
      state = thenState;
      state.merge(elseState);
      return;
    }
    if (isa<scf::ForOp, scf::WhileOp>(op)) {
      visitLoop(op, state, insert);
      return;
    }
    PendingAccesses access = getAccesses(op);
    if (access.empty())
      return;
    if (state.conflictsWith(access)) {
      if (insert) {
        OpBuilder builder(op);
        ttg::LocalBarrierOp::create(builder, op->getLoc());
        ++inserted;
      }
      state.clear();
    }
    state.merge(access);
  }

  /// A loop's body runs after the code before the loop and after its own
  /// previous iteration: its entry state is the fixpoint of
  /// entry = before U end(entry).
  void visitLoop(Operation *loop, PendingAccesses &state, bool insert) {
    auto runBody = [&](PendingAccesses entry, bool doInsert) {
      for (Region &region : loop->getRegions())
        if (!region.empty())
          visitBlock(region.front(), entry, doInsert);
      return entry;
    };
    PendingAccesses entry = state;
    for (int iteration = 0;; ++iteration) {
      PendingAccesses next = state;
      next.merge(runBody(entry, /*doInsert=*/false));
      if (next == entry)
        break;
      entry = next;
      if (iteration == 8) {
        // Far more than real loops need; stay correct regardless.
        entry.reads.insert(everything);
        entry.writes.insert(everything);
        break;
      }
    }
    PendingAccesses end = runBody(entry, insert);
    // Zero or more iterations: after the loop, either path may be pending.
    state = entry;
    state.merge(end);
  }

  /// The byte range of the buffer a memdesc value views.
  Interval bufferOf(Value memdesc) {
    while (Operation *def = memdesc.getDefiningOp()) {
      if (auto alloc = dyn_cast<ttg::LocalAllocOp>(def)) {
        auto offset =
            alloc->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName);
        if (!offset)
          break;
        return {offset.getInt(),
                offset.getInt() + getExplicitAllocationSizeInBytes(alloc)};
      }
      if (!isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp, ttg::MemDescTransOp,
               ttg::MemDescReshapeOp, ttg::MemDescReinterpretOp>(def))
        break;
      memdesc = def->getOperand(0);
    }
    return everything;
  }

  PendingAccesses getAccesses(Operation *op) {
    PendingAccesses access;
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
      if (alloc.getSrc())
        access.writes.insert(bufferOf(alloc.getResult()));
      return access;
    }
    if (auto store = dyn_cast<ttg::LocalStoreOp>(op)) {
      access.writes.insert(bufferOf(store.getDst()));
      return access;
    }
    if (auto load = dyn_cast<ttg::LocalLoadOp>(op)) {
      access.reads.insert(bufferOf(load.getSrc()));
      return access;
    }
    if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op)) {
      access.writes.insert(bufferOf(copy.getResult()));
      return access;
    }
    if (isa<tt::CallOp>(op)) {
      // The callee may touch anything.
      access.reads.insert(everything);
      access.writes.insert(everything);
      return access;
    }
    int64_t scratch = getScratchSizeInBytes(op);
    auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName);
    if (scratch > 0 && offset) {
      Interval range{offset.getInt(), offset.getInt() + scratch};
      access.reads.insert(range);
      access.writes.insert(range);
    }
    return access;
  }

  Interval everything;
};
} // namespace

int mlir::tile::insertSharedMemoryBarriers(ModuleOp module) {
  auto total = module->getAttrOfType<IntegerAttr>(kSharedMemorySizeAttrName);
  if (!total || total.getInt() == 0)
    return 0;
  BarrierInserter inserter(total.getInt());
  module.walk([&](tt::FuncOp func) {
    if (func.getBody().empty())
      return;
    PendingAccesses state;
    inserter.visitBlock(func.getBody().front(), state, /*insert=*/true);
  });
  return inserter.inserted;
}

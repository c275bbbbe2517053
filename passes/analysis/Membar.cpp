//===- Membar.cpp - Barriers between shared-memory accesses ---------------===//

#include "passes/analysis/Membar.h"
#include "passes/analysis/Allocation.h"
#include "passes/analysis/Scratch.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"

#include <set>

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

using IntervalSet = std::set<Interval>;

bool anyOverlap(const IntervalSet &a, const IntervalSet &b) {
  for (const Interval &x : a)
    for (const Interval &y : b)
      if (x.overlaps(y))
        return true;
  return false;
}

/// What the threads may have touched since the last barrier, plus the
/// asynchronous copies not yet retired by an async_wait {num = 0}.
struct PendingAccesses {
  IntervalSet reads, writes;
  /// Issued copies; a barrier does not order them, only a wait does.
  IntervalSet inFlight;

  /// Read after write, write after read, write after write.
  bool conflictsWith(const IntervalSet &nextReads,
                     const IntervalSet &nextWrites) const {
    return anyOverlap(writes, nextReads) || anyOverlap(reads, nextWrites) ||
           anyOverlap(writes, nextWrites);
  }
  void merge(const PendingAccesses &other) {
    reads.insert(other.reads.begin(), other.reads.end());
    writes.insert(other.writes.begin(), other.writes.end());
    inFlight.insert(other.inFlight.begin(), other.inFlight.end());
  }
  /// What a barrier does: everything before it is complete and visible,
  /// except copies still in flight.
  void sync() {
    reads.clear();
    writes.clear();
  }
  bool operator==(const PendingAccesses &other) const {
    return reads == other.reads && writes == other.writes &&
           inFlight == other.inFlight;
  }
};

/// A byte range a memdesc may cover. `exact` when it is exactly the
/// memdesc's bytes (so a constant memdesc_index may narrow it further).
struct ViewRange {
  Interval bytes;
  bool exact;
};

/// Whether `op` is a CTA barrier that orders shared memory. Named by string
/// for the dialects tile does not link (gpu) or lowers to (nvvm).
bool isBarrier(Operation *op) {
  if (isa<ttg::LocalBarrierOp>(op))
    return true;
  StringRef name = op->getName().getStringRef();
  return name == "gpu.barrier" || name == "nvvm.barrier0" ||
         name == "nvvm.barrier";
}

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

  /// Walks the blocks of `region` (a function body, possibly several
  /// blocks joined by cf branches) from `entry`. A block starts from what
  /// all its predecessors may leave pending: a fixpoint over the control
  /// flow graph, computed without inserting, then one inserting pass from
  /// the fixpoint's block entry states (a barrier placed in a block only
  /// shrinks what its successors see, so their entry states stay sound).
  void visitRegion(Region &region, const PendingAccesses &entry, bool insert) {
    if (region.hasOneBlock()) {
      PendingAccesses state = entry;
      visitBlock(region.front(), state, insert);
      return;
    }
    DenseMap<Block *, PendingAccesses> blockEntry, blockExit;
    auto entryOf = [&](Block *block) {
      PendingAccesses state;
      if (block->isEntryBlock())
        state = entry;
      for (Block *pred : block->getPredecessors())
        if (auto it = blockExit.find(pred); it != blockExit.end())
          state.merge(it->second);
      return state;
    };
    for (int iteration = 0;; ++iteration) {
      bool changed = false;
      for (Block &block : region) {
        PendingAccesses state = entryOf(&block);
        blockEntry[&block] = state;
        visitBlock(block, state, /*insert=*/false);
        auto it = blockExit.find(&block);
        if (it == blockExit.end() || !(it->second == state)) {
          blockExit[&block] = state;
          changed = true;
        }
      }
      if (!changed)
        break;
      if (iteration == 16) {
        // Far more than real control flow needs; stay correct regardless.
        for (Block &block : region) {
          blockEntry[&block].reads.insert(everything);
          blockEntry[&block].writes.insert(everything);
        }
        break;
      }
    }
    for (Block &block : region) {
      PendingAccesses state = blockEntry[&block];
      visitBlock(block, state, insert);
    }
  }

  int inserted = 0;

private:
  void visitOp(Operation *op, PendingAccesses &state, bool insert) {
    if (isBarrier(op)) {
      state.sync();
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
    if (auto ws = dyn_cast<ttg::WarpSpecializeOp>(op)) {
      visitWarpSpecialize(ws, state, insert);
      return;
    }
    // Loops, and any other op whose regions branch among themselves (run
    // as a loop, which covers every order the regions may run in).
    if (isa<RegionBranchOpInterface>(op) && op->getNumRegions() > 0) {
      visitLoop(op, state, insert);
      return;
    }
    if (auto wait = dyn_cast<ttg::AsyncWaitOp>(op)) {
      // This thread's copies have landed; others' only after a barrier.
      state.writes.insert(state.inFlight.begin(), state.inFlight.end());
      if (wait.getNum() == 0)
        state.inFlight.clear();
      return;
    }
    IntervalSet reads, writes;
    getAccesses(op, reads, writes);
    if (reads.empty() && writes.empty())
      return;
    if (state.conflictsWith(reads, writes)) {
      if (insert) {
        OpBuilder builder(op);
        ttg::LocalBarrierOp::create(builder, op->getLoc());
        ++inserted;
      }
      state.sync();
    }
    if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op)) {
      state.inFlight.insert(writes.begin(), writes.end());
      return;
    }
    // An atomic whose old values travel through scratch synchronizes the
    // CTA between the owners' stores and everyone's loads (see
    // AtomicOpToLLVM.cpp): only those loads remain pending after it.
    if (isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op) &&
        atomicResultNeedsBroadcast(op)) {
      state.sync();
      state.reads.insert(reads.begin(), reads.end());
      return;
    }
    state.reads.insert(reads.begin(), reads.end());
    state.writes.insert(writes.begin(), writes.end());
  }

  /// The lowering of ttg.warp_specialize synchronizes the whole CTA before
  /// any group starts (after the captures are written) and after all have
  /// finished. Each group's code needs barriers only among its own
  /// accesses; a barrier inside a partition synchronizes only the
  /// partition's warps (convert-warp-specialize-to-llvm gives it a named
  /// barrier). What the groups exchange is ordered by the kernel itself
  /// (mbarriers), as in Triton.
  void visitWarpSpecialize(ttg::WarpSpecializeOp op, PendingAccesses &state,
                           bool insert) {
    PendingAccesses groupState;
    groupState.inFlight = state.inFlight;
    Region &defaultRegion = op.getDefaultRegion();
    if (defaultRegion.hasOneBlock()) {
      visitBlock(defaultRegion.front(), groupState, insert);
    } else {
      visitRegion(defaultRegion, groupState, insert);
      // Not tracked through the blocks: any copy may still be in flight.
      groupState.inFlight.insert(everything);
    }
    for (Region *partition : op.getPartitionRegions())
      visitRegion(*partition, PendingAccesses(), insert);
    // Copies the default group left in flight stay in flight after the op.
    state.inFlight = groupState.inFlight;
    state.sync();
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
        entry.inFlight.insert(everything);
        break;
      }
    }
    PendingAccesses end = runBody(entry, insert);
    // Zero or more iterations: after the loop, either path may be pending.
    state = entry;
    state.merge(end);
  }

  /// Adds to `ranges` the bytes `memdesc` may view; false when some source
  /// cannot be traced to an allocated ttg.local_alloc.
  bool traceView(Value memdesc, SmallVectorImpl<ViewRange> &ranges,
                 DenseSet<Value> &visiting) {
    if (!visiting.insert(memdesc).second)
      return true; // Around a loop: the other paths give its sources.
    Operation *def = memdesc.getDefiningOp();
    if (auto alloc = dyn_cast_or_null<ttg::LocalAllocOp>(def)) {
      auto offset =
          alloc->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName);
      if (!offset)
        return false;
      int64_t start = offset.getInt();
      ranges.push_back(
          {{start, start + getExplicitAllocationSizeInBytes(alloc)}, true});
      return true;
    }
    if (isSharedMemoryView(def)) {
      SmallVector<ViewRange> sources;
      if (!traceView(def->getOperand(0), sources, visiting))
        return false;
      for (ViewRange source : sources)
        ranges.push_back(narrow(def, source));
      return true;
    }
    // A region argument or result of scf.for/if/while: whatever flows in.
    SmallVector<Value> incoming;
    if (!getIncomingValues(memdesc, incoming))
      return false;
    for (Value value : incoming)
      if (!traceView(value, ranges, visiting))
        return false;
    return true;
  }

  /// The bytes the view `op` takes of `source`, the bytes of its operand.
  static ViewRange narrow(Operation *op, ViewRange source) {
    if (auto index = dyn_cast<ttg::MemDescIndexOp>(op)) {
      APInt constant;
      if (!source.exact ||
          !matchPattern(index.getIndex(), m_ConstantInt(&constant)))
        return {source.bytes, false};
      // Slice i is the i-th run of the result's bytes, as the lowering
      // addresses it.
      ttg::MemDescType type = index.getType();
      int64_t slice = getSharedElementBytes(type.getElementType());
      for (int64_t size : type.getShape())
        slice *= size;
      int64_t start = source.bytes.start + constant.getSExtValue() * slice;
      if (start < source.bytes.start || start + slice > source.bytes.end)
        return {source.bytes, false};
      return {{start, start + slice}, true};
    }
    // Transposed and reshaped views cover the same bytes. A subslice's
    // elements are spread over its parent by the layout, and a
    // reinterpretation may cover fewer bytes: keep the whole range.
    bool same = isa<ttg::MemDescTransOp, ttg::MemDescReshapeOp>(op);
    return {source.bytes, source.exact && same};
  }

  /// The bytes `memdesc` may view: all of shared memory when untraceable.
  void addBuffer(Value memdesc, IntervalSet &set) {
    SmallVector<ViewRange> ranges;
    DenseSet<Value> visiting;
    if (!traceView(memdesc, ranges, visiting)) {
      set.insert(everything);
      return;
    }
    for (const ViewRange &range : ranges)
      set.insert(range.bytes);
  }

  void getAccesses(Operation *op, IntervalSet &reads, IntervalSet &writes) {
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
      if (alloc.getSrc())
        addBuffer(alloc.getResult(), writes);
      return;
    }
    if (auto store = dyn_cast<ttg::LocalStoreOp>(op))
      return addBuffer(store.getDst(), writes);
    if (auto load = dyn_cast<ttg::LocalLoadOp>(op))
      return addBuffer(load.getSrc(), reads);
    if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op))
      return addBuffer(copy.getResult(), writes);
    if (isa<ttg::LocalDeallocOp>(op))
      return;
    if (isa<tt::CallOp>(op)) {
      // The callee may touch anything, and leaves no barrier at its end.
      reads.insert(everything);
      writes.insert(everything);
      return;
    }
    int64_t scratch = getScratchSizeInBytes(op);
    if (auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName);
        scratch > 0 && offset) {
      // Threads write their part, sync inside the op, read others' parts.
      Interval range{offset.getInt(), offset.getInt() + scratch};
      reads.insert(range);
      writes.insert(range);
      return;
    }
    getOtherAccesses(op, reads, writes);
  }

  /// Any other op that declares shared-memory effects (e.g. wgmma reading
  /// its operands, mbarrier ops): the buffers of its memdesc operands, or
  /// all of shared memory when it has none.
  void getOtherAccesses(Operation *op, IntervalSet &reads,
                        IntervalSet &writes) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return;
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      if (!isa<ttg::SharedMemory>(instance.getResource()))
        continue;
      bool isRead = isa<MemoryEffects::Read>(instance.getEffect());
      bool isWrite = isa<MemoryEffects::Write>(instance.getEffect());
      if (!isRead && !isWrite)
        continue;
      IntervalSet &set = isRead ? reads : writes;
      if (Value value = instance.getValue()) {
        addBuffer(value, set);
        continue;
      }
      bool any = false;
      for (Value operand : op->getOperands())
        if (isa<ttg::MemDescType>(operand.getType())) {
          addBuffer(operand, set);
          any = true;
        }
      if (!any)
        set.insert(everything);
    }
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
    inserter.visitRegion(func.getBody(), PendingAccesses(), /*insert=*/true);
  });
  return inserter.inserted;
}

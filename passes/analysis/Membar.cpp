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

#include <map>
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

/// Byte ranges and the ops that accessed each (a null op stands for
/// accesses the analysis cannot attribute, which nothing exempts).
using IntervalSet = std::map<Interval, std::set<Operation *>>;

void addRange(IntervalSet &set, Interval range, Operation *op) {
  set[range].insert(op);
}

void addAll(IntervalSet &into, const IntervalSet &from) {
  for (const auto &[range, ops] : from)
    into[range].insert(ops.begin(), ops.end());
}

/// Whether `later` may skip the barrier after `earlier` although their
/// bytes overlap: the pairs of mbarrier operations whose order across
/// threads does not matter, as Triton's NVIDIA backend allows.
bool canSkipBarrier(Operation *earlier, Operation *later) {
  if (!earlier || !later)
    return false;
  // Initializing (or invalidating) several mbarriers of one array.
  if ((isa<ttng::InitBarrierOp>(earlier) && isa<ttng::InitBarrierOp>(later)) ||
      (isa<ttng::InvalBarrierOp>(earlier) && isa<ttng::InvalBarrierOp>(later)))
    return true;
  // A warp must not run ahead into the next wait of a chain of waits.
  if (isa<ttng::WaitBarrierOp>(earlier) && isa<ttng::WaitBarrierOp>(later))
    return false;
  // Arming, loading into and waiting on an mbarrier may happen in any order
  // on different threads: the mbarrier itself orders them.
  auto isMBarrierTraffic = [](Operation *op) {
    return isa<ttng::WaitBarrierOp, ttng::AsyncTMACopyGlobalToLocalOp,
               ttng::AsyncTMAGatherOp, ttng::BarrierExpectOp>(op);
  };
  if (isMBarrierTraffic(earlier) && isMBarrierTraffic(later))
    return true;
  // A wait completes only when the whole transfer has landed, for every
  // thread; only invalidating the mbarrier still needs the CTA to meet.
  if (isa<ttng::AsyncTMACopyGlobalToLocalOp, ttng::AsyncTMAGatherOp,
          ttng::WaitBarrierOp>(earlier) &&
      !isa<ttng::InvalBarrierOp>(later))
    return true;
  return false;
}

/// Whether a byte of `earlier` overlaps one of `later` for a pair of ops
/// that needs a barrier between them (every pair unless `exemptMBarriers`).
bool anyOverlap(const IntervalSet &earlier, const IntervalSet &later,
                bool exemptMBarriers) {
  for (const auto &[x, xOps] : earlier)
    for (const auto &[y, yOps] : later)
      if (x.overlaps(y)) {
        if (!exemptMBarriers)
          return true;
        for (Operation *a : xOps)
          for (Operation *b : yOps)
            if (!canSkipBarrier(a, b))
              return true;
      }
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
                     const IntervalSet &nextWrites,
                     bool exemptMBarriers) const {
    return anyOverlap(writes, nextReads, exemptMBarriers) ||
           anyOverlap(reads, nextWrites, exemptMBarriers) ||
           anyOverlap(writes, nextWrites, exemptMBarriers);
  }
  void merge(const PendingAccesses &other) {
    addAll(reads, other.reads);
    addAll(writes, other.writes);
    addAll(inFlight, other.inFlight);
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

/// The async-proxy ops that write shared memory: their destination must not
/// overlap generic-proxy accesses not yet fenced.
Value getAsyncProxyDestination(Operation *op) {
  if (auto copy = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op))
    return copy.getResult();
  if (auto gather = dyn_cast<ttng::AsyncTMAGatherOp>(op))
    return gather.getResult();
  return {};
}

/// Ops whose own shared-memory accesses never call for a proxy fence: the
/// async-proxy ops themselves and the mbarrier and tcgen05 copy ops.
bool isProxyFenceNeutral(Operation *op) {
  return isa<ttng::WarpGroupDotOp, ttng::TCGen5MMAOp, ttng::TCGen5MMAScaledOp,
             ttng::AsyncTMACopyGlobalToLocalOp, ttng::AsyncTMAGatherOp,
             ttng::AsyncTMAScatterOp, ttng::AsyncTMAReduceOp,
             ttng::ArriveBarrierOp, ttng::TMEMCopyOp, ttng::WaitBarrierOp,
             ttng::InitBarrierOp, ttng::InvalBarrierOp>(op);
}

/// What the walk synchronizes: threads (ttg.local_barrier between
/// conflicting accesses) or proxies (ttng.fence_async_shared between
/// generic-proxy accesses and an async-proxy write of the same bytes).
enum class SyncKind { Barrier, ProxyFence };

class BarrierInserter {
public:
  BarrierInserter(int64_t totalBytes, bool exemptMBarriers,
                  SyncKind kind = SyncKind::Barrier)
      : everything{0, std::max<int64_t>(totalBytes, 1)},
        exemptMBarriers(exemptMBarriers), kind(kind) {}

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
          addRange(blockEntry[&block].reads, everything, nullptr);
          addRange(blockEntry[&block].writes, everything, nullptr);
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
    bool syncs = kind == SyncKind::Barrier ? isBarrier(op)
                                           : isa<ttng::FenceAsyncSharedOp>(op);
    if (syncs) {
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
    if (kind == SyncKind::ProxyFence) {
      visitForProxyFence(op, state, insert);
      return;
    }
    if (isa<ttng::TMAStoreWaitOp>(op)) {
      // This thread's TMA stores have read their buffers; the others' have
      // only once every thread got here, so the CTA meets right after the
      // wait before anyone may overwrite them.
      Operation *next = op->getNextNode();
      if (insert && (!next || !isBarrier(next))) {
        OpBuilder builder(op->getContext());
        builder.setInsertionPointAfter(op);
        ttg::LocalBarrierOp::create(builder, op->getLoc());
        ++inserted;
      }
      state.sync();
      return;
    }
    if (auto wait = dyn_cast<ttg::AsyncWaitOp>(op)) {
      // This thread's copies have landed; others' only after a barrier.
      addAll(state.writes, state.inFlight);
      if (wait.getNum() == 0)
        state.inFlight.clear();
      return;
    }
    IntervalSet reads, writes;
    getAccesses(op, reads, writes);
    if (reads.empty() && writes.empty())
      return;
    if (state.conflictsWith(reads, writes, exemptMBarriers)) {
      if (insert) {
        OpBuilder builder(op);
        ttg::LocalBarrierOp::create(builder, op->getLoc());
        ++inserted;
      }
      state.sync();
    }
    if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op)) {
      addAll(state.inFlight, writes);
      return;
    }
    // An atomic whose old values travel through scratch synchronizes the
    // CTA between the owners' stores and everyone's loads (see
    // AtomicOpToLLVM.cpp): only those loads remain pending after it.
    if (isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op) &&
        atomicResultNeedsBroadcast(op)) {
      state.sync();
      addAll(state.reads, reads);
      return;
    }
    addAll(state.reads, reads);
    addAll(state.writes, writes);
  }

  /// The proxy-fence walk: generic-proxy reads and writes accumulate until a
  /// fence; an async-proxy write overlapping any of them gets a fence first.
  void visitForProxyFence(Operation *op, PendingAccesses &state, bool insert) {
    if (Value destination = getAsyncProxyDestination(op)) {
      IntervalSet written;
      addBuffer(op, destination, written);
      if (anyOverlap(state.reads, written, /*exemptMBarriers=*/false) ||
          anyOverlap(state.writes, written, /*exemptMBarriers=*/false)) {
        if (insert) {
          OpBuilder builder(op);
          ttng::FenceAsyncSharedOp::create(builder, op->getLoc(),
                                           /*bCluster=*/false);
          ++inserted;
        }
        state.sync();
      }
      return;
    }
    if (isProxyFenceNeutral(op))
      return;
    IntervalSet reads, writes;
    getAccesses(op, reads, writes);
    // An op's scratch is written and read back by the same op: what a later
    // async write could race with is its reads.
    if (op->hasAttr(kAllocationOffsetAttrName) && !isa<ttg::LocalAllocOp>(op) &&
        getScratchSizeInBytes(op) > 0)
      writes.clear();
    addAll(state.reads, reads);
    addAll(state.writes, writes);
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
    // The default region is still analysed as continuing from what came
    // before, as Triton's analysis does: a barrier the lowering makes
    // redundant costs less than one it would miss if that changed.
    Region &defaultRegion = op.getDefaultRegion();
    if (defaultRegion.hasOneBlock()) {
      visitBlock(defaultRegion.front(), state, insert);
    } else {
      visitRegion(defaultRegion, state, insert);
      // Not tracked through the blocks: any copy may still be in flight.
      addRange(state.inFlight, everything, nullptr);
    }
    for (Region *partition : op.getPartitionRegions())
      visitRegion(*partition, PendingAccesses(), insert);
    // The op ends when every group has: copies the default group left in
    // flight stay in flight after it.
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
        addRange(entry.reads, everything, nullptr);
        addRange(entry.writes, everything, nullptr);
        addRange(entry.inFlight, everything, nullptr);
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
    // A function's argument views a buffer of one of its callers, and the
    // allocation places a function above every buffer of its callers: it
    // may cover any byte below the function's own buffers, none of theirs.
    // (Triton's analysis does not track function arguments at all; this
    // agrees with it wherever no caller could have passed a buffer.)
    if (auto argument = dyn_cast<BlockArgument>(memdesc)) {
      Block *owner = argument.getOwner();
      if (auto func = dyn_cast<tt::FuncOp>(owner->getParentOp());
          func && owner->isEntryBlock()) {
        ranges.push_back({{0, getLowestBufferOffset(func)}, false});
        return true;
      }
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

  /// The bytes `memdesc` may view, accessed by `op`: all of shared memory
  /// when untraceable.
  void addBuffer(Operation *op, Value memdesc, IntervalSet &set) {
    SmallVector<ViewRange> ranges;
    DenseSet<Value> visiting;
    if (!traceView(memdesc, ranges, visiting)) {
      addRange(set, everything, op);
      return;
    }
    for (const ViewRange &range : ranges)
      addRange(set, range.bytes, op);
  }

  void getAccesses(Operation *op, IntervalSet &reads, IntervalSet &writes) {
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
      if (alloc.getSrc())
        addBuffer(op, alloc.getResult(), writes);
      return;
    }
    if (auto store = dyn_cast<ttg::LocalStoreOp>(op))
      return addBuffer(op, store.getDst(), writes);
    if (auto load = dyn_cast<ttg::LocalLoadOp>(op))
      return addBuffer(op, load.getSrc(), reads);
    if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op))
      return addBuffer(op, copy.getResult(), writes);
    if (isa<ttg::LocalDeallocOp>(op))
      return;
    if (isa<tt::CallOp>(op)) {
      // The callee may touch anything, and leaves no barrier at its end.
      addRange(reads, everything, op);
      addRange(writes, everything, op);
      return;
    }
    int64_t scratch = getScratchSizeInBytes(op);
    if (auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName);
        scratch > 0 && offset) {
      // Threads write their part, sync inside the op, read others' parts.
      Interval range{offset.getInt(), offset.getInt() + scratch};
      addRange(reads, range, op);
      addRange(writes, range, op);
      return;
    }
    getOtherAccesses(op, reads, writes);
    // An arrive may signal threads waiting elsewhere: everything this CTA
    // did to shared memory must be complete before it.
    if (isa<ttng::ArriveBarrierOp>(op)) {
      addRange(reads, everything, op);
      addRange(writes, everything, op);
    }
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
        addBuffer(op, value, set);
        continue;
      }
      bool any = false;
      for (Value operand : op->getOperands())
        if (isa<ttg::MemDescType>(operand.getType())) {
          addBuffer(op, operand, set);
          any = true;
        }
      if (!any)
        addRange(set, everything, op);
    }
  }

  /// The lowest offset of a buffer of `func` (its explicit allocations and
  /// its ops' scratch), or the end of shared memory when it has none.
  int64_t getLowestBufferOffset(tt::FuncOp func) {
    auto found = lowestBufferOffset.find(func);
    if (found != lowestBufferOffset.end())
      return found->second;
    int64_t lowest = everything.end;
    func.walk([&](Operation *op) {
      if (auto offset =
              op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttrName))
        lowest = std::min(lowest, offset.getInt());
    });
    lowestBufferOffset[func] = lowest;
    return lowest;
  }

  Interval everything;
  bool exemptMBarriers;
  SyncKind kind;
  DenseMap<Operation *, int64_t> lowestBufferOffset;
};
} // namespace

int mlir::tile::insertSharedMemoryBarriers(ModuleOp module,
                                           bool exemptMBarrierPairs) {
  auto total = module->getAttrOfType<IntegerAttr>(kSharedMemorySizeAttrName);
  if (!total || total.getInt() == 0)
    return 0;
  BarrierInserter inserter(total.getInt(), exemptMBarrierPairs);
  module.walk([&](tt::FuncOp func) {
    if (func.getBody().empty())
      return;
    inserter.visitRegion(func.getBody(), PendingAccesses(), /*insert=*/true);
  });
  return inserter.inserted;
}

int mlir::tile::insertProxyFences(ModuleOp module) {
  auto total = module->getAttrOfType<IntegerAttr>(kSharedMemorySizeAttrName);
  if (!total || total.getInt() == 0)
    return 0;
  BarrierInserter inserter(total.getInt(), /*exemptMBarriers=*/false,
                           SyncKind::ProxyFence);
  module.walk([&](tt::FuncOp func) {
    if (func.getBody().empty())
      return;
    inserter.visitRegion(func.getBody(), PendingAccesses(), /*insert=*/true);
  });
  return inserter.inserted;
}

//===- WarpSpecializationAttention.cpp - Producer and row consumers -------===//
//
// nvgpu-warp-specialization of an attention kernel (Triton's fused attention
// forward with tl.range(..., warp_specialize=True), 4 warps). Every marked
// loop reads blocks through TMA loads (K and V), each into one wgmma as its
// B operand; the A operands are row tiles of a Q block loaded before the
// loops (the Q block itself, or the softmax of the scores). As Triton's
// Hopper warp specialization does, the kernel becomes a ttg.warp_specialize:
//  * the default warps (the producer) walk the marked loops and issue the
//    TMA copies of every K and V block into rings of `slots` slots;
//  * each of two consumer partitions of 4 warps runs the whole kernel on its
//    64 rows of the Q block. Every value whose first dimension is the Q
//    block's rows (a "row value", found by a dataflow over the kernel) takes
//    half of them: ranges over the rows start at the consumer's first row,
//    and descriptor loads and stores of row blocks move to its rows. The K
//    and V loads become waits on their slot's "full" barrier, and each
//    wgmma that read a slot gives it back ("empty").
// One count of slot uses, carried through the marked loops in order, gives
// both sides the slot and the phase. With ping-pong the consumers take turns
// at the tensor cores (ConsumerTurns), as FlashAttention-3's do.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/WarpSpecialize.h"
#include "passes/ttg/PipelineUtils.h"
#include "passes/ttg/TMAUtils.h"
#include "passes/ttg/WarpSpecialization.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ws;

namespace {
/// A TMA load of a marked loop whose block goes through a ring: its shared
/// copy, optionally a transposed view of it, and the wgmma that reads it.
struct RingLoad {
  tt::DescriptorLoadOp load;
  ttg::LocalAllocOp alloc;
  ttg::MemDescTransOp trans;
  ttng::WarpGroupDotOp dot;
  int ring = 0; // the load's position in its loop
};

struct AttentionKernel {
  tt::FuncOp func;
  SmallVector<Operation *> ops;  // the kernel's top-level ops but its return
  SmallVector<scf::ForOp> loops; // the marked loops, in order
  DenseMap<Operation *, RingLoad> ringLoads;
  SmallVector<tt::TensorDescType> ringTypes;
  DenseSet<Value> rows; // the row values
  int64_t numRows = 0;  // rows of the Q block
  int numConsumers = 1; // one per 64 rows

  int64_t rowsPerConsumer() const { return numRows / numConsumers; }
  bool isRow(Value v) const { return rows.contains(v); }
  bool touchesRows(Operation *op) const {
    return llvm::any_of(op->getOperands(), [&](Value v) { return isRow(v); }) ||
           llvm::any_of(op->getResults(), [&](Value v) { return isRow(v); });
  }
  /// The ring load whose block `view` (a wgmma's B operand) is, if any.
  RingLoad *ringLoadOf(Value view) {
    if (auto trans = view.getDefiningOp<ttg::MemDescTransOp>())
      view = trans.getSrc();
    auto alloc = view.getDefiningOp<ttg::LocalAllocOp>();
    if (!alloc || !alloc.getSrc())
      return nullptr;
    auto it = ringLoads.find(alloc.getSrc().getDefiningOp());
    return it == ringLoads.end() ? nullptr : &it->second;
  }
  /// A descriptor load or store of a row block.
  bool isRowDescriptorOp(Operation *op) {
    if (auto load = dyn_cast<tt::DescriptorLoadOp>(op))
      return isRow(load.getResult());
    if (auto store = dyn_cast<tt::DescriptorStoreOp>(op))
      return isRow(store.getSrc());
    return false;
  }
};

/// The ops of the kernel body and of the marked loops' bodies, in order
/// (not those inside a reduction's combiner).
SmallVector<Operation *> kernelOps(tt::FuncOp func) {
  SmallVector<Operation *> ops;
  for (Operation &op : func.getBody().front()) {
    ops.push_back(&op);
    if (auto loop = dyn_cast<scf::ForOp>(op))
      for (Operation &inner : *loop.getBody())
        ops.push_back(&inner);
  }
  return ops;
}

/// Whether `value` is computed from scalars alone (kernel arguments, index
/// arithmetic, scalar loop-carried values), so the producer can compute it.
bool isScalarComputable(Value value, DenseSet<Value> &seen) {
  if (!value.getType().isIntOrIndexOrFloat())
    return false;
  if (!seen.insert(value).second)
    return true;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa<tt::FuncOp>(owner))
      return true;
    auto loop = dyn_cast<scf::ForOp>(owner);
    if (!loop)
      return false;
    if (arg == loop.getInductionVar())
      return true;
    OpOperand *init = loop.getTiedLoopInit(arg);
    Value yielded = loop.getTiedLoopYieldedValue(arg)->get();
    return isScalarComputable(init->get(), seen) &&
           isScalarComputable(yielded, seen);
  }
  Operation *def = value.getDefiningOp();
  if (!isReplicable(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isScalarComputable(operand, seen);
  });
}

/// Finds the ring loads of `loop`: each TMA load feeds, through its shared
/// copy and optionally a transposed view, the B operand of one wgmma.
LogicalResult matchRingLoads(AttentionKernel &kernel, scf::ForOp loop,
                             std::string &why) {
  int position = 0;
  for (Operation &op : *loop.getBody()) {
    auto load = dyn_cast<tt::DescriptorLoadOp>(op);
    if (!load)
      continue;
    RingLoad ring;
    ring.load = load;
    ring.ring = position++;
    ring.alloc = load->hasOneUse()
                     ? dyn_cast<ttg::LocalAllocOp>(*load->user_begin())
                     : ttg::LocalAllocOp();
    if (!ring.alloc || !ring.alloc->hasOneUse()) {
      why = "a loop's TMA load does not feed one shared copy";
      return failure();
    }
    Operation *user = *ring.alloc->user_begin();
    if ((ring.trans = dyn_cast<ttg::MemDescTransOp>(user))) {
      if (!ring.trans->hasOneUse()) {
        why = "a loaded block's transposed view has other uses";
        return failure();
      }
      user = *ring.trans->user_begin();
    }
    ring.dot = dyn_cast<ttng::WarpGroupDotOp>(user);
    Value view = ring.trans ? ring.trans.getResult() : ring.alloc.getResult();
    if (!ring.dot || ring.dot.getB() != view || ring.dot.getA() == view ||
        ring.dot->getParentOp() != loop) {
      why = "a loop's TMA load is not the B operand of a wgmma in the loop";
      return failure();
    }
    DenseSet<Value> seen;
    if (!llvm::all_of(load.getIndices(),
                      [&](Value i) { return isScalarComputable(i, seen); })) {
      why = "a K or V block's coordinates are not computed from scalars";
      return failure();
    }
    Value desc = load.getDesc();
    auto make = desc.getDefiningOp<tt::MakeTensorDescOp>();
    if (!isa<BlockArgument>(desc) &&
        !(make && make->getParentOp() == kernel.func.getOperation())) {
      why = "a K or V descriptor is not made at the kernel's top level";
      return failure();
    }
    tt::TensorDescType type = load.getDesc().getType();
    if (ring.ring == int(kernel.ringTypes.size()))
      kernel.ringTypes.push_back(type);
    else if (kernel.ringTypes[ring.ring] != type) {
      why = "the marked loops load different blocks";
      return failure();
    }
    kernel.ringLoads[load] = ring;
  }
  if (position == 0) {
    why = "a marked loop loads no block through TMA";
    return failure();
  }
  return success();
}

/// Tensor operands of `op` that must be row values when it has one (they
/// share its rows): all but a wgmma's B and a broadcast's single row.
SmallVector<Value> rowAlignedOperands(Operation *op) {
  SmallVector<Value> operands;
  if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op))
    return {dot.getA(), dot.getC()};
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type)
      continue;
    if (isa<tt::BroadcastOp>(op) && type.getShape()[0] == 1)
      continue;
    operands.push_back(operand);
  }
  return operands;
}

/// Marks the row values: from the Q block on, every result of an op that
/// reads one, every loop-carried value that holds one, and every operand
/// that must share the rows of an op that has one.
void findRows(AttentionKernel &kernel, Value qBlock) {
  DenseSet<Value> &rows = kernel.rows;
  rows.insert(qBlock);
  SmallVector<Operation *> ops = kernelOps(kernel.func);
  bool changed = true;
  auto mark = [&](Value v) {
    if (v && rows.insert(v).second)
      changed = true;
  };
  while (changed) {
    changed = false;
    for (Operation *op : ops) {
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
          Value tied[] = {arg, loop.getInitArgs()[i], loop.getResult(i),
                          loop.getTiedLoopYieldedValue(arg)->get()};
          if (llvm::any_of(tied, [&](Value v) { return rows.contains(v); }))
            for (Value v : tied)
              mark(v);
        }
        continue;
      }
      if (isa<scf::YieldOp>(op) || !kernel.touchesRows(op))
        continue;
      for (Value result : op->getResults())
        if (isa<RankedTensorType, ttg::MemDescType>(result.getType()))
          mark(result);
      for (Value operand : rowAlignedOperands(op))
        mark(operand);
    }
  }
}

/// The first dimension of a row value's type.
int64_t leadingDim(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getRank() ? tensor.getShape()[0] : 0;
  if (auto memdesc = dyn_cast<ttg::MemDescType>(type))
    return memdesc.getShape()[0];
  return 0;
}

/// Whether a consumer can run `op` on its rows: ops that keep rows apart.
bool splitsByRows(AttentionKernel &kernel, Operation *op, std::string &why) {
  auto fail = [&](const Twine &reason) {
    why = (Twine(op->getName().getStringRef()) + " " + reason).str();
    return false;
  };
  auto reduce = dyn_cast<tt::ReduceOp>(op);
  if (reduce && reduce.getAxis() == 0)
    return fail("reduces across the rows");
  auto expand = dyn_cast<tt::ExpandDimsOp>(op);
  if (expand && expand.getAxis() == 0)
    return fail("adds a dimension before the rows");
  for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
    if (kernel.isRow(v) && leadingDim(v.getType()) != kernel.numRows)
      return fail("has a row value whose first dimension is not the rows");
  if (reduce || expand)
    return true;
  if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op))
    return !kernel.isRow(dot.getB()) || fail("reads rows as its B operand");
  if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op))
    return alloc.getSrc() || fail("allocates rows without a value");
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<SplatElementsAttr>(constant.getValue()) ||
           fail("is not a splat constant");
  if (op->hasTrait<OpTrait::Elementwise>() ||
      isa<tt::SplatOp, tt::MakeRangeOp, tt::BroadcastOp, tt::AddPtrOp,
          tt::LoadOp, tt::StoreOp, tt::DescriptorLoadOp, tt::DescriptorStoreOp,
          ttg::ConvertLayoutOp, scf::ForOp, scf::YieldOp>(op))
    return true;
  return fail("cannot be split between the consumers by rows");
}

FailureOr<AttentionKernel> analyzeKernel(tt::FuncOp func, int64_t minHeadDim,
                                         std::string &why) {
  AttentionKernel kernel;
  kernel.func = func;
  for (Operation &op : func.getBody().front().without_terminator())
    kernel.ops.push_back(&op);
  for (Operation &op : func.getBody().front()) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      if (!loop->hasAttr(kWarpSpecializeAttrName)) {
        why = "the kernel holds a loop that is not marked";
        return failure();
      }
      kernel.loops.push_back(loop);
      for (Operation &inner : *loop.getBody())
        if (inner.getNumRegions() && !isa<tt::ReduceOp>(inner)) {
          why = "a marked loop holds control flow";
          return failure();
        }
      continue;
    }
    if (op.getNumRegions()) {
      why = "the kernel holds control flow other than the marked loops";
      return failure();
    }
  }
  if (kernel.loops.empty()) {
    why = "the kernel has no marked loop at its top level";
    return failure();
  }
  for (scf::ForOp loop : kernel.loops)
    if (failed(matchRingLoads(kernel, loop, why)))
      return failure();

  // The Q block: the shared copy of a TMA load before the loops that some
  // wgmma reads as its A operand.
  Value qBlock;
  for (auto &[op, ring] : kernel.ringLoads) {
    auto alloc = ring.dot.getA().getDefiningOp<ttg::LocalAllocOp>();
    if (!alloc)
      continue;
    auto load = alloc.getSrc()
                    ? alloc.getSrc().getDefiningOp<tt::DescriptorLoadOp>()
                    : tt::DescriptorLoadOp();
    if (!load || alloc->getParentOp() != func.getOperation()) {
      why = "a wgmma's shared A operand is not a TMA load before the loops";
      return failure();
    }
    if (qBlock && qBlock != load.getResult()) {
      why = "the wgmmas read more than one Q block";
      return failure();
    }
    qBlock = load.getResult();
  }
  if (!qBlock) {
    why = "no wgmma reads a Q block loaded before the loops";
    return failure();
  }
  kernel.numRows = leadingDim(qBlock.getType());
  if (kernel.numRows % kRowsPerConsumer != 0 ||
      kernel.numRows / kRowsPerConsumer > 2) {
    why = "the Q block has " + std::to_string(kernel.numRows) +
          " rows; one or two consumers of 64 rows are supported";
    return failure();
  }
  // Measured (bench family attention_ws, against Triton's compiles
  // without warp specialization): at head dim 128 the rewrite with overlap
  // runs 0.99x to 1.01x Triton's fastest one (H100) and 1.13x to 1.18x its
  // 8-warp one (H200); at 64 0.70x to 0.91x, its 168 registers a thread
  // leaving one block per SM where Triton's kernel fits two.
  int64_t headDim = cast<RankedTensorType>(qBlock.getType()).getShape().back();
  if (headDim < minHeadDim) {
    why = "head dim " + std::to_string(headDim) +
          ": the rewrite pays from head dim " + std::to_string(minHeadDim) +
          " (at 64 it ran 0.70x to 0.80x Triton's kernel on the H200)";
    return failure();
  }
  kernel.numConsumers = int(kernel.numRows / kRowsPerConsumer);
  findRows(kernel, qBlock);

  for (Operation *op : kernelOps(func)) {
    bool rowOp = kernel.touchesRows(op);
    if (rowOp && !splitsByRows(kernel, op, why))
      return failure();
    if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op))
      if (!kernel.isRow(dot.getA()) || !kernel.ringLoadOf(dot.getB())) {
        why = "a wgmma does not read rows against a block of a ring";
        return failure();
      }
    // Each consumer runs the whole kernel: effects other than those on its
    // own rows, the ring loads and making descriptors would repeat.
    bool ownEffects = rowOp || kernel.ringLoads.count(op) ||
                      isa<tt::MakeTensorDescOp, ttg::LocalAllocOp>(op) ||
                      isa<scf::ForOp, scf::YieldOp, tt::ReturnOp>(op);
    if (!ownEffects && !isMemoryEffectFree(op) &&
        !isa<tt::GetProgramIdOp, tt::GetNumProgramsOp>(op)) {
      why = op->getName().getStringRef().str() +
            " has effects the consumers would repeat";
      return failure();
    }
    // A row block's descriptor serves row blocks alone: it is split.
    if (kernel.isRowDescriptorOp(op)) {
      Value desc = isa<tt::DescriptorLoadOp>(op)
                       ? cast<tt::DescriptorLoadOp>(op).getDesc()
                       : cast<tt::DescriptorStoreOp>(op).getDesc();
      bool rowsOnly = llvm::all_of(desc.getUsers(), [&](Operation *user) {
        return kernel.isRowDescriptorOp(user);
      });
      if (!rowsOnly || !(isa<BlockArgument>(desc) ||
                         desc.getDefiningOp<tt::MakeTensorDescOp>())) {
        why = "a row block's descriptor is also used for other blocks";
        return failure();
      }
    }
  }
  return kernel;
}
} // namespace

namespace {
/// Per ring (a load's position in its loop): the slots and their "full"
/// and "empty" barriers.
struct AttentionRings {
  int slots = 0;
  SmallVector<Value> buffers, full, empty;
  SmallVector<int64_t> bytes;
};

AttentionRings createAttentionRings(OpBuilder &b, Location loc,
                                    AttentionKernel &kernel, int slots) {
  AttentionRings rings;
  rings.slots = slots;
  int consumerThreads =
      kConsumerWarps * ttg::getThreadsPerWarp(kernel.func.getOperation());
  for (tt::TensorDescType type : kernel.ringTypes) {
    rings.buffers.push_back(ttg::LocalAllocOp::create(
        b, loc, getDescriptorBufferType(type, slots), Value(), IntegerAttr()));
    rings.full.push_back(createBarrierRing(b, loc, slots, 1));
    rings.empty.push_back(createBarrierRing(
        b, loc, slots, kernel.numConsumers * consumerThreads));
    rings.bytes.push_back(getDescriptorBlockBytes(type));
  }
  return rings;
}

/// Slot `slot` of ring `r`'s buffer.
Value ringSlot(OpBuilder &b, Location loc, AttentionKernel &kernel,
               const AttentionRings &rings, int r, Value slot) {
  return ttg::MemDescIndexOp::create(
      b, loc, getDescriptorBufferType(kernel.ringTypes[r]), rings.buffers[r],
      slot);
}

/// Builds a copy of the marked loop `loop` that carries `inits` (the
/// copies of the iter args `carried`) and the count of slot uses from
/// `start`; `buildBody` fills one iteration at the slot and phase of its
/// use and returns the values to yield for `carried`. Returns the new loop;
/// its last result is the count after it.
scf::ForOp buildRingLoop(
    OpBuilder &b, scf::ForOp loop, IRMapping &mapping, int slots,
    ArrayRef<unsigned> carried, Value start,
    function_ref<SmallVector<Value>(OpBuilder &, Location, Value, Value)>
        buildBody) {
  SmallVector<Value> inits;
  for (unsigned i : carried)
    inits.push_back(mapping.lookupOrDefault(loop.getInitArgs()[i]));
  inits.push_back(start);
  auto copy = scf::ForOp::create(
      b, loop.getLoc(), mapping.lookupOrDefault(loop.getLowerBound()),
      mapping.lookupOrDefault(loop.getUpperBound()),
      mapping.lookupOrDefault(loop.getStep()), inits,
      [&](OpBuilder &b, Location loc, Value iv, ValueRange args) {
        mapping.map(loop.getInductionVar(), iv);
        for (auto [k, i] : llvm::enumerate(carried))
          mapping.map(loop.getRegionIterArg(i), args[k]);
        Value use = args.back();
        auto [slot, phase] = slotAndPhase(b, loc, use, slots);
        SmallVector<Value> yields = buildBody(b, loc, slot, phase);
        yields.push_back(
            arith::AddIOp::create(b, loc, use, constI32(b, loc, 1)));
        scf::YieldOp::create(b, loc, yields);
      });
  markNotPipelined(copy);
  for (auto [k, i] : llvm::enumerate(carried))
    mapping.map(loop.getResult(i), copy.getResult(k));
  return copy;
}

/// The default warps: the kernel's scalar arithmetic and descriptors, and
/// in each marked loop the TMA copies of its blocks into the rings.
void buildAttentionProducer(OpBuilder &b, AttentionKernel &kernel,
                            const AttentionRings &rings) {
  IRMapping mapping;
  Location loc = kernel.loops.front().getLoc();
  Value count = constI32(b, loc, 0);
  for (Operation *op : kernel.ops) {
    if (isReplicable(op) || isa<tt::MakeTensorDescOp>(op)) {
      b.clone(*op, mapping);
      continue;
    }
    auto loop = dyn_cast<scf::ForOp>(op);
    if (!loop)
      continue;
    SmallVector<unsigned> scalars;
    for (auto [i, init] : llvm::enumerate(loop.getInitArgs()))
      if (init.getType().isIntOrIndexOrFloat())
        scalars.push_back(i);
    auto body = [&](OpBuilder &b, Location loc, Value slot,
                    Value phase) -> SmallVector<Value> {
      // A slot is free once both consumers gave back its previous use.
      Value freePhase = getFreePhase(b, loc, phase);
      for (Operation &inner : loop.getBody()->without_terminator()) {
        if (isReplicable(&inner)) {
          b.clone(inner, mapping);
          continue;
        }
        auto it = kernel.ringLoads.find(&inner);
        if (it == kernel.ringLoads.end())
          continue;
        RingLoad &ring = it->second;
        int r = ring.ring;
        auto coords = [&] {
          SmallVector<Value> mapped;
          for (Value index : ring.load.getIndices())
            mapped.push_back(mapping.lookupOrDefault(index));
          return mapped;
        };
        fillSlot(b, loc, ring.load,
                 mapping.lookupOrDefault(ring.load.getDesc()), coords,
                 rings.buffers[r], rings.empty[r], rings.full[r], slot,
                 freePhase, rings.bytes[r]);
      }
      SmallVector<Value> yields;
      Operation *yield = loop.getBody()->getTerminator();
      for (unsigned i : scalars)
        yields.push_back(mapping.lookupOrDefault(yield->getOperand(i)));
      return yields;
    };
    count = buildRingLoop(b, loop, mapping, rings.slots, scalars, count, body)
                .getResults()
                .back();
  }
}

/// The consumers' turns at the tensor cores (ping-pong). Consumer c issues
/// a wgmma that reads a ring only once barrier `first + c` has completed
/// (its turn) and, right after issuing it, arrives on the next consumer's
/// barrier (hands the turn on), so the wgmmas of the consumers alternate
/// and one consumer's softmax overlaps another's wgmmas. Each barrier
/// counts the threads of two consumers: the one waiting and the one
/// arriving. Every consumer issues as many ring wgmmas (the marked loops'
/// bounds are scalars, the same for all), so the last consumer gives the
/// first its first turn before the loops and the first takes one more turn
/// after them: every barrier sees as many arrivals as waits.
struct ConsumerTurns {
  int consumer = 0;
  int consumers = 0;
  unsigned firstBarrier = 0;
  int32_t threads = 0;

  bool enabled() const { return consumers > 1; }

  void waitForTurn(OpBuilder &b, Location loc) const {
    Value bar = constI32(b, loc, int32_t(firstBarrier) + consumer);
    Value count = constI32(b, loc, threads);
    ttng::NamedBarrierWaitOp::create(b, loc, bar, count);
  }

  void handOn(OpBuilder &b, Location loc) const {
    int next = (consumer + 1) % consumers;
    Value bar = constI32(b, loc, int32_t(firstBarrier) + next);
    Value count = constI32(b, loc, threads);
    ttng::NamedBarrierArriveOp::create(b, loc, bar, count);
  }
};

/// `type`, a row value's, with one of `parts` shares of the rows.
Type splitRowType(Type type, int parts) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return splitRows(tensor, parts);
  auto memdesc = cast<ttg::MemDescType>(type);
  SmallVector<int64_t> shape(memdesc.getShape());
  shape[0] /= parts;
  return ttg::MemDescType::get(
      type.getContext(), shape, memdesc.getElementType(), memdesc.getEncoding(),
      memdesc.getMemorySpace(), memdesc.getMutableMemory(), shape);
}

/// Clones `op` for consumer `c`: row values take its rows.
void cloneForRows(OpBuilder &b, AttentionKernel &kernel, Operation &op,
                  IRMapping &mapping, int c) {
  Operation *clone = b.clone(op, mapping);
  int64_t firstRow = c * kernel.rowsPerConsumer();
  if (auto make = dyn_cast<tt::MakeTensorDescOp>(clone)) {
    // A row block's descriptor describes the consumer's rows.
    if (llvm::any_of(op.getUsers(), [&](Operation *user) {
          return kernel.isRowDescriptorOp(user);
        }))
      make.getResult().setType(splitRows(make.getType(), kernel.numConsumers));
    return;
  }
  if (!kernel.touchesRows(&op))
    return;
  for (auto [original, result] :
       llvm::zip(op.getResults(), clone->getResults()))
    if (kernel.isRow(original))
      result.setType(splitRowType(original.getType(), kernel.numConsumers));
  auto shiftRow = [&](OpOperand &row) {
    if (firstRow == 0)
      return;
    b.setInsertionPoint(clone);
    row.set(arith::AddIOp::create(b, clone->getLoc(), row.get(),
                                  constI32(b, clone->getLoc(), firstRow)));
    b.setInsertionPointAfter(clone);
  };
  if (auto range = dyn_cast<tt::MakeRangeOp>(clone)) {
    int32_t start = range.getStart() + int32_t(firstRow);
    range.setStartAttr(b.getI32IntegerAttr(start));
    range.setEndAttr(
        b.getI32IntegerAttr(start + int32_t(kernel.rowsPerConsumer())));
  } else if (auto constant = dyn_cast<arith::ConstantOp>(clone)) {
    auto type = cast<ShapedType>(constant.getType());
    constant.setValueAttr(SplatElementsAttr::get(
        type, cast<SplatElementsAttr>(constant.getValue())
                  .getSplatValue<Attribute>()));
  } else if (auto load = dyn_cast<tt::DescriptorLoadOp>(clone)) {
    shiftRow(load.getIndicesMutable()[0]);
  } else if (auto store = dyn_cast<tt::DescriptorStoreOp>(clone)) {
    shiftRow(store.getIndicesMutable()[0]);
  }
}

/// Consumer `c`: the whole kernel on its rows, the blocks of the marked
/// loops taken from the rings.
void buildAttentionConsumer(OpBuilder &b, AttentionKernel &kernel,
                            const AttentionRings &rings, int c,
                            const ConsumerTurns &turns, bool overlap) {
  IRMapping mapping;
  Location loc = kernel.loops.front().getLoc();
  Value count = constI32(b, loc, 0);
  int32_t threads =
      kConsumerWarps * ttg::getThreadsPerWarp(kernel.func.getOperation());
  if (turns.enabled() && c == turns.consumers - 1)
    turns.handOn(b, loc);
  for (Operation *op : kernel.ops) {
    auto loop = dyn_cast<scf::ForOp>(op);
    if (!loop) {
      cloneForRows(b, kernel, *op, mapping, c);
      continue;
    }
    SmallVector<unsigned> all =
        llvm::to_vector(llvm::seq<unsigned>(0, loop.getNumRegionIterArgs()));
    auto body = [&](OpBuilder &b, Location loc, Value slot,
                    Value phase) -> SmallVector<Value> {
      for (Operation &inner : loop.getBody()->without_terminator()) {
        if (kernel.ringLoads.count(&inner))
          continue;
        auto alloc = dyn_cast<ttg::LocalAllocOp>(inner);
        if (RingLoad *ring =
                alloc ? kernel.ringLoadOf(alloc.getResult()) : nullptr) {
          ttng::WaitBarrierOp::create(
              b, loc, barrierAt(b, loc, rings.full[ring->ring], slot), phase,
              Value(), ValueRange{});
          mapping.map(alloc.getResult(), ringSlot(b, alloc.getLoc(), kernel,
                                                  rings, ring->ring, slot));
          continue;
        }
        auto trans = dyn_cast<ttg::MemDescTransOp>(inner);
        if (trans && kernel.ringLoadOf(trans.getResult())) {
          mapping.map(
              trans.getResult(),
              transposeSlotView(b, trans, mapping.lookup(trans.getSrc())));
          continue;
        }
        auto dot = dyn_cast<ttng::WarpGroupDotOp>(inner);
        RingLoad *ring = dot ? kernel.ringLoadOf(dot.getB()) : nullptr;
        if (ring && turns.enabled())
          turns.waitForTurn(b, loc);
        cloneForRows(b, kernel, inner, mapping, c);
        if (!ring)
          continue;
        if (turns.enabled() || overlap) {
          // Issued, the turn goes on; the wgmma is then waited for (its
          // operands listed so that their registers outlive it).
          auto issued =
              mapping.lookup(dot.getD()).getDefiningOp<ttng::WarpGroupDotOp>();
          issued.setIsAsync(true);
          if (turns.enabled())
            turns.handOn(b, loc);
          SmallVector<Value> waited = {issued.getD(), issued.getA(),
                                       issued.getB()};
          auto done = ttng::WarpGroupDotWaitOp::create(
              b, loc, ValueRange(waited).getTypes(), waited, /*pendings=*/0);
          mapping.map(dot.getD(), done.getResult(0));
        }
        // The wgmma has read its block (it completes before its result is
        // used): the slot goes back to the producer.
        ttng::ArriveBarrierOp::create(
            b, loc, barrierAt(b, loc, rings.empty[ring->ring], slot), threads,
            /*pred=*/Value());
      }
      SmallVector<Value> yields;
      for (Value v : loop.getBody()->getTerminator()->getOperands())
        yields.push_back(mapping.lookupOrDefault(v));
      return yields;
    };
    scf::ForOp copy =
        buildRingLoop(b, loop, mapping, rings.slots, all, count, body);
    SmallVector<Value> results(copy.getResults());
    if (overlap) {
      // A block's V slot goes back an iteration later; the rings have at
      // least two slots (checkLoop), so the producer still fills the next.
      std::string why;
      FailureOr<SmallVector<Value>> rotated = overlapConsumerLoop(b, copy, why);
      if (succeeded(rotated)) {
        results = *rotated;
        for (unsigned i : all)
          mapping.map(loop.getResult(i), results[i]);
      } else if (c == 0) {
        loop.emitRemark("nvgpu-warp-specialization: the consumer loop does "
                        "not overlap its softmax with its wgmmas: ")
            << why;
      }
    }
    count = results.back();
    if (turns.enabled() && c == 0 && loop == kernel.loops.back())
      turns.waitForTurn(b, loc);
  }
}
} // namespace

LogicalResult ws::specializeAttentionKernel(tt::FuncOp func,
                                            const AttentionOptions &options,
                                            std::string &why) {
  FailureOr<AttentionKernel> kernel =
      analyzeKernel(func, options.minHeadDim, why);
  if (failed(kernel))
    return failure();
  auto module = func->getParentOfType<ModuleOp>();
  int threadsPerWarp = ttg::getThreadsPerWarp(module);
  FailureOr<RegisterSplit> split = splitRegisters(
      kernel->numConsumers, threadsPerWarp, options.blocksPerSM,
      estimateConsumerRegisters(kernel->loops, kernel->numConsumers,
                                threadsPerWarp, options.overlap),
      why);
  if (failed(split))
    return failure();
  Block &body = func.getBody().front();
  // Kernel-argument descriptors of row blocks describe a consumer's rows.
  SmallVector<BlockArgument> rowDescriptorArgs;
  for (BlockArgument arg : body.getArguments())
    if (isa<tt::TensorDescType>(arg.getType()) &&
        llvm::any_of(arg.getUsers(), [&](Operation *user) {
          return kernel->isRowDescriptorOp(user);
        }))
      rowDescriptorArgs.push_back(arg);

  Location loc = kernel->loops.front().getLoc();
  OpBuilder b(&body, body.begin());
  AttentionRings rings = createAttentionRings(b, loc, *kernel, options.slots);
  SmallVector<int32_t> warps(kernel->numConsumers, kConsumerWarps);
  SmallVector<int32_t> registers(kernel->numConsumers, split->consumer);
  // The kernel's own limit (Triton's `maxnreg`) stays where it has one.
  if (split->start && !module->hasAttr(kMaxRegistersAttrName))
    module->setAttr(kMaxRegistersAttrName, b.getI32IntegerAttr(split->start));
  auto ws = ttg::WarpSpecializeOp::create(
      b, loc, TypeRange{}, ValueRange{}, warps,
      /*warpGroupStartIds=*/nullptr, b.getDenseI32ArrayAttr(registers),
      /*actualRegisters=*/nullptr);
  b.createBlock(&ws.getDefaultRegion());
  buildAttentionProducer(b, *kernel, rings);
  ttg::WarpYieldOp::create(b, loc, ValueRange{});
  b.createBlock(&ws.getPartitionOpHolder());
  auto partitions =
      ttg::WarpSpecializePartitionsOp::create(b, loc, kernel->numConsumers);
  for (auto [c, region] : llvm::enumerate(partitions.getPartitionRegions())) {
    b.createBlock(&region);
    ConsumerTurns turns;
    if (options.pingPong) {
      turns.consumer = int(c);
      turns.consumers = kernel->numConsumers;
      turns.firstBarrier = ttg::getFirstFreeBarrier(kernel->numConsumers);
      turns.threads =
          2 * kConsumerWarps * ttg::getThreadsPerWarp(func.getOperation());
    }
    buildAttentionConsumer(b, *kernel, rings, int(c), turns, options.overlap);
    ttg::WarpReturnOp::create(b, loc);
  }

  for (Operation *op : llvm::reverse(kernel->ops)) {
    op->dropAllUses();
    op->erase();
  }
  for (BlockArgument arg : rowDescriptorArgs)
    arg.setType(splitRows(cast<tt::TensorDescType>(arg.getType()),
                          kernel->numConsumers));
  syncFunctionType(func);
  finishPartitions(ws);
  return success();
}

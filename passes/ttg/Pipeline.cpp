//===- Pipeline.cpp - tritongpu-pipeline ----------------------------------===//
//
// Turns each scheduled loop (tritongpu-schedule-loops) into a software
// pipeline. First, inside the loop, every latency-marked load becomes an
// asynchronous copy into a ring buffer slot:
//
//   stage 0:     slot = buf[i mod D]; cp.async ptrs -> slot; commit
//   last stage:  wait until the copy of iteration i landed; view buf[i mod D]
//
// The view replaces the load's ttg.local_alloc (a dot operand) or, where
// the value is used in registers, a ttg.local_load of it replaces the load.
//
// with D = num-stages - 1 slots (the copy for iteration i + D refills the
// slot iteration i read, after it was read: the schedule puts the last
// stage first). Then upstream MLIR's scf pipeliner expands the loop by the
// stages; copies it runs past the end of the loop are masked off. The
// barriers the ring needs come from tile-insert-barriers / the lowering.
//
// A loop of wgmma (ttng.warp_group_dot) gets one slot more, D = num-stages,
// and its dot stays in flight across the iteration boundary, as in Triton:
//
//   d = warp_group_dot slot_a, slot_b, acc {isAsync}
//   d', .. = warp_group_dot_wait d, slot_a, slot_b {pendings = 1}
//   cp.async -> buf[(i + D - 1) mod D]   (read by the dot of i - 1: done)
//
// and a wait for no pending group after the loop.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"
#include "passes/ttg/PipelineUtils.h"
#include "passes/ttg/TMAUtils.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGPIPELINEPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
void setSchedule(Operation *op, int stage, LoopCluster cluster) {
  Builder builder(op->getContext());
  op->setAttr(kStageAttrName, builder.getI32IntegerAttr(stage));
  op->setAttr(kClusterAttrName, builder.getI32IntegerAttr(cluster));
}

int getStage(Operation *op, int fallback) {
  auto attr = op->getAttrOfType<IntegerAttr>(kStageAttrName);
  return attr ? attr.getInt() : fallback;
}

/// The ring positions a pipelined loop carries: the slot the copies of the
/// current iteration fill (advanced in stage 0) and the slot the current
/// iteration reads (advanced in the last stage), both starting at 0 and
/// wrapping at the ring's size, so no modulo is computed per iteration; and
/// for TMA rings the parity of the mbarrier phase the read waits for,
/// flipped whenever the read slot wraps.
struct RingPositions {
  Value writeSlot, readSlot, readPhase;
};

/// The ring positions carried by `loop` as its iter args from `first` on.
RingPositions getRingPositions(scf::ForOp loop, unsigned first,
                               bool withPhase) {
  auto args = loop.getRegionIterArgs().drop_front(first);
  return {args[0], args[1], withPhase ? args[2] : Value()};
}

/// Carries the ring positions through `loop` (which it replaces).
RingPositions carryRingPositions(scf::ForOp &loop, int slots, int latency,
                                 bool withPhase) {
  IRRewriter rewriter(loop.getContext());
  rewriter.setInsertionPoint(loop);
  Type i32 = rewriter.getI32Type();
  Value zero = arith::ConstantOp::create(rewriter, loop.getLoc(),
                                         rewriter.getI32IntegerAttr(0));
  SmallVector<Value> inits = {zero, zero};
  if (withPhase)
    inits.push_back(zero);
  FailureOr<LoopLikeOpInterface> extended = loop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location loc, ArrayRef<BlockArgument> args) {
        SmallVector<Operation *> made;
        auto constant = [&](int64_t value) {
          auto op =
              arith::ConstantOp::create(b, loc, b.getIntegerAttr(i32, value));
          made.push_back(op);
          return op.getResult();
        };
        auto record = [&](auto op) {
          made.push_back(op);
          return op.getResult();
        };
        // Returns the next slot and whether it wrapped; schedules what it
        // made at `stage`/`cluster`.
        auto next = [&](Value slot, int stage, LoopCluster cluster) {
          made.clear();
          Value bumped =
              record(arith::AddIOp::create(b, loc, slot, constant(1)));
          Value wraps = record(arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::eq, bumped, constant(slots)));
          Value result = record(
              arith::SelectOp::create(b, loc, wraps, constant(0), bumped));
          for (Operation *op : made)
            setSchedule(op, stage, cluster);
          return std::make_pair(result, wraps);
        };
        SmallVector<Value> yields = {next(args[0], 0, kCopyCluster).first};
        auto [readNext, readWraps] = next(args[1], latency, kLastStageCluster);
        yields.push_back(readNext);
        if (withPhase) {
          made.clear();
          Value flipped =
              record(arith::XOrIOp::create(b, loc, args[2], constant(1)));
          Value phase = record(
              arith::SelectOp::create(b, loc, readWraps, flipped, args[2]));
          for (Operation *op : made)
            setSchedule(op, latency, kLastStageCluster);
          yields.push_back(phase);
        }
        return yields;
      });
  loop = cast<scf::ForOp>(extended->getOperation());
  return getRingPositions(loop, loop.getNumRegionIterArgs() - inits.size(),
                          withPhase);
}

/// The ring buffers of a pipelined loop (released after it) and its
/// mbarrier ring (invalidated, then released), if it has TMA copies.
struct Rings {
  SmallVector<Value> buffers;
  Value barriers;
  int slots = 0;
};

/// A view of each mbarrier of the ring, at the builder's insertion point.
SmallVector<Value> viewEachMBarrier(OpBuilder &builder, Location loc,
                                    const Rings &rings) {
  ttg::MemDescType slot = getMBarrierType(builder.getContext());
  SmallVector<Value> views;
  for (int s = 0; s < rings.slots; ++s) {
    Value index =
        arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(s));
    views.push_back(
        ttg::MemDescIndexOp::create(builder, loc, slot, rings.barriers, index));
  }
  return views;
}

/// The first op of the body that reads what one of the `sinks` stores
/// (where the iteration's wait goes).
Operation *findFirstUse(scf::ForOp loop, ArrayRef<Operation *> sinks) {
  Operation *firstUse = nullptr;
  for (Operation *sink : sinks)
    for (Operation *user : sink->getUsers()) {
      Operation *inBody = loop.getBody()->findAncestorOpInBlock(*user);
      if (inBody && (!firstUse || inBody->isBeforeInBlock(firstUse)))
        firstUse = inBody;
    }
  return firstUse;
}

/// Allocates a ring of `slots` buffers of `view`'s shape before `loop`.
Value allocateRing(OpBuilder &builder, scf::ForOp loop, Location loc,
                   ttg::MemDescType view, int slots,
                   ttg::MemDescType &slotType) {
  SmallVector<int64_t> ringShape = {slots};
  ringShape.append(view.getShape().begin(), view.getShape().end());
  auto ringType = ttg::MemDescType::get(
      ringShape, view.getElementType(), view.getEncoding(),
      view.getMemorySpace(), /*mutableMemory=*/true);
  slotType = ttg::MemDescType::get(view.getShape(), view.getElementType(),
                                   view.getEncoding(), view.getMemorySpace(),
                                   /*mutableMemory=*/true);
  builder.setInsertionPoint(loop);
  return ttg::LocalAllocOp::create(builder, loc, ringType, /*src=*/Value(),
                                   /*alignment=*/IntegerAttr());
}

/// Marks the ops from after `previous` up to `end` as stage 0, cluster 1
/// (the ops that compute a copy's operands).
void scheduleEarly(scf::ForOp loop, Operation *previous, Operation *end) {
  for (Operation *op = previous ? previous->getNextNode()
                                : &loop.getBody()->front();
       op != end; op = op->getNextNode())
    setSchedule(op, 0, kCopyCluster);
}

/// Replaces the marked loads of `loop` by ring-buffer copies: cp.async for
/// tt.load, TMA completing on a ring of mbarriers for tt.descriptor_load
/// (one mbarrier per slot, expecting the bytes of all of an iteration's
/// copies). Returns the rings; `groupsPerIteration` is the number of
/// cp.async groups one iteration commits.
Rings convertLoadsToAsyncCopies(scf::ForOp &loop, int latency,
                                int &groupsPerIteration) {
  SmallVector<tt::LoadOp> loads;
  for (auto load : loop.getBody()->getOps<tt::LoadOp>())
    if (load->hasAttr(kLatencyAttrName) && isPipelinableLoad(load, loop))
      loads.push_back(load);
  SmallVector<std::pair<tt::DescriptorLoadOp, DescriptorLoadSink>> tmaLoads;
  for (auto load : loop.getBody()->getOps<tt::DescriptorLoadOp>())
    if (load->hasAttr(kLatencyAttrName))
      if (auto sink = getPipelinableDescriptorLoadSink(load, loop))
        tmaLoads.push_back({load, *sink});
  groupsPerIteration = loads.size();
  Rings rings;
  if (loads.empty() && tmaLoads.empty())
    return rings;
  // An asynchronous wgmma still reads the slot of iteration i - 1 while the
  // copies of iteration i are issued; one more slot keeps them apart.
  bool hasWarpGroupDot =
      !loop.getBody()->getOps<ttng::WarpGroupDotOp>().empty();
  int slots = hasWarpGroupDot ? latency + 1 : latency;
  rings.slots = slots;
  MLIRContext *context = loop.getContext();
  RingPositions ring =
      carryRingPositions(loop, slots, latency, !tmaLoads.empty());
  // A value read back into registers is done with its slot when the
  // iteration's local_load is: its ring needs no slot for a dot in flight,
  // and moves on positions of its own where the dots' rings have one more.
  auto isRegisterLoad = [](tt::LoadOp load) {
    return !isStagedInSharedMemory(load);
  };
  RingPositions registerRing = ring;
  if (slots != latency && llvm::any_of(loads, isRegisterLoad)) {
    // Iter arg numbers count the induction variable first.
    unsigned first = cast<BlockArgument>(ring.writeSlot).getArgNumber() - 1;
    registerRing = carryRingPositions(loop, latency, latency,
                                      /*withPhase=*/false);
    // That moved the body into a new loop: the first positions are its
    // iter args now.
    ring = getRingPositions(loop, first, !tmaLoads.empty());
  }

  // The ops whose users read a copied value: the local_allocs of a staged
  // load, a register load itself (its value is read back from the slot).
  SmallVector<Operation *> sinks;
  for (tt::LoadOp load : loads) {
    if (isRegisterLoad(load))
      sinks.push_back(load);
    else
      llvm::append_range(sinks, load->getUsers());
  }
  for (auto &[load, sink] : tmaLoads)
    sinks.push_back(sink.alloc);
  // The waits, once per iteration, before the first use of any copied value.
  Operation *firstUse = findFirstUse(loop, sinks);
  OpBuilder builder(context);
  ttg::AsyncWaitOp copiesWait;
  if (firstUse && !loads.empty()) {
    builder.setInsertionPoint(firstUse);
    // Copies of the D - 1 later iterations may still be in flight.
    copiesWait = ttg::AsyncWaitOp::create(
        builder, loop.getLoc(), ValueRange{},
        builder.getI32IntegerAttr((latency - 1) * groupsPerIteration));
    setSchedule(copiesWait, latency, kLastStageCluster);
  }

  for (tt::LoadOp load : loads) {
    bool inRegisters = isRegisterLoad(load);
    const RingPositions &positions = inRegisters ? registerRing : ring;
    ttg::MemDescType slotType;
    Value buffer =
        allocateRing(builder, loop, load.getLoc(), *getPipelineBufferType(load),
                     inRegisters ? latency : slots, slotType);
    rings.buffers.push_back(buffer);

    // Stage 0: copy into this iteration's slot.
    Operation *previous = load->getPrevNode();
    builder.setInsertionPoint(load);
    Value slot = ttg::MemDescIndexOp::create(builder, load.getLoc(), slotType,
                                             buffer, positions.writeSlot);
    auto copy = ttg::AsyncCopyGlobalToLocalOp::create(
        builder, load.getLoc(), load.getPtr(), slot, load.getMask(),
        load.getOther(), load.getCache(), load.getEvict(),
        /*isVolatile=*/false, /*contiguity=*/1);
    auto commit = ttg::AsyncCommitGroupOp::create(builder, load.getLoc(),
                                                  ValueRange{copy.getToken()});
    // The wait names the groups it waits for, as Triton's does: the
    // expansion carries each token from its copy's stage to the wait's.
    // (A load after the first use cannot be named: its group is committed
    // after the wait in the loop body.)
    if (copiesWait && commit->isBeforeInBlock(copiesWait))
      copiesWait.getAsyncTokenMutable().append(commit.getResult());
    scheduleEarly(loop, previous, load);

    // Last stage: read the slot the copy of this iteration filled.
    builder.setInsertionPoint(firstUse);
    Value view = ttg::MemDescIndexOp::create(builder, load.getLoc(), slotType,
                                             buffer, positions.readSlot);
    setSchedule(view.getDefiningOp(), latency, kLastStageCluster);
    if (inRegisters) {
      // A value used in registers is loaded back from the slot.
      auto value =
          ttg::LocalLoadOp::create(builder, load.getLoc(), load.getType(), view,
                                   /*token=*/Value());
      setSchedule(value, latency, kLastStageCluster);
      load.getResult().replaceAllUsesWith(value.getResult());
      load->erase();
      continue;
    }
    // Every local_alloc of the load (one buffer type, getPipelineBufferType)
    // reads the slot.
    for (Operation *user : llvm::make_early_inc_range(load->getUsers())) {
      user->getResult(0).replaceAllUsesWith(view);
      user->erase();
    }
    load->erase();
  }
  if (tmaLoads.empty())
    return rings;

  // One mbarrier per slot, armed in stage 0 for the bytes of all of the
  // iteration's copies, waited on in the last stage.
  Location loc = tmaLoads.front().first.getLoc();
  builder.setInsertionPoint(loop);
  rings.barriers = ttg::LocalAllocOp::create(
      builder, loc, getMBarrierType(context, slots), /*src=*/Value(),
      /*alignment=*/IntegerAttr());
  ttg::MemDescType barrierSlot = getMBarrierType(context);
  for (Value barrier : viewEachMBarrier(builder, loc, rings))
    ttng::InitBarrierOp::create(builder, loc, barrier, /*count=*/1);
  int64_t bytes = 0;
  for (auto &[load, sink] : tmaLoads)
    bytes += getDescriptorBlockBytes(load.getDesc().getType());

  tt::DescriptorLoadOp first = tmaLoads.front().first;
  Operation *previous = first->getPrevNode();
  builder.setInsertionPoint(first);
  Value always =
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true));
  Value armed = ttg::MemDescIndexOp::create(builder, loc, barrierSlot,
                                            rings.barriers, ring.writeSlot);
  ttng::BarrierExpectOp::create(builder, loc, armed, int32_t(bytes), always);
  scheduleEarly(loop, previous, first);

  builder.setInsertionPoint(firstUse);
  Value waited = ttg::MemDescIndexOp::create(builder, loc, barrierSlot,
                                             rings.barriers, ring.readSlot);
  auto wait = ttng::WaitBarrierOp::create(builder, loc, waited, ring.readPhase,
                                          /*pred=*/Value(),
                                          /*deps=*/ValueRange{});
  setSchedule(waited.getDefiningOp(), latency, kLastStageCluster);
  setSchedule(wait, latency, kLastStageCluster);

  for (auto &[load, sink] : tmaLoads) {
    tt::TensorDescType desc = load.getDesc().getType();
    builder.setInsertionPoint(loop);
    Value buffer = ttg::LocalAllocOp::create(
        builder, load.getLoc(), getDescriptorBufferType(desc, slots),
        /*src=*/Value(), /*alignment=*/IntegerAttr());
    rings.buffers.push_back(buffer);
    ttg::MemDescType slotType = getDescriptorBufferType(desc);

    // Stage 0: the copy of this iteration's block.
    Operation *before = load->getPrevNode();
    builder.setInsertionPoint(load);
    Value slot = ttg::MemDescIndexOp::create(builder, load.getLoc(), slotType,
                                             buffer, ring.writeSlot);
    ttng::AsyncTMACopyGlobalToLocalOp::create(
        builder, load.getLoc(), load.getDesc(), load.getIndices(), slot, armed,
        always, load.getCache(), load.getEvict(), /*isVolatile=*/false);
    scheduleEarly(loop, before, load);

    // Last stage: the slot, viewed as the buffer the block went to.
    builder.setInsertionPointAfter(wait);
    auto alloc = cast<ttg::LocalAllocOp>(sink.alloc);
    Value view = ttg::MemDescIndexOp::create(builder, load.getLoc(), slotType,
                                             buffer, ring.readSlot);
    setSchedule(view.getDefiningOp(), latency, kLastStageCluster);
    if (auto trans = dyn_cast_or_null<tt::TransOp>(sink.trans)) {
      ttg::MemDescType allocType = alloc.getType();
      auto viewType = ttg::MemDescType::get(
          context, allocType.getShape(), allocType.getElementType(),
          allocType.getEncoding(), allocType.getMemorySpace(),
          /*mutableMemory=*/true, allocType.getShape());
      view = ttg::MemDescTransOp::create(builder, trans.getLoc(), viewType,
                                         view, trans.getOrder());
      setSchedule(view.getDefiningOp(), latency, kLastStageCluster);
    }
    alloc.getResult().replaceAllUsesWith(view);
    alloc->erase();
    if (sink.trans)
      sink.trans->erase();
    load->erase();
  }
  return rings;
}

/// Gives the global access `op` (a copy or a load, whose pointer operand is
/// `ptr`) the mask `pred` and'ed with its own, `pred` splatted to the
/// pointer's shape where that is a tensor.
template <typename AccessOp>
Operation *maskAccess(RewriterBase &rewriter, AccessOp op, Value ptr,
                      Value pred) {
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  if (auto ptrType = dyn_cast<RankedTensorType>(ptr.getType()))
    pred = tt::SplatOp::create(rewriter, loc,
                               RankedTensorType::get(ptrType.getShape(),
                                                     rewriter.getI1Type(),
                                                     ptrType.getEncoding()),
                               pred);
  Value mask =
      op.getMask()
          ? Value(arith::AndIOp::create(rewriter, loc, op.getMask(), pred))
          : pred;
  rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().assign(mask); });
  return op;
}

/// Masks off a copy or a load (a block index read early) that a pipelined
/// loop runs outside its iterations (prologue and epilogue of a loop with a
/// dynamic trip count), so it reads nothing past the end; ops whose results
/// are then unused need no predicate.
Operation *predicateOp(RewriterBase &rewriter, Operation *op, Value pred) {
  if (auto copy = dyn_cast<ttg::AsyncCopyGlobalToLocalOp>(op))
    return maskAccess(rewriter, copy, copy.getSrc(), pred);
  if (auto load = dyn_cast<tt::LoadOp>(op))
    return maskAccess(rewriter, load, load.getPtr(), pred);
  // A TMA copy and the arming of its mbarrier happen only where the
  // iteration does.
  auto andPred = [&](Value current) -> Value {
    rewriter.setInsertionPoint(op);
    return arith::AndIOp::create(rewriter, op->getLoc(), current, pred);
  };
  if (auto expect = dyn_cast<ttng::BarrierExpectOp>(op)) {
    Value both = andPred(expect.getPred());
    rewriter.modifyOpInPlace(expect,
                             [&] { expect.getPredMutable().assign(both); });
    return op;
  }
  if (auto copy = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op)) {
    Value both = andPred(copy.getPred());
    rewriter.modifyOpInPlace(copy, [&] { copy.getPredMutable().assign(both); });
    return op;
  }
  if (auto wait = dyn_cast<ttng::WaitBarrierOp>(op)) {
    Value both = wait.getPred() ? andPred(wait.getPred()) : pred;
    rewriter.modifyOpInPlace(wait, [&] { wait.getPredMutable().assign(both); });
    return op;
  }
  // Reading a slot, waiting for copies or staging a value in a buffer of
  // its own has no effect a skipped iteration could observe: the values
  // are not used.
  if (isa<ttg::AsyncCommitGroupOp, ttg::AsyncWaitOp, ttg::MemDescIndexOp,
          ttg::MemDescTransOp, ttg::LocalLoadOp, ttg::LocalAllocOp>(op) ||
      isMemoryEffectFree(op))
    return op;
  return nullptr;
}

/// Whether `op` stores to global memory somewhere inside it.
bool containsGlobalStore(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return isa<tt::StoreOp, tt::DescriptorStoreOp,
                   ttng::AsyncTMACopyLocalToGlobalOp>(inner)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// A fused persistent loop finishes a tile in a conditional epilogue after
/// its last dot. It goes after the next iterations' copies (kEpilogueCluster),
/// as in Triton's schedule: the copies of the next tile are then in flight
/// while the epilogue stores this one, instead of waiting for it.
void scheduleInLoopEpilogues(scf::ForOp loop, int latency) {
  Operation *lastDot = nullptr;
  for (Operation &op : loop.getBody()->without_terminator())
    if (isa<tt::DotOp, ttng::WarpGroupDotOp>(op))
      lastDot = &op;
  if (!lastDot)
    return;
  for (Operation *op = lastDot->getNextNode(); op != nullptr;
       op = op->getNextNode()) {
    auto ifOp = dyn_cast<scf::IfOp>(op);
    if (!ifOp || getStage(op, latency) != latency || !containsGlobalStore(ifOp))
      continue;
    // Its results may feed only later iterations, through the yield.
    if (llvm::any_of(ifOp->getUsers(), [&](Operation *user) {
          return user != loop.getBody()->getTerminator();
        }))
      continue;
    setSchedule(op, latency, kEpilogueCluster);
  }
}

/// A fused persistent loop computes the next tile's offsets in a
/// conditional prologue whose results the copies of stage 0 read. It goes
/// first in the loop body (kPrologueCluster), with the ops of this iteration it
/// needs, as in Triton's schedule: the offsets are then computed while the
/// previous dot is in flight, not between the dot's wait and the copies.
void scheduleInLoopPrologues(scf::ForOp loop, int latency) {
  Block *body = loop.getBody();
  for (Operation &op : body->without_terminator()) {
    auto ifOp = dyn_cast<scf::IfOp>(&op);
    if (!ifOp || getStage(ifOp, latency) != 0 || containsGlobalStore(ifOp))
      continue;
    SetVector<Operation *> slice;
    BackwardSliceOptions options;
    options.omitBlockArguments = true;
    options.omitUsesFromAbove = false;
    options.filter = [&](Operation *def) { return def->getBlock() == body; };
    if (failed(getBackwardSlice(ifOp.getOperation(), &slice, options)))
      continue;
    // Everything it needs must be of stage 0 too, to move along with it.
    if (llvm::any_of(
            slice, [&](Operation *def) { return getStage(def, latency) != 0; }))
      continue;
    for (Operation *def : slice)
      setSchedule(def, 0, kPrologueCluster);
    setSchedule(ifOp, 0, kPrologueCluster);
  }
}

void stripSchedule(Operation *root) {
  root->walk([](Operation *op) {
    op->removeAttr(kStageAttrName);
    op->removeAttr(kClusterAttrName);
  });
}

/// Pipelines `original` if it can, and returns how many of its loads became
/// asynchronous copies (0 when it cannot). The work happens on a copy that
/// takes over the loop's uses, so a loop the scf pipeliner refuses (it
/// checks before changing anything) is left exactly as it was.
FailureOr<unsigned> pipelineLoop(scf::ForOp original) {
  int latency = 0;
  for (Operation &op : original.getBody()->without_terminator())
    latency = std::max(latency, getStage(&op, 0));
  if (latency == 0)
    return 0u;
  OpBuilder cloner(original);
  auto loop = cast<scf::ForOp>(cloner.clone(*original));
  original->replaceAllUsesWith(loop->getResults());
  auto giveUp = [&](const Rings &rings) -> FailureOr<unsigned> {
    for (auto [mine, theirs] :
         llvm::zip(loop->getResults(), original->getResults()))
      mine.replaceAllUsesWith(theirs);
    loop->erase();
    for (Value buffer : rings.buffers)
      buffer.getDefiningOp()->erase();
    if (rings.barriers) {
      // The mbarrier inits (and their index constants) go with the ring.
      SmallVector<Operation *> users(rings.barriers.getUsers());
      for (Operation *index : users) {
        for (Operation *init : llvm::make_early_inc_range(index->getUsers()))
          init->erase();
        index->erase();
      }
      rings.barriers.getDefiningOp()->erase();
    }
    stripSchedule(original);
    return 0u;
  };
  int groups = 0;
  Rings rings = convertLoadsToAsyncCopies(loop, latency, groups);
  if (rings.buffers.empty())
    return giveUp(rings);

  scheduleInLoopPrologues(loop, latency);
  scheduleInLoopEpilogues(loop, latency);

  scf::PipeliningOption options;
  options.supportDynamicLoops = true;
  options.peelEpilogue = false;
  options.predicateFn = predicateOp;
  options.getScheduleFn =
      [latency](scf::ForOp forOp,
                std::vector<std::pair<Operation *, unsigned>> &schedule) {
        for (LoopCluster cluster : kClusterOrder)
          for (Operation &op : forOp.getBody()->without_terminator()) {
            auto attr = op.getAttrOfType<IntegerAttr>(kClusterAttrName);
            int64_t opCluster =
                attr ? attr.getInt() : int64_t(kLastStageCluster);
            if (opCluster == cluster)
              schedule.push_back({&op, unsigned(getStage(&op, latency))});
          }
      };
  IRRewriter rewriter(loop.getContext());
  // In the peeled epilogue no copies are issued any more: each part waits
  // for all copies (the kernel's count would let later ones stay pending).
  options.annotateFn = [](Operation *op,
                          scf::PipeliningOption::PipelinerPart part, unsigned) {
    if (auto wait = dyn_cast<ttg::AsyncWaitOp>(op);
        wait && part == scf::PipeliningOption::PipelinerPart::Epilogue)
      wait.setNum(0);
  };
  // The prologue goes right before the loop, anything after it (an
  // epilogue) right after it, before the original loop that follows.
  rewriter.setInsertionPoint(loop);
  // The prologue lands between this op and the loop.
  Operation *beforePrologue = loop->getPrevNode();
  bool modified = false;
  FailureOr<scf::ForOp> pipelined =
      scf::pipelineForLoop(rewriter, loop, options, &modified);
  if (failed(pipelined)) {
    if (modified)
      return original.emitOpError("was left half-pipelined");
    return giveUp(rings);
  }
  makeWarpGroupDotsAsync(*pipelined);
  // Drain the copies still in flight (all masked off) and release the ring
  // where the original loop ended.
  OpBuilder builder(original);
  Location loc = pipelined->getLoc();
  if (groups > 0)
    ttg::AsyncWaitOp::create(builder, loc, ValueRange{},
                             builder.getI32IntegerAttr(0));
  if (rings.barriers) {
    // Every TMA copy issued was waited for in its iteration.
    for (Value barrier : viewEachMBarrier(builder, loc, rings))
      ttng::InvalBarrierOp::create(builder, loc, barrier);
    ttg::LocalDeallocOp::create(builder, loc, rings.barriers);
  }
  for (Value buffer : rings.buffers)
    ttg::LocalDeallocOp::create(builder, loc, buffer);
  original->erase();
  // Only what this loop's pipelining made loses the marks: a later loop of
  // the block (the diagonal loop of causal attention) keeps its schedule.
  Operation *end = (*pipelined)->getNextNode();
  for (Operation *op = beforePrologue ? beforePrologue->getNextNode()
                                      : &(*pipelined)->getBlock()->front();
       op != end; op = op->getNextNode())
    stripSchedule(op);
  // One ring buffer per load.
  return static_cast<unsigned>(rings.buffers.size());
}

struct TTGPipelinePass
    : public tile::impl::TTGPipelinePassBase<TTGPipelinePass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      FailureOr<unsigned> pipelinedLoads = pipelineLoop(loop);
      if (failed(pipelinedLoads))
        return signalPassFailure();
      numPipelinedLoads += *pipelinedLoads;
      if (*pipelinedLoads > 0)
        ++numPipelinedLoops;
    }
    // Loads that stayed synchronous keep no pipelining marks.
    getOperation().walk([](Operation *op) {
      if (isa<tt::LoadOp, tt::DescriptorLoadOp>(op))
        op->removeAttr(kLatencyAttrName);
    });
    // As Triton's pipeliner: TMA stores of loops with more than one stage
    // stay in flight until their buffer is written again.
    if (ttg::getComputeCapability(getOperation()).value_or(0) < 90)
      return;
    loops.clear();
    getOperation().walk([&](scf::ForOp loop) {
      if (getNumStages(loop, numStages) > 1)
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      numPipelinedStores += pipelineTMAStores(loop);
  }
};
} // namespace

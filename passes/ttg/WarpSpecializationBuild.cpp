//===- WarpSpecializationBuild.cpp - Producer, consumers and their rings --===//
//
// The rewrite of nvgpu-warp-specialization. The default warps produce:
// they issue the TMA copies into rings of `num-stages` shared slots. Each
// partition of four warps consumes: it runs the wgmma on its 64-row share
// of the tile (the tile is split along M, one share per partition) and
// stores its share in its own epilogue. A slot changes hands through two
// mbarriers: "full" (count 1, armed with the bytes of the slot's copies)
// and "empty" (one arrival of 128 per consumer once its wgmma stopped
// reading the slot). One counter of slot uses, carried through the tile
// loop and the K loop, gives both sides the slot (counter mod stages) and
// the phase (bit 0 of counter / stages).
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/PipelineUtils.h"
#include "passes/ttg/TMAUtils.h"
#include "passes/ttg/WarpSpecialization.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ws;

namespace {
/// The shared rings and mbarriers the warp groups hand slots over with.
/// Each consumer's half of A has its own pair of barriers and B one pair
/// for both, so a consumer starts as soon as its own half and B have
/// landed, and the producer refills a consumer's half as soon as that
/// consumer is done with it (as Triton's Hopper warp specialization does).
struct Rings {
  int slots = 0;
  SmallVector<Value> a; // one ring per consumer (its rows of the A block)
  Value b;
  SmallVector<Value> fullA, emptyA; // per consumer
  Value fullB, emptyB;
  tt::TensorDescType aBlock;      // one consumer's rows of the A block
  int64_t aBytes = 0, bBytes = 0; // what one copy of each delivers
};

Rings createRings(OpBuilder &builder, LoopNest &nest, int slots) {
  Location loc = nest.marked().getLoc();
  Rings rings;
  rings.slots = slots;
  tt::TensorDescType aDesc =
      splitRows(nest.a.load.getDesc().getType(), nest.numConsumers);
  tt::TensorDescType bDesc = nest.b.load.getDesc().getType();
  rings.aBlock = aDesc;
  for (int c = 0; c < nest.numConsumers; ++c)
    rings.a.push_back(ttg::LocalAllocOp::create(
        builder, loc, getDescriptorBufferType(aDesc, slots), Value(),
        IntegerAttr()));
  rings.b = ttg::LocalAllocOp::create(builder, loc,
                                      getDescriptorBufferType(bDesc, slots),
                                      Value(), IntegerAttr());
  rings.aBytes = getDescriptorBlockBytes(aDesc);
  rings.bBytes = getDescriptorBlockBytes(bDesc);
  auto makeBarriers = [&](int count) {
    return createBarrierRing(builder, loc, slots, count);
  };
  int consumerThreads = kConsumerWarps * ttg::getThreadsPerWarp(nest.k);
  for (int c = 0; c < nest.numConsumers; ++c) {
    rings.fullA.push_back(makeBarriers(1));
    rings.emptyA.push_back(makeBarriers(consumerThreads));
  }
  rings.fullB = makeBarriers(1);
  rings.emptyB = makeBarriers(nest.numConsumers * consumerThreads);
  return rings;
}

/// Clones the replicable ops of `block` (everything a partition may need to
/// compute indices and bounds); dead ones are removed afterwards.
void cloneReplicable(OpBuilder &builder, Block *block, IRMapping &mapping) {
  for (Operation &op : block->without_terminator())
    if (isReplicable(&op))
      builder.clone(op, mapping);
}

/// The split descriptor that stands for `desc`, or `desc` where it is not
/// split.
Value splitOrSame(const DenseMap<Value, Value> &splitDescs, Value desc) {
  Value split = splitDescs.lookup(desc);
  return split ? split : desc;
}

/// The partition's `indices` (through `mapping`), the row index moved to
/// consumer `c`'s rows of the tile.
SmallVector<Value> consumerCoords(OpBuilder &b, Location loc,
                                  ValueRange indices, IRMapping &mapping,
                                  int c) {
  SmallVector<Value> coords;
  for (Value index : indices)
    coords.push_back(mapping.lookupOrDefault(index));
  if (c) {
    Value rowOffset = constI32(b, loc, c * kRowsPerConsumer);
    coords[0] = arith::AddIOp::create(b, loc, coords[0], rowOffset);
  }
  return coords;
}

/// Builds one k-step of a partition at slot `slot` (with its `phase`) and
/// returns the values it carries to the next k-step besides the slot
/// counter.
using StepBuilder = function_ref<SmallVector<Value>(
    OpBuilder &, Location, Value slot, Value phase, ValueRange carried)>;
/// Builds what a partition does after a tile's k loop, from the values the
/// loop carried out (without the slot counter).
using TileEndBuilder = function_ref<void(OpBuilder &, Location, ValueRange)>;

/// A partition's copy of the nest: the tile loop (where the kernel is
/// persistent) carries the count of slot uses from tile to tile, and the k
/// loop inside it carries `kInits` and that count, so that every partition
/// walks the rings in the same order. Index and bound arithmetic is cloned
/// into both loops through `mapping`. Neither loop is pipelined again.
void buildSlotLoops(OpBuilder &builder, LoopNest &nest, IRMapping &mapping,
                    int slots, ValueRange kInits, StepBuilder buildStep,
                    TileEndBuilder buildTileEnd) {
  scf::ForOp k = nest.k;
  // One tile: its k loop from slot use `start`, then the tile's end;
  // returns the slot uses after it.
  auto buildTile = [&](OpBuilder &b, Location loc, Value start) -> Value {
    SmallVector<Value> inits(kInits);
    inits.push_back(start);
    auto inner = scf::ForOp::create(
        b, loc, mapping.lookupOrDefault(k.getLowerBound()),
        mapping.lookupOrDefault(k.getUpperBound()),
        mapping.lookupOrDefault(k.getStep()), inits,
        [&](OpBuilder &b, Location loc, Value kv, ValueRange kargs) {
          mapping.map(k.getInductionVar(), kv);
          cloneReplicable(b, k.getBody(), mapping);
          Value count = kargs.back();
          std::pair<Value, Value> slotPhase =
              slotAndPhase(b, loc, count, slots);
          SmallVector<Value> yields = buildStep(
              b, loc, slotPhase.first, slotPhase.second, kargs.drop_back());
          yields.push_back(
              arith::AddIOp::create(b, loc, count, constI32(b, loc, 1)));
          scf::YieldOp::create(b, loc, yields);
        });
    markNotPipelined(inner);
    if (buildTileEnd)
      buildTileEnd(b, loc, inner.getResults().drop_back());
    return inner.getResults().back();
  };
  Location loc = nest.marked().getLoc();
  scf::ForOp tiles = nest.tiles;
  if (!tiles) {
    buildTile(builder, loc, constI32(builder, loc, 0));
    return;
  }
  auto outer = scf::ForOp::create(
      builder, loc, tiles.getLowerBound(), tiles.getUpperBound(),
      tiles.getStep(), ValueRange{constI32(builder, loc, 0)},
      [&](OpBuilder &b, Location loc, Value iv, ValueRange args) {
        mapping.map(tiles.getInductionVar(), iv);
        cloneReplicable(b, tiles.getBody(), mapping);
        scf::YieldOp::create(b, loc, buildTile(b, loc, args[0]));
      });
  markNotPipelined(outer);
}

/// The default warps: the TMA copies of every slot use.
void buildProducer(OpBuilder &builder, LoopNest &nest, Rings &rings,
                   const DenseMap<Value, Value> &splitDescs) {
  IRMapping mapping;
  auto step = [&](OpBuilder &b, Location loc, Value slot, Value phase,
                  ValueRange) -> SmallVector<Value> {
    // A block's slot is free once its consumers released their previous
    // round.
    Value freePhase = getFreePhase(b, loc, phase);
    // The copy of consumer `c`'s rows (all rows for B, with c = 0).
    auto copy = [&](tt::DescriptorLoadOp load, Value desc, Value ring, int c,
                    Value emptyRing, Value fullRing, int64_t bytes) {
      auto coords = [&] {
        return consumerCoords(b, load.getLoc(), load.getIndices(), mapping, c);
      };
      fillSlot(b, loc, load, desc, coords, ring, emptyRing, fullRing, slot,
               freePhase, bytes);
    };
    auto copyA = [&](int c) {
      copy(nest.a.load, splitOrSame(splitDescs, nest.a.load.getDesc()),
           rings.a[c], c, rings.emptyA[c], rings.fullA[c], rings.aBytes);
    };
    auto copyB = [&] {
      copy(nest.b.load, nest.b.load.getDesc(), rings.b, /*c=*/0, rings.emptyB,
           rings.fullB, rings.bBytes);
    };
    // The first consumer's rows of A and B go first, in program order, so
    // that it can start while the other rows of A are on their way
    // (Triton's producer issues A0, B, A1 too).
    bool aFirst = nest.a.load->isBeforeInBlock(nest.b.load);
    if (aFirst)
      copyA(0);
    copyB();
    for (int c = aFirst ? 1 : 0; c < nest.numConsumers; ++c)
      copyA(c);
    return {};
  };
  buildSlotLoops(builder, nest, mapping, rings.slots, ValueRange{}, step,
                 /*buildTileEnd=*/nullptr);
}

/// The wgmma of consumer `c` on its rows of slot `slot` into `acc`: waits
/// for the slot's copies, and gives the slot back once the wgmma is done.
Value buildConsumerStep(OpBuilder &b, Location loc, LoopNest &nest,
                        Rings &rings, int c, Value slot, Value phase,
                        Value acc) {
  ttng::WarpGroupDotOp dot = nest.dot;
  for (Value ring : {rings.fullA[c], rings.fullB})
    ttng::WaitBarrierOp::create(b, loc, barrierAt(b, loc, ring, slot), phase,
                                Value(), ValueRange{});
  Value aView = ttg::MemDescIndexOp::create(
      b, nest.a.load.getLoc(), getDescriptorBufferType(rings.aBlock),
      rings.a[c], slot);
  tt::TensorDescType bDesc = nest.b.load.getDesc().getType();
  Value bView = ttg::MemDescIndexOp::create(
      b, nest.b.load.getLoc(), getDescriptorBufferType(bDesc), rings.b, slot);
  if (ttg::MemDescTransOp trans = nest.b.trans)
    bView = transposeSlotView(b, trans, bView);
  auto wgmma = ttng::WarpGroupDotOp::create(
      b, dot.getLoc(), acc.getType(), aView, bView, acc, Value(),
      dot.getInputPrecision(), dot.getMaxNumImpreciseAcc(), /*isAsync=*/true);
  // Each wgmma completes before its slot goes back, as in Triton's
  // consumers. Keeping one wgmma in flight instead gave each slot back a
  // k-step later; on the H100 that ran at 0.85x Triton's kernel, against
  // 0.98x this way.
  SmallVector<Value> waited = {wgmma.getD(), aView, bView};
  auto wait = ttng::WarpGroupDotWaitOp::create(
      b, dot.getLoc(), ValueRange(waited).getTypes(), waited, /*pendings=*/0);
  // The slot goes back to the producer.
  int32_t threads = kConsumerWarps * ttg::getThreadsPerWarp(nest.k);
  for (Value ring : {rings.emptyA[c], rings.emptyB})
    ttng::ArriveBarrierOp::create(b, loc, barrierAt(b, loc, ring, slot),
                                  threads, /*pred=*/Value());
  return wait.getResult(0);
}

/// Consumer `c`'s epilogue on its rows of the finished tile: the nest's
/// epilogue ops on split types, descriptor stores shifted to its rows.
void buildConsumerEpilogue(OpBuilder &b, LoopNest &nest, int c,
                           IRMapping &mapping,
                           const DenseMap<Value, Value> &splitDescs) {
  for (Operation *op : nest.epilogue) {
    if (auto store = dyn_cast<tt::DescriptorStoreOp>(op)) {
      SmallVector<Value> coords =
          consumerCoords(b, store.getLoc(), store.getIndices(), mapping, c);
      tt::DescriptorStoreOp::create(b, store.getLoc(),
                                    splitOrSame(splitDescs, store.getDesc()),
                                    mapping.lookup(store.getSrc()), coords);
      continue;
    }
    Operation *clone = b.clone(*op, mapping);
    clone->getResult(0).setType(splitRows(
        cast<RankedTensorType>(op->getResult(0).getType()), nest.numConsumers));
  }
}

/// Consumer `c`: the wgmma on its rows of every slot and its epilogue.
void buildConsumer(OpBuilder &builder, LoopNest &nest, Rings &rings, int c,
                   const DenseMap<Value, Value> &splitDescs) {
  IRMapping mapping;
  auto accType =
      splitRows(cast<RankedTensorType>(nest.dot.getType()), nest.numConsumers);
  auto initAttr = cast<SplatElementsAttr>(nest.accInit.getValue());
  Value accInit = arith::ConstantOp::create(
      builder, nest.accInit.getLoc(), accType,
      SplatElementsAttr::get(accType, initAttr.getSplatValue<Attribute>()));
  auto step = [&](OpBuilder &b, Location loc, Value slot, Value phase,
                  ValueRange carried) -> SmallVector<Value> {
    return {buildConsumerStep(b, loc, nest, rings, c, slot, phase, carried[0])};
  };
  auto tileEnd = [&](OpBuilder &b, Location loc, ValueRange carried) {
    mapping.map(nest.k.getResult(0), carried[0]);
    buildConsumerEpilogue(b, nest, c, mapping, splitDescs);
  };
  buildSlotLoops(builder, nest, mapping, rings.slots, ValueRange{accInit}, step,
                 tileEnd);
}

/// Split descriptors: kernel arguments change type (the launcher encodes
/// the map from the kernel's descriptor metadata); descriptors made in the
/// kernel get a split copy right before the nest.
DenseMap<Value, Value> splitDescriptors(OpBuilder &builder, LoopNest &nest) {
  DenseMap<Value, Value> split;
  if (nest.numConsumers == 1)
    return split;
  SmallVector<Value> descs = {nest.a.load.getDesc()};
  for (Operation *op : nest.epilogue)
    if (auto store = dyn_cast<tt::DescriptorStoreOp>(op))
      if (!llvm::is_contained(descs, store.getDesc()))
        descs.push_back(store.getDesc());
  auto func = nest.marked()->getParentOfType<tt::FuncOp>();
  for (Value desc : descs) {
    auto type =
        splitRows(cast<tt::TensorDescType>(desc.getType()), nest.numConsumers);
    if (auto arg = dyn_cast<BlockArgument>(desc)) {
      arg.setType(type);
      split[desc] = desc;
      continue;
    }
    Operation *clone = builder.clone(*desc.getDefiningOp());
    clone->getResult(0).setType(type);
    split[desc] = clone->getResult(0);
  }
  syncFunctionType(func);
  return split;
}
} // namespace

void ws::specializeLoopNest(LoopNest &nest, int slots) {
  scf::ForOp marked = nest.marked();
  Location loc = marked.getLoc();
  // A tile loop is replaced where it stands. A marked K loop and its
  // epilogue are replaced at the end of the kernel, below the index
  // arithmetic and descriptors that follow the loop.
  OpBuilder builder(marked);
  if (!nest.tiles)
    builder.setInsertionPoint(marked->getBlock()->getTerminator());
  Rings rings = createRings(builder, nest, slots);
  DenseMap<Value, Value> splitDescs = splitDescriptors(builder, nest);

  SmallVector<int32_t> warps(nest.numConsumers, kConsumerWarps);
  SmallVector<int32_t> registers(nest.numConsumers, kConsumerRegisters);
  auto ws = ttg::WarpSpecializeOp::create(
      builder, loc, TypeRange{}, ValueRange{}, warps,
      /*warpGroupStartIds=*/nullptr, builder.getDenseI32ArrayAttr(registers),
      /*actualRegisters=*/nullptr);
  Block *producer = builder.createBlock(&ws.getDefaultRegion());
  builder.setInsertionPointToStart(producer);
  buildProducer(builder, nest, rings, splitDescs);
  ttg::WarpYieldOp::create(builder, loc, ValueRange{});

  builder.createBlock(&ws.getPartitionOpHolder());
  auto partitions =
      ttg::WarpSpecializePartitionsOp::create(builder, loc, nest.numConsumers);
  for (auto [c, region] : llvm::enumerate(partitions.getPartitionRegions())) {
    builder.createBlock(&region);
    buildConsumer(builder, nest, rings, c, splitDescs);
    ttg::WarpReturnOp::create(builder, loc);
  }
  if (!nest.tiles)
    for (Operation *op : llvm::reverse(nest.epilogue))
      op->erase();
  marked->erase();
  for (auto [original, split] : splitDescs)
    if (original != split && original.use_empty())
      original.getDefiningOp()->erase();
  finishPartitions(ws);
}

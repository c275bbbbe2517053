//===- WarpSpecialization.cpp - Hopper producer/consumer warp groups ------===//
//
// nvgpu-warp-specialization: a persistent tile loop marked
// `tt.warp_specialize` whose inner loop feeds a wgmma from TMA loads becomes
// a `ttg.warp_specialize`. The default warps produce: they issue the TMA
// copies into rings of `num-stages` shared slots. Each partition of four
// warps consumes: it runs the wgmma on its 64-row share of the tile (the
// tile is split along M, one share per partition) and stores its share in
// its own epilogue. A slot changes hands through two mbarriers: "full"
// (count 1, armed with the bytes of the slot's copies) and "empty" (one
// arrival of 128 per consumer once its wgmma stopped reading the slot).
// One counter of slot uses, carried through the tile loop and the K loop,
// gives both sides the slot (counter mod stages) and the phase (bit 0 of
// counter / stages).
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"
#include "passes/ttg/PipelineUtils.h"
#include "passes/ttg/TMAUtils.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::tile {
#define GEN_PASS_DEF_NVGPUWARPSPECIALIZATIONPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
constexpr llvm::StringLiteral kWarpSpecializeAttr = "tt.warp_specialize";
/// Rows of the accumulator one consumer warp group (four warps) owns.
constexpr int64_t kRowsPerConsumer = 64;
constexpr int kConsumerWarps = 4;
/// Registers per thread asked for each consumer partition, as Triton does;
/// the producer keeps what is left (tritongpu-allocate-warp-groups).
constexpr int32_t kConsumerRegisters = 232;

/// A wgmma operand as the K loop builds it: a TMA load, its buffer, and
/// optionally a transposed view of the buffer.
struct Operand {
  tt::DescriptorLoadOp load;
  ttg::MemDescTransOp trans;
};

/// The loop nest this pass rewrites, as found by matchLoopNest.
struct LoopNest {
  scf::ForOp tiles; // the tile loop marked tt.warp_specialize
  scf::ForOp k;     // the K loop inside it
  ttng::WarpGroupDotOp dot;
  Operand a, b;
  arith::ConstantOp accInit;
  SmallVector<Operation *> epilogue; // after the K loop, reading its result
  int numConsumers = 1;
};

bool isScalarType(Type type) { return type.isIntOrIndexOrFloat(); }

/// Ops every partition recomputes for itself: pure scalar arithmetic.
bool isReplicable(Operation *op) {
  if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
    return false;
  return llvm::all_of(op->getOperandTypes(), isScalarType) &&
         llvm::all_of(op->getResultTypes(), isScalarType);
}

FailureOr<Operand> matchOperand(Value value, scf::ForOp k, std::string &why) {
  Operand operand;
  if (auto trans = value.getDefiningOp<ttg::MemDescTransOp>()) {
    operand.trans = trans;
    value = trans.getSrc();
  }
  auto alloc = value.getDefiningOp<ttg::LocalAllocOp>();
  if (!alloc || !alloc.getSrc() || alloc->getParentOp() != k) {
    why = "a wgmma operand is not a shared copy of a TMA load of the loop";
    return failure();
  }
  operand.load = alloc.getSrc().getDefiningOp<tt::DescriptorLoadOp>();
  if (!operand.load || operand.load->getParentOp() != k ||
      !operand.load->hasOneUse()) {
    why = "a wgmma operand is not a shared copy of a TMA load of the loop";
    return failure();
  }
  if (!alloc->hasOneUse() || (operand.trans && !operand.trans->hasOneUse())) {
    why = "a loaded wgmma operand has other uses";
    return failure();
  }
  return operand;
}

/// Whether `desc` (a kernel argument or a tt.make_tensor_descriptor from
/// outside the nest) is only used by `users`, so its block may be split.
bool isSplittableDescriptor(Value desc, ArrayRef<Operation *> users,
                            scf::ForOp tiles) {
  if (auto arg = dyn_cast<BlockArgument>(desc)) {
    if (!isa<tt::FuncOp>(arg.getOwner()->getParentOp()))
      return false;
  } else {
    auto make = desc.getDefiningOp<tt::MakeTensorDescOp>();
    if (!make || tiles->isAncestor(make))
      return false;
  }
  return llvm::all_of(desc.getUsers(), [&](Operation *user) {
    return llvm::is_contained(users, user);
  });
}

FailureOr<LoopNest> matchLoopNest(scf::ForOp tiles, std::string &why) {
  LoopNest nest;
  nest.tiles = tiles;
  if (!isa<tt::FuncOp>(tiles->getParentOp())) {
    why = "the loop is not at the top level of the kernel";
    return failure();
  }
  if (tiles.getNumResults() != 0) {
    why = "the tile loop carries values";
    return failure();
  }
  for (Operation &op : tiles.getBody()->without_terminator()) {
    if (auto k = dyn_cast<scf::ForOp>(op)) {
      if (nest.k) {
        why = "the tile loop holds more than one loop";
        return failure();
      }
      nest.k = k;
    }
  }
  if (!nest.k || nest.k.getNumResults() != 1) {
    why = "no K loop carrying just the accumulator";
    return failure();
  }
  scf::ForOp k = nest.k;
  auto yield = cast<scf::YieldOp>(k.getBody()->getTerminator());
  nest.dot = yield.getOperand(0).getDefiningOp<ttng::WarpGroupDotOp>();
  if (!nest.dot || nest.dot->getParentOp() != k ||
      nest.dot.getC() != k.getRegionIterArg(0) || nest.dot.getUseC() ||
      !nest.dot->hasOneUse()) {
    why = "the K loop does not accumulate one wgmma";
    return failure();
  }
  FailureOr<Operand> a = matchOperand(nest.dot.getA(), k, why);
  if (failed(a))
    return failure();
  FailureOr<Operand> b = matchOperand(nest.dot.getB(), k, why);
  if (failed(b))
    return failure();
  nest.a = *a;
  nest.b = *b;
  if (nest.a.trans) {
    why = "the A operand is a transposed view";
    return failure();
  }
  SmallPtrSet<Operation *, 8> known = {
      nest.dot, nest.a.load, nest.b.load, nest.dot.getA().getDefiningOp(),
      nest.b.trans ? nest.b.trans.getSrc().getDefiningOp()
                   : nest.dot.getB().getDefiningOp()};
  if (nest.b.trans)
    known.insert(nest.b.trans);
  for (Operation &op : k.getBody()->without_terminator()) {
    if (isReplicable(&op) || known.contains(&op))
      continue;
    why = "the K loop holds an op other than index arithmetic, the loads "
          "and the wgmma: " +
          op.getName().getStringRef().str();
    return failure();
  }
  nest.accInit = k.getInitArgs()[0].getDefiningOp<arith::ConstantOp>();
  if (!nest.accInit || !isa<SplatElementsAttr>(nest.accInit.getValue())) {
    why = "the accumulator does not start from a constant";
    return failure();
  }

  // The epilogue: what reads the K loop's result, ending in TMA stores.
  auto accType = cast<RankedTensorType>(k.getResult(0).getType());
  for (Operation &op : tiles.getBody()->without_terminator()) {
    if (&op == k.getOperation() || isReplicable(&op))
      continue;
    bool readsTile = llvm::any_of(op.getOperands(), [&](Value v) {
      return v == k.getResult(0) ||
             llvm::is_contained(nest.epilogue, v.getDefiningOp());
    });
    bool shapeOk = llvm::all_of(op.getResultTypes(), [&](Type t) {
      auto tensor = dyn_cast<RankedTensorType>(t);
      return tensor && tensor.getShape() == accType.getShape();
    });
    bool elementwise =
        op.hasTrait<OpTrait::Elementwise>() || isa<ttg::ConvertLayoutOp>(op);
    // Every tensor it reads is (derived from) the tile: a consumer has
    // only its rows of those.
    readsTile &= llvm::all_of(op.getOperands(), [&](Value v) {
      return !isa<RankedTensorType>(v.getType()) || v == k.getResult(0) ||
             llvm::is_contained(nest.epilogue, v.getDefiningOp());
    });
    if (readsTile && op.getNumResults() == 1 && elementwise && shapeOk &&
        isMemoryEffectFree(&op)) {
      nest.epilogue.push_back(&op);
      continue;
    }
    if (auto store = dyn_cast<tt::DescriptorStoreOp>(op)) {
      if (readsTile && store.getDesc().getType().getBlockType().getShape() ==
                           accType.getShape()) {
        nest.epilogue.push_back(&op);
        continue;
      }
    }
    why = "the tile loop holds an op the partitions cannot share: " +
          op.getName().getStringRef().str();
    return failure();
  }
  if (!llvm::any_of(nest.epilogue, llvm::IsaPred<tt::DescriptorStoreOp>)) {
    why = "the tile is not stored through a descriptor";
    return failure();
  }

  // One consumer per 64 rows of the tile.
  int64_t rows = accType.getShape()[0];
  if (rows % kRowsPerConsumer != 0 || rows / kRowsPerConsumer > 2) {
    why = "the tile has " + std::to_string(rows) +
          " rows; one or two consumers of 64 rows are supported";
    return failure();
  }
  nest.numConsumers = rows / kRowsPerConsumer;
  if (nest.numConsumers > 1) {
    // The A block and the stored blocks are split between the consumers.
    SmallVector<Operation *> aUsers = {nest.a.load};
    if (nest.a.load.getDesc().getType().getBlockType().getShape()[0] != rows ||
        !isSplittableDescriptor(nest.a.load.getDesc(), aUsers, tiles) ||
        nest.a.load.getDesc() == nest.b.load.getDesc()) {
      why = "the A descriptor cannot be split between the consumers";
      return failure();
    }
    SmallVector<Operation *> stores;
    for (Operation *op : nest.epilogue)
      if (isa<tt::DescriptorStoreOp>(op))
        stores.push_back(op);
    for (Operation *store : stores)
      if (!isSplittableDescriptor(cast<tt::DescriptorStoreOp>(store).getDesc(),
                                  stores, tiles)) {
        why = "a stored descriptor cannot be split between the consumers";
        return failure();
      }
  }
  return nest;
}

/// `type` with its first dimension divided by `parts`.
RankedTensorType splitRows(RankedTensorType type, int parts) {
  SmallVector<int64_t> shape(type.getShape());
  shape[0] /= parts;
  return RankedTensorType::get(shape, type.getElementType(),
                               type.getEncoding());
}

tt::TensorDescType splitRows(tt::TensorDescType type, int parts) {
  return tt::TensorDescType::get(type.getContext(),
                                 splitRows(type.getBlockType(), parts));
}

/// The shared rings and mbarriers the warp groups hand slots over with.
struct Rings {
  int slots = 0;
  SmallVector<Value> a; // one ring per consumer (its rows of the A block)
  Value b;
  Value full, empty;
  tt::TensorDescType aBlock; // one consumer's rows of the A block
  int64_t bytes = 0;         // what one slot's copies deliver
};

Value constI32(OpBuilder &builder, Location loc, int32_t value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getI32IntegerAttr(value));
}

Value barrierAt(OpBuilder &builder, Location loc, Value ring, Value slot,
                int slots) {
  return ttg::MemDescIndexOp::create(
      builder, loc, getMBarrierSlotType(builder.getContext(), slots), ring,
      slot);
}

Rings createRings(OpBuilder &builder, LoopNest &nest, int slots) {
  Location loc = nest.tiles.getLoc();
  MLIRContext *context = builder.getContext();
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
  rings.bytes = nest.numConsumers * getDescriptorBlockBytes(aDesc) +
                getDescriptorBlockBytes(bDesc);
  auto makeBarriers = [&](int count) {
    Value ring = ttg::LocalAllocOp::create(
        builder, loc, getMBarrierType(context, slots), Value(), IntegerAttr());
    for (int s = 0; s < slots; ++s)
      ttng::InitBarrierOp::create(
          builder, loc,
          barrierAt(builder, loc, ring, constI32(builder, loc, s), slots),
          count);
    return ring;
  };
  rings.full = makeBarriers(1);
  rings.empty = makeBarriers(nest.numConsumers * kConsumerWarps *
                             ttg::getThreadsPerWarp(nest.tiles));
  return rings;
}

/// The slot and phase of slot use number `count`.
std::pair<Value, Value> slotAndPhase(OpBuilder &builder, Location loc,
                                     Value count, int slots) {
  Value n = constI32(builder, loc, slots);
  Value slot = arith::RemUIOp::create(builder, loc, count, n);
  Value round = arith::DivUIOp::create(builder, loc, count, n);
  Value phase =
      arith::AndIOp::create(builder, loc, round, constI32(builder, loc, 1));
  return {slot, phase};
}

/// Clones the replicable ops of `block` (everything a partition may need to
/// compute indices and bounds); dead ones are removed afterwards.
void cloneReplicable(OpBuilder &builder, Block *block, IRMapping &mapping) {
  for (Operation &op : block->without_terminator())
    if (isReplicable(&op))
      builder.clone(op, mapping);
}

void markNotPipelined(scf::ForOp loop) {
  loop->setAttr(kNumStagesAttrName,
                IntegerAttr::get(IntegerType::get(loop.getContext(), 32), 0));
}

/// The default warps: the TMA copies of every slot use.
void buildProducer(OpBuilder &builder, LoopNest &nest, Rings &rings,
                   const DenseMap<Value, Value> &splitDescs) {
  Location loc = nest.tiles.getLoc();
  scf::ForOp tiles = nest.tiles, k = nest.k;
  IRMapping mapping;
  Value zero = constI32(builder, loc, 0);
  auto outer = scf::ForOp::create(
      builder, loc, tiles.getLowerBound(), tiles.getUpperBound(),
      tiles.getStep(), ValueRange{zero},
      [&](OpBuilder &b, Location loc, Value iv, ValueRange args) {
        mapping.map(tiles.getInductionVar(), iv);
        cloneReplicable(b, tiles.getBody(), mapping);
        auto inner = scf::ForOp::create(
            b, loc, mapping.lookupOrDefault(k.getLowerBound()),
            mapping.lookupOrDefault(k.getUpperBound()),
            mapping.lookupOrDefault(k.getStep()), ValueRange{args[0]},
            [&](OpBuilder &b, Location loc, Value kv, ValueRange kargs) {
              mapping.map(k.getInductionVar(), kv);
              cloneReplicable(b, k.getBody(), mapping);
              Value count = kargs[0];
              auto [slot, phase] = slotAndPhase(b, loc, count, rings.slots);
              // The slot is free once every consumer released its previous
              // round (parity phase ^ 1; a fresh barrier passes).
              Value freePhase =
                  arith::XOrIOp::create(b, loc, phase, constI32(b, loc, 1));
              ttng::WaitBarrierOp::create(
                  b, loc, barrierAt(b, loc, rings.empty, slot, rings.slots),
                  freePhase, Value(), ValueRange{});
              Value full = barrierAt(b, loc, rings.full, slot, rings.slots);
              Value always =
                  arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
              ttng::BarrierExpectOp::create(b, loc, full, int32_t(rings.bytes),
                                            always);
              auto copy = [&](tt::DescriptorLoadOp load, Value desc, Value ring,
                              Value rowOffset) {
                auto descType = cast<tt::TensorDescType>(desc.getType());
                Value view = ttg::MemDescIndexOp::create(
                    b, load.getLoc(),
                    getDescriptorSlotType(descType, rings.slots), ring, slot);
                SmallVector<Value> coords;
                for (Value index : load.getIndices())
                  coords.push_back(mapping.lookupOrDefault(index));
                if (rowOffset)
                  coords[0] = arith::AddIOp::create(b, load.getLoc(), coords[0],
                                                    rowOffset);
                ttng::AsyncTMACopyGlobalToLocalOp::create(
                    b, load.getLoc(), desc, coords, view, full, always,
                    load.getCache(), load.getEvict(), /*isVolatile=*/false);
              };
              // Program order of the two loads.
              bool aFirst = nest.a.load->isBeforeInBlock(nest.b.load);
              auto copyA = [&] {
                Value desc = splitDescs.lookup(nest.a.load.getDesc());
                if (!desc)
                  desc = nest.a.load.getDesc();
                for (int c = 0; c < nest.numConsumers; ++c)
                  copy(nest.a.load, desc, rings.a[c],
                       c ? constI32(b, loc, c * kRowsPerConsumer) : Value());
              };
              auto copyB = [&] {
                copy(nest.b.load, nest.b.load.getDesc(), rings.b, Value());
              };
              if (aFirst) {
                copyA();
                copyB();
              } else {
                copyB();
                copyA();
              }
              Value next =
                  arith::AddIOp::create(b, loc, count, constI32(b, loc, 1));
              scf::YieldOp::create(b, loc, next);
            });
        markNotPipelined(inner);
        scf::YieldOp::create(b, loc, inner.getResult(0));
      });
  markNotPipelined(outer);
}

/// Consumer `c`: the wgmma on its rows of every slot and its epilogue.
void buildConsumer(OpBuilder &builder, LoopNest &nest, Rings &rings, int c,
                   const DenseMap<Value, Value> &splitDescs) {
  Location loc = nest.tiles.getLoc();
  scf::ForOp tiles = nest.tiles, k = nest.k;
  ttng::WarpGroupDotOp dot = nest.dot;
  int parts = nest.numConsumers;
  IRMapping mapping;
  Value zero = constI32(builder, loc, 0);
  auto accType = splitRows(cast<RankedTensorType>(dot.getType()), parts);
  auto initAttr = cast<SplatElementsAttr>(nest.accInit.getValue());
  Value accInit = arith::ConstantOp::create(
      builder, nest.accInit.getLoc(), accType,
      SplatElementsAttr::get(accType, initAttr.getSplatValue<Attribute>()));
  auto outer = scf::ForOp::create(
      builder, loc, tiles.getLowerBound(), tiles.getUpperBound(),
      tiles.getStep(), ValueRange{zero},
      [&](OpBuilder &b, Location loc, Value iv, ValueRange args) {
        mapping.map(tiles.getInductionVar(), iv);
        cloneReplicable(b, tiles.getBody(), mapping);
        Value start = args[0];
        // Releases the slot of use number `count - 1` when this tile had
        // one (its wgmma has completed).
        auto releasePrevious = [&](OpBuilder &b, Value count) {
          Value previous =
              arith::SubIOp::create(b, loc, count, constI32(b, loc, 1));
          Value slot = arith::RemUIOp::create(b, loc, previous,
                                              constI32(b, loc, rings.slots));
          Value had = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                            count, start);
          ttng::ArriveBarrierOp::create(
              b, loc, barrierAt(b, loc, rings.empty, slot, rings.slots),
              kConsumerWarps * ttg::getThreadsPerWarp(tiles), had);
        };
        auto inner = scf::ForOp::create(
            b, loc, mapping.lookupOrDefault(k.getLowerBound()),
            mapping.lookupOrDefault(k.getUpperBound()),
            mapping.lookupOrDefault(k.getStep()), ValueRange{accInit, start},
            [&](OpBuilder &b, Location loc, Value kv, ValueRange kargs) {
              mapping.map(k.getInductionVar(), kv);
              cloneReplicable(b, k.getBody(), mapping);
              Value acc = kargs[0], count = kargs[1];
              auto [slot, phase] = slotAndPhase(b, loc, count, rings.slots);
              ttng::WaitBarrierOp::create(
                  b, loc, barrierAt(b, loc, rings.full, slot, rings.slots),
                  phase, Value(), ValueRange{});
              Value aView = ttg::MemDescIndexOp::create(
                  b, nest.a.load.getLoc(),
                  getDescriptorSlotType(rings.aBlock, rings.slots), rings.a[c],
                  slot);
              tt::TensorDescType bDesc = nest.b.load.getDesc().getType();
              ttg::MemDescType bSlotType =
                  getDescriptorSlotType(bDesc, rings.slots);
              Value bView = ttg::MemDescIndexOp::create(
                  b, nest.b.load.getLoc(), bSlotType, rings.b, slot);
              if (ttg::MemDescTransOp trans = nest.b.trans) {
                ttg::MemDescType transType = trans.getType();
                auto viewType = ttg::MemDescType::get(
                    b.getContext(), transType.getShape(),
                    transType.getElementType(), transType.getEncoding(),
                    transType.getMemorySpace(), /*mutableMemory=*/true,
                    transType.getShape());
                bView = ttg::MemDescTransOp::create(b, trans.getLoc(), viewType,
                                                    bView, trans.getOrder());
              }
              auto wgmma = ttng::WarpGroupDotOp::create(
                  b, dot.getLoc(), accType, aView, bView, acc, Value(),
                  dot.getInputPrecision(), dot.getMaxNumImpreciseAcc(),
                  /*isAsync=*/true);
              // One wgmma stays in flight: the previous one is done, so its
              // slot goes back to the producer.
              SmallVector<Value> waited = {wgmma.getD(), aView, bView};
              auto wait = ttng::WarpGroupDotWaitOp::create(
                  b, dot.getLoc(), ValueRange(waited).getTypes(), waited,
                  /*pendings=*/1);
              releasePrevious(b, count);
              Value next =
                  arith::AddIOp::create(b, loc, count, constI32(b, loc, 1));
              scf::YieldOp::create(b, loc, ValueRange{wait.getResult(0), next});
            });
        markNotPipelined(inner);
        Value end = inner.getResult(1);
        auto drain = ttng::WarpGroupDotWaitOp::create(
            b, dot.getLoc(), TypeRange{accType}, ValueRange{inner.getResult(0)},
            /*pendings=*/0);
        releasePrevious(b, end);

        // The epilogue on this consumer's rows.
        mapping.map(k.getResult(0), drain.getResult(0));
        Value rowOffset;
        for (Operation *op : nest.epilogue) {
          if (auto store = dyn_cast<tt::DescriptorStoreOp>(op)) {
            Value desc = splitDescs.lookup(store.getDesc());
            if (!desc)
              desc = store.getDesc();
            SmallVector<Value> coords;
            for (Value index : store.getIndices())
              coords.push_back(mapping.lookupOrDefault(index));
            if (c) {
              if (!rowOffset)
                rowOffset = constI32(b, loc, c * kRowsPerConsumer);
              coords[0] = arith::AddIOp::create(b, store.getLoc(), coords[0],
                                                rowOffset);
            }
            tt::DescriptorStoreOp::create(b, store.getLoc(), desc,
                                          mapping.lookup(store.getSrc()),
                                          coords);
            continue;
          }
          Operation *clone = b.clone(*op, mapping);
          clone->getResult(0).setType(splitRows(
              cast<RankedTensorType>(op->getResult(0).getType()), parts));
        }
        scf::YieldOp::create(b, loc, end);
      });
  markNotPipelined(outer);
}

/// Erases ops of `region` whose results nobody reads and that have no
/// effects (the index arithmetic a partition cloned but does not need).
void eraseDeadOps(Region &region) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> dead;
    region.walk([&](Operation *op) {
      if (op->getNumResults() != 0 && op->use_empty() &&
          isMemoryEffectFree(op) && op->getNumRegions() == 0)
        dead.push_back(op);
    });
    for (Operation *op : dead)
      op->erase();
    changed = !dead.empty();
  }
}

/// Makes the partition regions isolated from above: constants and
/// descriptors made in the kernel are recreated inside (as Triton does),
/// every other value from above becomes an explicit capture.
void isolatePartitions(ttg::WarpSpecializeOp ws) {
  for (Region *region : ws.getPartitionRegions()) {
    bool changed = true;
    while (changed) {
      changed = false;
      SetVector<Value> above;
      getUsedValuesDefinedAbove(*region, above);
      OpBuilder builder(ws.getContext());
      for (Value value : above) {
        Operation *def = value.getDefiningOp();
        if (!def || !(isa<arith::ConstantOp, tt::MakeTensorDescOp>(def) ||
                      isReplicable(def)))
          continue;
        // At the top, above the clones that read it (their operands were
        // still the outer values when they were cloned).
        builder.setInsertionPointToStart(&region->front());
        Operation *clone = builder.clone(*def);
        replaceAllUsesInRegionWith(value, clone->getResult(0), *region);
        changed = true;
      }
    }
  }
  SetVector<Value> captures;
  for (Region *region : ws.getPartitionRegions())
    getUsedValuesDefinedAbove(*region, captures);
  for (Value capture : captures) {
    ws->insertOperands(ws->getNumOperands(), capture);
    for (Region *region : ws.getPartitionRegions()) {
      BlockArgument arg =
          region->addArgument(capture.getType(), capture.getLoc());
      replaceAllUsesInRegionWith(capture, arg, *region);
    }
  }
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
  auto func = nest.tiles->getParentOfType<tt::FuncOp>();
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
  SmallVector<Type> inputs(func.getBody().front().getArgumentTypes());
  func.setFunctionTypeAttr(TypeAttr::get(FunctionType::get(
      func.getContext(), inputs, func.getFunctionType().getResults())));
  return split;
}

void specialize(LoopNest &nest, int slots) {
  scf::ForOp tiles = nest.tiles;
  Location loc = tiles.getLoc();
  OpBuilder builder(tiles);
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
  tiles->erase();
  for (auto [original, split] : splitDescs)
    if (original != split && original.use_empty())
      original.getDefiningOp()->erase();
  eraseDeadOps(ws.getDefaultRegion());
  for (Region *region : ws.getPartitionRegions())
    eraseDeadOps(*region);
  isolatePartitions(ws);
  for (Region *region : ws.getPartitionRegions())
    eraseDeadOps(*region);
}

struct NVGPUWarpSpecializationPass
    : public tile::impl::NVGPUWarpSpecializationPassBase<
          NVGPUWarpSpecializationPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kWarpSpecializeAttr))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      std::string why;
      FailureOr<LoopNest> nest = failure();
      if (ttg::getNumWarps(loop) != 4)
        why = "the kernel does not have 4 warps";
      else if (loop->getParentOfType<ttg::WarpSpecializeOp>())
        why = "the loop is already in a warp_specialize";
      else if (numStages < 2)
        why = "num-stages is below 2 (a consumer keeps one wgmma in flight "
              "on one slot while the producer fills the next)";
      else
        nest = matchLoopNest(loop, why);
      if (failed(nest)) {
        loop.emitRemark() << "nvgpu-warp-specialization left the loop "
                             "unchanged: "
                          << why;
        continue;
      }
      specialize(*nest, numStages);
      ++numSpecializedLoops;
    }
  }
};
} // namespace

//===- AssignStagePhase.cpp - Ring positions of aref enters and exits -----===//
//
// nvws-assign-stage-phase. An aref of depth D is a ring of D stages; each
// partition that enters it walks the ring in program order and flips its
// phase whenever it wraps around. The pass materializes that walk: per
// aref, per kind of enter (put, get) and per partition, a (stage, phase)
// pair threads through the code before each enter (advanced by one, wrapped
// at D), through scf.for as extra loop-carried values and through scf.if as
// extra results. Exits and aref.buffer ops take the stage of the enter
// whose token they use, following the token through loops and ifs.
//
// The partition bookkeeping (`ttg.partition` on ops, `ttg.partition.outputs`
// on loops and ifs) is kept up to date, as the warp specializer that runs
// later reads it.
//
//===----------------------------------------------------------------------===//

#include "passes/nvws/Passes.h"
#include "passes/ttg/PipelineUtils.h"

#include "dialects/nvws/NVWSDialect.h"
#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

#include <set>

namespace mlir::tile {
#define GEN_PASS_DEF_NVWSASSIGNSTAGEPHASEPASS
#include "passes/nvws/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
//===----------------------------------------------------------------------===//
// Partition attributes, as Triton's warp specializer writes them
//===----------------------------------------------------------------------===//

constexpr llvm::StringLiteral kPartition = "ttg.partition";
constexpr llvm::StringLiteral kPartitionOutputs = "ttg.partition.outputs";
constexpr llvm::StringLiteral kWarpSpecializeTag = "ttg.warp_specialize.tag";
constexpr llvm::StringLiteral kLoopStage = "loop.stage";
constexpr llvm::StringLiteral kLoopCluster = "loop.cluster";

using PartitionSet = SetVector<int>;

bool hasPartition(Operation *op) {
  return op && isa_and_nonnull<DenseI32ArrayAttr>(op->getAttr(kPartition));
}

/// The partitions of `op`, ascending; empty without the attribute.
PartitionSet getPartitions(Operation *op) {
  auto attr = op->getAttrOfType<DenseI32ArrayAttr>(kPartition);
  if (!attr)
    return {};
  SmallVector<int> ids(attr.asArrayRef());
  llvm::sort(ids);
  return PartitionSet(ids.begin(), ids.end());
}

DenseI32ArrayAttr sortedIds(Builder &b, const PartitionSet &ids) {
  SmallVector<int32_t> sorted(ids.begin(), ids.end());
  llvm::sort(sorted);
  return b.getDenseI32ArrayAttr(sorted);
}

/// Sets the partitions of `op` and of the terminators of its regions.
void setPartitions(Operation *op, const PartitionSet &ids) {
  Builder b(op->getContext());
  DenseI32ArrayAttr attr = sortedIds(b, ids);
  op->setAttr(kPartition, attr);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
        block.back().setAttr(kPartition, attr);
}

/// The partitions that use each result of `op`.
SmallVector<PartitionSet> getOutputPartitions(Operation *op) {
  SmallVector<PartitionSet> outputs;
  auto attr = op->getAttrOfType<ArrayAttr>(kPartitionOutputs);
  if (op->getNumResults() == 0 || !attr)
    return outputs;
  for (Attribute ids : attr) {
    auto array = dyn_cast<DenseI32ArrayAttr>(ids);
    outputs.emplace_back();
    if (array)
      outputs.back().insert(array.asArrayRef().begin(),
                            array.asArrayRef().end());
  }
  return outputs;
}

void setOutputPartitions(Operation *op, ArrayRef<PartitionSet> outputs) {
  if (outputs.empty()) {
    op->removeAttr(kPartitionOutputs);
    return;
  }
  Builder b(op->getContext());
  SmallVector<Attribute> attrs;
  for (const PartitionSet &ids : outputs)
    attrs.push_back(sortedIds(b, ids));
  op->setAttr(kPartitionOutputs, b.getArrayAttr(attrs));
}

/// Adds the default partition (0) to `op` and to the users of its result
/// `resultIndex`.
void addDefaultPartitionToOutput(Operation *op, unsigned resultIndex) {
  PartitionSet ids = getPartitions(op);
  ids.insert(0);
  setPartitions(op, ids);
  SmallVector<PartitionSet> outputs = getOutputPartitions(op);
  if (resultIndex < outputs.size()) {
    outputs[resultIndex].insert(0);
    setOutputPartitions(op, outputs);
  }
}

template <typename Range>
std::optional<unsigned> positionOf(Range &&range, Value value) {
  for (auto [index, element] : llvm::enumerate(range))
    if (element == value)
      return index;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Loop and if signatures
//===----------------------------------------------------------------------===//

/// Replaces `loop` by a loop with `extraInits` appended to its loop-carried
/// values (the body, attributes and existing results carry over; the body's
/// yield is left for the caller to extend).
scf::ForOp appendLoopCarried(scf::ForOp loop, ValueRange extraInits) {
  OpBuilder builder(loop);
  SmallVector<Value> inits(loop.getInitArgs());
  llvm::append_range(inits, extraInits);
  auto newLoop =
      scf::ForOp::create(builder, loop.getLoc(), loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits);
  newLoop->setAttrs(loop->getAttrs());
  newLoop.getBody()->erase();
  newLoop.getRegion().getBlocks().splice(newLoop.getRegion().begin(),
                                         loop.getRegion().getBlocks());
  for (Value init : extraInits)
    newLoop.getBody()->addArgument(init.getType(), init.getLoc());
  for (auto [oldResult, newResult] :
       llvm::zip(loop.getResults(), newLoop.getResults()))
    oldResult.replaceAllUsesWith(newResult);
  loop.erase();
  return newLoop;
}

void appendToYield(scf::ForOp loop, ValueRange values) {
  Operation *yield = loop.getBody()->getTerminator();
  SmallVector<Value> operands(yield->getOperands());
  llvm::append_range(operands, values);
  OpBuilder builder(yield);
  scf::YieldOp::create(builder, yield->getLoc(), operands);
  yield->erase();
}

/// A copy of `ifOp` with `extraTypes` appended to its results and both
/// branches present; the old op's results are replaced, the old op is
/// left (empty) for the caller to erase.
scf::IfOp appendIfResults(scf::IfOp ifOp, TypeRange extraTypes) {
  OpBuilder builder(ifOp);
  SmallVector<Type> types(ifOp.getResultTypes());
  llvm::append_range(types, extraTypes);
  auto newIf =
      scf::IfOp::create(builder, ifOp.getLoc(), types, ifOp.getCondition());
  newIf->setAttrs(ifOp->getAttrs());
  newIf.getThenRegion().takeBody(ifOp.getThenRegion());
  newIf.getElseRegion().takeBody(ifOp.getElseRegion());
  scf::IfOp::ensureTerminator(newIf.getThenRegion(), builder, ifOp.getLoc());
  scf::IfOp::ensureTerminator(newIf.getElseRegion(), builder, ifOp.getLoc());
  for (auto [oldResult, newResult] :
       llvm::zip(ifOp.getResults(), newIf.getResults()))
    oldResult.replaceAllUsesWith(newResult);
  return newIf;
}

//===----------------------------------------------------------------------===//
// The ring walk of one partition through one kind of enter of one aref
//===----------------------------------------------------------------------===//

struct RingPosition {
  Value stage;
  Value phase;
  /// The token of the last enter, as seen at this point of the code.
  Value token;
};

template <typename EnterOp>
class RingWalk {
public:
  RingWalk(nvws::ArefCreateOp aref, int partition, int64_t depth)
      : aref(aref.getResult()), partition(partition), depth(depth) {}

  /// Threads `position` through `block`: sets the stage and phase of this
  /// walk's enters and returns the position after the block.
  FailureOr<RingPosition> walkBlock(Block *block, RingPosition position) {
    for (Operation &op : llvm::make_early_inc_range(*block)) {
      if (EnterOp enter = ownEnter(&op)) {
        advance(enter, position);
      } else if (auto loop = dyn_cast<scf::ForOp>(op)) {
        if (failed(walkLoop(loop, position)))
          return failure();
      } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        if (failed(walkIf(ifOp, position)))
          return failure();
      }
    }
    return position;
  }

  /// Gives the exits and buffer ops that use `token` the stage `stage`,
  /// following the token through loops and ifs.
  LogicalResult propagateStage(Value token, Value stage,
                               DenseSet<Operation *> &visited) {
    for (OpOperand &use : token.getUses()) {
      Operation *user = use.getOwner();
      if (!visited.insert(user).second)
        continue;
      if (auto stageUser = dyn_cast<nvws::ArefStageInterface>(user)) {
        if (auto carried = dyn_cast<BlockArgument>(stage))
          addCarriedStageUser(carried, user);
        stageUser.setStage(stage);
      } else if (auto loop = dyn_cast<scf::ForOp>(user)) {
        unsigned position =
            use.getOperandNumber() - loop.getNumControlOperands();
        Value carriedToken = loop.getRegionIterArg(position);
        auto stageIndex = stagePositions.find({loop, carriedToken});
        if (stageIndex == stagePositions.end())
          return loop.emitError("aref token carried by a loop that does not "
                                "carry the aref's stage");
        if (failed(propagateStage(carriedToken,
                                  loop.getRegionIterArg(stageIndex->second),
                                  visited)))
          return failure();
      } else if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        auto stageIndex = stagePositions.find({yield, token});
        if (stageIndex == stagePositions.end())
          return yield.emitError("aref token yielded without the aref's "
                                 "stage");
        Operation *parent = yield->getParentOp();
        if (failed(propagateStage(parent->getResult(use.getOperandNumber()),
                                  parent->getResult(stageIndex->second),
                                  visited)))
          return failure();
      }
    }
    return success();
  }

private:
  /// `op` as an enter of this walk: of the right kind, on this aref, and in
  /// this partition (or in none).
  EnterOp ownEnter(Operation *op) {
    auto enter = dyn_cast<EnterOp>(op);
    if (!enter || enter.getAref() != aref)
      return {};
    if (hasPartition(op) && !getPartitions(op).contains(partition))
      return {};
    return enter;
  }

  /// Whether `block` (or a loop or if in it) has an enter of this walk or a
  /// buffer op on `token`.
  bool usesAref(Block *block, Value token) {
    for (Operation &op : *block) {
      if (ownEnter(&op))
        return true;
      if (auto buffer = dyn_cast<nvws::ArefBufferOp>(op))
        if (buffer.getAref() == aref && buffer.getToken() == token)
          return true;
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        Value carriedToken;
        if (std::optional<unsigned> index =
                positionOf(loop.getInitArgs(), token))
          carriedToken = loop.getRegionIterArg(*index);
        if (usesAref(loop.getBody(), carriedToken))
          return true;
      } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        if (usesAref(ifOp.thenBlock(), token) ||
            (ifOp.elseBlock() && usesAref(ifOp.elseBlock(), token)))
          return true;
      }
    }
    return false;
  }

  /// Before `enter`: stage + 1, wrapped to 0 at the depth, where the phase
  /// flips. The new ops belong to the enter's partitions and pipeline
  /// stage.
  void advance(EnterOp enter, RingPosition &position) {
    Operation *op = enter.getOperation();
    OpBuilder builder(op);
    Location loc = op->getLoc();
    std::optional<PartitionSet> partitions;
    if (hasPartition(op))
      partitions = getPartitions(op);
    Attribute tag = op->getAttr(kWarpSpecializeTag);
    auto loopStage = op->getAttrOfType<IntegerAttr>(kLoopStage);
    auto loopCluster = op->getAttrOfType<IntegerAttr>(kLoopCluster);
    auto annotate = [&](Operation *created) -> Value {
      if (partitions) {
        setPartitions(created, *partitions);
        if (loopStage && loopCluster) {
          created->setAttr(kLoopStage, loopStage);
          created->setAttr(kLoopCluster, loopCluster);
        }
      }
      if (tag)
        created->setAttr(kWarpSpecializeTag, tag);
      return created->getResult(0);
    };
    auto constant = [&](int64_t value) {
      return annotate(arith::ConstantIntOp::create(builder, loc, value, 32));
    };
    Value one = constant(1);
    Value next =
        annotate(arith::AddIOp::create(builder, loc, position.stage, one));
    Value depthValue = constant(depth);
    Value wraps = annotate(arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::eq, next, depthValue));
    Value zero = constant(0);
    position.stage =
        annotate(arith::SelectOp::create(builder, loc, wraps, zero, next));
    Value oneAgain = constant(1);
    Value flipped =
        annotate(arith::XOrIOp::create(builder, loc, position.phase, oneAgain));
    position.phase = annotate(
        arith::SelectOp::create(builder, loc, wraps, flipped, position.phase));
    position.token = enter.getToken();
    enter.getStageMutable().assign(position.stage);
    enter.getPhaseMutable().assign(position.phase);
  }

  /// The partitions that compute `value`, a new loop-carried stage or
  /// phase at the end of a loop body.
  PartitionSet partitionsOf(Value value) {
    PartitionSet ids;
    if (Operation *def = value.getDefiningOp()) {
      if (def->getNumRegions() == 0)
        return getPartitions(def);
      unsigned index = cast<OpResult>(value).getResultNumber();
      SmallVector<PartitionSet> outputs = getOutputPartitions(def);
      if (index < outputs.size())
        return outputs[index];
      return ids;
    }
    for (Operation *user : value.getUsers())
      if (!isa<scf::YieldOp>(user)) {
        PartitionSet userIds = getPartitions(user);
        ids.insert(userIds.begin(), userIds.end());
      }
    return ids;
  }

  LogicalResult walkLoop(scf::ForOp loop, RingPosition &position) {
    std::optional<unsigned> tokenIndex =
        positionOf(loop.getInitArgs(), position.token);
    Value carriedToken =
        tokenIndex ? loop.getRegionIterArg(*tokenIndex) : Value();
    if (!usesAref(loop.getBody(), carriedToken))
      return success();
    if (!hasPartition(loop))
      return loop.emitError("a loop with aref enters needs its partitions "
                            "(ttg.partition)");
    if (tokenIndex)
      position.token = carriedToken;

    PartitionSet loopIds = getPartitions(loop);
    SmallVector<PartitionSet> outputs = getOutputPartitions(loop);
    if (outputs.size() != loop.getNumResults())
      return loop.emitError("a loop with results needs the partitions of "
                            "each (ttg.partition.outputs)");
    unsigned firstNew = loop.getNumRegionIterArgs();
    loop = appendLoopCarried(loop, {position.stage, position.phase});
    RingPosition inBody = position;
    inBody.stage = loop.getRegionIterArg(firstNew);
    inBody.phase = loop.getRegionIterArg(firstNew + 1);
    FailureOr<RingPosition> atEnd = walkBlock(loop.getBody(), inBody);
    if (failed(atEnd))
      return failure();
    appendToYield(loop, {atEnd->stage, atEnd->phase});
    stagePositions[{loop, position.token}] = firstNew;
    stagePositions[{loop.getBody()->getTerminator(), atEnd->token}] = firstNew;

    for (Value value : {atEnd->stage, atEnd->phase}) {
      PartitionSet ids = partitionsOf(value);
      loopIds.insert(ids.begin(), ids.end());
      outputs.push_back(ids);
    }
    setPartitions(loop, loopIds);
    setOutputPartitions(loop, outputs);

    position.stage = loop.getResult(firstNew);
    position.phase = loop.getResult(firstNew + 1);
    if (tokenIndex)
      position.token = loop.getResult(*tokenIndex);
    return success();
  }

  LogicalResult walkIf(scf::IfOp ifOp, RingPosition &position) {
    bool inThen = usesAref(ifOp.thenBlock(), position.token);
    bool inElse =
        ifOp.elseBlock() && usesAref(ifOp.elseBlock(), position.token);
    if (!inThen && !inElse)
      return success();
    if (!hasPartition(ifOp))
      return ifOp.emitError("an if with aref enters needs its partitions "
                            "(ttg.partition)");
    PartitionSet ifIds = getPartitions(ifOp);
    SmallVector<PartitionSet> outputs = getOutputPartitions(ifOp);
    if (outputs.size() != ifOp.getNumResults())
      return ifOp.emitError("an if with results needs the partitions of each "
                            "(ttg.partition.outputs)");

    unsigned firstNew = ifOp.getNumResults();
    Type i32 = position.stage.getType();
    scf::IfOp newIf = appendIfResults(ifOp, {i32, i32});
    ifOp.erase();
    FailureOr<RingPosition> thenEnd = walkBlock(newIf.thenBlock(), position);
    if (failed(thenEnd))
      return failure();
    FailureOr<RingPosition> elseEnd = walkBlock(newIf.elseBlock(), position);
    if (failed(elseEnd))
      return failure();

    Operation *thenYield = newIf.thenYield();
    Operation *elseYield = newIf.elseYield();
    std::optional<unsigned> tokenIndex =
        positionOf(thenYield->getOperands(), position.token);
    if (std::optional<unsigned> elseIndex =
            positionOf(elseYield->getOperands(), position.token))
      tokenIndex = elseIndex;
    stagePositions[{thenYield, thenEnd->token}] = firstNew;
    stagePositions[{elseYield, elseEnd->token}] = firstNew;
    thenYield->insertOperands(firstNew, {thenEnd->stage, thenEnd->phase});
    elseYield->insertOperands(firstNew, {elseEnd->stage, elseEnd->phase});

    // The new results belong to the partitions that compute them in
    // either branch.
    for (auto [thenValue, elseValue] :
         {std::pair(thenEnd->stage, elseEnd->stage),
          std::pair(thenEnd->phase, elseEnd->phase)}) {
      PartitionSet ids;
      for (Value value : {thenValue, elseValue})
        if (Operation *def = value.getDefiningOp()) {
          PartitionSet defIds = getPartitions(def);
          ids.insert(defIds.begin(), defIds.end());
        }
      outputs.push_back(ids);
    }
    setPartitions(newIf, ifIds);
    setOutputPartitions(newIf, outputs);

    position.stage = newIf.getResult(firstNew);
    position.phase = newIf.getResult(firstNew + 1);
    if (tokenIndex)
      position.token = newIf.getResult(*tokenIndex);
    return success();
  }

  /// A stage user reads the stage carried by a loop: the loop's stage and
  /// phase results are then used by that user's partitions too.
  void addCarriedStageUser(BlockArgument carried, Operation *user) {
    auto loop = dyn_cast<scf::ForOp>(carried.getOwner()->getParentOp());
    if (!loop)
      return;
    std::optional<unsigned> index =
        positionOf(loop.getRegionIterArgs(), Value(carried));
    if (!index)
      return;
    PartitionSet userIds = getPartitions(user);
    PartitionSet loopIds = getPartitions(loop);
    loopIds.insert(userIds.begin(), userIds.end());
    setPartitions(loop, loopIds);
    SmallVector<PartitionSet> outputs = getOutputPartitions(loop);
    if (*index + 1 < outputs.size()) {
      outputs[*index].insert(userIds.begin(), userIds.end());
      outputs[*index + 1].insert(userIds.begin(), userIds.end());
      setOutputPartitions(loop, outputs);
    }
  }

  Value aref;
  int partition;
  int64_t depth;
  /// For a loop (keyed by its carried token) or a yield (keyed by the
  /// yielded token): the position of the stage that goes with the token.
  DenseMap<std::pair<Operation *, Value>, unsigned> stagePositions;
};

/// Assigns stages and phases for one kind of enter of `aref`, one walk per
/// partition that enters it.
template <typename EnterOp>
LogicalResult assignForEnters(nvws::ArefCreateOp aref) {
  std::set<int> partitions;
  for (Operation *user : aref->getUsers())
    if (isa<EnterOp>(user)) {
      PartitionSet ids = getPartitions(user);
      partitions.insert(ids.begin(), ids.end());
    }
  // Enters outside warp-specialized code still need their ring position.
  if (partitions.empty())
    partitions.insert(0);

  auto bufferType = cast<ttg::MemDescType>(aref.getBuffers().front().getType());
  int64_t depth = nvws::getArefDepth(bufferType);
  OpBuilder builder(aref->getContext());
  builder.setInsertionPointAfter(aref);
  // The producer starts one phase ahead of the consumer: the empty
  // barriers begin completed.
  constexpr int initialPhase =
      std::is_same_v<EnterOp, nvws::ArefPutEnterOp> ? 0 : 1;
  RingPosition start;
  start.stage =
      arith::ConstantIntOp::create(builder, aref.getLoc(), depth - 1, 32);
  start.phase =
      arith::ConstantIntOp::create(builder, aref.getLoc(), initialPhase, 32);

  for (int partition : partitions) {
    RingWalk<EnterOp> walk(aref, partition, depth);
    if (failed(walk.walkBlock(aref->getBlock(), start)))
      return failure();
    for (Operation *user : aref->getUsers()) {
      auto enter = dyn_cast<EnterOp>(user);
      if (!enter)
        continue;
      if (hasPartition(user) && getPartitions(user).front() != partition)
        continue;
      DenseSet<Operation *> visited;
      if (failed(
              walk.propagateStage(enter.getToken(), enter.getStage(), visited)))
        return failure();
    }
  }
  return success();
}

/// Puts the ops of `loop` that compute `value` into the default partition,
/// through loops and ifs inside it.
void addDefaultPartitionToSlice(scf::ForOp loop, Value value,
                                DenseSet<Value> &visited) {
  if (!visited.insert(value).second)
    return;
  if (auto argument = dyn_cast<BlockArgument>(value)) {
    auto inner = dyn_cast<scf::ForOp>(argument.getOwner()->getParentOp());
    if (!inner || inner->hasAttr(kWarpSpecializeAttrName))
      return;
    if (std::optional<unsigned> index =
            positionOf(inner.getRegionIterArgs(), value))
      addDefaultPartitionToSlice(loop, inner.getInitArgs()[*index], visited);
    return;
  }
  Operation *def = value.getDefiningOp();
  unsigned index = cast<OpResult>(value).getResultNumber();
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    addDefaultPartitionToOutput(ifOp, index);
    addDefaultPartitionToSlice(loop, ifOp.thenYield()->getOperand(index),
                               visited);
    if (ifOp.elseBlock())
      addDefaultPartitionToSlice(loop, ifOp.elseYield()->getOperand(index),
                                 visited);
    addDefaultPartitionToSlice(loop, ifOp.getCondition(), visited);
    return;
  }
  if (auto inner = dyn_cast<scf::ForOp>(def)) {
    addDefaultPartitionToOutput(inner, index);
    addDefaultPartitionToSlice(
        loop, inner.getBody()->getTerminator()->getOperand(index), visited);
    for (Value control :
         inner->getOperands().take_front(inner.getNumControlOperands()))
      addDefaultPartitionToSlice(loop, control, visited);
    return;
  }
  if (!loop.getBody()->findAncestorOpInBlock(*def))
    return;
  if (!isa<scf::YieldOp, tt::ReduceOp>(def) && hasPartition(def)) {
    PartitionSet ids = getPartitions(def);
    ids.insert(0);
    setPartitions(def, ids);
  }
  for (Value operand : def->getOperands())
    addDefaultPartitionToSlice(loop, operand, visited);
}

/// Scalars a warp-specialized loop returns to code outside its partitions
/// (or to another warp-specialized loop) are read by the default partition,
/// which must therefore compute them too.
void addDefaultPartitionToEscapingScalars(tt::FuncOp func) {
  func.walk([](scf::ForOp loop) {
    if (!loop->hasAttr(kWarpSpecializeAttrName))
      return;
    DenseSet<Value> visited;
    for (OpResult result : loop->getResults()) {
      if (!isa<IntegerType, FloatType>(result.getType()) || result.use_empty())
        continue;
      bool readOutside = llvm::any_of(result.getUsers(), [](Operation *user) {
        return !hasPartition(user) ||
               (isa<scf::ForOp>(user) && user->hasAttr(kWarpSpecializeTag));
      });
      if (!readOutside)
        continue;
      addDefaultPartitionToOutput(loop, result.getResultNumber());
      addDefaultPartitionToSlice(
          loop,
          loop.getBody()->getTerminator()->getOperand(result.getResultNumber()),
          visited);
    }
  });
}

struct NVWSAssignStagePhasePass
    : tile::impl::NVWSAssignStagePhasePassBase<NVWSAssignStagePhasePass> {
  void runOnOperation() override {
    WalkResult result = getOperation().walk([](tt::FuncOp func) {
      SmallVector<nvws::ArefCreateOp> arefs;
      func.walk([&](nvws::ArefCreateOp aref) { arefs.push_back(aref); });
      for (nvws::ArefCreateOp aref : arefs) {
        if (aref.getBuffers().empty()) {
          aref.emitError("an aref without buffers has no stages");
          return WalkResult::interrupt();
        }
        if (failed(assignForEnters<nvws::ArefPutEnterOp>(aref)) ||
            failed(assignForEnters<nvws::ArefGetEnterOp>(aref)))
          return WalkResult::interrupt();
      }
      addDefaultPartitionToEscapingScalars(func);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace

//===- WarpSpecializationOverlap.cpp - Softmax beside the next wgmmas -----===//
//
// The intra-consumer overlap of the attention rewrite (its option
// `overlap`), as FlashAttention-3's consumers do it: the wgmma that adds a
// block's P x V to the accumulator (the "update") is issued one iteration
// later, right after the next block's Q x K^T (the "scores"), and waited for
// only where the accumulator is rescaled. So the softmax of block j runs
// while the tensor cores compute P(j-1) x V(j-1):
//
//   prologue  (block 0): scores, softmax; the update's operands are kept
//   loop  (blocks 1..n): scores(j), update(j-1) issued in one turn;
//                        wait for the scores; softmax(j); wait for the
//                        update where the accumulator is read; its slot
//                        goes back
//   epilogue:            update(n) issued, waited for, its slot back
//
// all under an scf.if on the loop running at all (an empty loop keeps its
// initial values, as before).
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/WarpSpecialization.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ws;

namespace {
/// A consumer loop's two ring wgmmas and the ops that move with the
/// update.
struct ConsumerLoop {
  ttng::WarpGroupDotOp scores, update;
  ttng::WarpGroupDotWaitOp scoresWait, updateWait;
  /// The hand-on after the scores (ping-pong), which the rotated loop
  /// drops: one turn covers both wgmmas there.
  Operation *scoresHandOn = nullptr;
  /// The iter arg the update's result is yielded to.
  unsigned acc = 0;
  /// The ops issued one iteration later, in order: the update's turn, the
  /// update, its hand-on, its wait and the release of its slot.
  SmallVector<Operation *> late;
  /// Ops the late ones use that are cheaper to copy than to carry
  /// (constants, ring slot views).
  SmallVector<Operation *> recomputed;
  /// Values of one iteration the late ops of it read in the next.
  SmallVector<Value> carried;
};

ttng::WarpGroupDotWaitOp getSoleWait(ttng::WarpGroupDotOp dot) {
  if (!dot.getIsAsync() || !dot->hasOneUse())
    return {};
  auto wait = dyn_cast<ttng::WarpGroupDotWaitOp>(*dot->user_begin());
  return wait && wait.getPendings() == 0 ? wait : ttng::WarpGroupDotWaitOp();
}

/// Finds the parts of `loop`, a consumer loop the attention rewrite built
/// with asynchronous wgmmas; failure with the reason in `why`.
FailureOr<ConsumerLoop> analyzeConsumerLoop(scf::ForOp loop, std::string &why) {
  ConsumerLoop parts;
  Block *body = loop.getBody();
  SmallVector<ttng::WarpGroupDotOp> dots(body->getOps<ttng::WarpGroupDotOp>());
  if (dots.size() != 2) {
    why = "the loop has " + std::to_string(dots.size()) + " wgmmas, not 2";
    return failure();
  }
  parts.scores = dots[0];
  parts.update = dots[1];
  parts.scoresWait = getSoleWait(parts.scores);
  parts.updateWait = getSoleWait(parts.update);
  if (!parts.scoresWait || !parts.updateWait) {
    why = "a wgmma is not asynchronous with one wait for it";
    return failure();
  }
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  Value updated = parts.updateWait.getResult(0);
  if (!updated.hasOneUse() || *updated.user_begin() != yield) {
    why = "the update's result is not only yielded";
    return failure();
  }
  parts.acc = updated.use_begin()->getOperandNumber();
  if (parts.update.getC() == loop.getRegionIterArg(parts.acc)) {
    why = "the accumulator is not rescaled before the update";
    return failure();
  }

  // The late ops: from the update's turn (if any) to its slot's release.
  Operation *first = parts.update;
  if (auto turn = dyn_cast_or_null<ttng::NamedBarrierWaitOp>(
          parts.update->getPrevNode()))
    first = turn;
  Operation *release = parts.updateWait->getNextNode();
  while (release && !isa<ttng::ArriveBarrierOp>(release))
    release = release->getNextNode();
  if (!release) {
    why = "no release of the update's slot follows its wait";
    return failure();
  }
  for (Operation *op = first; op != release->getNextNode();
       op = op->getNextNode())
    if (!isa<arith::ConstantOp, ttg::MemDescIndexOp>(op))
      parts.late.push_back(op);
  for (Operation *op = parts.scores->getNextNode(); op != parts.scoresWait;
       op = op->getNextNode())
    if (isa<ttng::NamedBarrierArriveOp>(op))
      parts.scoresHandOn = op;
  // With ping-pong both wgmmas have their turn; the rotated loop merges
  // them into one, which keeps the consumers' counts of turns equal.
  if (isa<ttng::NamedBarrierWaitOp>(first) != bool(parts.scoresHandOn)) {
    why = "only one of the wgmmas takes turns";
    return failure();
  }

  // What the late ops read from the body: copied or carried (the
  // accumulator operand travels in the accumulator's iter arg).
  DenseSet<Operation *> late(parts.late.begin(), parts.late.end());
  SetVector<Value> carried;
  SetVector<Operation *> recomputed;
  std::function<void(Value)> visit = [&](Value value) {
    if (value == parts.update.getC())
      return;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() == body)
        carried.insert(value);
      return;
    }
    Operation *def = value.getDefiningOp();
    if (def->getBlock() != body || late.contains(def))
      return;
    if (isa<arith::ConstantOp, ttg::MemDescIndexOp>(def)) {
      for (Value operand : def->getOperands())
        visit(operand);
      recomputed.insert(def);
      return;
    }
    carried.insert(value);
  };
  for (Operation *op : parts.late)
    for (Value operand : op->getOperands())
      visit(operand);
  parts.carried = carried.takeVector();
  // Recomputed ops in body order, operands first.
  parts.recomputed = recomputed.takeVector();
  llvm::sort(parts.recomputed,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });

  // Nothing outside the late ops reads them but the yield, as the
  // accumulator; the accumulator's iter arg is read between the scores'
  // wait and the update only (where it is rescaled), which is where the
  // rotated loop waits for the previous update.
  for (Operation *op : parts.late)
    for (OpOperand &use : op->getUses())
      if (!late.contains(use.getOwner()) &&
          (use.getOwner() != yield || use.getOperandNumber() != parts.acc)) {
        why = "a value of the update is read before the next iteration";
        return failure();
      }
  for (Operation *user : loop.getRegionIterArg(parts.acc).getUsers()) {
    Operation *top = body->findAncestorOpInBlock(*user);
    if (late.contains(top) || first->isBeforeInBlock(top) ||
        !parts.scoresWait->isBeforeInBlock(top)) {
      why = "the accumulator is read before the scores are waited for or "
            "after the update";
      return failure();
    }
  }
  return parts;
}

/// Copies the recomputed ops the late ones of `mapping`'s iteration read,
/// once per iteration.
void recompute(OpBuilder &b, ConsumerLoop &parts, IRMapping &mapping) {
  for (Operation *op : parts.recomputed)
    if (!mapping.contains(op->getResult(0)))
      b.clone(*op, mapping);
}

/// Issues one iteration's update at `b` (in a turn of its own with
/// `withTurn`), then hands the turn on; what it carried and the accumulator
/// it updates are mapped in `mapping`.
void issueUpdate(OpBuilder &b, ConsumerLoop &parts, IRMapping &mapping,
                 bool withTurn) {
  recompute(b, parts, mapping);
  for (Operation *op : parts.late) {
    if (op == parts.updateWait)
      return;
    if (withTurn || !isa<ttng::NamedBarrierWaitOp>(op))
      b.clone(*op, mapping);
  }
}

/// Waits for the update issueUpdate issued and gives its V slot back;
/// returns the updated accumulator.
Value waitForUpdate(OpBuilder &b, ConsumerLoop &parts, IRMapping &mapping) {
  bool after = false;
  recompute(b, parts, mapping);
  for (Operation *op : parts.late) {
    after |= op == parts.updateWait;
    if (after)
      b.clone(*op, mapping);
  }
  return mapping.lookup(parts.updateWait.getResult(0));
}

bool isLate(ConsumerLoop &parts, Operation *op) {
  return llvm::is_contained(parts.late, op);
}

/// The rotated loop's iter args after one iteration copied with
/// `mapping`: the loop's own (the accumulator's one holding the update's
/// accumulator operand, rescaled but not yet updated), then the values the
/// update carries to the next iteration.
SmallVector<Value> getNextIterArgs(ConsumerLoop &parts, scf::YieldOp yield,
                                   IRMapping &mapping) {
  SmallVector<Value> next;
  for (auto [i, value] : llvm::enumerate(yield.getOperands()))
    next.push_back(
        mapping.lookupOrDefault(i == parts.acc ? parts.update.getC() : value));
  for (Value value : parts.carried)
    next.push_back(mapping.lookup(value));
  return next;
}

/// Whether `op` or an op nested in it reads `value`.
bool reads(Operation &op, Value value) {
  return op
      .walk([&](Operation *inner) {
        return llvm::is_contained(inner->getOperands(), value)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}
} // namespace

FailureOr<SmallVector<Value>>
ws::overlapConsumerLoop(OpBuilder &b, scf::ForOp loop, std::string &why) {
  FailureOr<ConsumerLoop> analyzed = analyzeConsumerLoop(loop, why);
  if (failed(analyzed))
    return failure();
  ConsumerLoop &parts = *analyzed;
  Location loc = loop.getLoc();
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  Value accArg = loop.getRegionIterArg(parts.acc);

  b.setInsertionPoint(loop);
  Value runs =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                            loop.getLowerBound(), loop.getUpperBound());
  auto guard = scf::IfOp::create(b, loc, loop.getResultTypes(), runs,
                                 /*withElseRegion=*/true);
  b.setInsertionPointToStart(&guard.getElseRegion().front());
  scf::YieldOp::create(b, loc, loop.getInitArgs());
  b.setInsertionPointToStart(&guard.getThenRegion().front());

  // Prologue: the first block up to its update's operands.
  IRMapping first;
  first.map(loop.getInductionVar(), loop.getLowerBound());
  for (auto [arg, init] :
       llvm::zip(loop.getRegionIterArgs(), loop.getInitArgs()))
    first.map(arg, init);
  for (Operation &op : body->without_terminator())
    if (!isLate(parts, &op))
      b.clone(op, first);
  SmallVector<Value> inits = getNextIterArgs(parts, yield, first);

  // The loop over the other blocks: block j's scores with block j-1's
  // update in one turn, then block j's softmax beside that update.
  unsigned numResults = loop.getNumResults();
  Value start =
      arith::AddIOp::create(b, loc, loop.getLowerBound(), loop.getStep());
  auto rotated = scf::ForOp::create(
      b, loc, start, loop.getUpperBound(), loop.getStep(), inits,
      [&](OpBuilder &b, Location loc, Value iv, ValueRange args) {
        IRMapping mapping;
        mapping.map(loop.getInductionVar(), iv);
        for (unsigned i = 0; i < numResults; ++i)
          if (i != parts.acc)
            mapping.map(loop.getRegionIterArg(i), args[i]);
        // The previous iteration's update reads what it carried and the
        // accumulator operand it was given.
        IRMapping previous;
        previous.map(parts.update.getC(), args[parts.acc]);
        for (auto [k, value] : llvm::enumerate(parts.carried))
          previous.map(value, args[numResults + k]);
        bool waited = false;
        for (Operation &op : body->without_terminator()) {
          if (isLate(parts, &op) || &op == parts.scoresHandOn)
            continue;
          if (!waited && reads(op, accArg)) {
            mapping.map(accArg, waitForUpdate(b, parts, previous));
            waited = true;
          }
          if (&op == parts.scoresWait.getOperation()) {
            // Issued after the scores in the same turn; the scores complete
            // first (wgmma groups complete in order).
            issueUpdate(b, parts, previous, /*withTurn=*/false);
            auto wait = cast<ttng::WarpGroupDotWaitOp>(b.clone(op, mapping));
            wait.setPendings(1);
            continue;
          }
          b.clone(op, mapping);
        }
        if (!waited)
          waitForUpdate(b, parts, previous);
        scf::YieldOp::create(b, loc, getNextIterArgs(parts, yield, mapping));
      });
  rotated->setAttrs(loop->getAttrs());

  // Epilogue: the last block's update.
  IRMapping last;
  last.map(parts.update.getC(), rotated.getResult(parts.acc));
  for (auto [k, value] : llvm::enumerate(parts.carried))
    last.map(value, rotated.getResult(numResults + k));
  issueUpdate(b, parts, last, /*withTurn=*/true);
  Value accumulated = waitForUpdate(b, parts, last);
  SmallVector<Value> results(rotated.getResults().take_front(numResults));
  results[parts.acc] = accumulated;
  scf::YieldOp::create(b, loc, results);

  SmallVector<Value> replaced(guard.getResults());
  loop->replaceAllUsesWith(guard.getResults());
  loop.erase();
  b.setInsertionPointAfter(guard);
  return replaced;
}

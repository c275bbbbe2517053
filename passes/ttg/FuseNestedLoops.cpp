//===- FuseNestedLoops.cpp - tritongpu-fuse-nested-loops ------------------===//
//
// Flattens a loop nest into one scf.for so that the pipeliner, which works
// on one loop, overlaps the loads of one outer iteration (a persistent
// kernel's tile) with the tail of the previous one. For
//
//   for i in range(lbi, ubi, si):       # tt.flatten
//     prologue(i)
//     for j in range(lbj, ubj, sj):
//       body(i, j)
//     epilogue(i)
//
// the fused loop is, with len_j = max(1, len(range(lbj, ubj, sj))):
//
//   T = 0; i = lbi - si
//   for _ in range(len(range(lbi, ubi, si)) * len_j):
//     if T == 0:             i += si; prologue(i); j = lbj
//     if 0 <= T < len(j):    body(i, j); j += sj
//     if T == len_j - 1:     epilogue(i)
//     T = 0 if T == len_j - 1 else T + 1
//
// Several inner loops (only with ttg.always-fuse) follow each other in the
// counter's range: inner loop k starts at the iteration where loop k - 1
// ends, sharing it with the code between them. Every value one of these
// regions computes and a later one reads is carried as an iteration
// argument of the fused loop. Deeper nests are fused leaf first.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/FuseNestedLoops.h"
#include "passes/ttg/Passes.h"
#include "passes/ttg/PipelineUtils.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGFUSENESTEDLOOPSPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::fuse;

namespace {
/// Written by the front end (tl.range(..., flatten=True)): fuse this nest.
constexpr llvm::StringLiteral kFlattenAttr = "tt.flatten";
/// Triton's test hook: fuse the whole nest, without speculation.
constexpr llvm::StringLiteral kAlwaysFuseAttr = "ttg.always-fuse";
/// Set on an inner loop known to run at least once: its body needs no
/// guard in the fused loop.
constexpr llvm::StringLiteral kMustExecuteAttr = "ttg.must-execute";
/// A loop attribute the fused loop inherits (as it does tt.num_stages and
/// tt.warp_specialize, PipelineUtils.h).
constexpr llvm::StringLiteral kDisallowAccMultiBufferAttr =
    "tt.disallow_acc_multi_buffer";

//===----------------------------------------------------------------------===//
// Fusing one level
//===----------------------------------------------------------------------===//

struct InnerLoop {
  scf::ForOp loop;
  /// Whether the bounds are the same in every outer iteration (after
  /// hoisting); otherwise `boundOps` compute them from the outer induction
  /// variable.
  bool invariant;
  llvm::SetVector<Operation *> boundOps;
};

/// Indices of the fused loop's iteration arguments.
struct FusedLayout {
  unsigned outerArgs, lengths, innerLen, innerIvs, innerOuts, logueOuts;
};

/// Fuses `parent`'s children (already flat) into it; `parent` then holds
/// the fused loop. Children whose bounds neither are outer-loop invariant
/// nor can be computed from the outer induction variable stay inner loops.
void fuseOneLevel(NestNode *parent) {
  scf::ForOp outer = parent->loop;
  // Fresh for every level: fusing the level below replaced regions.
  DominanceInfo dom(outer);

  SmallVector<InnerLoop> inners;
  llvm::SetVector<Operation *> toHoist;
  for (NestNode *child : parent->children) {
    scf::ForOp loop = child->loop;
    if (loop.getUnsignedCmp())
      continue;
    if (collectInvariantBoundOps(dom, outer, loop, toHoist)) {
      inners.push_back({loop, true, {}});
      continue;
    }
    llvm::SetVector<Operation *> boundOps;
    if (collectOpsComputing(
            dom, outer, getBounds(loop), boundOps, [&](BlockArgument arg) {
              return arg == outer.getInductionVar() || isFunctionArgument(arg);
            }))
      inners.push_back({loop, false, std::move(boundOps)});
  }
  // Loops left out are ordinary ops of the fused body from now on.
  parent->children.clear();
  if (inners.empty() || outer.getUnsignedCmp())
    return;
  moveBefore(outer, toHoist);

  unsigned width = getIntegerWidth(outer.getInductionVar().getType());
  for (InnerLoop &inner : inners)
    width = std::max(width,
                     getIntegerWidth(inner.loop.getInductionVar().getType()));
  ImplicitLocOpBuilder b(outer.getLoc(), outer);
  Type intTy = b.getIntegerType(width);
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(b, IntegerAttr::get(intTy, value));
  };
  bool allInvariant =
      llvm::all_of(inners, [](const InnerLoop &l) { return l.invariant; });

  // Lengths: of the outer loop, of each invariant inner loop, and of one
  // outer iteration, inner_len = sum(max(1, len_k)) - (number of loops - 1)
  // (consecutive inner loops share an iteration).
  Value outerLen = buildTripCount(b, outer);
  SmallVector<Value> lengths;
  for (InnerLoop &inner : inners)
    lengths.push_back(inner.invariant
                          ? castInteger(b, buildTripCount(b, inner.loop), intTy)
                          : buildPlaceholder(b, intTy));
  unsigned lastIndex = inners.size() - 1;
  Value innerLen = constant(0);
  for (auto [inner, length] : llvm::zip_equal(inners, lengths))
    if (inner.invariant)
      innerLen = arith::AddIOp::create(
          b, innerLen, arith::MaxSIOp::create(b, constant(1), length));
  innerLen = arith::SubIOp::create(b, innerLen, constant(lastIndex));
  Value totalIters =
      arith::MulIOp::create(b, castInteger(b, outerLen, intTy), innerLen);

  // Inner loops whose length changes with the outer iteration add their
  // lengths up in a loop over the outer range of their own.
  auto lengthCounter =
      scf::ForOp::create(b, outer.getLowerBound(), outer.getUpperBound(),
                         outer.getStep(), ValueRange{totalIters});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(lengthCounter.getBody());
    IRMapping mapping;
    mapping.map(outer.getInductionVar(), lengthCounter.getInductionVar());
    Value sum = lengthCounter.getRegionIterArg(0);
    for (InnerLoop &inner : inners) {
      if (inner.invariant)
        continue;
      for (Operation *op : topologicalSort(inner.boundOps))
        if (!mapping.contains(op))
          b.clone(*op, mapping);
      Value length =
          buildTripCount(b, mapping.lookupOrDefault(inner.loop.getLowerBound()),
                         mapping.lookupOrDefault(inner.loop.getUpperBound()),
                         mapping.lookupOrDefault(inner.loop.getStep()));
      length =
          arith::MaxSIOp::create(b, constant(1), castInteger(b, length, intTy));
      sum = arith::AddIOp::create(b, sum, length);
    }
    scf::YieldOp::create(b, sum);
  }
  totalIters = lengthCounter.getResult(0);

  // The prologue before each inner loop and the epilogue after the last.
  SmallVector<Logue> logues;
  Block *outerBody = outer.getBody();
  logues.push_back(
      makeLogue(outerBody->begin(), inners.front().loop->getIterator(), dom));
  for (unsigned k = 0; k < lastIndex; ++k)
    logues.push_back(makeLogue(std::next(inners[k].loop->getIterator()),
                               inners[k + 1].loop->getIterator(), dom));
  logues.push_back(makeLogue(std::next(inners.back().loop->getIterator()),
                             std::prev(outerBody->end()), dom));
  Logue &epilogue = logues.back();

  // Iteration arguments: T, i, the outer loop's, the inner lengths and
  // inner_len (carried so the prologue can recompute variant ones), the
  // inner induction variables, the inner loops' values, the prologues'
  // outputs.
  FusedLayout at;
  SmallVector<Value> inits = {
      constant(0),
      arith::SubIOp::create(b, outer.getLowerBound(), outer.getStep())};
  at.outerArgs = inits.size();
  llvm::append_range(inits, outer.getInitArgs());
  at.lengths = inits.size();
  llvm::append_range(inits, lengths);
  at.innerLen = inits.size();
  inits.push_back(innerLen);
  at.innerIvs = inits.size();
  for (InnerLoop &inner : inners)
    inits.push_back(
        buildPlaceholder(b, inner.loop.getInductionVar().getType()));
  at.innerOuts = inits.size();
  for (InnerLoop &inner : inners)
    for (Type type : inner.loop.getResultTypes())
      inits.push_back(buildPlaceholder(b, type));
  at.logueOuts = inits.size();
  for (Logue &logue : llvm::drop_end(logues))
    for (Type type : logue.getOutputTypes())
      inits.push_back(buildPlaceholder(b, type));

  auto fused =
      scf::ForOp::create(b, constant(0), totalIters, constant(1), inits);
  ArrayRef<BlockArgument> args = fused.getRegionIterArgs();
  for (auto [arg, fusedArg] :
       llvm::zip(outer.getRegionIterArgs(), args.slice(at.outerArgs)))
    arg.replaceAllUsesWith(fusedArg);
  ArrayRef<BlockArgument> lengthArgs = args.slice(at.lengths, lengths.size());
  for (auto [length, arg] : llvm::zip_equal(lengths, lengthArgs))
    length = arg;
  b.setInsertionPointToStart(fused.getBody());

  Value T = args[0];
  Value previousI = args[1];
  Value currentI;
  unsigned innerOutCursor = at.innerOuts;
  unsigned logueOutCursor = at.logueOuts;
  SmallVector<scf::IfOp> prologueIfs, bodyIfs;
  for (unsigned k = 0; k <= lastIndex; ++k) {
    scf::ForOp inner = inners[k].loop;
    Logue &prologue = logues[k];
    unsigned numOutputs = prologue.outputs.size();

    // Loop k starts where loop k - 1 ends:
    // T == sum_{m < k} max(1, len_m) - k.
    Value startT = constant(0);
    for (unsigned m = 0; m < k; ++m)
      startT = arith::AddIOp::create(
          b, startT, arith::MaxSIOp::create(b, constant(1), lengths[m]));
    startT = arith::SubIOp::create(b, startT, constant(k));
    Value atStart =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, T, startT);

    // if (start): [i += step,] prologue_k; yield j_k = lb_k, the outputs,
    // the inner loop's initial values [, i, the lengths, inner_len].
    SmallVector<Type> types = {inner.getInductionVar().getType()};
    llvm::append_range(types, prologue.getOutputTypes());
    llvm::append_range(types, inner.getInitArgs().getTypes());
    if (k == 0) {
      types.push_back(previousI.getType());
      types.append(inners.size(), intTy);
      types.push_back(intTy);
    }
    auto prologueIf = scf::IfOp::create(b, types, atStart);
    prologueIfs.push_back(prologueIf);
    Block *thenBlock = b.createBlock(&prologueIf.getThenRegion());
    prologue.moveInto(thenBlock);
    if (k == 0) {
      b.setInsertionPointToStart(thenBlock);
      currentI = arith::AddIOp::create(b, previousI, outer.getStep());
      replaceAllUsesInRegionWith(outer.getInductionVar(), currentI,
                                 prologueIf.getThenRegion());
      // Lengths that change with i are computed for the new i.
      IRMapping mapping;
      mapping.map(outer.getInductionVar(), currentI);
      for (auto [variant, length] : llvm::zip_equal(inners, lengths)) {
        if (variant.invariant)
          continue;
        for (Operation *op : topologicalSort(variant.boundOps))
          if (!mapping.contains(op))
            b.clone(*op, mapping);
        length = castInteger(
            b,
            buildTripCount(
                b, mapping.lookupOrDefault(variant.loop.getLowerBound()),
                mapping.lookupOrDefault(variant.loop.getUpperBound()),
                mapping.lookupOrDefault(variant.loop.getStep())),
            intTy);
        innerLen = arith::AddIOp::create(
            b, innerLen, arith::MaxSIOp::create(b, constant(1), length));
      }
    }
    b.setInsertionPointToEnd(thenBlock);
    SmallVector<Value> thenValues = {inner.getLowerBound()};
    llvm::append_range(thenValues, prologue.outputs);
    llvm::append_range(thenValues, inner.getInitArgs());
    if (k == 0) {
      thenValues.push_back(currentI);
      llvm::append_range(thenValues, lengths);
      thenValues.push_back(innerLen);
    }
    scf::YieldOp::create(b, thenValues);

    // else: everything keeps its value from the previous iteration.
    b.createBlock(&prologueIf.getElseRegion());
    SmallVector<Value> elseValues = {args[at.innerIvs + k]};
    llvm::append_range(elseValues, args.slice(logueOutCursor, numOutputs));
    llvm::append_range(elseValues,
                       args.slice(innerOutCursor, inner.getNumResults()));
    if (k == 0) {
      elseValues.push_back(previousI);
      llvm::append_range(elseValues, lengthArgs);
      // An invariant inner_len is passed through as the value from
      // before the loop, which canonicalization cannot see through.
      elseValues.push_back(allInvariant ? innerLen : Value(args[at.innerLen]));
    }
    logueOutCursor += numOutputs;
    scf::YieldOp::create(b, elseValues);

    Value jk = prologueIf.getResult(0);
    inner.getInductionVar().replaceAllUsesWith(jk);
    prologue.redirectUses(prologueIf.getResults().slice(1, numOutputs),
                          prologueIf.getThenRegion());
    for (auto [arg, init] :
         llvm::zip_equal(inner.getRegionIterArgs(),
                         prologueIf.getResults().slice(1 + numOutputs,
                                                       inner.getNumResults())))
      arg.replaceAllUsesWith(init);
    if (k == 0) {
      ResultRange results = prologueIf.getResults();
      unsigned tail = inners.size() + 2;
      currentI = results[results.size() - tail];
      for (unsigned m = 0; m < inners.size(); ++m)
        lengths[m] = results[results.size() - tail + 1 + m];
      innerLen = results.back();
      outer.getInductionVar().replaceAllUsesWith(currentI);
    }

    // if (start <= T < start + len_k): body_k; j_k += step_k.
    b.setInsertionPointAfter(prologueIf);
    Value endT =
        arith::AddIOp::create(b, startT, castInteger(b, lengths[k], intTy));
    // Created one by one: the IR order must not depend on the compiler's
    // order of evaluating arguments.
    Value atOrAfterStart =
        arith::CmpIOp::create(b, arith::CmpIPredicate::sge, T, startT);
    Value beforeEnd =
        arith::CmpIOp::create(b, arith::CmpIPredicate::slt, T, endT);
    Value inRange = arith::AndIOp::create(b, atOrAfterStart, beforeEnd);
    SmallVector<Type> bodyTypes = {jk.getType()};
    llvm::append_range(bodyTypes, inner.getResultTypes());
    auto bodyIf = scf::IfOp::create(b, bodyTypes, inRange);
    bodyIfs.push_back(bodyIf);
    inner.getBody()->eraseArguments([](BlockArgument) { return true; });
    bodyIf.getThenRegion().takeBody(inner.getRegion());
    scf::YieldOp bodyYield = getYield(bodyIf.getThenRegion());
    b.setInsertionPoint(bodyYield);
    bodyYield->insertOperands(
        0, arith::AddIOp::create(b, jk, inner.getStep()).getResult());
    b.createBlock(&bodyIf.getElseRegion());
    SmallVector<Value> passThrough = {jk};
    llvm::append_range(passThrough,
                       args.slice(innerOutCursor, inner.getNumResults()));
    innerOutCursor += inner.getNumResults();
    scf::YieldOp::create(b, passThrough);
    inner.replaceAllUsesWith(
        bodyIf.getResults().slice(1, inner.getNumResults()));
    if (inner->hasAttr(kMustExecuteAttr)) {
      b.setInsertionPoint(bodyIf);
      bodyIf.getConditionMutable().assign(
          arith::ConstantOp::create(b, b.getBoolAttr(true)));
    }
    b.setInsertionPointAfter(bodyIf);
  }

  // if (T == inner_len - 1): epilogue. Its outputs are only read by the
  // outer yield; when it does not run they keep the outer arguments.
  auto outerYield = cast<scf::YieldOp>(outerBody->getTerminator());
  SmallVector<Value> keptOuterArgs;
  for (Value output : epilogue.outputs) {
    for (OpOperand &use : output.getUses())
      if (use.getOwner() == outerYield) {
        keptOuterArgs.push_back(args[at.outerArgs + use.getOperandNumber()]);
        break;
      }
  }
  Value lastT = arith::SubIOp::create(b, innerLen, constant(1));
  Value atEnd = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, T, lastT);
  auto epilogueIf = scf::IfOp::create(b, epilogue.getOutputTypes(), atEnd);
  Block *epilogueBlock = b.createBlock(&epilogueIf.getThenRegion());
  epilogue.moveInto(epilogueBlock);
  b.setInsertionPointToEnd(epilogueBlock);
  scf::YieldOp::create(b, epilogue.outputs);
  b.createBlock(&epilogueIf.getElseRegion());
  scf::YieldOp::create(b, keptOuterArgs);
  epilogue.redirectUses(epilogueIf.getResults(), epilogueIf.getThenRegion());

  // T = 0 if T == inner_len - 1 else T + 1.
  b.setInsertionPointToEnd(fused.getBody());
  Value wrapAt = arith::SubIOp::create(b, innerLen, constant(1));
  Value atLast = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, T, wrapAt);
  Value zero = constant(0);
  Value incremented = arith::AddIOp::create(b, T, constant(1));
  Value nextT = arith::SelectOp::create(b, atLast, zero, incremented);

  SmallVector<Value> yields = {nextT, currentI};
  llvm::append_range(yields, outerYield.getOperands());
  llvm::append_range(yields, lengths);
  yields.push_back(innerLen);
  for (scf::IfOp bodyIf : bodyIfs)
    yields.push_back(bodyIf.getResult(0));
  for (auto [bodyIf, inner] : llvm::zip_equal(bodyIfs, inners))
    llvm::append_range(
        yields, bodyIf.getResults().slice(1, inner.loop.getNumResults()));
  for (auto [prologueIf, logue] :
       llvm::zip_equal(prologueIfs, llvm::drop_end(logues)))
    llvm::append_range(yields,
                       prologueIf.getResults().slice(1, logue.outputs.size()));
  scf::YieldOp::create(b, yields);
  outer.replaceAllUsesWith(
      fused.getResults().slice(at.outerArgs, outer.getNumResults()));

  // An inner loop value initialized outside the fused loop (an accumulator
  // starting at zero) starts as that value in the fused loop's arguments
  // and is reset in the epilogue, rather than set in the prologue: the
  // body of the next outer iteration then does not depend on the prologue.
  SmallVector<OpOperand *> resetYields;
  SmallVector<Value> resetValues, keptValues;
  unsigned innerOutIndex = at.innerOuts;
  for (auto [inner, prologueIf, bodyIf, prologue] :
       llvm::zip(inners, prologueIfs, bodyIfs, logues)) {
    unsigned skip = 1 + prologue.outputs.size();
    llvm::BitVector drop(skip + inner.loop.getNumResults());
    SmallVector<Value> replacements;
    for (auto [index, init] : llvm::enumerate(inner.loop.getInitArgs())) {
      if (init.getParentRegion() == &fused.getRegion())
        continue;
      unsigned argIndex = innerOutIndex + index;
      fused.getInitArgsMutable()[argIndex].assign(init);
      replacements.push_back(args[argIndex]);
      drop.set(skip + index);
      resetYields.push_back(
          &getYield(fused.getRegion())->getOpOperand(argIndex));
      keptValues.push_back(bodyIf.getResult(1 + index));
      resetValues.push_back(init);
    }
    dropIfResults(b, prologueIf, drop, replacements);
    innerOutIndex += inner.loop.getNumResults();
  }
  if (!resetYields.empty()) {
    unsigned numOutputs = epilogueIf.getNumResults();
    epilogueIf = appendIfResults(b, epilogueIf, resetValues, keptValues);
    for (auto [operand, result] : llvm::zip_equal(
             resetYields, epilogueIf.getResults().drop_front(numOutputs)))
      operand->set(result);
  }

  // Attributes of the nest carry over.
  auto anyLoopHas = [&](StringRef name) {
    return outer->hasAttr(name) || llvm::any_of(inners, [&](InnerLoop &l) {
             return l.loop->hasAttr(name);
           });
  };
  if (anyLoopHas(kWarpSpecializeAttrName))
    fused->setAttr(kWarpSpecializeAttrName, b.getUnitAttr());
  if (anyLoopHas(kDisallowAccMultiBufferAttr))
    fused->setAttr(kDisallowAccMultiBufferAttr, b.getUnitAttr());
  int numStages = 1;
  auto stagesOf = [](scf::ForOp loop) -> int {
    auto attr = loop->getAttrOfType<IntegerAttr>(kNumStagesAttrName);
    return attr ? attr.getInt() : 1;
  };
  numStages = std::max(numStages, stagesOf(outer));
  for (InnerLoop &inner : inners) {
    numStages = std::max(numStages, stagesOf(inner.loop));
    inner.loop.erase();
  }
  outer.erase();
  parent->loop = fused;
  if (numStages > 1)
    fused->setAttr(kNumStagesAttrName, b.getI32IntegerAttr(numStages));
}

void flattenNest(NestNode *node) {
  for (NestNode *child : node->children)
    flattenNest(child);
  fuseOneLevel(node);
}

//===----------------------------------------------------------------------===//
// Preparing a tt.flatten nest
//===----------------------------------------------------------------------===//

/// Pure prologue ops whose results only the epilogue reads move to the
/// epilogue, so they are not carried across the inner iterations.
void sinkPrologueIntoEpilogue(scf::ForOp outer, scf::ForOp inner,
                              DominanceInfo &dom) {
  auto inEpilogue = [&](Operation *op) {
    return dom.properlyDominates(inner, op, /*enclosingOpOk=*/false);
  };
  llvm::SetVector<Operation *> sunk;
  for (Operation &op : llvm::reverse(
           llvm::make_range(outer.getBody()->begin(), inner->getIterator()))) {
    if (!isPure(&op) || isDotLike(&op))
      continue;
    if (llvm::all_of(op.getUsers(), [&](Operation *user) {
          return inEpilogue(user) || sunk.contains(user);
        }))
      sunk.insert(&op);
  }
  moveBefore(outer.getBody(), std::next(inner->getIterator()), sunk);
}

/// Whether an llvm.intr.assume says `loop` runs at least once (ub > lb or
/// lb < ub). Matched by name: the LLVM dialect is only needed for this.
bool isAssumedNonEmpty(scf::ForOp loop) {
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  bool isUnsigned = loop.getUnsignedCmp();
  for (Operation *user : ub.getUsers()) {
    auto cmp = dyn_cast<arith::CmpIOp>(user);
    if (!cmp || llvm::none_of(cmp->getUsers(), [](Operation *op) {
          return op->getName().getStringRef() == "llvm.intr.assume";
        }))
      continue;
    auto gt =
        isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    auto lt =
        isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    if ((cmp.getPredicate() == gt && cmp.getLhs() == ub &&
         cmp.getRhs() == lb) ||
        (cmp.getPredicate() == lt && cmp.getLhs() == lb && cmp.getRhs() == ub))
      return true;
  }
  return false;
}

/// Makes the inner loop known to run at least once, so its body needs no
/// guard in the fused loop (which suits the pipeliner): either an assume
/// says so, or the nest is versioned on the inner length, computed in front
/// of it. Triton versions on the length being zero only; a negative length
/// (an upper bound below the lower one) would then run the unguarded body
/// once per outer iteration, so tile versions on the length being at most
/// zero: the inner loop runs no iteration either way, and one version
/// without it serves both (one copy of the outer loop's body fewer than
/// testing zero and negative apart):
///
///   if len <= 0: outer loop without the inner one
///   else: the nest (to be fused)
LogicalResult speculateInnerLength(scf::ForOp outer, scf::ForOp inner,
                                   DominanceInfo &dom) {
  ImplicitLocOpBuilder b(inner.getLoc(), outer);
  if (isAssumedNonEmpty(inner)) {
    inner->setAttr(kMustExecuteAttr, b.getUnitAttr());
    return success();
  }
  llvm::SetVector<Operation *> toHoist;
  if (!collectInvariantBoundOps(dom, outer, inner, toHoist))
    return failure();
  moveBefore(outer, toHoist);
  inner->setAttr(kMustExecuteAttr, b.getUnitAttr());

  Value length = buildTripCount(b, inner);
  Value zero =
      arith::ConstantOp::create(b, IntegerAttr::get(length.getType(), 0));
  Value isEmpty =
      arith::CmpIOp::create(b, arith::CmpIPredicate::sle, length, zero);
  auto ifOp = scf::IfOp::create(b, outer.getResultTypes(), isEmpty);

  // The outer loop without the inner one.
  b.createBlock(&ifOp.getThenRegion());
  IRMapping mapping;
  auto version = cast<scf::ForOp>(b.clone(*outer, mapping));
  auto clonedInner = cast<scf::ForOp>(mapping.lookup(inner.getOperation()));
  clonedInner.replaceAllUsesWith(clonedInner.getInitArgs());
  clonedInner.erase();
  version->removeAttr(kWarpSpecializeAttrName);
  scf::YieldOp::create(b, version.getResults());

  outer.replaceAllUsesWith(ifOp.getResults());
  b.createBlock(&ifOp.getElseRegion());
  outer->remove();
  b.insert(outer);
  scf::YieldOp::create(b, outer.getResults());
  return success();
}

bool isFlattenNest(const LoopNest &nest) {
  scf::ForOp root = nest.root->loop;
  if (root->hasAttr(kAlwaysFuseAttr))
    return true;
  return root->hasAttr(kFlattenAttr) && nest.nodes.size() == 2 &&
         nest.root->children.size() == 1 && !root.getUnsignedCmp() &&
         !nest.root->children.front()->loop.getUnsignedCmp();
}

LogicalResult prepareFlattenNest(LoopNest &nest) {
  scf::ForOp outer = nest.root->loop;
  scf::ForOp inner = nest.root->children.front()->loop;
  DominanceInfo dom(outer);
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(outer.getOperation()));
  // An inner loop independent of the outer one leaves it: nothing to fuse.
  if (inner->getParentOp() != outer)
    return failure();
  sinkPrologueIntoEpilogue(outer, inner, dom);
  return speculateInnerLength(outer, inner, dom);
}

struct TTGFuseNestedLoopsPass
    : public tile::impl::TTGFuseNestedLoopsPassBase<TTGFuseNestedLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<tt::FuncOp>()) {
      SmallVector<LoopNest> nests;
      collectLoopNests(func, nests);
      for (LoopNest &nest : nests) {
        if (!isFlattenNest(nest))
          continue;
        if (!nest.root->loop->hasAttr(kAlwaysFuseAttr) &&
            failed(prepareFlattenNest(nest)))
          continue;
        flattenNest(nest.root);
        ++numFusedNests;
      }
    }
  }
};
} // namespace

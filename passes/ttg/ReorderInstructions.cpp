//===- ReorderInstructions.cpp - Shorter live ranges, friendlier order ----===//
//
// tritongpu-reorder-instructions: moves a few kinds of ops within their
// block. Values that are large in registers (shared-memory loads, dot
// operand conversions) are created next to their use; shared-memory
// stores of a value happen right after it is computed, so its registers
// can die early; the dot's A operand is read from shared memory before
// its B operand, the order ptxas schedules best.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGREORDERINSTRUCTIONSPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Ops whose result takes many more registers than their operands: a read
/// of a shared buffer, or a conversion to a dot operand layout (which
/// replicates the operand across the threads that need it).
bool growsRegisterPressure(Operation *op) {
  if (isa<ttg::LocalLoadOp>(op))
    return true;
  auto convert = dyn_cast<ttg::ConvertLayoutOp>(op);
  return convert &&
         isa<ttg::DotOperandEncodingAttr>(convert.getType().getEncoding());
}

/// Whether `op` (or an op nested in it) may write memory; effects it does
/// not declare count as writes.
bool mayWriteMemory(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  if (!effects)
    return true;
  return llvm::any_of(*effects, [](const MemoryEffects::EffectInstance &e) {
    return !isa<MemoryEffects::Read, MemoryEffects::Allocate,
                MemoryEffects::Free>(e.getEffect());
  });
}

/// Whether an op after `start` and up to the ancestor of `end` in
/// `start`'s block may write memory (true when `end` is not under that
/// block).
bool writesBetween(Operation *start, Operation *end) {
  Operation *endInBlock = start->getBlock()->findAncestorOpInBlock(*end);
  if (!endInBlock)
    return true;
  for (Operation *op = start->getNextNode(); op; op = op->getNextNode()) {
    if (mayWriteMemory(op))
      return true;
    if (op == endInBlock)
      return false;
  }
  return true;
}

/// The first op of `op`'s block that is or contains a user of `op`.
Operation *getFirstUseInBlock(Operation *op) {
  Operation *first = nullptr;
  for (Operation *user : op->getUsers()) {
    Operation *inBlock = op->getBlock()->findAncestorOpInBlock(*user);
    if (inBlock && (!first || inBlock->isBeforeInBlock(first)))
      first = inBlock;
  }
  return first;
}

/// A conversion needs scratch shared memory; placing it after the
/// deallocs that precede its first use lets the allocator reuse their
/// buffers for the scratch.
void sinkConversionsPastDeallocs(ModuleOp module) {
  module.walk([](ttg::ConvertLayoutOp convert) {
    Operation *firstUse = getFirstUseInBlock(convert);
    Operation *lastDealloc = nullptr;
    for (Operation *op = convert->getNextNode(); op && op != firstUse;
         op = op->getNextNode())
      if (isa<ttg::LocalDeallocOp>(op))
        lastDealloc = op;
    if (lastDealloc)
      convert->moveAfter(lastDealloc);
  });
}

/// A register-hungry op whose single user is in another loop (typically
/// inside the loop, the op outside it) moves right before its user, so its
/// result is not live across the loop.
void sinkIntoUserLoops(ModuleOp module) {
  SmallVector<std::pair<Operation *, Operation *>> moves;
  module.walk([&](Operation *op) {
    if (!growsRegisterPressure(op) || !op->hasOneUse())
      return;
    Operation *user = *op->user_begin();
    if (user->getParentOfType<scf::ForOp>() ==
        op->getParentOfType<scf::ForOp>())
      return;
    moves.emplace_back(op, user);
  });
  for (auto [op, user] : moves)
    op->moveBefore(user);
}

/// Stores of a computed value into a fresh shared buffer move right after
/// the value's definition. Constants and splats are excluded: their
/// registers are cheap and the buffer would be live for longer.
void hoistAllocsToTheirSource(ModuleOp module) {
  module.walk([](ttg::LocalAllocOp alloc) {
    if (!alloc.getSrc())
      return;
    Operation *def = alloc.getSrc().getDefiningOp();
    if (!def || isa<arith::ConstantOp, tt::SplatOp>(def))
      return;
    alloc->moveAfter(def);
  });
}

/// Transposes (tt.trans, ttg.memdesc_trans) move right after their operand.
void hoistTransposes(ModuleOp module) {
  module.walk([](Operation *op) {
    if (!isa<tt::TransOp, ttg::MemDescTransOp>(op))
      return;
    if (Operation *def = op->getOperand(0).getDefiningOp())
      op->moveAfter(def);
  });
}

/// For a tt.dot whose operands are both read from shared memory, reads the
/// A operand first: the B read, if before it, moves right after it when
/// nothing in between writes memory.
void loadDotAOperandFirst(ModuleOp module) {
  DominanceInfo dominance(module);
  module.walk([&](ttg::LocalLoadOp loadB) {
    auto encoding =
        dyn_cast<ttg::DotOperandEncodingAttr>(loadB.getType().getEncoding());
    if (!encoding || encoding.getOpIdx() != 1 || !loadB->hasOneUse())
      return;
    auto dot = dyn_cast<tt::DotOp>(*loadB->user_begin());
    if (!dot)
      return;
    auto loadA = dot.getA().getDefiningOp<ttg::LocalLoadOp>();
    if (!loadA ||
        !dominance.dominates(loadB.getOperation(), loadA.getOperation()) ||
        writesBetween(loadB, loadA))
      return;
    loadB->moveAfter(loadA);
  });
}

struct TTGReorderInstructionsPass
    : public tile::impl::TTGReorderInstructionsPassBase<
          TTGReorderInstructionsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    sinkConversionsPastDeallocs(module);
    sinkIntoUserLoops(module);
    hoistAllocsToTheirSource(module);
    hoistTransposes(module);
    loadDotAOperandFirst(module);
  }
};
} // namespace

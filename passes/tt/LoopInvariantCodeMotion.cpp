//===- LoopInvariantCodeMotion.cpp - triton-licm --------------------------===//
//
// triton-licm: MLIR's loop-invariant code motion, which moves speculatable
// ops without memory effects, extended to tt.load. A load may leave a loop
// only when nothing in the loop writes memory (so every iteration reads the
// same values), and it must not read where the loop would not have: a load
// hoisted out of an scf.for is masked by the loop running at least once.
//
//===----------------------------------------------------------------------===//

#include "passes/tt/Passes.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TRITONLICMPASS
#include "passes/tt/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Whether `op` and everything nested in it at most read memory.
bool onlyReadsMemory(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  return effects &&
         llvm::all_of(*effects, [](const MemoryEffects::EffectInstance &e) {
           return isa<MemoryEffects::Read>(e.getEffect());
         });
}

/// Masks `load` (about to leave `loop`) by the loop running at least one
/// iteration, and'ed with the load's own mask.
void maskByTripCount(tt::LoadOp load, scf::ForOp loop) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  Value mask =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                            loop.getLowerBound(), loop.getUpperBound());
  Type ptrType = load.getPtr().getType();
  if (auto tensor = dyn_cast<RankedTensorType>(ptrType))
    mask = tt::SplatOp::create(builder, loc, tensor.clone(builder.getI1Type()),
                               mask);
  if (Value ownMask = load.getMask())
    mask = arith::AndIOp::create(builder, loc, mask, ownMask);
  load.getMaskMutable().assign(mask);
}

struct TritonLICMPass : tile::impl::TritonLICMPassBase<TritonLICMPass> {
  void runOnOperation() override {
    // Inner loops first, so that what leaves an inner loop may leave the
    // outer one too.
    getOperation()->walk([&](LoopLikeOpInterface loop) {
      std::optional<bool> loopOnlyReads;
      auto mayMove = [&](Operation *op, Region *) {
        if (!isa<tt::LoadOp>(op))
          return isSpeculatable(op) && isMemoryEffectFree(op);
        if (!loopOnlyReads)
          loopOnlyReads = onlyReadsMemory(loop);
        return *loopOnlyReads && onlyReadsMemory(op);
      };
      auto move = [&](Operation *op, Region *) {
        if (auto load = dyn_cast<tt::LoadOp>(op)) {
          // The trip-count mask needs the bounds of an scf.for; loads in
          // other loops stay where they are.
          auto forLoop = dyn_cast<scf::ForOp>(loop.getOperation());
          if (!forLoop)
            return;
          maskByTripCount(load, forLoop);
        }
        loop.moveOutOfLoop(op);
      };
      moveLoopInvariantCode(
          loop.getLoopRegions(),
          [&](Value value, Region *) {
            return loop.isDefinedOutsideOfLoop(value);
          },
          mayMove, move);
    });
  }
};
} // namespace

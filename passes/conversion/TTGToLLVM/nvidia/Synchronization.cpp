//===- Synchronization.cpp - The CTA barrier, warp shuffles and ballots ---===//

#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

void nvidia::emitCTABarrier(OpBuilder &builder, Location loc) {
  NVVM::Barrier0Op::create(builder, loc);
}

bool nvidia::isCTABarrier(Operation *op) { return isa<NVVM::Barrier0Op>(op); }

Value nvidia::emitShuffle32(OpBuilder &builder, Location loc, Value value,
                            Value operand, ShuffleMode mode,
                            int threadsPerWarp) {
  Value allLanes = i32Constant(builder, loc, -1);
  // The clamp operand bounds the source lane: up-shuffles stop at lane 0,
  // the others at the last lane.
  Value clamp = i32Constant(builder, loc,
                            mode == ShuffleMode::Up ? 0 : threadsPerWarp - 1);
  NVVM::ShflKind kind = NVVM::ShflKind::idx;
  switch (mode) {
  case ShuffleMode::Xor:
    kind = NVVM::ShflKind::bfly;
    break;
  case ShuffleMode::Index:
    kind = NVVM::ShflKind::idx;
    break;
  case ShuffleMode::Up:
    kind = NVVM::ShflKind::up;
    break;
  case ShuffleMode::Down:
    kind = NVVM::ShflKind::down;
    break;
  }
  return NVVM::ShflOp::create(builder, loc, value.getType(), allLanes, value,
                              operand, clamp, kind, UnitAttr());
}

Value nvidia::emitBallot(OpBuilder &builder, Location loc, Value predicate) {
  Value allLanes = i32Constant(builder, loc, -1);
  return NVVM::VoteSyncOp::create(builder, loc, builder.getI32Type(), allLanes,
                                  predicate, NVVM::VoteSyncKind::ballot);
}

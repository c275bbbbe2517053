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

void nvidia::emitNamedBarrier(OpBuilder &builder, Location loc, Value barrier,
                              Value numThreads, bool arrive) {
  // Intrinsic calls rather than nvvm.barrier / nvvm.barrier.arrive: they
  // print back as they parse (see intrinsic-barriers of
  // convert-warp-specialize-to-llvm).
  StringRef intrinsic = arrive ? "llvm.nvvm.barrier.cta.arrive.aligned.count"
                               : "llvm.nvvm.barrier.cta.sync.aligned.count";
  LLVM::CallIntrinsicOp::create(builder, loc, builder.getStringAttr(intrinsic),
                                ValueRange{barrier, numThreads});
}

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

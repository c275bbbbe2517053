//===- Synchronization.cpp - Barriers, warp shuffles, ballots, reductions -===//

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

Value nvidia::emitWarpReduction(OpBuilder &builder, Location loc, Value value,
                                WarpReductionKind kind) {
  NVVM::ReduxKind reduxKind = NVVM::ReduxKind::ADD;
  bool isSigned = false;
  switch (kind) {
  case WarpReductionKind::Add:
    reduxKind = NVVM::ReduxKind::ADD;
    break;
  case WarpReductionKind::And:
    reduxKind = NVVM::ReduxKind::AND;
    break;
  case WarpReductionKind::Or:
    reduxKind = NVVM::ReduxKind::OR;
    break;
  case WarpReductionKind::Xor:
    reduxKind = NVVM::ReduxKind::XOR;
    break;
  case WarpReductionKind::MinS:
    reduxKind = NVVM::ReduxKind::MIN;
    isSigned = true;
    break;
  case WarpReductionKind::MinU:
    reduxKind = NVVM::ReduxKind::UMIN;
    break;
  case WarpReductionKind::MaxS:
    reduxKind = NVVM::ReduxKind::MAX;
    isSigned = true;
    break;
  case WarpReductionKind::MaxU:
    reduxKind = NVVM::ReduxKind::UMAX;
    break;
  }
  // redux.sync takes 32-bit operands: a narrower value is widened so that
  // the 32-bit result truncates to the narrow one (sign-extended for the
  // signed min and max, zero-extended otherwise).
  Type type = value.getType();
  Type i32 = builder.getI32Type();
  unsigned width = type.getIntOrFloatBitWidth();
  if (width < 32)
    value = isSigned ? Value(LLVM::SExtOp::create(builder, loc, i32, value))
                     : Value(LLVM::ZExtOp::create(builder, loc, i32, value));
  Value allLanes = i32Constant(builder, loc, -1);
  Value result = NVVM::ReduxOp::create(builder, loc, i32, value, reduxKind,
                                       allLanes, /*abs=*/false, /*nan=*/false);
  if (width < 32)
    result = LLVM::TruncOp::create(builder, loc, type, result);
  return result;
}

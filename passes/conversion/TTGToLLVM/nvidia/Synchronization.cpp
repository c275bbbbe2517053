//===- Synchronization.cpp - The CTA barrier and warp shuffles ------------===//

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
  Value clamp = i32Constant(builder, loc, threadsPerWarp - 1);
  auto kind =
      mode == ShuffleMode::Xor ? NVVM::ShflKind::bfly : NVVM::ShflKind::idx;
  return NVVM::ShflOp::create(builder, loc, value.getType(), allLanes, value,
                              operand, clamp, kind, UnitAttr());
}

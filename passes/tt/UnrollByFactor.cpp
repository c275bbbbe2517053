//===- UnrollByFactor.cpp - MLIR's scf.for unroller, out of tile's way ----===//

#include "passes/tt/UnrollByFactor.h"

#include "mlir/Dialect/SCF/Utils/Utils.h"

mlir::LogicalResult
mlir::scf_unroll::unrollByFactor(scf::ForOp loop, uint64_t factor,
                                 std::optional<scf::ForOp> &epilogue) {
  FailureOr<UnrolledLoopInfo> unrolled = loopUnrollByFactor(loop, factor);
  if (failed(unrolled))
    return failure();
  epilogue = unrolled->epilogueLoopOp;
  return success();
}

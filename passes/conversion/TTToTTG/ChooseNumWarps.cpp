//===- ChooseNumWarps.cpp - Warps that keep accumulators in registers -----===//
//
// A kernel whose loop carries dot accumulators larger than a thread's
// registers spills them at every iteration (Triton's tutorial 06 backward at
// head dim 128 and 4 warps: dK and dV, 256 registers a thread, about 2 KB of
// spill stores). Spreading the same tiles over more warps keeps them in
// registers; the program's results do not change (each output element is
// accumulated in the same order), only its launch's block.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTToTTG/ChooseNumWarps.h"
#include "passes/ttg/PipelineUtils.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Bits of the accumulators `loop` carries: iter args that a dot yielded
/// back as its own accumulator (`acc = tl.dot(a, b, acc)`), counted at 32
/// bits or more an element.
int64_t carriedAccumulatorBits(scf::ForOp loop) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  int64_t bits = 0;
  for (auto [arg, yielded] :
       llvm::zip(loop.getRegionIterArgs(), yield.getOperands())) {
    auto dot = yielded.getDefiningOp<tt::DotOp>();
    if (!dot || dot.getC() != arg)
      continue;
    auto type = cast<RankedTensorType>(dot.getType());
    bits += type.getNumElements() *
            std::max<int64_t>(32, type.getElementTypeBitWidth());
  }
  return bits;
}
} // namespace

int mlir::tile::chooseNumWarps(ModuleOp module, int numWarps, int maxNumWarps,
                               int threadsPerWarp) {
  int64_t accumulatorBits = 0;
  int64_t fewestRows = std::numeric_limits<int64_t>::max();
  bool specialized = false;
  module.walk([&](Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      specialized |= loop->hasAttr(kWarpSpecializeAttrName);
      accumulatorBits = std::max(accumulatorBits, carriedAccumulatorBits(loop));
    } else if (auto dot = dyn_cast<tt::DotOp>(op)) {
      ArrayRef<int64_t> shape =
          cast<RankedTensorType>(dot.getType()).getShape();
      fewestRows = std::min(fewestRows, shape[shape.size() - 2]);
    }
  });
  if (specialized)
    return numWarps;
  // An mma tile has 16 rows: every warp needs rows of every dot.
  constexpr int64_t kRowsPerWarp = 16;
  auto registersPerThread = [&](int warps) {
    return accumulatorBits / 32 / (int64_t(warps) * threadsPerWarp);
  };
  while (2 * numWarps <= maxNumWarps &&
         registersPerThread(numWarps) > kAccumulatorRegisters &&
         fewestRows >= kRowsPerWarp * 2 * numWarps)
    numWarps *= 2;
  return numWarps;
}

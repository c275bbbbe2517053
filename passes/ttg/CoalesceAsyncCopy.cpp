//===- CoalesceAsyncCopy.cpp - One cp.async per contiguous source run
//------===//
//
// tritongpu-coalesce-async-copy: cp.async loads and stores in one
// instruction, so each copy is as wide as the shorter of the two runs: the
// elements a thread holds contiguously in registers and the elements that
// land contiguously in the swizzled buffer. When a thread's source run is
// longer (an int8 operand upcast to bf16 before a wgmma gets 16 elements
// per thread but a buffer vector of 8), the thread issues several narrow
// copies of one contiguous run and neighbouring threads' copies no longer
// form full transactions. Clipping sizePerThread along the contiguous dim
// to the buffer's run makes each thread own exactly one copy's worth, and
// the warp's copies are adjacent again.
//
//===----------------------------------------------------------------------===//

#include "passes/ttg/Passes.h"

#include "passes/analysis/AxisInfo.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/DebugLog.h"

#define DEBUG_TYPE "tritongpu-coalesce-async-copy"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGCOALESCEASYNCCOPYPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// How many consecutive elements of `dim` one thread holds in consecutive
/// registers under `registers` (a distributed layout): the register bases
/// that step 1, 2, 4, ... along `dim` and nowhere else, counted from the
/// first.
int64_t contiguousRegistersAlong(const layout::LinearLayout &registers,
                                 unsigned dim) {
  if (!registers.hasInDim(layout::kRegister))
    return 1;
  int64_t run = 1;
  const auto &bases =
      registers.getBases()[registers.getInDimIndex(layout::kRegister)].second;
  for (const std::vector<int32_t> &basis : bases) {
    bool stepsAlongDim = true;
    for (size_t d = 0; d < basis.size(); ++d)
      if (basis[d] != (d == dim ? run : 0))
        stepsAlongDim = false;
    if (!stepsAlongDim)
      break;
    run *= 2;
  }
  return run;
}

/// Narrows the source layout of `copy` when a thread's contiguous register
/// run is longer than what one cp.async of it can move; true when changed.
bool clipSizePerThread(ttg::AsyncCopyGlobalToLocalOp copy,
                       ModuleAxisInfoAnalysis &axisInfo) {
  auto srcType = cast<RankedTensorType>(copy.getSrc().getType());
  auto blocked = dyn_cast<ttg::BlockedEncodingAttr>(srcType.getEncoding());
  ttg::MemDescType bufferType = copy.getResult().getType();
  // Only swizzled buffers: wgmma's nvmma layouts already take 16 bytes.
  if (!blocked || !blocked.getCgaLayout().empty() ||
      !isa<ttg::SwizzledSharedEncodingAttr>(bufferType.getEncoding()))
    return false;
  std::optional<layout::LinearLayout> registers = ttg::toLinearLayout(srcType);
  std::optional<layout::LinearLayout> shared =
      ttg::toLinearLayout(bufferType.getEncoding(), bufferType.getShape());
  if (!registers || !shared)
    return false;
  std::optional<layout::LinearLayout> toBuffer =
      registers->invertAndCompose(*shared);
  if (!toBuffer)
    return false;
  // The longest run of registers that is also a run of the buffer.
  int64_t copyRun =
      toBuffer->getNumConsecutiveInOut(layout::kRegister, layout::kOffset);
  unsigned fastest = blocked.getOrder()[0];
  int64_t threadRun = contiguousRegistersAlong(*registers, fastest);
  if (threadRun <= copyRun)
    return false;

  SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
  sizePerThread[fastest] = static_cast<unsigned>(copyRun);
  std::optional<int> numWarps = ttg::getNumWarps(copy);
  if (!numWarps)
    return false;
  ttg::BlockedEncodingAttr clipped = ttg::buildBlockedEncoding(
      copy.getContext(), srcType.getShape(), sizePerThread, blocked.getOrder(),
      *numWarps, ttg::getThreadsPerWarp(copy));
  if (!clipped)
    return false;

  OpBuilder builder(copy);
  auto convert = [&](Value value) -> Value {
    if (!value)
      return value;
    auto type = cast<RankedTensorType>(value.getType());
    return ttg::ConvertLayoutOp::create(builder, copy.getLoc(),
                                        type.cloneWithEncoding(clipped), value);
  };
  Value src = convert(copy.getSrc());
  Value mask = convert(copy.getMask());
  Value other = convert(copy.getOther());
  // The conversions are new values: the analysis ran before them, so ask
  // about their sources, whose facts the conversion keeps, with the new
  // thread run as cap.
  unsigned contiguity = std::min<unsigned>(
      axisInfo.getPtrContiguity(copy.getSrc()), static_cast<unsigned>(copyRun));
  if (copy.getMask())
    contiguity =
        std::min(contiguity, axisInfo.getMaskAlignment(copy.getMask()));
  copy.getSrcMutable().assign(src);
  if (mask)
    copy.getMaskMutable().assign(mask);
  if (other)
    copy.getOtherMutable().assign(other);
  copy.setContiguity(std::max(contiguity, 1u));
  LDBG() << "clipped " << copy;
  return true;
}

struct TTGCoalesceAsyncCopyPass
    : public tile::impl::TTGCoalesceAsyncCopyPassBase<
          TTGCoalesceAsyncCopyPass> {
  void runOnOperation() override {
    ModuleAxisInfoAnalysis axisInfo(getOperation());
    SmallVector<ttg::AsyncCopyGlobalToLocalOp> copies;
    getOperation().walk(
        [&](ttg::AsyncCopyGlobalToLocalOp copy) { copies.push_back(copy); });
    for (ttg::AsyncCopyGlobalToLocalOp copy : copies)
      if (clipSizePerThread(copy, axisInfo))
        ++numClippedCopies;
  }
};
} // namespace

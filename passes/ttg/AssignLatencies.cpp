//===- AssignLatencies.cpp - tritongpu-assign-latencies -------------------===//
//
// Decides which loads of a dot loop the pipeliner will run ahead, and by how
// many iterations (tt.latency). Also holds the test for a pipelinable load,
// which the later pipelining passes share.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/AxisInfo.h"
#include "passes/ttg/Passes.h"
#include "passes/ttg/PipelineUtils.h"

#include "dialects/ttg/MemDescViews.h"
#include "dialects/ttg/TMABlock.h"
#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/DimNames.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGASSIGNLATENCIESPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

/// Whether cp.async could copy `load`'s block: a load of `loop`'s body
/// whose runs are at least 4 bytes and whose masked lanes read zero.
static bool isAsyncCopyable(tt::LoadOp load, scf::ForOp loop,
                            ModuleAxisInfoAnalysis *axisInfo) {
  if (load->getParentOp() != loop || !isa<RankedTensorType>(load.getType()) ||
      load.getIsVolatile() || load->use_empty())
    return false;
  // cp.async zero-fills what the mask turns off.
  if (Value other = load.getOther())
    if (!matchPattern(other, m_AnyZeroFloat()) &&
        !matchPattern(other, m_Zero()))
      return false;
  // cp.async moves at least 4 bytes per thread and run.
  Type element = cast<RankedTensorType>(load.getType()).getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8)
    return false;
  if (axisInfo) {
    unsigned width = axisInfo->getPtrContiguity(load.getPtr());
    if (Value mask = load.getMask())
      width = std::min(width, axisInfo->getMaskAlignment(mask));
    if (width * element.getIntOrFloatBitWidth() < 32)
      return false;
  }
  return true;
}

ttg::MemDescType mlir::tile::getRegisterLoadBufferType(RankedTensorType type) {
  SmallVector<unsigned> order = ttg::getOrderForMemory(type);
  if (order.empty())
    return {};
  MLIRContext *context = type.getContext();
  auto encoding = ttg::SwizzledSharedEncodingAttr::get(context, 1, 1, 1, order,
                                                       /*cgaLayout=*/{});
  return ttg::MemDescType::get(type.getShape(), type.getElementType(), encoding,
                               ttg::SharedMemorySpaceAttr::get(context),
                               /*mutableMemory=*/true);
}

bool mlir::tile::isStagedInSharedMemory(tt::LoadOp load) {
  return llvm::all_of(load->getUsers(), [](Operation *user) {
    return isa<ttg::LocalAllocOp>(user);
  });
}

std::optional<ttg::MemDescType>
mlir::tile::getPipelineBufferType(tt::LoadOp load) {
  if (load->use_empty())
    return std::nullopt;
  auto type = cast<RankedTensorType>(load.getType());
  // Every user a local_alloc of one buffer type: the ring's slot then
  // stands for all of them.
  if (isStagedInSharedMemory(load)) {
    auto first = cast<ttg::LocalAllocOp>(*load->getUsers().begin());
    ttg::MemDescType buffer = first.getType();
    if (llvm::any_of(load->getUsers(), [&](Operation *user) {
          return cast<ttg::LocalAllocOp>(user).getType() != buffer;
        }))
      return std::nullopt;
    return buffer;
  }
  // A value used in registers is read back from its slot; one also staged
  // in shared memory would need both.
  if (llvm::any_of(load->getUsers(), llvm::IsaPred<ttg::LocalAllocOp>))
    return std::nullopt;
  if (ttg::MemDescType buffer = getRegisterLoadBufferType(type))
    return buffer;
  return std::nullopt;
}

bool mlir::tile::isPipelinableLoad(tt::LoadOp load, scf::ForOp loop,
                                   ModuleAxisInfoAnalysis *axisInfo) {
  if (!isAsyncCopyable(load, loop, axisInfo))
    return false;
  std::optional<ttg::MemDescType> buffer = getPipelineBufferType(load);
  if (!buffer)
    return false;
  // cp.async copies runs of at least 4 bytes that are contiguous both in
  // the thread's registers and in the buffer (Triton's getCopyVecBytes):
  // a buffer whose contiguous dim is not the registers' (a transpose on
  // the way into shared memory, as a wgmma operand of a type it takes only
  // K-major) has runs of one element, too short below 32 bits.
  auto type = cast<RankedTensorType>(load.getType());
  Type element = type.getElementType();
  std::optional<layout::LinearLayout> registers = ttg::toLinearLayout(type);
  std::optional<layout::LinearLayout> shared =
      ttg::toLinearLayout(buffer->getEncoding(), buffer->getShape());
  if (!registers || !shared)
    return true; // Nothing to compare: the lowering decides.
  std::optional<layout::LinearLayout> toBuffer =
      registers->invertAndCompose(*shared);
  if (!toBuffer)
    return false;
  std::optional<layout::LinearLayout> toOffset =
      toBuffer->sublayout(toBuffer->getInDimNames(), {layout::kOffset});
  if (!toOffset)
    return false;
  int64_t run =
      toOffset->getNumConsecutiveInOut(layout::kRegister, layout::kOffset);
  return run * element.getIntOrFloatBitWidth() >= 32;
}

std::optional<DescriptorLoadSink>
mlir::tile::getPipelinableDescriptorLoadSink(tt::DescriptorLoadOp load,
                                             scf::ForOp loop) {
  tt::TensorDescType desc = load.getDesc().getType();
  Attribute encoding = desc.getBlockType().getEncoding();
  if (load->getParentOp() != loop || !encoding || !load->hasOneUse())
    return std::nullopt;
  // A descriptor made inside the loop is one tensor map in global scratch,
  // rewritten every iteration: copies of later iterations issued early
  // would read it before it holds their descriptor.
  if (auto make = load.getDesc().getDefiningOp<tt::MakeTensorDescOp>();
      make && loop->isAncestor(make))
    return std::nullopt;
  DescriptorLoadSink sink;
  Operation *user = *load->getUsers().begin();
  if (auto trans = dyn_cast<tt::TransOp>(user)) {
    if (!trans->hasOneUse())
      return std::nullopt;
    sink.trans = trans;
    user = *trans->getUsers().begin();
  }
  auto alloc = dyn_cast<ttg::LocalAllocOp>(user);
  if (!alloc || alloc->getParentOp() != loop)
    return std::nullopt;
  sink.alloc = alloc;
  ttg::MemDescType buffer = alloc.getType();
  // The ring holds whole blocks: a rank-reducing load (its tensor without
  // the block's leading unit dimensions) stays synchronous for now.
  if (load.getType().getShape() != desc.getBlockType().getShape())
    return std::nullopt;
  std::string why;
  if (!sink.trans)
    return buffer.getEncoding() == encoding &&
                   succeeded(ttg::planTMABlock(buffer.getShape(),
                                               buffer.getElementType(),
                                               encoding, why))
               ? std::optional<DescriptorLoadSink>(sink)
               : std::nullopt;
  // A transposed buffer: the descriptor's layout with its dims permuted.
  auto trans = cast<tt::TransOp>(sink.trans);
  ttg::MemDescType slot = ttg::MemDescType::get(
      desc.getBlockType().getShape(), buffer.getElementType(), encoding,
      buffer.getMemorySpace());
  if (!ttg::isTransposedView(slot, buffer, trans.getOrder()))
    return std::nullopt;
  return sink;
}

bool mlir::tile::isLatencyMarkedLoad(Operation *op) {
  return isa<tt::LoadOp, tt::DescriptorLoadOp>(op) &&
         op->hasAttr(kLatencyAttrName);
}

int mlir::tile::getNumStages(scf::ForOp loop, int defaultStages) {
  if (auto own = loop->getAttrOfType<IntegerAttr>(kNumStagesAttrName))
    return own.getInt();
  return defaultStages;
}

bool mlir::tile::isDotLike(Operation *op) {
  return isa<tt::DotOp, ttng::WarpGroupDotOp>(op);
}

/// The 32-bit registers per thread `loop` carries in its tensors (the
/// accumulators of its dots, mostly; pointers take two), counted from
/// their layouts.
static int64_t getCarriedRegisters(scf::ForOp loop) {
  int64_t registers = 0;
  for (Value carried : loop.getRegionIterArgs()) {
    auto type = dyn_cast<RankedTensorType>(carried.getType());
    if (!type)
      continue;
    Type element = type.getElementType();
    unsigned bits = isa<tt::PointerType>(element) ? 64
                    : element.isIntOrFloat() ? element.getIntOrFloatBitWidth()
                                             : 0;
    std::optional<layout::LinearLayout> layout = ttg::toLinearLayout(type);
    if (!layout || bits == 0)
      continue;
    registers += llvm::divideCeil(layout->getNumRegisters() * bits, 32);
  }
  return registers;
}

/// A loop whose carried tensors take more registers per thread than this
/// keeps its register loads synchronous. Pipelining one keeps its pointers
/// and masks for later iterations live across the loop; with the
/// accumulators alone near the 255 registers a thread may have, that costs
/// more spill traffic than the load's latency (tutorial-06-style backward
/// at head dim 128, whose 4-warp dK and dV take 256: 1-2 % slower
/// pipelined, where at head dim 64, 128 registers, it gains 4 %).
static constexpr int64_t kMaxCarriedRegistersForRegisterLoads = 192;

/// How many loads deep the A and B operands of `loop`'s dots take their
/// addresses from other loads of the same iteration (Triton's indirection
/// level): 0 for a matmul, 1 where an index load gives the tile loads their
/// addresses. Chains are followed through the body's ops only, not through
/// loop-carried values, and only loads cp.async or TMA could make
/// asynchronous count, as in Triton's loadOpsToIndirectionLevel. The loads
/// whose values reach a dot operand with no such load in between (level 0
/// only: not an index another load's address is computed from) are added
/// to `feedingDots`.
static int getIndirectionLevels(scf::ForOp loop,
                                ModuleAxisInfoAnalysis &axisInfo,
                                DenseSet<Operation *> &feedingDots) {
  Block *body = loop.getBody();
  DenseMap<Operation *, int> deepest;
  int levels = 0;
  std::function<void(Operation *, int)> visit = [&](Operation *op, int level) {
    auto [it, first] = deepest.try_emplace(op, level);
    if (!first && it->second >= level)
      return;
    it->second = level;
    auto load = dyn_cast<tt::LoadOp>(op);
    if (isa<tt::DescriptorLoadOp>(op) ||
        (load && isAsyncCopyable(load, loop, &axisInfo))) {
      levels = std::max(levels, level);
      ++level;
    }
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && def->getBlock() == body)
          visit(def, level);
    });
  };
  for (Operation &op : body->without_terminator())
    if (isDotLike(&op))
      for (Value operand : op.getOperands().take_front(2))
        if (Operation *def = operand.getDefiningOp();
            def && def->getBlock() == body)
          visit(def, 0);
  for (auto [op, level] : deepest)
    if (level == 0 && isa<tt::LoadOp>(op))
      feedingDots.insert(op);
  return levels;
}

/// The iterations a pipelined load runs ahead in a loop of `stages` stages
/// whose loads chain `levels` deep: the chain splits the stages between its
/// levels, (stages - 1) / (levels + 1) as in Triton; a level at stages - 1
/// or deeper gets no stage of its own and does not count.
static int getLoadLatency(int stages, int levels) {
  return (stages - 1) / (std::min(levels, stages - 2) + 1);
}

namespace {
struct TTGAssignLatenciesPass
    : public tile::impl::TTGAssignLatenciesPassBase<TTGAssignLatenciesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleAxisInfoAnalysis axisInfo(getOperation());
    getOperation().walk([&](scf::ForOp loop) {
      int stages = getNumStages(loop, numStages);
      if (stages < 2)
        return;
      bool hasDot = false;
      loop.getBody()->walk([&](Operation *op) { hasDot |= isDotLike(op); });
      if (!hasDot)
        return;
      Builder builder(loop.getContext());
      DenseSet<Operation *> feedingDots;
      int levels = getIndirectionLevels(loop, axisInfo, feedingDots);
      bool registersToSpare =
          getCarriedRegisters(loop) <= kMaxCarriedRegistersForRegisterLoads;
      for (auto load : loop.getBody()->getOps<tt::LoadOp>())
        if (isPipelinableLoad(load, loop, &axisInfo) &&
            (isStagedInSharedMemory(load) ||
             (registersToSpare && feedingDots.contains(load)))) {
          load->setAttr(kLatencyAttrName, builder.getI32IntegerAttr(
                                              getLoadLatency(stages, levels)));
          ++numMarkedLoads;
        }
      // TMA copies need no per-thread contiguity: only a buffer they can
      // fill.
      for (auto load : loop.getBody()->getOps<tt::DescriptorLoadOp>())
        if (getPipelinableDescriptorLoadSink(load, loop)) {
          load->setAttr(kLatencyAttrName, builder.getI32IntegerAttr(
                                              getLoadLatency(stages, levels)));
          ++numMarkedLoads;
        }
    });
  }
};
} // namespace

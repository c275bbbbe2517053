//===- Coalesce.cpp - Coalesced layouts for global memory ops -------------===//
//
// tritongpu-coalesce: gives every tt.load, tt.store, tt.atomic_rmw and
// tt.atomic_cas on a tensor of pointers a #ttg.blocked layout in which each
// thread accesses as many consecutive elements (up to 128 bits) as the axis
// analysis proves contiguous and aligned, and neighbouring threads access
// neighbouring vectors. The op is rewritten in that layout with
// ttg.convert_layout on its operands and results;
// tritongpu-remove-layout-conversions removes those conversions later.
// TMA stores (tt.descriptor_store and _reduce) get Triton's layout
// for them: the TMA engine reads shared memory, so only the register to
// shared copy before it matters, which wants row-major vectors of up to 128
// bits. So do TMA loads whose block is used in registers (a reduction of
// it, say), as in Triton. A load whose block goes into a shared buffer or a
// dot (directly, or through tt.trans and layout conversions) keeps its
// layout: tile's pipeliner takes such a load only when nothing else stands
// between, which the conversions around it would hide.
// The rules are Triton's (reference/triton.md, section 6.2).
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/AxisInfo.h"
#include "passes/ttg/Passes.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/DebugLog.h"

#include <numeric>

#define DEBUG_TYPE "tritongpu-coalesce"

namespace mlir::tile {
#define GEN_PASS_DEF_TTGCOALESCEPASS
#include "passes/ttg/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// The tensor of pointers a global memory op accesses through, or null.
Value getMemoryAccessPtr(Operation *op) {
  Value ptr;
  if (auto load = dyn_cast<tt::LoadOp>(op))
    ptr = load.getPtr();
  else if (auto store = dyn_cast<tt::StoreOp>(op))
    ptr = store.getPtr();
  else if (auto rmw = dyn_cast<tt::AtomicRMWOp>(op))
    ptr = rmw.getPtr();
  else if (auto cas = dyn_cast<tt::AtomicCASOp>(op))
    ptr = cas.getPtr();
  if (!ptr)
    return {};
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type || !type.getEncoding() ||
      !isa<tt::PointerType>(type.getElementType()))
    return {};
  return ptr;
}

/// The width in bits of what `ptrTensor`'s pointers point to; 0 if unknown.
unsigned getPointeeBitWidth(RankedTensorType ptrTensor) {
  auto ptr = dyn_cast<tt::PointerType>(ptrTensor.getElementType());
  if (!ptr)
    return 0;
  Type pointee = ptr.getPointeeType();
  if (isa<tt::PointerType>(pointee))
    return 64;
  if (pointee.isIntOrFloat())
    return pointee.getIntOrFloatBitWidth();
  return 0;
}

/// Dims sorted by contiguity, most contiguous first; ties go to the lower
/// dim, as Triton 3.6.0 orders them (a 1x1 store through a splat pointer is
/// laid out with order [0, 1], its 32 lanes along dim 1, not replicated
/// along dim 0; the release does not reverse the dims before sorting).
SmallVector<unsigned> getOrderFromContiguity(ArrayRef<int64_t> contiguity) {
  SmallVector<unsigned> order(contiguity.size());
  std::iota(order.begin(), order.end(), 0);
  // A total order (ties broken by the lower dim) instead of stable_sort,
  // whose libstdc++ buffer helper is deprecated.
  llvm::sort(order, [&](unsigned a, unsigned b) {
    if (contiguity[a] != contiguity[b])
      return contiguity[a] > contiguity[b];
    return a < b;
  });
  return order;
}

/// All ops connected to `root` through def-use edges, in either direction:
/// the memory ops whose layouts should agree so producer and consumer do
/// not need a conversion between them (Triton's multiRootGetSlice).
SetVector<Operation *> getConnectedOps(Operation *root) {
  SetVector<Operation *> connected;
  SmallVector<Operation *> worklist{root};
  connected.insert(root);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    auto visit = [&](Operation *next) {
      if (next && connected.insert(next))
        worklist.push_back(next);
    };
    for (Value operand : op->getOperands())
      visit(operand.getDefiningOp());
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers())
        visit(user);
  }
  return connected;
}

class CoalescePlanner {
public:
  CoalescePlanner(const ModuleAxisInfoAnalysis &axisInfo, unsigned numWarps,
                  unsigned threadsPerWarp)
      : axisInfo(axisInfo), numWarps(numWarps), threadsPerWarp(threadsPerWarp) {
  }

  /// The coalesced layout for memory op `op` (whose pointer tensor is
  /// `ptr`), or null when nothing sensible can be built.
  Attribute buildCoalescedEncoding(Operation *op, Value ptr) const {
    auto type = cast<RankedTensorType>(ptr.getType());
    ArrayRef<int64_t> shape = type.getShape();
    AxisInfo info = axisInfo.getAxisInfo(ptr);
    if (info.getRank() != shape.size())
      return {};
    SmallVector<unsigned> order = getOrderFromContiguity(info.getContiguity());

    // Producers and consumers connected to this op that access a tensor of
    // the same shape in the same order use the widest vector any of them
    // can, so that they end up in one layout.
    unsigned perThread = getElementsPerThread(op, order);
    for (Operation *other : getConnectedOps(op)) {
      if (other == op)
        continue;
      Value otherPtr = getMemoryAccessPtr(other);
      if (!otherPtr)
        continue;
      auto otherType = cast<RankedTensorType>(otherPtr.getType());
      if (otherType.getShape() != shape)
        continue;
      AxisInfo otherInfo = axisInfo.getAxisInfo(otherPtr);
      if (otherInfo.getRank() != shape.size() ||
          getOrderFromContiguity(otherInfo.getContiguity()) != order)
        continue;
      perThread = std::max(perThread, getElementsPerThread(other, order));
    }

    // Do not leave threads idle to give others wider vectors.
    int64_t numElements = type.getNumElements();
    int64_t numThreads = int64_t(numWarps) * threadsPerWarp;
    perThread = std::min<int64_t>(
        perThread, std::max<int64_t>(numElements / numThreads, 1));
    // A store wider than it can prove leaves holes in every warp's
    // transaction; a load's extra bytes only cost L1 bandwidth.
    if (!isa<tt::LoadOp>(op))
      perThread = std::min(perThread, getElementsPerThread(op, order));

    SmallVector<unsigned> sizePerThread(shape.size(), 1);
    sizePerThread[order[0]] = perThread;
    LDBG() << "coalescing " << *op << ": sizePerThread[" << order[0]
           << "] = " << perThread;
    return ttg::buildBlockedEncoding(op->getContext(), shape, sizePerThread,
                                     order, numWarps, threadsPerWarp);
  }

private:
  /// How many elements along `order[0]` one thread of `op` can access as
  /// one aligned vector of at most 128 bits.
  unsigned getElementsPerThread(Operation *op, ArrayRef<unsigned> order) const {
    Value ptr = getMemoryAccessPtr(op);
    auto type = cast<RankedTensorType>(ptr.getType());
    AxisInfo info = axisInfo.getAxisInfo(ptr);
    unsigned bits = getPointeeBitWidth(type);
    if (bits == 0 || info.getRank() != type.getRank())
      return 1;
    unsigned dim = order[0];
    int64_t elementBytes = std::max(bits / 8, 1u);
    int64_t maxMultiple =
        std::max<int64_t>(info.getDivisibility(dim) / elementBytes, 1);
    int64_t maxContig =
        std::min<int64_t>(info.getContiguity(dim), type.getDimSize(dim));
    int64_t alignment = std::min(maxMultiple, maxContig);
    return static_cast<unsigned>(
        std::max<int64_t>(std::min<int64_t>(alignment, 128 / bits), 1));
  }

  const ModuleAxisInfoAnalysis &axisInfo;
  unsigned numWarps;
  unsigned threadsPerWarp;
};

/// The tensor a TMA store (or reduce) writes, or null. (A scatter's row
/// offsets are a tensor of another rank, which the one layout cannot fit.)
Value getDescriptorStoreSource(Operation *op) {
  if (auto store = dyn_cast<tt::DescriptorStoreOp>(op))
    return store.getSrc();
  if (auto reduce = dyn_cast<tt::DescriptorReduceOp>(op))
    return reduce.getSrc();
  return {};
}

/// Whether every use of `block`, a TMA load's result, copies it into a
/// shared buffer or is a dot operand (which tritongpu-accelerate-matmul
/// stages in shared memory), directly or through tt.trans and layout
/// conversions.
bool onlyFillsSharedBuffers(Value block) {
  return llvm::all_of(block.getUsers(), [](Operation *user) {
    if (isa<tt::TransOp, ttg::ConvertLayoutOp>(user))
      return onlyFillsSharedBuffers(user->getResult(0));
    return isa<ttg::LocalAllocOp, tt::DotOp>(user);
  });
}

/// The block a TMA load brings into registers for other uses than a
/// shared buffer, or null.
Value getDescriptorLoadBlockInRegisters(Operation *op) {
  auto load = dyn_cast<tt::DescriptorLoadOp>(op);
  if (!load || onlyFillsSharedBuffers(load.getResult()))
    return {};
  return load.getResult();
}

/// Triton's layout for the tensor of a TMA store: row-major, each thread
/// holding a vector of up to 128 bits along the last dim (no more than its
/// share of the elements), lanes and warps filling the rest.
Attribute buildDescriptorStoreEncoding(RankedTensorType type, unsigned numWarps,
                                       unsigned threadsPerWarp) {
  unsigned bits = type.getElementTypeBitWidth();
  if (bits == 0 || !type.getEncoding())
    return {};
  int64_t perThread = std::max<int64_t>(
      type.getNumElements() / (int64_t(numWarps) * threadsPerWarp), 1);
  perThread = std::min<int64_t>(perThread, std::max(128u / bits, 1u));
  size_t rank = type.getRank();
  SmallVector<unsigned> sizePerThread(rank, 1);
  sizePerThread.back() = perThread;
  SmallVector<unsigned> order(rank);
  std::iota(order.rbegin(), order.rend(), 0);
  return ttg::buildBlockedEncoding(type.getContext(), type.getShape(),
                                   sizePerThread, order, numWarps,
                                   threadsPerWarp);
}

/// `type` with `encoding`, for tensors; other types unchanged.
Type withEncoding(Type type, Attribute encoding) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return type;
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               encoding);
}

/// Rewrites `op` to compute in `encoding`: each tensor operand goes through
/// its own ttg.convert_layout (even one that changes nothing, as Triton
/// builds them; canonicalization folds those) and each tensor result that
/// changed is converted back to what the users expect.
void convertOpEncoding(Operation *op, Attribute encoding) {
  OpBuilder builder(op);
  Operation *newOp = builder.clone(*op);
  builder.setInsertionPoint(newOp);
  for (OpOperand &operand : newOp->getOpOperands()) {
    if (!isa<RankedTensorType>(operand.get().getType()))
      continue;
    operand.set(ttg::ConvertLayoutOp::create(
        builder, op->getLoc(), withEncoding(operand.get().getType(), encoding),
        operand.get()));
  }
  builder.setInsertionPointAfter(newOp);
  for (auto [oldResult, newResult] :
       llvm::zip(op->getResults(), newOp->getResults())) {
    Type oldType = oldResult.getType();
    newResult.setType(withEncoding(oldType, encoding));
    Value replacement = newResult;
    if (newResult.getType() != oldType)
      replacement = ttg::ConvertLayoutOp::create(builder, op->getLoc(), oldType,
                                                 newResult);
    oldResult.replaceAllUsesWith(replacement);
  }
  op->erase();
}

struct TTGCoalescePass
    : public tile::impl::TTGCoalescePassBase<TTGCoalescePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<int> numWarps = ttg::getNumWarps(module);
    int threadsPerWarp = ttg::getThreadsPerWarp(module);
    if (!numWarps || *numWarps < 1 || !llvm::isPowerOf2_32(*numWarps) ||
        threadsPerWarp < 1 || !llvm::isPowerOf2_32(threadsPerWarp)) {
      module.emitError("tritongpu-coalesce needs power-of-two "
                       "\"ttg.num-warps\" and \"ttg.threads-per-warp\" "
                       "module attributes");
      return signalPassFailure();
    }
    if (ttg::getNumCTAs(module) != 1) {
      // The builder has no CGA layouts yet; leaving layouts alone is
      // correct, only slower.
      module.emitWarning("tritongpu-coalesce: \"ttg.num-ctas\" > 1 is not "
                         "supported; layouts are left as they are");
      return;
    }

    ModuleAxisInfoAnalysis axisInfo(module);
    if (axisInfo.failed()) {
      module.emitError("tritongpu-coalesce: axis analysis failed");
      return signalPassFailure();
    }
    CoalescePlanner planner(axisInfo, *numWarps, threadsPerWarp);

    // Decide every layout first: the analysis describes the IR as it was.
    SmallVector<std::pair<Operation *, Attribute>> plan;
    module.walk([&](Operation *op) {
      Value ptr = getMemoryAccessPtr(op);
      if (!ptr)
        return;
      // As Triton, the op is rewritten even when its layout stays: its
      // operands then get conversions that fold away.
      if (Attribute encoding = planner.buildCoalescedEncoding(op, ptr))
        plan.emplace_back(op, encoding);
    });
    module.walk([&](Operation *op) {
      Value src = getDescriptorStoreSource(op);
      if (!src)
        src = getDescriptorLoadBlockInRegisters(op);
      if (!src)
        return;
      if (Attribute encoding = buildDescriptorStoreEncoding(
              cast<RankedTensorType>(src.getType()), *numWarps, threadsPerWarp))
        plan.emplace_back(op, encoding);
    });
    for (auto [op, encoding] : plan)
      convertOpEncoding(op, encoding);
    numCoalescedAccesses += plan.size();
  }
};
} // namespace

//===- Allocation.cpp - Byte offsets of shared buffers and scratch --------===//

#include "passes/analysis/Allocation.h"
#include "passes/analysis/Scratch.h"

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::tile;

//===----------------------------------------------------------------------===//
// Which buffer a memdesc views
//===----------------------------------------------------------------------===//

bool mlir::tile::isSharedMemoryView(Operation *op) {
  return isa_and_nonnull<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp,
                         ttg::MemDescTransOp, ttg::MemDescReshapeOp,
                         ttg::MemDescReinterpretOp>(op);
}

bool mlir::tile::getIncomingValues(Value value,
                                   SmallVectorImpl<Value> &incoming) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Block *block = arg.getOwner();
    // A partition of ttg.warp_specialize gets the op's explicit captures.
    if (auto partitions = dyn_cast_or_null<ttg::WarpSpecializePartitionsOp>(
            block->getParentOp());
        partitions && block->isEntryBlock()) {
      auto op = cast<ttg::WarpSpecializeOp>(partitions->getParentOp());
      if (arg.getArgNumber() >= op.getExplicitCaptures().size())
        return false;
      incoming.push_back(op.getExplicitCaptures()[arg.getArgNumber()]);
      return true;
    }
    if (!block->isEntryBlock()) {
      for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
        auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
        if (!branch)
          return false;
        SuccessorOperands operands =
            branch.getSuccessorOperands(it.getSuccessorIndex());
        // Operands the branch produces itself carry no buffer.
        if (Value operand = operands[arg.getArgNumber()])
          incoming.push_back(operand);
      }
      return true;
    }
    // A partition sees the warp_specialize's captures as its arguments.
    if (auto partitions = dyn_cast_or_null<ttg::WarpSpecializePartitionsOp>(
            block->getParentOp())) {
      auto warpSpecialize =
          cast<ttg::WarpSpecializeOp>(partitions->getParentOp());
      incoming.push_back(
          warpSpecialize.getExplicitCaptures()[arg.getArgNumber()]);
      return true;
    }
  }
  Operation *owner = isa<BlockArgument>(value)
                         ? value.getParentBlock()->getParentOp()
                         : value.getDefiningOp();
  auto branch = dyn_cast_or_null<RegionBranchOpInterface>(owner);
  if (!branch)
    return false;
  SmallVector<RegionSuccessor> successors;
  branch.getSuccessorRegions(RegionBranchPoint::parent(), successors);
  for (Region &region : owner->getRegions())
    branch.getSuccessorRegions(region, successors);
  for (const RegionSuccessor &successor : successors) {
    ValueRange inputs = successor.getSuccessorInputs();
    auto it = llvm::find(inputs, value);
    if (it == inputs.end())
      continue;
    branch.getPredecessorValues(successor, it - inputs.begin(), incoming);
    return true;
  }
  return false;
}

bool mlir::tile::getAllocationSources(Value memdesc,
                                      SmallVectorImpl<Operation *> &allocs) {
  SmallVector<Value> worklist = {memdesc};
  DenseSet<Value> seen;
  bool complete = true;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    Operation *def = value.getDefiningOp();
    if (isa_and_nonnull<ttg::LocalAllocOp>(def)) {
      allocs.push_back(def);
    } else if (isSharedMemoryView(def)) {
      worklist.push_back(def->getOperand(0));
    } else if (SmallVector<Value> incoming;
               getIncomingValues(value, incoming)) {
      worklist.append(incoming);
    } else {
      complete = false;
    }
  }
  return complete;
}

//===----------------------------------------------------------------------===//
// Liveness
//===----------------------------------------------------------------------===//

namespace {
/// Ops of one function numbered in pre-order: the extent [first, last] of
/// an op covers every op nested in it.
class ProgramPoints {
public:
  explicit ProgramPoints(Operation *root) {
    int64_t counter = 0;
    root->walk<WalkOrder::PreOrder>(
        [&](Operation *op) { first[op] = counter++; });
    root->walk<WalkOrder::PostOrder>([&](Operation *op) {
      int64_t end = first[op];
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (!block.empty())
            end = std::max(end, last[&block.back()]);
      last[op] = end;
    });
  }

  int64_t getFirst(Operation *op) const { return first.lookup(op); }
  int64_t getLast(Operation *op) const { return last.lookup(op); }

private:
  DenseMap<Operation *, int64_t> first, last;
};

/// A closed range of program points.
struct LiveRange {
  int64_t start = std::numeric_limits<int64_t>::max();
  int64_t end = std::numeric_limits<int64_t>::min();

  bool overlaps(const LiveRange &other) const {
    return start <= other.end && other.start <= end;
  }
};

/// The innermost block that holds both `a` and `b` (or ops nested in them).
Block *getCommonBlock(Block *a, Block *b) {
  auto parentBlock = [](Block *block) -> Block * {
    Operation *parent = block->getParentOp();
    return parent ? parent->getBlock() : nullptr;
  };
  SmallPtrSet<Block *, 8> ancestors;
  for (Block *block = a; block; block = parentBlock(block))
    ancestors.insert(block);
  for (Block *block = b; block; block = parentBlock(block))
    if (ancestors.contains(block))
      return block;
  return nullptr;
}

/// The live range of the buffer `alloc` creates, given every value that
/// may view it. The range is measured in the innermost block that holds
/// the alloc and all those values: an op nested deeper counts as the op of
/// that block around it. So a use inside a loop keeps the buffer live for
/// the whole loop, and a buffer that a loop carries from one iteration to
/// the next (a region argument or result outside the body) is live for the
/// whole loop too.
LiveRange getExplicitLiveRange(Operation *alloc, ArrayRef<Value> aliases,
                               const ProgramPoints &points) {
  Block *scope = alloc->getBlock();
  for (Value alias : aliases)
    if (Block *common = getCommonBlock(scope, alias.getParentBlock()))
      scope = common;
  LiveRange range;
  auto cover = [&](Operation *op) {
    if (Operation *ancestor = scope->findAncestorOpInBlock(*op)) {
      range.start = std::min(range.start, points.getFirst(ancestor));
      range.end = std::max(range.end, points.getLast(ancestor));
      return;
    }
    // The op that owns `scope` itself (a block argument's loop): all of it.
    range.start = std::min(range.start, points.getFirst(&scope->front()));
    range.end = std::max(range.end, points.getLast(&scope->back()));
  };
  cover(alloc);
  for (Value alias : aliases) {
    cover(isa<BlockArgument>(alias) ? alias.getParentBlock()->getParentOp()
                                    : alias.getDefiningOp());
    for (Operation *user : alias.getUsers())
      cover(user);
  }
  return range;
}

/// Every memdesc value of `func` grouped by the local_alloc it may view.
DenseMap<Operation *, SmallVector<Value>> getAliases(tt::FuncOp func) {
  DenseMap<Operation *, SmallVector<Value>> aliases;
  auto add = [&](Value value) {
    if (!isa<ttg::MemDescType>(value.getType()))
      return;
    SmallVector<Operation *> allocs;
    (void)getAllocationSources(value, allocs);
    for (Operation *alloc : allocs)
      aliases[alloc].push_back(value);
  };
  func.walk([&](Operation *op) {
    for (Value result : op->getResults())
      add(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          add(arg);
  });
  return aliases;
}

//===----------------------------------------------------------------------===//
// Placement
//===----------------------------------------------------------------------===//

/// The ttg.warp_specialize around `op` and which of its warp groups runs
/// `op` (0: the default group, i + 1: partition i); null when `op` runs on
/// the whole CTA.
std::pair<Operation *, unsigned> getWarpGroup(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       op = parent, parent = parent->getParentOp()) {
    if (auto partitions = dyn_cast<ttg::WarpSpecializePartitionsOp>(parent))
      return {partitions->getParentOp(),
              1 + op->getParentRegion()->getRegionNumber()};
    if (auto ws = dyn_cast<ttg::WarpSpecializeOp>(parent))
      return {ws, 0};
  }
  return {nullptr, 0};
}

/// Whether `a` and `b` may run at the same time on different warp groups of
/// one ttg.warp_specialize, whatever their program points.
bool mayRunConcurrently(Operation *a, Operation *b) {
  auto [wsA, groupA] = getWarpGroup(a);
  auto [wsB, groupB] = getWarpGroup(b);
  return wsA && wsA == wsB && groupA != groupB;
}

/// The buffers of one function, with offsets from the function's base.
struct FunctionAllocation {
  SmallVector<SharedBuffer> buffers;
  int64_t bytes = 0;
  int64_t alignment = kScratchAlignment;
};

/// The lowest offset, a multiple of `alignment`, where `bytes` overlap none
/// of `live`.
int64_t firstFit(ArrayRef<const SharedBuffer *> live, int64_t bytes,
                 int64_t alignment) {
  SmallVector<int64_t> candidates = {0};
  for (const SharedBuffer *other : live)
    candidates.push_back(
        llvm::alignTo(other->offset + other->bytes, alignment));
  llvm::sort(candidates);
  for (int64_t candidate : candidates)
    if (llvm::none_of(live, [&](const SharedBuffer *other) {
          return candidate < other->offset + other->bytes &&
                 other->offset < candidate + bytes;
        }))
      return candidate;
  return candidates.back();
}

FunctionAllocation allocateFunction(tt::FuncOp func,
                                    ScratchSizeFn scratchSize) {
  ProgramPoints points(func);
  DenseMap<Operation *, SmallVector<Value>> aliases = getAliases(func);
  FunctionAllocation allocation;
  SmallVector<LiveRange> ranges;
  // The bytes that tell the partition warps of ttg.warp_specialize ops what
  // to run: in use for the whole function.
  if (int64_t bytes = getWarpStateBytes(func)) {
    allocation.buffers.push_back(
        {func, /*isScratch=*/true, 0, bytes, kScratchAlignment});
    ranges.push_back({points.getFirst(func), points.getLast(func)});
  }
  func.walk([&](Operation *op) {
    if (int64_t bytes = getExplicitAllocationSizeInBytes(op)) {
      allocation.buffers.push_back({op, /*isScratch=*/false, 0, bytes,
                                    getExplicitAllocationAlignment(op)});
      // Blocks joined by cf branches have no nesting to measure liveness
      // in: there a buffer lives for the whole function.
      ranges.push_back(
          func.getBody().hasOneBlock()
              ? getExplicitLiveRange(op, aliases.lookup(op), points)
              : LiveRange{0, std::numeric_limits<int64_t>::max()});
    } else if (int64_t bytes =
                   scratchSize ? scratchSize(op) : getScratchSizeInBytes(op)) {
      allocation.buffers.push_back(
          {op, /*isScratch=*/true, 0, bytes, getScratchAlignment(op)});
      ranges.push_back({points.getFirst(op), points.getLast(op)});
    }
  });
  // First fit, largest buffers first (program order among equals), beside
  // the buffers already placed that are live at the same time. Placing big
  // buffers first keeps small ones (mbarriers, scratch) from splitting the
  // space a big aligned buffer needs, as Triton's allocator does by sorting
  // its buffers by size.
  SmallVector<size_t> order(allocation.buffers.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order, [&](size_t a, size_t b) {
    int64_t bytesA = allocation.buffers[a].bytes;
    int64_t bytesB = allocation.buffers[b].bytes;
    return bytesA != bytesB ? bytesA > bytesB : a < b;
  });
  SmallVector<size_t> placed;
  for (size_t i : order) {
    SharedBuffer &buffer = allocation.buffers[i];
    SmallVector<const SharedBuffer *> live;
    for (size_t j : placed)
      if (ranges[j].overlaps(ranges[i]) ||
          mayRunConcurrently(allocation.buffers[j].op, buffer.op))
        live.push_back(&allocation.buffers[j]);
    buffer.offset = firstFit(live, buffer.bytes, buffer.alignment);
    allocation.bytes = std::max(allocation.bytes, buffer.offset + buffer.bytes);
    allocation.alignment = std::max(allocation.alignment, buffer.alignment);
    placed.push_back(i);
  }
  return allocation;
}

//===----------------------------------------------------------------------===//
// Functions and calls
//===----------------------------------------------------------------------===//

/// The functions of `module`, callers before callees. Fails, with a
/// diagnostic, on a recursive call.
FailureOr<SmallVector<tt::FuncOp>> getCallersFirst(ModuleOp module) {
  enum class State { Unvisited, Visiting, Done };
  DenseMap<Operation *, State> state;
  SmallVector<tt::FuncOp> postOrder;
  std::function<LogicalResult(tt::FuncOp)> visit =
      [&](tt::FuncOp func) -> LogicalResult {
    state[func] = State::Visiting;
    WalkResult result = func.walk([&](tt::CallOp call) {
      auto callee = module.lookupSymbol<tt::FuncOp>(call.getCallee());
      if (!callee)
        return WalkResult::advance();
      if (state.lookup(callee) == State::Visiting) {
        call.emitOpError("makes a recursive call; shared memory cannot be "
                         "allocated for recursive functions");
        return WalkResult::interrupt();
      }
      if (state.lookup(callee) == State::Unvisited && failed(visit(callee)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
    state[func] = State::Done;
    postOrder.push_back(func);
    return success();
  };
  for (auto func : module.getOps<tt::FuncOp>())
    if (state.lookup(func) == State::Unvisited && failed(visit(func)))
      return failure();
  return SmallVector<tt::FuncOp>(llvm::reverse(postOrder));
}
} // namespace

int64_t mlir::tile::getExplicitAllocationAlignment(Operation *op) {
  auto alloc = dyn_cast<ttg::LocalAllocOp>(op);
  if (!alloc)
    return kScratchAlignment;
  int64_t alignment = kScratchAlignment;
  if (std::optional<uint32_t> requested = alloc.getAlignment())
    alignment = std::max<int64_t>(alignment, llvm::PowerOf2Ceil(*requested));
  // wgmma and TMA apply an nvmma_shared swizzle to the absolute shared
  // address (the 16-byte chunk bits XOR the row bits above them), so the
  // buffer must start on a whole swizzle pattern: 8 rows of
  // swizzlingByteWidth bytes. A swizzled_shared layout is applied by our
  // own index math relative to the buffer's start; moving the start by a
  // multiple of 16 bytes moves every thread's bank by the same amount,
  // which keeps vector accesses aligned and conflict-free, so 16 suffices.
  if (auto nvmma =
          dyn_cast<ttg::NVMMASharedEncodingAttr>(alloc.getType().getEncoding()))
    alignment = std::max<int64_t>(alignment,
                                  8 * int64_t(nvmma.getSwizzlingByteWidth()));
  return alignment;
}

FailureOr<SharedMemoryAllocation>
mlir::tile::computeSharedMemoryAllocation(ModuleOp module,
                                          ScratchSizeFn scratchSize) {
  FailureOr<SmallVector<tt::FuncOp>> functions = getCallersFirst(module);
  if (failed(functions))
    return failure();
  // A callee addresses the same array with absolute offsets, and runs while
  // any buffer of its caller may be live: it starts above all of them.
  DenseMap<Operation *, FunctionAllocation> perFunction;
  DenseMap<Operation *, int64_t> base;
  for (tt::FuncOp func : *functions) {
    FunctionAllocation &allocation = perFunction[func] =
        allocateFunction(func, scratchSize);
    int64_t start = llvm::alignTo(base.lookup(func), allocation.alignment);
    base[func] = start;
    func.walk([&](tt::CallOp call) {
      if (auto callee = module.lookupSymbol<tt::FuncOp>(call.getCallee()))
        base[callee] = std::max(base.lookup(callee), start + allocation.bytes);
    });
  }

  SharedMemoryAllocation result;
  // Callees come after their callers: visit them first to know what each
  // function needs with everything it calls.
  for (tt::FuncOp func : llvm::reverse(*functions)) {
    int64_t end = base[func] + perFunction[func].bytes;
    func.walk([&](tt::CallOp call) {
      auto callee = module.lookupSymbol<tt::FuncOp>(call.getCallee());
      if (callee)
        end = std::max(end, base[callee] + result.functionBytes.lookup(callee));
    });
    result.functionBase[func] = base[func];
    result.functionBytes[func] = end - base[func];
  }
  for (auto func : module.getOps<tt::FuncOp>()) {
    const FunctionAllocation &allocation = perFunction[func];
    for (SharedBuffer buffer : allocation.buffers) {
      buffer.offset += base[func];
      result.offsets[buffer.op] = buffer.offset;
      result.buffers.push_back(buffer);
    }
    result.totalBytes =
        std::max(result.totalBytes, base[func] + allocation.bytes);
  }
  return result;
}

std::optional<int64_t> mlir::tile::getMaxSharedMemoryPerBlock(ModuleOp module) {
  // Opt-in maximum of dynamic shared memory per block (CUDA's
  // sharedMemPerBlockOptin) for each compute capability.
  switch (ttg::getComputeCapability(module).value_or(0)) {
  case 80:
    return 166912;
  case 86:
  case 89:
    return 101376;
  case 90:
    return 232448;
  default:
    return std::nullopt;
  }
}

namespace {
/// How many blocks of `module`, needing `bytes` of shared memory each, one
/// SM runs at once as far as shared memory and threads go (2048 threads,
/// 32 blocks; each block also reserves 1 KiB of shared memory, which the
/// opt-in maximum per block leaves out). Registers are not known yet.
int64_t getBlocksPerSM(ModuleOp module, int64_t bytes) {
  constexpr int64_t kReservedPerBlock = 1024;
  constexpr int64_t kThreadsPerSM = 2048;
  constexpr int64_t kBlocksPerSM = 32;
  int64_t threads = int64_t(ttg::getNumWarps(module).value_or(1)) *
                    ttg::getThreadsPerWarp(module);
  int64_t blocks = std::min(kBlocksPerSM, kThreadsPerSM / threads);
  if (std::optional<int64_t> perBlock = getMaxSharedMemoryPerBlock(module))
    blocks = std::min(blocks, (*perBlock + kReservedPerBlock) /
                                  (bytes + kReservedPerBlock));
  return blocks;
}

/// The allocation with each conversion's scratch sized so that it costs
/// nothing: the fastest way of converting that does not raise the module's
/// total above what the rest of the module needs (its scratch overlapping
/// buffers dead while it runs), or, where even its smallest way would raise
/// it (the conversion sets the total), the fastest way that keeps as many
/// blocks per SM as the smallest when nothing else is live beside it, else
/// the smallest.
/// Conversions are decided in program order, each against the choices made
/// before it (those not yet decided taking no scratch). `reduced` gets the
/// bytes of each conversion not given its fastest way.
FailureOr<SharedMemoryAllocation>
allocateWithConversionScratch(ModuleOp module,
                              llvm::MapVector<Operation *, int64_t> &reduced) {
  llvm::MapVector<Operation *, SmallVector<int64_t>> choices;
  module.walk([&](ttg::ConvertLayoutOp op) {
    op->removeAttr(kScratchBytesAttrName);
    SmallVector<int64_t> sizes = getConvertLayoutScratchSizes(op);
    if (sizes.size() > 1)
      choices[op] = std::move(sizes);
  });
  llvm::DenseMap<Operation *, int64_t> chosen;
  for (auto &[op, sizes] : choices)
    chosen[op] = 0;
  auto scratchSize = [&](Operation *op) {
    auto it = chosen.find(op);
    return it != chosen.end() ? it->second : getScratchSizeInBytes(op);
  };
  auto totalWith = [&](Operation *op, int64_t bytes) -> FailureOr<int64_t> {
    chosen[op] = bytes;
    FailureOr<SharedMemoryAllocation> allocation =
        computeSharedMemoryAllocation(module, scratchSize);
    if (failed(allocation))
      return failure();
    return allocation->totalBytes;
  };
  for (auto &[op, sizes] : choices) {
    FailureOr<int64_t> rest = totalWith(op, 0);
    FailureOr<int64_t> smallest = totalWith(op, sizes.back());
    if (failed(rest) || failed(smallest))
      return failure();
    bool setsTotal = *smallest > *rest;
    int64_t blocks = getBlocksPerSM(module, *smallest);
    // Where a single block fits per SM anyway, more scratch buys no
    // occupancy; it only takes shared memory from L1 (and Triton's
    // conversion would not take it). Where the total exceeds the scratch's
    // own bytes, a buffer is live beside it (typically a pipelined loop's
    // rings, or an mbarrier) and the bytes it would grow by sit on top of
    // it, where Triton's conversion takes fewer: tutorial 09's 4-warp
    // persistent matmuls went 8 to 16 KiB above Triton's compile there
    // while keeping two blocks. Taking the smallest way is the conservative
    // side of that proxy.
    bool besideLiveBuffers =
        *smallest > int64_t(llvm::alignTo(sizes.back(), kScratchAlignment));
    bool growsFreely = setsTotal && !besideLiveBuffers && blocks > 1;
    for (int64_t bytes : sizes) {
      FailureOr<int64_t> total = totalWith(op, bytes);
      if (failed(total))
        return failure();
      if (*total <= *rest || bytes == sizes.back() ||
          (growsFreely && getBlocksPerSM(module, *total) >= blocks))
        break;
    }
    if (chosen[op] != sizes.front())
      reduced[op] = chosen[op];
  }
  return computeSharedMemoryAllocation(module, scratchSize);
}
} // namespace

LogicalResult mlir::tile::annotateSharedMemoryAllocation(ModuleOp module) {
  llvm::MapVector<Operation *, int64_t> reduced;
  FailureOr<SharedMemoryAllocation> allocation =
      allocateWithConversionScratch(module, reduced);
  if (failed(allocation))
    return failure();
  std::optional<int64_t> limit = getMaxSharedMemoryPerBlock(module);
  if (limit && allocation->totalBytes > *limit) {
    // Name the first buffer, in program order, that crosses the limit.
    const SharedBuffer *crossing =
        llvm::find_if(allocation->buffers, [&](const SharedBuffer &buffer) {
          return buffer.offset + buffer.bytes > *limit;
        });
    InFlightDiagnostic diag =
        crossing != allocation->buffers.end()
            ? crossing->op->emitOpError("needs shared memory up to byte ")
                  << crossing->offset + crossing->bytes << ": "
            : module.emitError();
    diag << "the module needs " << allocation->totalBytes
         << " bytes of shared memory, more than the " << *limit
         << " bytes a block may use on "
         << module
                ->getAttrOfType<StringAttr>(
                    ttg::TTGDialect::getTargetAttrName())
                .getValue();
    return failure();
  }
  Builder builder(module.getContext());
  for (auto &[op, bytes] : reduced)
    op->setAttr(kScratchBytesAttrName, builder.getI64IntegerAttr(bytes));
  for (const SharedBuffer &buffer : allocation->buffers)
    buffer.op->setAttr(kAllocationOffsetAttrName,
                       builder.getI32IntegerAttr(buffer.offset));
  module->setAttr(kSharedMemorySizeAttrName,
                  builder.getI32IntegerAttr(allocation->totalBytes));
  return success();
}

SmallVector<ModuleOp> mlir::tile::getModulesToAllocate(ModuleOp module) {
  SmallVector<ModuleOp> modules;
  module.walk([&](ModuleOp nested) {
    if (nested != module && !nested.getOps<tt::FuncOp>().empty())
      modules.push_back(nested);
  });
  if (modules.empty() || !module.getOps<tt::FuncOp>().empty())
    modules.push_back(module);
  return modules;
}

bool mlir::tile::hasSharedMemoryAllocation(ModuleOp module) {
  return module->hasAttr(kSharedMemorySizeAttrName);
}

//===- WarpSpecializeToLLVM.cpp - convert-warp-specialize-to-llvm ---------===//
//
// Turns the ttg.warp_specialize ops of an LLVM kernel into code every warp
// of the CTA runs: the default warps run the kernel and, at each op, tell
// the partition warps through shared memory which partition to run and
// with which captures; the partition warps wait in a switch loop. Named
// barriers keep the groups apart, setmaxnreg moves registers between them
// (Passes.td describes the protocol).
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Scratch.h"
#include "passes/conversion/Passes.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/TypeConverter.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/WarpSpecialize.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SetVector.h"

#include <limits>

namespace mlir::tile {
#define GEN_PASS_DEF_CONVERTWARPSPECIALIZETOLLVMPASS
#include "passes/conversion/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Hardware barriers (ttg::kNumHardwareBarriers): 0 for the default group,
/// 1 for the whole CTA (the switch loop), then one per partition from
/// ttg::kFirstPartitionBarrier.
constexpr unsigned kDefaultGroupBarrier = 0;
constexpr unsigned kSwitchLoopBarrier = 1;
/// The most pure ops recomputed in each partition instead of one capture.
constexpr size_t kMaxRecomputedOps = 16;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// Gives the operands, region arguments and results of `op` (a
/// ttg.warp_specialize, its partitions op or a ttg.warp_yield) their LLVM
/// types, with casts to the old types where the old values are used.
void convertOpTypes(Operation *op, const TypeConverter &converter) {
  OpBuilder builder(op);
  for (OpOperand &operand : op->getOpOperands()) {
    Type type = converter.convertType(operand.get().getType());
    if (!type || type == operand.get().getType())
      continue;
    operand.set(UnrealizedConversionCastOp::create(builder, op->getLoc(), type,
                                                   operand.get())
                    .getResult(0));
  }
  for (Region &region : op->getRegions()) {
    if (region.empty())
      continue;
    builder.setInsertionPointToStart(&region.front());
    for (BlockArgument arg : region.getArguments()) {
      Type old = arg.getType();
      Type type = converter.convertType(old);
      if (!type || type == old)
        continue;
      arg.setType(type);
      auto cast =
          UnrealizedConversionCastOp::create(builder, arg.getLoc(), old, arg);
      arg.replaceAllUsesExcept(cast.getResult(0), cast);
    }
  }
  builder.setInsertionPointAfter(op);
  for (OpResult result : op->getResults()) {
    Type old = result.getType();
    Type type = converter.convertType(old);
    if (!type || type == old)
      continue;
    result.setType(type);
    auto cast =
        UnrealizedConversionCastOp::create(builder, op->getLoc(), old, result);
    result.replaceAllUsesExcept(cast.getResult(0), cast);
  }
}

//===----------------------------------------------------------------------===//
// Barriers and registers
//===----------------------------------------------------------------------===//

/// Synchronizes the `numThreads` threads of one warp group on `barrier`;
/// `asIntrinsic` as a call of the intrinsic nvvm.barrier stands for.
void emitGroupBarrier(OpBuilder &builder, Location loc, unsigned barrier,
                      int numThreads, bool asIntrinsic) {
  if (numThreads == 32) {
    NVVM::SyncWarpOp::create(builder, loc, i32Constant(builder, loc, -1));
    return;
  }
  if (asIntrinsic) {
    Value id = i32Constant(builder, loc, barrier);
    Value count = i32Constant(builder, loc, numThreads);
    nvidia::emitNamedBarrier(builder, loc, id, count, /*arrive=*/false);
    return;
  }
  NVVM::BarrierOp::create(builder, loc, TypeRange(),
                          i32Constant(builder, loc, barrier),
                          i32Constant(builder, loc, numThreads),
                          NVVM::BarrierReductionAttr(), Value());
}

/// Synchronizes every thread of the CTA on `barrier`, from wherever each
/// warp is (not an aligned barrier: the groups reach it from different
/// code).
void emitCTABarrierAt(OpBuilder &builder, Location loc, unsigned barrier) {
  LLVM::CallIntrinsicOp::create(
      builder, loc, builder.getStringAttr("llvm.nvvm.barrier.cta.sync.all"),
      ValueRange{i32Constant(builder, loc, barrier)});
}

/// Moves the executing warp group from `current` to `target` registers per
/// thread.
void emitSetMaxRegisters(OpBuilder &builder, Location loc, int current,
                         int target) {
  current = std::min(current, kMaxRegisters);
  target = std::min(target, kMaxRegisters);
  auto action = target < current ? NVVM::SetMaxRegisterAction::decrease
                                 : NVVM::SetMaxRegisterAction::increase;
  NVVM::SetMaxRegisterOp::create(builder, loc, target, action);
}

/// Makes every CTA barrier of `func` the barrier of its warp group: the
/// default group's outside partitions, partition i's (barrier 2 + i)
/// inside it.
LogicalResult rewriteGroupBarriers(LLVM::LLVMFuncOp func,
                                   ArrayRef<ttg::WarpSpecializeOp> ops,
                                   int threadsPerWarp, int defaultWarps,
                                   bool asIntrinsic) {
  SmallVector<NVVM::Barrier0Op> outside;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<ttg::WarpSpecializePartitionsOp>(op))
      return WalkResult::skip();
    if (auto barrier = dyn_cast<NVVM::Barrier0Op>(op))
      outside.push_back(barrier);
    return WalkResult::advance();
  });
  for (NVVM::Barrier0Op barrier : outside) {
    OpBuilder builder(barrier);
    emitGroupBarrier(builder, barrier.getLoc(), kDefaultGroupBarrier,
                     defaultWarps * threadsPerWarp, asIntrinsic);
    barrier.erase();
  }
  for (ttg::WarpSpecializeOp op : ops) {
    for (auto [i, partition] : llvm::enumerate(op.getPartitionRegions())) {
      unsigned id = ttg::kFirstPartitionBarrier + i;
      if (id >= ttg::kNumHardwareBarriers)
        return op.emitOpError("has ")
               << op.getPartitionNumWarps().size()
               << " partitions; the hardware's barriers allow at most "
               << ttg::kNumHardwareBarriers - ttg::kFirstPartitionBarrier;
      int threads = op.getPartitionNumWarps()[i] * threadsPerWarp;
      partition->walk([&](NVVM::Barrier0Op barrier) {
        OpBuilder builder(barrier);
        emitGroupBarrier(builder, barrier.getLoc(), id, threads, asIntrinsic);
        barrier.erase();
      });
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Captures
//===----------------------------------------------------------------------===//

/// Collects into `ops` the pure ops that compute `capture` from kernel
/// arguments; fails when it depends on anything else or takes too many ops.
LogicalResult getRecomputableOps(LLVM::LLVMFuncOp func, Value capture,
                                 SetVector<Operation *> &ops) {
  SetVector<Value> worklist;
  worklist.insert(capture);
  for (size_t i = 0; i < worklist.size(); ++i) {
    Value value = worklist[i];
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() == &func.getBody().front())
        continue;
      return failure();
    }
    // The default group has already computed it from the same operands, so
    // an op that may not be speculated (a division) is safe to repeat too.
    Operation *def = value.getDefiningOp();
    if (!isMemoryEffectFree(def) || def->getNumRegions() != 0)
      return failure();
    ops.insert(def);
    worklist.insert(def->operand_begin(), def->operand_end());
  }
  return success(ops.size() <= kMaxRecomputedOps);
}

/// Drops the captures the partitions can compute themselves (kernel
/// arguments, short pure computations over them): shorter live ranges and
/// nothing to pass through shared memory.
void recomputeTrivialCaptures(LLVM::LLVMFuncOp func,
                              ArrayRef<ttg::WarpSpecializeOp> ops) {
  for (ttg::WarpSpecializeOp op : ops) {
    llvm::BitVector dropped(op->getNumOperands());
    for (auto [i, capture] : llvm::enumerate(op.getExplicitCaptures())) {
      SetVector<Operation *> recompute;
      if (failed(getRecomputableOps(func, capture, recompute)))
        continue;
      dropped.set(i);
      recompute = topologicalSort(recompute);
      for (Region *partition : op.getPartitionRegions()) {
        OpBuilder builder = OpBuilder::atBlockBegin(&partition->front());
        IRMapping mapping;
        for (Operation *def : recompute)
          builder.clone(*def, mapping);
        partition->getArgument(i).replaceAllUsesWith(
            mapping.lookupOrDefault(capture));
      }
    }
    op->eraseOperands(dropped);
    for (Region *partition : op.getPartitionRegions())
      partition->front().eraseArguments(dropped);
  }
}

/// A pointer to capture `index` of the packed struct of `types` that
/// ttg.warp_specialize `op` passes through its scratch.
Value getCapturePointer(OpBuilder &builder, Location loc, Operation *op,
                        TypeRange types, int32_t index) {
  auto structType = LLVM::LLVMStructType::getLiteral(
      builder.getContext(), llvm::to_vector(types), /*isPacked=*/true);
  Value base = getAllocationPointer(builder, loc, op);
  return LLVM::GEPOp::create(builder, loc, base.getType(), structType, base,
                             ArrayRef<LLVM::GEPArg>{0, index});
}

//===----------------------------------------------------------------------===//
// The switch loop
//===----------------------------------------------------------------------===//

/// The registers each group runs with outside the ops: the worker warps'
/// (`low`) and the default group's, from the kernel's starting count.
struct RegisterPlan {
  int start = -1;
  int low = -1;
  int defaultGroup = -1;
  bool enabled() const { return start > 0; }
};

RegisterPlan planRegisters(ModuleOp module, int defaultWarps, int totalWarps) {
  RegisterPlan plan;
  auto maxnreg = module->getAttrOfType<IntegerAttr>(kMaxRegistersAttrName);
  if (!maxnreg)
    return plan;
  int workers = totalWarps - defaultWarps;
  plan.start = int(maxnreg.getInt());
  // The workers give up all they can; if the default group cannot use it
  // all (256 at most) they keep the rest.
  plan.low = kMinRegisters;
  int extra = (plan.start - plan.low) * workers / defaultWarps;
  plan.defaultGroup = (plan.start + extra) / 8 * 8;
  if (plan.defaultGroup > kMaxRegisters) {
    plan.defaultGroup = kMaxRegisters;
    int given = (plan.defaultGroup - plan.start) * defaultWarps / workers;
    plan.low = (plan.start - given) / 8 * 8;
  }
  return plan;
}

/// Makes the partitions of `op` blocks of the switch loop: each loads its
/// captures, meets the default group on the CTA barrier and goes back to
/// `switchLoop` at its ends.
void rewritePartitions(ttg::WarpSpecializeOp op, Block *switchLoop,
                       const RegisterPlan &registers) {
  std::optional<ArrayRef<int32_t>> actual = op.getActualRegisters();
  for (Region *partition : op.getPartitionRegions()) {
    unsigned index = partition->getRegionNumber();
    Block &entry = partition->front();
    OpBuilder builder = OpBuilder::atBlockBegin(&entry);
    Location loc = op.getLoc();
    if (registers.enabled() && actual)
      emitSetMaxRegisters(builder, loc, registers.low, (*actual)[index + 1]);
    SmallVector<Type> types(entry.getArgumentTypes());
    for (BlockArgument arg : entry.getArguments()) {
      Value pointer = getCapturePointer(builder, loc, op, types,
                                        int32_t(arg.getArgNumber()));
      // Every thread of the partition loads its own copy.
      Value value = LLVM::LoadOp::create(builder, loc, arg.getType(), pointer,
                                         /*alignment=*/1);
      arg.replaceAllUsesWith(value);
    }
    entry.eraseArguments(0, entry.getNumArguments());
    // The captures' bytes are free again once every partition has them.
    emitCTABarrierAt(builder, loc, kSwitchLoopBarrier);

    SmallVector<ttg::WarpReturnOp> returns;
    partition->walk([&](ttg::WarpReturnOp ret) { returns.push_back(ret); });
    for (ttg::WarpReturnOp ret : returns) {
      OpBuilder atReturn(ret);
      emitCTABarrierAt(atReturn, ret.getLoc(), kSwitchLoopBarrier);
      if (registers.enabled() && actual)
        emitSetMaxRegisters(atReturn, ret.getLoc(), (*actual)[index + 1],
                            registers.low);
      LLVM::BrOp::create(atReturn, ret.getLoc(), switchLoop);
      ret.erase();
    }
  }
}

/// Keeps LLVM from hoisting code out of the switch loop: nothing would sink
/// it back into the partitions, whose registers it would then occupy.
void disableLICM(LLVM::BrOp latch) {
  MLIRContext *context = latch.getContext();
  auto licm = LLVM::LoopLICMAttr::get(context, BoolAttr::get(context, true),
                                      BoolAttr());
  latch.setLoopAnnotationAttr(LLVM::LoopAnnotationAttr::get(
      context, {}, {}, {}, {}, {}, licm, {}, {}, {}, {}, {}, {}, {}, {}, {}));
}

/// Stores `state` for each worker warp: byte i of the kernel's scratch is
/// the state of worker warp i.
void storeStates(OpBuilder &builder, Location loc, LLVM::LLVMFuncOp func,
                 ArrayRef<int32_t> states) {
  Value base = getAllocationPointer(builder, loc, func);
  for (auto [i, state] : llvm::enumerate(states)) {
    Value pointer =
        LLVM::GEPOp::create(builder, loc, base.getType(), builder.getI8Type(),
                            base, ArrayRef<LLVM::GEPArg>{int32_t(i)});
    LLVM::StoreOp::create(
        builder, loc,
        LLVM::ConstantOp::create(builder, loc, builder.getI8Type(),
                                 builder.getI8IntegerAttr(int8_t(state))),
        pointer);
  }
}

LogicalResult lowerWarpSpecialize(LLVM::LLVMFuncOp func,
                                  bool intrinsicBarriers) {
  SmallVector<ttg::WarpSpecializeOp> ops;
  func.walk([&](ttg::WarpSpecializeOp op) { ops.push_back(op); });
  if (ops.empty())
    return success();

  auto module = func->getParentOfType<ModuleOp>();
  int threadsPerWarp = ttg::getThreadsPerWarp(module);
  std::optional<int> numWarps = ttg::getNumWarps(func);
  if (!numWarps)
    return func.emitError("has ttg.warp_specialize ops but the module has no "
                          "ttg.num-warps");
  int defaultWarps = *numWarps;
  if (failed(rewriteGroupBarriers(func, ops, threadsPerWarp, defaultWarps,
                                  intrinsicBarriers)))
    return failure();
  auto total = module->getAttrOfType<IntegerAttr>(kTotalNumWarpsAttrName);
  if (!total)
    return mlir::emitError(module.getLoc(), "module has ttg.warp_specialize "
                                            "ops but no 'ttg.total-num-warps' "
                                            "(run "
                                            "tritongpu-allocate-warp-groups)");
  if (!func->hasAttr(kAllocationOffsetAttrName))
    return func.emitError("has ttg.warp_specialize ops but no "
                          "'allocation.offset' for the warp states (run "
                          "allocate-shared-memory)");
  int totalWarps = int(total.getInt());
  int workerWarps = totalWarps - defaultWarps;
  for (ttg::WarpSpecializeOp op : ops) {
    std::optional<ArrayRef<int32_t>> start = op.getWarpGroupStartIds();
    if (!start || start->size() != op.getPartitionNumWarps().size())
      return op.emitOpError("has no start warp for each partition (run "
                            "tritongpu-allocate-warp-groups)");
    for (auto [first, count] : llvm::zip(*start, op.getPartitionNumWarps()))
      if (first < defaultWarps || first + count > totalWarps)
        return op.emitOpError("has a partition on warps [")
               << first << ", " << first + count
               << ") outside the worker warps [" << defaultWarps << ", "
               << totalWarps << ")";
  }
  RegisterPlan registers = planRegisters(module, defaultWarps, totalWarps);

  recomputeTrivialCaptures(func, ops);
  for (ttg::WarpSpecializeOp op : ops)
    if (op.getNumOperands() != 0 && !op->hasAttr(kAllocationOffsetAttrName))
      return op.emitOpError("has captures but no 'allocation.offset' to pass "
                            "them through (run allocate-shared-memory)");

  MLIRContext *context = func.getContext();
  Location loc = func.getLoc();
  Type i8 = IntegerType::get(context, 8);

  // ^header: default warps go to the kernel's code, the others wait for
  // work in the switch loop.
  Block *entry = &func.getBody().front();
  auto *header = new Block;
  func.getBody().getBlocks().insert(entry->getIterator(), header);
  for (BlockArgument arg : entry->getArguments())
    arg.replaceAllUsesWith(header->addArgument(arg.getType(), arg.getLoc()));
  entry->eraseArguments(0, entry->getNumArguments());
  auto *switchLoop = new Block;
  func.getBody().getBlocks().insert(entry->getIterator(), switchLoop);

  OpBuilder builder = OpBuilder::atBlockBegin(header);
  Value warp =
      LLVM::UDivOp::create(builder, loc, nvidia::getThreadId(builder, loc),
                           i32Constant(builder, loc, threadsPerWarp));
  // A shuffle from lane 0 tells ptxas the warp index is uniform.
  warp = nvidia::emitShuffle32(builder, loc, warp, i32Constant(builder, loc, 0),
                               nvidia::ShuffleMode::Index, threadsPerWarp);
  Value isDefault =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ult, warp,
                           i32Constant(builder, loc, defaultWarps));
  LLVM::CondBrOp::create(builder, loc, isDefault, entry, switchLoop);
  if (registers.enabled()) {
    builder.setInsertionPointToStart(entry);
    emitSetMaxRegisters(builder, loc, registers.start, registers.defaultGroup);
  }

  // ^switchLoop: wait for the default group, read this warp's state.
  builder.setInsertionPointToStart(switchLoop);
  if (registers.enabled())
    emitSetMaxRegisters(builder, loc, registers.start, registers.low);
  emitCTABarrierAt(builder, loc, kSwitchLoopBarrier);
  Value states = getAllocationPointer(builder, loc, func);
  Value workerIndex = LLVM::SubOp::create(
      builder, loc, warp, i32Constant(builder, loc, defaultWarps));
  Value statePointer = LLVM::GEPOp::create(builder, loc, states.getType(), i8,
                                           states, ValueRange{workerIndex});
  // Every lane reads the same byte: no bank conflict, no predicate.
  Value state = LLVM::LoadOp::create(builder, loc, i8, statePointer);

  // Each partition of each op is one state; a warp an op leaves idle gets
  // -1 (the default destination: it only joins the barriers).
  SmallVector<Block *> destinations;
  SmallVector<SmallVector<int32_t>> warpStates;
  for (ttg::WarpSpecializeOp op : ops) {
    rewritePartitions(op, switchLoop, registers);
    SmallVector<int32_t> &perWarp =
        warpStates.emplace_back(SmallVector<int32_t>(workerWarps, -1));
    for (auto [partition, count, first] :
         llvm::zip(op.getPartitionRegions(), op.getPartitionNumWarps(),
                   *op.getWarpGroupStartIds())) {
      int32_t id = int32_t(destinations.size());
      destinations.push_back(&partition->front());
      for (int32_t w = first; w < first + count; ++w)
        perWarp[w - defaultWarps] = id;
    }
  }
  int32_t exitState = int32_t(destinations.size());
  if (exitState > std::numeric_limits<int8_t>::max())
    return func.emitError("has ")
           << exitState << " warp-specialized partitions; at most "
           << int(std::numeric_limits<int8_t>::max()) << " are supported";

  Region::BlockListType &blocks = func.getBody().getBlocks();
  for (Block *destination : llvm::reverse(destinations))
    blocks.splice(std::next(switchLoop->getIterator()),
                  destination->getParent()->getBlocks());

  // An idle warp passes both barriers of the op's start and the one of its
  // end.
  auto *idle = new Block;
  blocks.insert(std::next(switchLoop->getIterator()), idle);
  builder.setInsertionPointToStart(idle);
  emitCTABarrierAt(builder, loc, kSwitchLoopBarrier);
  emitCTABarrierAt(builder, loc, kSwitchLoopBarrier);
  disableLICM(LLVM::BrOp::create(builder, loc, switchLoop));

  auto *exit = new Block;
  blocks.insert(std::next(idle->getIterator()), exit);
  destinations.push_back(exit);

  builder.setInsertionPointToEnd(switchLoop);
  SmallVector<APInt> caseValues;
  for (size_t i = 0; i < destinations.size(); ++i)
    caseValues.push_back(APInt(8, i));
  LLVM::SwitchOp::create(builder, loc, state, idle, ValueRange(), caseValues,
                         destinations,
                         SmallVector<ValueRange>(destinations.size()));

  // The default group starts each op: states, captures, two barriers.
  for (auto [op, perWarp] : llvm::zip(ops, warpStates)) {
    Location opLoc = op.getLoc();
    Block *before = op->getBlock();
    Block *after = before->splitBlock(op);
    builder.setInsertionPointToEnd(before);
    storeStates(builder, opLoc, func, perWarp);
    SmallVector<Type> types(op.getOperandTypes());
    for (auto [i, capture] : llvm::enumerate(op.getOperands()))
      LLVM::StoreOp::create(
          builder, opLoc, capture,
          getCapturePointer(builder, opLoc, op, types, int32_t(i)),
          /*alignment=*/1);
    // The first barrier starts the partitions; the second waits until they
    // have read the captures.
    emitCTABarrierAt(builder, opLoc, kSwitchLoopBarrier);
    std::optional<ArrayRef<int32_t>> actual = op.getActualRegisters();
    if (registers.enabled() && actual)
      emitSetMaxRegisters(builder, opLoc, registers.defaultGroup, (*actual)[0]);
    emitCTABarrierAt(builder, opLoc, kSwitchLoopBarrier);
    LLVM::BrOp::create(builder, opLoc, &op.getDefaultRegion().front());

    SmallVector<ttg::WarpYieldOp> yields;
    op.getDefaultRegion().walk(
        [&](ttg::WarpYieldOp yield) { yields.push_back(yield); });
    for (ttg::WarpYieldOp yield : yields) {
      OpBuilder atYield(yield);
      emitCTABarrierAt(atYield, yield.getLoc(), kSwitchLoopBarrier);
      if (registers.enabled() && actual)
        emitSetMaxRegisters(atYield, yield.getLoc(), (*actual)[0],
                            registers.defaultGroup);
      LLVM::BrOp::create(atYield, yield.getLoc(), yield.getOperands(), after);
      yield.erase();
    }
    blocks.splice(after->getIterator(), op.getDefaultRegion().getBlocks());
    for (OpResult result : op->getResults())
      result.replaceAllUsesWith(
          after->addArgument(result.getType(), result.getLoc()));
    op.erase();
  }

  // The kernel's end sends every worker warp to the exit.
  SmallVector<LLVM::ReturnOp> returns;
  func.walk([&](LLVM::ReturnOp ret) { returns.push_back(ret); });
  for (LLVM::ReturnOp ret : returns) {
    builder.setInsertionPoint(ret);
    storeStates(builder, ret.getLoc(), func,
                SmallVector<int32_t>(workerWarps, exitState));
    emitCTABarrierAt(builder, ret.getLoc(), kSwitchLoopBarrier);
  }
  builder.setInsertionPointToStart(exit);
  LLVM::ReturnOp::create(builder, loc, ValueRange());
  return success();
}

struct ConvertWarpSpecializeToLLVMPass
    : public tile::impl::ConvertWarpSpecializeToLLVMPassBase<
          ConvertWarpSpecializeToLLVMPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    LowerToLLVMOptions options(&getContext());
    TileLLVMTypeConverter converter(&getContext(), options);
    module.walk([&](Operation *op) {
      if (isa<ttg::WarpSpecializeOp, ttg::WarpSpecializePartitionsOp,
              ttg::WarpYieldOp>(op))
        convertOpTypes(op, converter);
    });
    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk(
        [&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
    reconcileUnrealizedCasts(casts);

    for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
      if (func.isExternal())
        continue;
      // Device functions are private, or internal as tile lowers them.
      bool isKernel = func.isPublic() &&
                      func.getLinkage() != LLVM::Linkage::Internal &&
                      func.getLinkage() != LLVM::Linkage::Private;
      if (!isKernel) {
        WalkResult nested = func.walk([](ttg::WarpSpecializeOp op) {
          op.emitOpError("is only supported in a kernel (a public function)");
          return WalkResult::interrupt();
        });
        if (nested.wasInterrupted())
          return signalPassFailure();
        continue;
      }
      if (failed(lowerWarpSpecialize(func, intrinsicBarriers)))
        return signalPassFailure();
    }
  }
};
} // namespace

//===- WarpSpecializationSupport.cpp - What both autoWS rewrites share ----===//
//
// Helpers of nvgpu-warp-specialization used by the matmul rewrite
// (WarpSpecializationBuild.cpp) and the attention rewrite
// (WarpSpecializationAttention.cpp): split types, slot arithmetic and the
// clean-up that leaves each partition isolated from above.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/WarpSpecialize.h"
#include "passes/ttg/PipelineUtils.h"
#include "passes/ttg/TMAUtils.h"
#include "passes/ttg/WarpSpecialization.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ws;

RankedTensorType ws::splitRows(RankedTensorType type, int parts) {
  SmallVector<int64_t> shape(type.getShape());
  shape[0] /= parts;
  return RankedTensorType::get(shape, type.getElementType(),
                               type.getEncoding());
}

tt::TensorDescType ws::splitRows(tt::TensorDescType type, int parts) {
  return tt::TensorDescType::get(type.getContext(),
                                 splitRows(type.getBlockType(), parts));
}

Value ws::constI32(OpBuilder &builder, Location loc, int32_t value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getI32IntegerAttr(value));
}

Value ws::barrierAt(OpBuilder &builder, Location loc, Value ring, Value slot) {
  return ttg::MemDescIndexOp::create(
      builder, loc, getMBarrierType(builder.getContext()), ring, slot);
}

Value ws::createBarrierRing(OpBuilder &builder, Location loc, int slots,
                            int count) {
  Value ring = ttg::LocalAllocOp::create(
      builder, loc, getMBarrierType(builder.getContext(), slots), Value(),
      IntegerAttr());
  for (int s = 0; s < slots; ++s)
    ttng::InitBarrierOp::create(
        builder, loc, barrierAt(builder, loc, ring, constI32(builder, loc, s)),
        count);
  return ring;
}

std::pair<Value, Value> ws::slotAndPhase(OpBuilder &builder, Location loc,
                                         Value count, int slots) {
  Value n = constI32(builder, loc, slots);
  Value slot = arith::RemUIOp::create(builder, loc, count, n);
  Value round = arith::DivUIOp::create(builder, loc, count, n);
  Value phase =
      arith::AndIOp::create(builder, loc, round, constI32(builder, loc, 1));
  return {slot, phase};
}

Value ws::getFreePhase(OpBuilder &b, Location loc, Value phase) {
  return arith::XOrIOp::create(b, loc, phase, constI32(b, loc, 1));
}

void ws::fillSlot(OpBuilder &b, Location loc, tt::DescriptorLoadOp load,
                  Value desc, function_ref<SmallVector<Value>()> buildCoords,
                  Value buffers, Value empty, Value full, Value slot,
                  Value freePhase, int64_t bytes) {
  Value always = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
  ttng::WaitBarrierOp::create(b, loc, barrierAt(b, loc, empty, slot), freePhase,
                              Value(), ValueRange{});
  Value fullBarrier = barrierAt(b, loc, full, slot);
  ttng::BarrierExpectOp::create(b, loc, fullBarrier, int32_t(bytes), always);
  auto descType = cast<tt::TensorDescType>(desc.getType());
  Value view = ttg::MemDescIndexOp::create(
      b, load.getLoc(), getDescriptorBufferType(descType), buffers, slot);
  ttng::AsyncTMACopyGlobalToLocalOp::create(
      b, load.getLoc(), desc, buildCoords(), view, fullBarrier, always,
      load.getCache(), load.getEvict(), /*isVolatile=*/false);
}

Value ws::transposeSlotView(OpBuilder &b, ttg::MemDescTransOp trans,
                            Value view) {
  ttg::MemDescType type = trans.getType();
  auto viewType = ttg::MemDescType::get(
      b.getContext(), type.getShape(), type.getElementType(),
      type.getEncoding(), type.getMemorySpace(), /*mutableMemory=*/true,
      type.getShape());
  return ttg::MemDescTransOp::create(b, trans.getLoc(), viewType, view,
                                     trans.getOrder());
}

void ws::markNotPipelined(scf::ForOp loop) {
  loop->setAttr(kNumStagesAttrName,
                IntegerAttr::get(IntegerType::get(loop.getContext(), 32), 0));
}

void ws::eraseDeadOps(Region &region) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> dead;
    region.walk([&](Operation *op) {
      if (op->getNumResults() != 0 && op->use_empty() &&
          isMemoryEffectFree(op) && op->getNumRegions() == 0)
        dead.push_back(op);
    });
    for (Operation *op : dead)
      op->erase();
    changed = !dead.empty();
  }
}

void ws::isolatePartitions(ttg::WarpSpecializeOp ws) {
  for (Region *region : ws.getPartitionRegions()) {
    bool changed = true;
    while (changed) {
      changed = false;
      SetVector<Value> above;
      getUsedValuesDefinedAbove(*region, above);
      OpBuilder builder(ws.getContext());
      for (Value value : above) {
        Operation *def = value.getDefiningOp();
        if (!def || !(isa<arith::ConstantOp, tt::MakeTensorDescOp>(def) ||
                      isReplicable(def)))
          continue;
        // At the top, above the clones that read it (their operands were
        // still the outer values when they were cloned).
        builder.setInsertionPointToStart(&region->front());
        Operation *clone = builder.clone(*def);
        replaceAllUsesInRegionWith(value, clone->getResult(0), *region);
        changed = true;
      }
    }
  }
  ttg::captureValuesDefinedAbove(ws);
}

void ws::finishPartitions(ttg::WarpSpecializeOp ws) {
  eraseDeadOps(ws.getDefaultRegion());
  for (Region *region : ws.getPartitionRegions())
    eraseDeadOps(*region);
  isolatePartitions(ws);
  for (Region *region : ws.getPartitionRegions())
    eraseDeadOps(*region);
}

void ws::syncFunctionType(tt::FuncOp func) {
  SmallVector<Type> inputs(func.getBody().front().getArgumentTypes());
  func.setFunctionTypeAttr(TypeAttr::get(FunctionType::get(
      func.getContext(), inputs, func.getFunctionType().getResults())));
}

FailureOr<RegisterSplit> ws::splitRegisters(int numConsumers,
                                            int threadsPerWarp, int blocksPerSM,
                                            int64_t needed, std::string &why) {
  RegisterSplit split;
  if (blocksPerSM <= 1)
    return split;
  // The register file is handed out to a block in steps of 8 registers per
  // thread.
  int64_t warps = int64_t(kConsumerWarps) * (1 + numConsumers);
  int64_t start = kRegisterFileSize / blocksPerSM / (warps * threadsPerWarp);
  start = start / 8 * 8;
  int64_t consumer = (start * warps - int64_t(kMinRegisters) * kConsumerWarps) /
                     (int64_t(kConsumerWarps) * numConsumers) / 8 * 8;
  consumer = std::min<int64_t>(consumer, kConsumerRegisters);
  if (consumer <= start || consumer < needed) {
    why = std::to_string(blocksPerSM) + " blocks per SM leave each consumer " +
          std::to_string(consumer) + " registers a thread";
    if (consumer < needed)
      why += ", and its wgmmas need about " + std::to_string(needed);
    return failure();
  }
  split.start = int32_t(start);
  split.consumer = int32_t(consumer);
  return split;
}

int64_t ws::estimateConsumerRegisters(ArrayRef<scf::ForOp> loops,
                                      int numConsumers, int threadsPerWarp,
                                      bool overlap) {
  // Loop counters, slot phases, addresses and the row statistics: what a
  // consumer's loop holds besides its wgmma operands (ptxas keeps the
  // 64x64 loop of head dim 64 within 24 more registers than those).
  constexpr int64_t kLoopRegisters = 24;
  int64_t threads = int64_t(numConsumers) * kConsumerWarps * threadsPerWarp;
  auto registersOf = [&](Type type) -> int64_t {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return 0;
    int64_t bits = tensor.getNumElements() *
                   tensor.getElementType().getIntOrFloatBitWidth();
    return llvm::divideCeil(bits, 32 * threads);
  };
  int64_t most = 0;
  for (scf::ForOp loop : loops) {
    int64_t total = 0;
    bool first = true;
    for (auto dot : loop.getBody()->getOps<ttng::WarpGroupDotOp>()) {
      int64_t result = registersOf(dot.getType());
      total += registersOf(dot.getA().getType()) + result;
      if (first && overlap)
        total += result;
      first = false;
    }
    most = std::max(most, total);
  }
  return most + kLoopRegisters;
}

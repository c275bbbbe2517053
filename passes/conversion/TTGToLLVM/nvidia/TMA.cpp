//===- TMA.cpp - mbarriers and tensor memory accelerator copies -----------===//
//
// Upstream NVVM ops where they take what Triton's lowering needs (a
// predicate included); inline PTX for the predicated invalidation and the
// predicated wait, which NVVM 22 has no form for.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/InlinePTX.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

Value nvidia::emitElectOneLane(OpBuilder &builder, Location loc) {
  return NVVM::ElectSyncOp::create(builder, loc, builder.getI1Type(),
                                   /*membermask=*/Value());
}

void nvidia::emitMBarrierInit(OpBuilder &builder, Location loc, Value barrier,
                              int32_t count, Value pred) {
  NVVM::MBarrierInitOp::create(builder, loc, barrier,
                               i32Constant(builder, loc, count), pred);
}

void nvidia::emitMBarrierInval(OpBuilder &builder, Location loc, Value barrier,
                               Value pred) {
  // Invalidating an invalid mbarrier is undefined: one thread does it.
  emitInlinePTX(builder, loc, Type(), {pred, barrier},
                "@$0 mbarrier.inval.shared::cta.b64 [$1];", "b,r");
}

void nvidia::emitMBarrierArriveExpectTx(OpBuilder &builder, Location loc,
                                        Value barrier, int32_t bytes,
                                        Value pred) {
  NVVM::MBarrierArriveExpectTxOp::create(
      builder, loc, /*res=*/Type(), barrier, i32Constant(builder, loc, bytes),
      NVVM::MemScopeKind::CTA, /*relaxed=*/false, pred);
}

void nvidia::emitMBarrierArrive(OpBuilder &builder, Location loc, Value barrier,
                                int32_t count, Value pred) {
  emitInlinePTX(builder, loc, Type(),
                {pred, barrier, i32Constant(builder, loc, count)},
                "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], $2;", "b,r,r");
}

void nvidia::emitMBarrierWait(OpBuilder &builder, Location loc, Value barrier,
                              Value phase, Value pred) {
  if (!pred) {
    NVVM::MBarrierTryWaitParityOp::create(
        builder, loc, barrier, phase,
        /*ticks=*/i32Constant(builder, loc, 0x989680));
    return;
  }
  // The braces scope the label, so the loop may be inlined many times.
  emitInlinePTX(builder, loc, Type(), {barrier, phase, pred},
                "{\n"
                ".reg .pred done;\n"
                "@!$2 bra.uni skip;\n"
                "wait:\n"
                "mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;\n"
                "@!done bra.uni wait;\n"
                "skip:\n"
                "}",
                "r,r,b");
}

void nvidia::emitTMALoad(OpBuilder &builder, Location loc, Value destination,
                         Value descriptor, ValueRange coords, Value barrier,
                         Value pred) {
  NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
      builder, loc, destination, descriptor, coords, barrier,
      /*im2colOffsets=*/ValueRange(), /*multicastMask=*/Value(),
      /*l2CacheHint=*/Value(), NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
      /*group=*/NVVM::CTAGroupKindAttr(), pred);
}

void nvidia::emitTMAStore(OpBuilder &builder, Location loc, Value descriptor,
                          ValueRange coords, Value source, Value pred) {
  NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
      builder, loc, descriptor, source, coords, /*l2CacheHint=*/Value(),
      NVVM::TMAStoreMode::TILE, pred);
}

void nvidia::emitTMAReduce(OpBuilder &builder, Location loc,
                           tt::DescriptorReduceKind kind, Value descriptor,
                           ValueRange coords, Value source, Value pred) {
  // nvvm.cp.async.bulk.tensor.reduce has no predicate: the predicated form
  // is inline PTX, as Triton writes it.
  std::string ptx;
  llvm::raw_string_ostream os(ptx);
  os << "@$0 cp.reduce.async.bulk.tensor." << coords.size()
     << "d.global.shared::cta." << tt::stringifyDescriptorReduceKind(kind)
     << ".bulk_group [$1, {";
  std::string constraints = "b,l";
  SmallVector<Value> operands = {pred, descriptor};
  for (auto [i, coord] : llvm::enumerate(coords)) {
    os << (i ? ", " : "") << "$" << i + 2;
    constraints += ",r";
    operands.push_back(coord);
  }
  os << "}], [$" << coords.size() + 2 << "];";
  constraints += ",r";
  operands.push_back(source);
  emitInlinePTX(builder, loc, Type(), operands, ptx, constraints);
}

void nvidia::emitBulkCommitGroup(OpBuilder &builder, Location loc) {
  NVVM::CpAsyncBulkCommitGroupOp::create(builder, loc);
}

void nvidia::emitBulkWaitGroupRead(OpBuilder &builder, Location loc,
                                   int32_t pendings) {
  NVVM::CpAsyncBulkWaitGroupOp::create(builder, loc, uint32_t(pendings),
                                       builder.getUnitAttr());
}

//===- AtomicOpToLLVM.cpp - tt.atomic_rmw and tt.atomic_cas ---------------===//
//
// Every element is updated exactly once, by its owner (ElementOwners in
// Utility.h): the thread and register whose free layout bits are clear, and
// for a scalar atomic thread 0. Each owner issues one predicated atomic per
// element, or per pair of contiguous, aligned 16-bit floats where the target
// has the packed add (the pair width comes from the same access-width
// analysis loads and stores use).
//
// The old values reach every thread that holds the element. Where the
// owner holds all copies (no lane or warp bit is free) that is a register
// copy; otherwise the owners store them to the op's scratch
// (passes/analysis/Scratch.h sizes it: one slot per element of the result),
// the CTA synchronizes and every thread loads the elements it holds.
//
// An atomic performed by some threads on behalf of the CTA (scalar, or with
// a broadcasting layout) orders the whole CTA's accesses: with release
// semantics a CTA barrier before it makes every thread's earlier accesses
// precede the owner's release, and with acquire semantics a barrier after
// it (the one of the old-value exchange, when there is one) makes every
// thread's later accesses follow the owner's acquire.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Scratch.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
bool releases(tt::MemSemantic sem) {
  return sem == tt::MemSemantic::RELEASE ||
         sem == tt::MemSemantic::ACQUIRE_RELEASE;
}

bool acquires(tt::MemSemantic sem) {
  return sem == tt::MemSemantic::ACQUIRE ||
         sem == tt::MemSemantic::ACQUIRE_RELEASE;
}

/// Whether a CTA barrier comes right before `op` (the barrier analysis
/// puts one there when the op's scratch was in use; tl.debug_barrier()
/// writes one before a lock's release), which then also serves as the
/// barrier ordering the CTA's accesses before a release. During the
/// conversion the barrier may be the original op or its lowering.
bool followsBarrier(Operation *op) {
  Operation *previous = op->getPrevNode();
  return previous && (isa<ttg::LocalBarrierOp>(previous) ||
                      previous->getName().getStringRef() == kGPUBarrierOpName ||
                      nvidia::isCTABarrier(previous));
}

/// The owners of the elements an atomic through `ptr` updates; failure
/// when its layout is not known.
FailureOr<ElementOwners> getAtomicOwners(Value ptr) {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return getScalarOwners();
  std::optional<layout::LinearLayout> layout = ttg::toLinearLayout(type);
  if (!layout)
    return failure();
  return getElementOwners(*layout);
}

/// Whether `op` only reads: a scalar add of the constant zero with relaxed
/// or acquire semantics returns the old value and leaves memory as it was,
/// so an ordered load with the same semantic and scope does its work
/// without taking the memory location for a read-modify-write (Triton
/// lowers it the same way).
bool isOrderedLoad(tt::AtomicRMWOp op) {
  if (isa<RankedTensorType>(op.getType()) || op.getResult().use_empty())
    return false;
  if (op.getSem() != tt::MemSemantic::RELAXED &&
      op.getSem() != tt::MemSemantic::ACQUIRE)
    return false;
  if (op.getAtomicRmwOp() == tt::RMWOp::ADD)
    return matchPattern(op.getVal(), m_Zero());
  // -0.0 too: x + -0.0 is x, and the old value is what the load returns.
  if (op.getAtomicRmwOp() == tt::RMWOp::FADD)
    return matchPattern(op.getVal(), m_AnyZeroFloat());
  return false;
}

/// What both atomics share: which registers issue, under which predicate,
/// the ordering barriers, and the old values' way to every holder.
class AtomicLowering {
public:
  /// The lowering of `op`, an atomic through `ptr` (converted:
  /// `adaptedPtr`) with semantics `sem`; emits an error on `op` and fails
  /// when its element type or its owners cannot be worked out.
  static FailureOr<AtomicLowering> get(Operation *op, Value ptr,
                                       Value adaptedPtr, tt::MemSemantic sem,
                                       ConversionPatternRewriter &rewriter,
                                       const TypeConverter &converter,
                                       const LoweringContext &lowering) {
    Type type = op->getResult(0).getType();
    Type elementType = converter.convertType(getElementTypeOrSelf(type));
    FailureOr<ElementOwners> owners = getAtomicOwners(ptr);
    if (!elementType || !adaptedPtr || failed(owners))
      return op->emitOpError("cannot lower atomics on ") << type;
    return AtomicLowering(op, elementType, std::move(*owners), sem, rewriter,
                          converter, lowering);
  }

  /// Emits the owner predicate and, for a releasing atomic on behalf of
  /// the CTA, the barrier before it.
  void begin() {
    Location loc = op->getLoc();
    if (owners.spansThreads() && releases(sem) && !followsBarrier(op))
      nvidia::emitCTABarrier(rewriter, loc);
    ownerPred =
        emitOwnerPredicate(rewriter, loc, owners, lowering.threadsPerWarp);
  }

  /// Whether register `reg` issues the atomic of its element.
  bool issues(int reg) const { return owners.ownerRegister[reg] == reg; }

  /// The predicate of an access whose element mask is `mask` (null: none).
  Value predicate(Value mask) {
    return andPredicates(rewriter, op->getLoc(), mask, ownerPred);
  }

  bool returnsOld() const { return !op->getResult(0).use_empty(); }

  /// Replaces the op by the old values: `old` holds, per register, the
  /// value the register's atomic returned (null for the registers that did
  /// not issue one).
  LogicalResult finish(ArrayRef<Value> old) {
    Location loc = op->getLoc();
    if (!returnsOld()) {
      if (owners.spansThreads() && acquires(sem))
        nvidia::emitCTABarrier(rewriter, loc);
      rewriter.eraseOp(op);
      return success();
    }
    SmallVector<Value> results;
    if (atomicResultNeedsBroadcast(op)) {
      FailureOr<SmallVector<Value>> shared = shareThroughScratch(old);
      if (failed(shared))
        return failure();
      results = std::move(*shared);
    } else {
      for (int owner : owners.ownerRegister)
        results.push_back(old[owner]);
    }
    Type type = op->getResult(0).getType();
    if (!isa<RankedTensorType>(type))
      rewriter.replaceOp(op, results.front());
    else
      rewriter.replaceOp(op,
                         packElements(rewriter, loc, converter, results, type));
    return success();
  }

private:
  /// The owners store their old values at the elements' row-major slots,
  /// the CTA synchronizes, and every thread loads the elements it holds.
  FailureOr<SmallVector<Value>> shareThroughScratch(ArrayRef<Value> old) {
    Location loc = op->getLoc();
    Value scratch = getAllocationPointer(rewriter, loc, op);
    if (!scratch)
      return op->emitOpError(
          "returns old values that other threads hold, which travel "
          "through scratch shared memory, but has no allocation.offset");
    SmallVector<Value> slots;
    if (auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType())) {
      std::optional<layout::LinearLayout> layout = ttg::toLinearLayout(type);
      if (!layout)
        return failure();
      for (ArrayRef<Value> coords :
           emitIndices(rewriter, loc, *layout, lowering.threadsPerWarp))
        slots.push_back(linearIndex(rewriter, loc, coords, type.getShape()));
    } else {
      slots.push_back(i32Constant(rewriter, loc, 0));
    }
    auto slotPointer = [&](int reg) {
      return getSharedElementPointer(rewriter, loc, scratch, elementType,
                                     slots[reg]);
    };
    for (auto [reg, value] : llvm::enumerate(old))
      if (issues(reg))
        nvidia::emitPredicatedSharedStore(rewriter, loc, slotPointer(reg),
                                          value, ownerPred);
    nvidia::emitCTABarrier(rewriter, loc);
    SmallVector<Value> results;
    for (int reg = 0, e = old.size(); reg < e; ++reg)
      results.push_back(
          loadShared(rewriter, loc, slotPointer(reg), elementType));
    return results;
  }

  AtomicLowering(Operation *op, Type elementType, ElementOwners owners,
                 tt::MemSemantic sem, ConversionPatternRewriter &rewriter,
                 const TypeConverter &converter,
                 const LoweringContext &lowering)
      : op(op), elementType(elementType), owners(std::move(owners)), sem(sem),
        rewriter(rewriter), converter(converter), lowering(lowering) {}

  Operation *op;
  /// The LLVM type of one element of the result.
  Type elementType;
  ElementOwners owners;
  tt::MemSemantic sem;
  ConversionPatternRewriter &rewriter;
  const TypeConverter &converter;
  const LoweringContext &lowering;
  Value ownerPred;
};

struct AtomicRMWOpConversion : public ConvertOpToLLVMPattern<tt::AtomicRMWOp> {
  AtomicRMWOpConversion(LLVMTypeConverter &converter,
                        const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(tt::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<AtomicLowering> atomic =
        AtomicLowering::get(op, op.getPtr(), adaptor.getPtr(), op.getSem(),
                            rewriter, *getTypeConverter(), lowering);
    if (failed(atomic))
      return failure();
    SmallVector<Value> ptrs = unpackElements(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> values = unpackElements(rewriter, loc, adaptor.getVal());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackElements(rewriter, loc, adaptor.getMask());

    // Runs of contiguous elements share one packed atomic where the target
    // has one; the run's first mask guards it (the width respects the
    // mask's constancy) and one owner holds the whole run.
    unsigned width = 1;
    if (isa<RankedTensorType>(op.getType()))
      width =
          std::min(std::max(1u, lowering.accessWidth.lookup(op)),
                   nvidia::getMaxAtomicPack(
                       op.getAtomicRmwOp(), getElementTypeOrSelf(op.getType()),
                       lowering.computeCapability, lowering.ptxVersion));
    if (ptrs.size() % width != 0)
      width = 1;

    atomic->begin();
    SmallVector<Value> old(ptrs.size());
    for (size_t first = 0; first < ptrs.size(); first += width) {
      if (!atomic->issues(first))
        continue;
      Value pred = atomic->predicate(masks.empty() ? Value() : masks[first]);
      if (isOrderedLoad(op)) {
        old[first] = nvidia::emitOrderedLoad(
            rewriter, loc, getTypeConverter()->convertType(op.getType()),
            ptrs[first], pred, op.getSem(), op.getScope());
        continue;
      }
      SmallVector<Value> results = nvidia::emitAtomicRMW(
          rewriter, loc, op.getAtomicRmwOp(), ptrs[first],
          ArrayRef<Value>(values).slice(first, width), pred, op.getSem(),
          op.getScope(), atomic->returnsOld(), lowering.computeCapability,
          lowering.ptxVersion);
      for (auto [i, result] : llvm::enumerate(results))
        old[first + i] = result;
    }
    return atomic->finish(old);
  }

  const LoweringContext &lowering;
};

struct AtomicCASOpConversion : public ConvertOpToLLVMPattern<tt::AtomicCASOp> {
  AtomicCASOpConversion(LLVMTypeConverter &converter,
                        const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(tt::AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<AtomicLowering> atomic =
        AtomicLowering::get(op, op.getPtr(), adaptor.getPtr(), op.getSem(),
                            rewriter, *getTypeConverter(), lowering);
    if (failed(atomic))
      return failure();
    SmallVector<Value> ptrs = unpackElements(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> cmps = unpackElements(rewriter, loc, adaptor.getCmp());
    SmallVector<Value> values = unpackElements(rewriter, loc, adaptor.getVal());

    atomic->begin();
    SmallVector<Value> old(ptrs.size());
    for (size_t reg = 0; reg < ptrs.size(); ++reg)
      if (atomic->issues(reg))
        old[reg] = nvidia::emitAtomicCAS(
            rewriter, loc, ptrs[reg], cmps[reg], values[reg],
            atomic->predicate(Value()), op.getSem(), op.getScope());
    return atomic->finish(old);
  }

  const LoweringContext &lowering;
};
} // namespace

LogicalResult mlir::tile::checkAtomicLowering(Operation *op) {
  std::string reason;
  Value ptr;
  if (auto rmw = dyn_cast<tt::AtomicRMWOp>(op)) {
    ptr = rmw.getPtr();
    reason = nvidia::getAtomicRMWUnsupportedReason(
        rmw.getAtomicRmwOp(), getElementTypeOrSelf(rmw.getType()));
  } else if (auto cas = dyn_cast<tt::AtomicCASOp>(op)) {
    ptr = cas.getPtr();
    reason = nvidia::getAtomicCASUnsupportedReason(
        getElementTypeOrSelf(cas.getType()));
  } else {
    return success();
  }
  if (!reason.empty())
    return op->emitOpError("cannot be lowered: ") << reason;
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return success();
  std::string error;
  std::optional<layout::LinearLayout> layout =
      ttg::toLinearLayout(type, &error);
  if (!layout)
    return op->emitOpError("cannot be lowered: ") << error;
  return success();
}

void mlir::tile::populateAtomicOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<AtomicRMWOpConversion,                       // tt.atomic_rmw
               AtomicCASOpConversion>(converter, lowering); // tt.atomic_cas
}

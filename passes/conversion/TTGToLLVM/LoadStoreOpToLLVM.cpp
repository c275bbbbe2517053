//===- LoadStoreOpToLLVM.cpp - tt.load/tt.store to predicated accesses ----===//
//
// Each thread accesses its registers in runs of `accessWidth` contiguous
// elements (as many as the layout keeps contiguous and axis analysis proves
// aligned, up to 128 bits), one predicated PTX access per run: the mask of
// the run's first element guards it, which is sound because the width also
// respects the mask's constancy. A store writes each element once, from the
// thread and register that own it (ElementOwners in Utility.h), the same
// rule the atomics follow.
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"
#include "passes/conversion/TTGToLLVM/nvidia/TargetInfo.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
Value trueConstant(OpBuilder &builder, Location loc) {
  return LLVM::ConstantOp::create(builder, loc, builder.getI1Type(),
                                  builder.getBoolAttr(true));
}

/// The operand's elements, or none for an absent optional operand.
SmallVector<Value> unpackOptional(OpBuilder &builder, Location loc,
                                  Value value) {
  if (!value)
    return {};
  return unpackElements(builder, loc, value);
}

/// The owners of the elements `op` stores, or none when the layout is
/// unknown (every register is then stored).
std::optional<ElementOwners> getStoreOwners(tt::StoreOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getPtr().getType());
  if (!type)
    return getScalarOwners();
  std::optional<layout::LinearLayout> layout = ttg::toLinearLayout(type);
  if (!layout)
    return std::nullopt;
  return getElementOwners(*layout);
}

struct LoadOpConversion : public ConvertOpToLLVMPattern<tt::LoadOp> {
  LoadOpConversion(LLVMTypeConverter &converter,
                   const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(tt::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elementType =
        getTypeConverter()->convertType(getElementTypeOrSelf(op.getType()));
    if (!elementType || !adaptor.getPtr())
      return op.emitOpError("cannot lower loads of ") << op.getType();
    SmallVector<Value> ptrs = unpackElements(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> masks = unpackOptional(rewriter, loc, adaptor.getMask());
    SmallVector<Value> others =
        unpackOptional(rewriter, loc, adaptor.getOther());
    unsigned width = std::max(1u, lowering.accessWidth.lookup(op));
    if (ptrs.size() % width != 0)
      width = 1;
    SmallVector<Value> results;
    for (size_t first = 0; first < ptrs.size(); first += width) {
      Value pred = masks.empty() ? trueConstant(rewriter, loc) : masks[first];
      ArrayRef<Value> other = others.empty()
                                  ? ArrayRef<Value>()
                                  : ArrayRef<Value>(others).slice(first, width);
      results.append(nvidia::emitPredicatedLoad(
          rewriter, loc, ptrs[first], elementType, width, pred, other,
          op.getCache(), op.getEvict(), op.getIsVolatile()));
    }
    if (!isa<RankedTensorType>(op.getType()))
      rewriter.replaceOp(op, results.front());
    else
      rewriter.replaceOp(op, packElements(rewriter, loc, *getTypeConverter(),
                                          results, op.getType()));
    return success();
  }
  const LoweringContext &lowering;
};

struct StoreOpConversion : public ConvertOpToLLVMPattern<tt::StoreOp> {
  StoreOpConversion(LLVMTypeConverter &converter,
                    const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(tt::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!adaptor.getPtr())
      return op.emitOpError("cannot lower stores through ")
             << op.getPtr().getType();
    SmallVector<Value> ptrs = unpackElements(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> values =
        unpackElements(rewriter, loc, adaptor.getValue());
    SmallVector<Value> masks = unpackOptional(rewriter, loc, adaptor.getMask());
    unsigned width = std::max(1u, lowering.accessWidth.lookup(op));
    if (ptrs.size() % width != 0)
      width = 1;
    // Every element is stored once, by its owner: through a scalar pointer
    // thread 0, and where the layout holds an element several times the
    // copy with the free bits clear. A run of `width` registers has one
    // owner, as the layout keeps the run contiguous.
    std::optional<ElementOwners> owners = getStoreOwners(op);
    Value ownerPred = owners ? emitOwnerPredicate(rewriter, loc, *owners,
                                                  lowering.threadsPerWarp)
                             : Value();
    for (size_t first = 0; first < ptrs.size(); first += width) {
      if (owners && owners->ownerRegister[first] != int(first))
        continue;
      Value pred = andPredicates(
          rewriter, loc, masks.empty() ? Value() : masks[first], ownerPred);
      if (!pred)
        pred = trueConstant(rewriter, loc);
      nvidia::emitPredicatedStore(rewriter, loc, ptrs[first],
                                  ArrayRef<Value>(values).slice(first, width),
                                  pred, op.getCache(), op.getEvict());
    }
    rewriter.eraseOp(op);
    return success();
  }
  const LoweringContext &lowering;
};
} // namespace

void mlir::tile::populateLoadStoreOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<LoadOpConversion,             // tt.load
               StoreOpConversion>(converter, // tt.store
                                  lowering);
}

//===- RewriteTensorDescriptorToPointer.cpp - Descriptors to pointers -----===//
//
// triton-rewrite-tensor-descriptor-to-pointer: GPUs without TMA access a
// tensor descriptor's global tensor through plain pointers. A
// !tt.tensordesc<tensor<S0 x ... x Sr-1>> value becomes 2r + 2 values: the
// base pointer, r i64 sizes, r i64 strides and an i1 "pad with NaN". Since
// one value becomes several, this is a 1:N dialect conversion: function
// signatures, calls, returns, scf ops and arith.select carrying descriptors
// are converted structurally, and the descriptor accesses become tt.load,
// tt.store and tt.atomic_rmw on tensors of pointers masked to the tensor's
// bounds.
//
//===----------------------------------------------------------------------===//

#include "passes/tt/Passes.h"

#include "dialects/tt/TTDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::tile {
#define GEN_PASS_DEF_TRITONREWRITETENSORDESCRIPTORTOPOINTERPASS
#include "passes/tt/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

namespace {
bool hasTensorDesc(TypeRange types) {
  return llvm::any_of(types, llvm::IsaPred<tt::TensorDescType>);
}

/// The block a descriptor moves, with signless elements (pointers and
/// loads are signless).
RankedTensorType getSignlessBlockType(tt::TensorDescType type) {
  RankedTensorType block = type.getBlockType();
  auto intType = dyn_cast<IntegerType>(block.getElementType());
  if (!intType || intType.isSignless())
    return block;
  return block.clone(IntegerType::get(type.getContext(), intType.getWidth()));
}

/// The values one descriptor stands for, in the order of convertDescType.
struct DescriptorParts {
  Value base;
  ValueRange sizes;
  ValueRange strides;
  Value padWithNaN;

  DescriptorParts(tt::TensorDescType type, ValueRange parts) {
    size_t rank = type.getBlockType().getRank();
    assert(parts.size() == 2 * rank + 2 &&
           "a descriptor is 2 * rank + 2 values");
    base = parts.front();
    sizes = parts.slice(1, rank);
    strides = parts.slice(1 + rank, rank);
    padWithNaN = parts.back();
  }
};

LogicalResult convertDescType(tt::TensorDescType type,
                              SmallVectorImpl<Type> &parts) {
  RankedTensorType block = getSignlessBlockType(type);
  Type i64 = IntegerType::get(type.getContext(), 64);
  parts.push_back(tt::PointerType::get(block.getElementType(), 1));
  parts.append(2 * block.getRank(), i64);
  parts.push_back(IntegerType::get(type.getContext(), 1));
  return success();
}

Value toI64(OpBuilder &builder, Location loc, Value value) {
  return builder.createOrFold<arith::ExtSIOp>(loc, builder.getI64Type(), value);
}

/// `values` (a tensor of rank 1) expanded with unit dimensions everywhere
/// but `dim`, to rank `rank`.
Value expandAllBut(OpBuilder &builder, Location loc, Value values, unsigned dim,
                   unsigned rank) {
  for (unsigned d = 0; d < rank; ++d) {
    if (d == dim)
      continue;
    auto type = cast<RankedTensorType>(values.getType());
    SmallVector<int64_t> shape(type.getShape());
    shape.insert(shape.begin() + d, 1);
    values =
        tt::ExpandDimsOp::create(builder, loc, type.clone(shape), values, d);
  }
  return values;
}

/// The i64 indices `start + [0, size)` along dimension `dim` of a block of
/// `shape`, expanded to the block's rank.
Value indicesAlong(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
                   Value start, unsigned dim) {
  auto i32Row = RankedTensorType::get({shape[dim]}, builder.getI32Type());
  auto i64Row = RankedTensorType::get({shape[dim]}, builder.getI64Type());
  Value range = tt::MakeRangeOp::create(builder, loc, i32Row, 0,
                                        static_cast<uint32_t>(shape[dim]));
  Value wideRange = arith::ExtSIOp::create(builder, loc, i64Row, range);
  Value splatStart = tt::SplatOp::create(builder, loc, i64Row, start);
  Value indices = arith::AddIOp::create(builder, loc, splatStart, wideRange);
  return expandAllBut(builder, loc, indices, dim, shape.size());
}

/// base + Σ_d indices_d * stride_d over a block of `shape`. The stride is
/// splat to the expanded shape (not multiplied into a row) so that what
/// the axis analysis knows of it survives.
Value pointersAt(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
                 const DescriptorParts &desc, ValueRange indices) {
  auto offsetType = RankedTensorType::get(shape, builder.getI64Type());
  auto ptrType = RankedTensorType::get(shape, desc.base.getType());
  Value ptrs = tt::SplatOp::create(builder, loc, ptrType, desc.base);
  for (auto [index, stride] : llvm::zip(indices, desc.strides)) {
    Value scaled = arith::MulIOp::create(
        builder, loc, index,
        tt::SplatOp::create(builder, loc, index.getType(), stride));
    Value offsets = tt::BroadcastOp::create(builder, loc, offsetType, scaled);
    ptrs = tt::AddPtrOp::create(builder, loc, ptrType, ptrs, offsets);
  }
  return ptrs;
}

/// The lanes whose indices lie in [0, size_d) in every dimension.
Value inBoundsMask(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
                   const DescriptorParts &desc, ValueRange indices) {
  auto maskType = RankedTensorType::get(shape, builder.getI1Type());
  Value mask;
  for (auto [index, size] : llvm::zip(indices, desc.sizes)) {
    Type indexType = index.getType();
    Value zero = tt::SplatOp::create(
        builder, loc, indexType,
        arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), 0));
    Value notBelow = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::sge, index, zero);
    Value below = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::slt, index,
        tt::SplatOp::create(builder, loc, indexType, size));
    Value inDim = tt::BroadcastOp::create(
        builder, loc, maskType,
        arith::AndIOp::create(builder, loc, notBelow, below));
    mask = mask ? arith::AndIOp::create(builder, loc, mask, inDim) : inDim;
  }
  return mask;
}

/// Where an access to a block of `shape` at per-dimension `indices` goes:
/// its pointers, and the lanes inside the tensor (made in that order, so
/// the IR does not depend on how a compiler orders call arguments).
struct BlockAccess {
  Value ptrs;
  Value mask;
};

BlockAccess accessAt(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
                     const DescriptorParts &desc, ValueRange indices) {
  Value ptrs = pointersAt(builder, loc, shape, desc, indices);
  Value mask = inBoundsMask(builder, loc, shape, desc, indices);
  return {ptrs, mask};
}

/// Per-dimension indices of the block at `offsets` (i32 block offsets).
SmallVector<Value> blockIndices(OpBuilder &builder, Location loc,
                                ArrayRef<int64_t> shape, ValueRange offsets) {
  SmallVector<Value> indices;
  for (auto [dim, offset] : llvm::enumerate(offsets))
    indices.push_back(
        indicesAlong(builder, loc, shape, toI64(builder, loc, offset), dim));
  return indices;
}

/// Indices of a gather or scatter: rows `xOffsets` (dimension 0) and
/// columns `yOffset + [0, shape[1])`.
SmallVector<Value> gatherIndices(OpBuilder &builder, Location loc,
                                 ArrayRef<int64_t> shape, Value xOffsets,
                                 Value yOffset) {
  Value rows = expandAllBut(builder, loc, xOffsets, 0, shape.size());
  auto rowType = cast<RankedTensorType>(rows.getType());
  rows = arith::ExtSIOp::create(builder, loc,
                                rowType.clone(builder.getI64Type()), rows);
  Value columns =
      indicesAlong(builder, loc, shape, toI64(builder, loc, yOffset), 1);
  return {rows, columns};
}

/// What masked-off lanes of a load read: zero, or NaN for float blocks of
/// descriptors made with padding = nan.
Value paddingValue(OpBuilder &builder, Location loc, RankedTensorType block,
                   Value padWithNaN) {
  Type elementType = block.getElementType();
  Value zero = arith::ConstantOp::create(
      builder, loc,
      SplatElementsAttr::get(block, builder.getZeroAttr(elementType)));
  auto floatType = dyn_cast<FloatType>(elementType);
  if (!floatType)
    return zero;
  Value nan = arith::ConstantOp::create(
      builder, loc,
      SplatElementsAttr::get(
          block,
          builder.getFloatAttr(
              floatType, APFloat::getNaN(floatType.getFloatSemantics()))));
  return arith::SelectOp::create(builder, loc, padWithNaN, nan, zero);
}

/// Copies the attributes of `from` that its op does not define.
void copyDiscardableAttrs(Operation *from, Operation *to) {
  for (NamedAttribute attr : from->getDiscardableAttrs())
    to->setDiscardableAttr(attr.getName(), attr.getValue());
}

SmallVector<Value> flatten(ArrayRef<ValueRange> groups) {
  SmallVector<Value> values;
  for (ValueRange group : groups)
    llvm::append_range(values, group);
  return values;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

struct MakeTensorDescToParts : OpConversionPattern<tt::MakeTensorDescOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::MakeTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> parts{adaptor.getBase()};
    for (Value size : adaptor.getShape())
      parts.push_back(toI64(rewriter, loc, size));
    llvm::append_range(parts, adaptor.getStrides());
    parts.push_back(arith::ConstantIntOp::create(
        rewriter, loc, rewriter.getI1Type(),
        op.getPadding() == tt::PaddingOption::PAD_NAN));
    rewriter.replaceOpWithMultiple(op, {parts});
    return success();
  }
};

struct DescriptorLoadToLoad : OpConversionPattern<tt::DescriptorLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::DescriptorLoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto descType = op.getDesc().getType();
    DescriptorParts desc(descType, adaptor.getDesc());
    RankedTensorType block = getSignlessBlockType(descType);
    ArrayRef<int64_t> shape = block.getShape();
    SmallVector<Value> indices =
        blockIndices(rewriter, loc, shape, op.getIndices());
    Value other = paddingValue(rewriter, loc, block, desc.padWithNaN);
    BlockAccess access = accessAt(rewriter, loc, shape, desc, indices);
    auto load = tt::LoadOp::create(
        rewriter, loc, access.ptrs, access.mask, other, ArrayRef<int32_t>{},
        nullptr, op.getCache(), op.getEvict(), /*isVolatile=*/false);
    copyDiscardableAttrs(op, load);
    Value result = load.getResult();
    // A descriptor load may produce its block with leading unit dimensions
    // dropped (triton-combine folds such reshapes into it).
    if (result.getType() != op.getType())
      result = tt::ReshapeOp::create(rewriter, loc, op.getType(), result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct DescriptorStoreToStore : OpConversionPattern<tt::DescriptorStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::DescriptorStoreOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto descType = op.getDesc().getType();
    DescriptorParts desc(descType, adaptor.getDesc());
    RankedTensorType block = getSignlessBlockType(descType);
    ArrayRef<int64_t> shape = block.getShape();
    SmallVector<Value> indices =
        blockIndices(rewriter, loc, shape, op.getIndices());
    Value value = op.getSrc();
    if (value.getType() != block)
      value = tt::ReshapeOp::create(rewriter, loc, block, value);
    BlockAccess access = accessAt(rewriter, loc, shape, desc, indices);
    auto store =
        tt::StoreOp::create(rewriter, loc, access.ptrs, value, access.mask);
    copyDiscardableAttrs(op, store);
    rewriter.eraseOp(op);
    return success();
  }
};

struct DescriptorGatherToLoad : OpConversionPattern<tt::DescriptorGatherOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::DescriptorGatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DescriptorParts desc(op.getDesc().getType(), adaptor.getDesc());
    auto resultType = cast<RankedTensorType>(op.getType());
    ArrayRef<int64_t> shape = resultType.getShape();
    SmallVector<Value> indices =
        gatherIndices(rewriter, loc, shape, op.getXOffsets(), op.getYOffset());
    Value other = paddingValue(rewriter, loc, resultType, desc.padWithNaN);
    BlockAccess access = accessAt(rewriter, loc, shape, desc, indices);
    auto load = tt::LoadOp::create(rewriter, loc, access.ptrs, access.mask,
                                   other, ArrayRef<int32_t>{}, nullptr);
    copyDiscardableAttrs(op, load);
    rewriter.replaceOp(op, load.getResult());
    return success();
  }
};

struct DescriptorScatterToStore : OpConversionPattern<tt::DescriptorScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::DescriptorScatterOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DescriptorParts desc(op.getDesc().getType(), adaptor.getDesc());
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(op.getSrc().getType()).getShape();
    SmallVector<Value> indices =
        gatherIndices(rewriter, loc, shape, op.getXOffsets(), op.getYOffset());
    BlockAccess access = accessAt(rewriter, loc, shape, desc, indices);
    auto store = tt::StoreOp::create(rewriter, loc, access.ptrs, op.getSrc(),
                                     access.mask);
    copyDiscardableAttrs(op, store);
    rewriter.eraseOp(op);
    return success();
  }
};

/// The atomic that performs a descriptor reduction of `kind` on elements
/// of `elementType`, as Triton picks it: min and max need integers that
/// say their signedness.
std::optional<tt::RMWOp> getAtomicKind(tt::DescriptorReduceKind kind,
                                       Type elementType) {
  switch (kind) {
  case tt::DescriptorReduceKind::ADD:
    return elementType.isInteger() ? tt::RMWOp::ADD : tt::RMWOp::FADD;
  case tt::DescriptorReduceKind::MIN:
  case tt::DescriptorReduceKind::MAX: {
    bool isMin = kind == tt::DescriptorReduceKind::MIN;
    if (elementType.isUnsignedInteger())
      return isMin ? tt::RMWOp::UMIN : tt::RMWOp::UMAX;
    if (elementType.isSignedInteger())
      return isMin ? tt::RMWOp::MIN : tt::RMWOp::MAX;
    return std::nullopt;
  }
  case tt::DescriptorReduceKind::AND:
    return tt::RMWOp::AND;
  case tt::DescriptorReduceKind::OR:
    return tt::RMWOp::OR;
  case tt::DescriptorReduceKind::XOR:
    return tt::RMWOp::XOR;
  case tt::DescriptorReduceKind::INC:
  case tt::DescriptorReduceKind::DEC:
    return std::nullopt;
  }
  return std::nullopt;
}

struct DescriptorReduceToAtomic : OpConversionPattern<tt::DescriptorReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::DescriptorReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto descType = op.getDesc().getType();
    std::optional<tt::RMWOp> atomic =
        getAtomicKind(op.getKind(), descType.getBlockType().getElementType());
    if (!atomic)
      return rewriter.notifyMatchFailure(op, "no atomic for this reduction");
    DescriptorParts desc(descType, adaptor.getDesc());
    RankedTensorType block = getSignlessBlockType(descType);
    ArrayRef<int64_t> shape = block.getShape();
    SmallVector<Value> indices =
        blockIndices(rewriter, loc, shape, op.getIndices());
    BlockAccess access = accessAt(rewriter, loc, shape, desc, indices);
    tt::AtomicRMWOp::create(rewriter, loc, block, *atomic, access.ptrs,
                            op.getSrc(), access.mask, tt::MemSemantic::RELEASE,
                            tt::MemSyncScope::GPU);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A select between descriptors selects each part; scf.if does that for
/// any number of values.
struct SelectOfDescriptors : OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(arith::SelectOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (adaptor.getCondition().size() != 1)
      return failure();
    ValueRange trueParts = adaptor.getTrueValue();
    auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), trueParts.getTypes(),
                                  adaptor.getCondition().front(),
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(rewriter, op.getLoc(), trueParts);
    rewriter.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(rewriter, op.getLoc(), adaptor.getFalseValue());
    rewriter.replaceOpWithMultiple(op, {ifOp.getResults()});
    return success();
  }
};

struct CallWithParts : OpConversionPattern<tt::CallOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::CallOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    SmallVector<unsigned> partsPerResult;
    for (Type type : op.getResultTypes()) {
      size_t before = resultTypes.size();
      if (failed(getTypeConverter()->convertType(type, resultTypes)))
        return failure();
      partsPerResult.push_back(resultTypes.size() - before);
    }
    auto call =
        tt::CallOp::create(rewriter, op.getLoc(), resultTypes,
                           op.getCalleeAttr(), flatten(adaptor.getOperands()),
                           /*arg_attrs=*/nullptr,
                           /*res_attrs=*/nullptr);
    copyDiscardableAttrs(op, call);
    SmallVector<ValueRange> replacements;
    unsigned next = 0;
    for (unsigned count : partsPerResult) {
      replacements.push_back(call->getResults().slice(next, count));
      next += count;
    }
    rewriter.replaceOpWithMultiple(op, replacements);
    return success();
  }
};

struct ReturnWithParts : OpConversionPattern<tt::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<tt::ReturnOp>(op,
                                              flatten(adaptor.getOperands()));
    return success();
  }
};

/// A function's descriptor arguments and results become their parts; an
/// argument's attributes go to its first part.
struct FuncSignatureWithParts : OpConversionPattern<tt::FuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(tt::FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto funcOp = cast<FunctionOpInterface>(op.getOperation());
    auto type = cast<FunctionType>(funcOp.getFunctionType());
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertSignatureArgs(type.getInputs(),
                                                        signature)) ||
        failed(
            getTypeConverter()->convertTypes(type.getResults(), resultTypes)))
      return failure();
    auto newType = FunctionType::get(
        getContext(), signature.getConvertedTypes(), resultTypes);

    SmallVector<Attribute> argAttrs;
    if (ArrayAttr oldAttrs = funcOp.getAllArgAttrs()) {
      argAttrs.assign(newType.getNumInputs(),
                      DictionaryAttr::get(getContext()));
      for (auto [index, attrs] : llvm::enumerate(oldAttrs))
        if (auto mapping = signature.getInputMapping(index))
          argAttrs[mapping->inputNo] = attrs;
    }
    if (!funcOp.isExternal() &&
        failed(rewriter.convertRegionTypes(&funcOp.getFunctionBody(),
                                           *getTypeConverter(), &signature)))
      return failure();
    rewriter.modifyOpInPlace(op, [&] {
      funcOp.setType(newType);
      if (!argAttrs.empty())
        funcOp.setAllArgAttrs(argAttrs);
    });
    return success();
  }
};

/// Whether the pass knows what to do with `op`, which has a descriptor
/// operand or result.
bool isRewritable(Operation *op) {
  return isa<tt::MakeTensorDescOp, tt::DescriptorLoadOp, tt::DescriptorStoreOp,
             tt::DescriptorGatherOp, tt::DescriptorScatterOp,
             tt::DescriptorReduceOp, arith::SelectOp, tt::CallOp, tt::ReturnOp,
             scf::ForOp, scf::IfOp, scf::WhileOp, scf::YieldOp,
             scf::ConditionOp>(op);
}

/// Emits an error on a descriptor load, store or reduction unless it has
/// one index per block dimension, which the verifier leaves unchecked (as
/// Triton's does).
LogicalResult checkIndexCount(Operation *op) {
  auto check = [&](tt::TensorDescType desc,
                   ValueRange indices) -> LogicalResult {
    int64_t rank = desc.getBlockType().getRank();
    if (static_cast<int64_t>(indices.size()) == rank)
      return success();
    return op->emitOpError("needs one index per block dimension (")
           << rank << "), got " << indices.size();
  };
  if (auto load = dyn_cast<tt::DescriptorLoadOp>(op))
    return check(load.getDesc().getType(), load.getIndices());
  if (auto store = dyn_cast<tt::DescriptorStoreOp>(op))
    return check(store.getDesc().getType(), store.getIndices());
  if (auto reduce = dyn_cast<tt::DescriptorReduceOp>(op))
    return check(reduce.getDesc().getType(), reduce.getIndices());
  return success();
}

/// Diagnoses what the conversion would fail on, before anything changes.
LogicalResult checkRewritable(ModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    if (failed(checkIndexCount(op)))
      return WalkResult::interrupt();
    if (auto reduce = dyn_cast<tt::DescriptorReduceOp>(op)) {
      Type elementType =
          reduce.getDesc().getType().getBlockType().getElementType();
      if (!getAtomicKind(reduce.getKind(), elementType)) {
        reduce.emitOpError("cannot become a tt.atomic_rmw without TMA: ")
            << stringifyEnum(reduce.getKind()) << " of " << elementType
            << " has none (min and max need si/ui elements; inc and dec "
               "have none)";
        return WalkResult::interrupt();
      }
    }
    if (isa<FunctionOpInterface>(op) || isRewritable(op) ||
        (!hasTensorDesc(op->getOperandTypes()) &&
         !hasTensorDesc(op->getResultTypes())))
      return WalkResult::advance();
    op->emitOpError("uses a tensor descriptor, which "
                    "triton-rewrite-tensor-descriptor-to-pointer cannot "
                    "rewrite here: descriptors may be made, accessed, "
                    "selected, passed to calls and carried by scf ops");
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Parses "cuda:NN" into NN.
std::optional<int> parseComputeCapability(StringRef target) {
  int capability = 0;
  if (!target.consume_front("cuda:") || target.getAsInteger(10, capability))
    return std::nullopt;
  return capability;
}

struct TritonRewriteTensorDescriptorToPointerPass
    : tile::impl::TritonRewriteTensorDescriptorToPointerPassBase<
          TritonRewriteTensorDescriptorToPointerPass> {
  using Base::Base;

  void runOnOperation() override {
    if (!target.empty()) {
      std::optional<int> capability = parseComputeCapability(target);
      if (!capability) {
        getOperation().emitError()
            << "triton-rewrite-tensor-descriptor-to-pointer: target '" << target
            << "' is not of the form cuda:NN";
        return signalPassFailure();
      }
      // TMA-capable GPUs keep their descriptors.
      if (*capability >= 90)
        return;
    }

    if (failed(checkRewritable(getOperation())))
      return signalPassFailure();

    MLIRContext *context = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [](tt::TensorDescType type, SmallVectorImpl<Type> &parts) {
          return convertDescType(type, parts);
        });

    ConversionTarget legality(*context);
    legality.markUnknownOpDynamicallyLegal([](Operation *op) {
      if (auto func = dyn_cast<FunctionOpInterface>(op))
        return !hasTensorDesc(func.getArgumentTypes()) &&
               !hasTensorDesc(func.getResultTypes());
      return !hasTensorDesc(op->getOperandTypes()) &&
             !hasTensorDesc(op->getResultTypes());
    });

    RewritePatternSet patterns(context);
    patterns.add<MakeTensorDescToParts, DescriptorLoadToLoad,
                 DescriptorStoreToStore, DescriptorGatherToLoad,
                 DescriptorScatterToStore, DescriptorReduceToAtomic,
                 SelectOfDescriptors, CallWithParts, ReturnWithParts,
                 FuncSignatureWithParts>(converter, context);
    scf::populateSCFStructuralTypeConversions(converter, patterns);

    ConversionConfig config;
    config.buildMaterializations = false;
    if (failed(applyPartialConversion(getOperation(), legality,
                                      std::move(patterns), config)))
      signalPassFailure();
  }
};
} // namespace

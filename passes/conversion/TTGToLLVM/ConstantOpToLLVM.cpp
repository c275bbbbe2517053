//===- ConstantOpToLLVM.cpp - Tensor constants ----------------------------===//
//
// A splat constant puts its value in every register. A constant of distinct
// elements puts in each register the element the layout places there, and
// which one that is depends on the register (known when compiling) and on
// the thread (known when running), XORed together. So:
//
//  - when no lane or warp bit moves the elements (a tensor every thread
//    holds whole), each register is a plain constant;
//  - when few do (kMaxSelectBits, e.g. a small table broadcast over warps),
//    each register selects among the 2^k elements its thread may hold,
//    testing those bits of the lane and warp index;
//  - otherwise the elements go to a read-only global array, and each
//    register loads its element at the row-major index of its coordinates
//    (the loads are marked invariant, so they may use the read-only cache).
//
//===----------------------------------------------------------------------===//

#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <map>

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
/// The most thread bits a register may select its element by; above that
/// the elements are loaded from a table. 3 bits cost 7 selects per
/// register, about the latency of the load they replace.
constexpr int kMaxSelectBits = 3;

/// The address space of the global tables: tt pointers' global memory.
constexpr unsigned kGlobalAddressSpace = 1;

/// The bit patterns of `value`'s elements, in row-major order.
SmallVector<APInt> getElementBits(DenseElementsAttr value) {
  if (isa<FloatType>(value.getElementType()))
    return llvm::map_to_vector(value.getValues<APFloat>(),
                               [](APFloat v) { return v.bitcastToAPInt(); });
  return llvm::to_vector(value.getValues<APInt>());
}

/// An LLVM constant of `type` (an integer or float type) with bits `bits`.
Value materializeBits(OpBuilder &builder, Location loc, Type type,
                      const APInt &bits) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return LLVM::ConstantOp::create(
        builder, loc, type,
        builder.getFloatAttr(floatType,
                             APFloat(floatType.getFloatSemantics(), bits)));
  return LLVM::ConstantOp::create(
      builder, loc, type,
      builder.getIntegerAttr(type,
                             bits.zextOrTrunc(type.getIntOrFloatBitWidth())));
}

/// The row-major flat index of `coords` in `shape`.
int64_t flatten(ArrayRef<int32_t> coords, ArrayRef<int64_t> shape) {
  int64_t flat = 0;
  for (auto [c, size] : llvm::zip(coords, shape))
    flat = flat * size + c;
  return flat;
}

/// A lane or warp bit that moves the elements a thread holds.
struct ThreadBit {
  const char *inDim;
  int bit;
};

/// The lane and warp bits whose bases are not zero.
SmallVector<ThreadBit> getMovingThreadBits(const LinearLayout &layout) {
  SmallVector<ThreadBit> bits;
  for (const char *inDim : {layout::kLane, layout::kWarp})
    for (int bit = 0; bit < layout.getInDimSizeLog2(inDim); ++bit)
      if (llvm::any_of(getCoordinates(layout, {{inDim, int32_t(1) << bit}}),
                       [](int32_t c) { return c != 0; }))
        bits.push_back({inDim, bit});
  return bits;
}

/// Splat tensor constants: every register holds the value.
struct SplatConstantConversion
    : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  SplatConstantConversion(LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!type || !splat)
      return rewriter.notifyMatchFailure(op, "not a splat tensor constant");
    auto layout = ttg::toLinearLayout(type);
    Type elementType = getTypeConverter()->convertType(type.getElementType());
    if (!layout || !elementType)
      return rewriter.notifyMatchFailure(op, "no layout");
    Value scalar = LLVM::ConstantOp::create(
        rewriter, op.getLoc(), elementType,
        cast<TypedAttr>(splat.getSplatValue<Attribute>()));
    SmallVector<Value> elements(layout->getNumRegisters(), scalar);
    rewriter.replaceOp(op, packElements(rewriter, op.getLoc(),
                                        *getTypeConverter(), elements, type));
    return success();
  }
};

/// Tensor constants of distinct elements (see the file comment).
struct DenseConstantConversion
    : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  DenseConstantConversion(LLVMTypeConverter &converter,
                          const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!type || !value || value.isSplat())
      return rewriter.notifyMatchFailure(op, "not a dense tensor constant");
    auto layout = ttg::toLinearLayout(type);
    Type elementType = getTypeConverter()->convertType(type.getElementType());
    if (!layout || !elementType)
      return rewriter.notifyMatchFailure(op, "no layout");
    SmallVector<APInt> bits = getElementBits(value);
    SmallVector<ThreadBit> threadBits = getMovingThreadBits(*layout);
    SmallVector<Value> elements =
        threadBits.size() <= kMaxSelectBits
            ? selectElements(rewriter, op.getLoc(), *layout, type, elementType,
                             bits, threadBits)
            : loadElements(rewriter, op, *layout, type, elementType, value);
    rewriter.replaceOp(op, packElements(rewriter, op.getLoc(),
                                        *getTypeConverter(), elements, type));
    return success();
  }

private:
  /// Each register's element, chosen among those its thread may hold by
  /// the thread bits that move them.
  SmallVector<Value> selectElements(OpBuilder &builder, Location loc,
                                    const LinearLayout &layout,
                                    RankedTensorType type, Type elementType,
                                    ArrayRef<APInt> bits,
                                    ArrayRef<ThreadBit> threadBits) const {
    std::map<std::pair<uint64_t, unsigned>, Value> constants;
    auto constantOf = [&](const APInt &v) {
      Value &c = constants[{v.getZExtValue(), v.getBitWidth()}];
      if (!c)
        c = materializeBits(builder, loc, elementType, v);
      return c;
    };
    // The tested thread bits, as i1s (only when a register needs them).
    SmallVector<Value> conditions;
    auto conditionOf = [&](size_t i) {
      if (conditions.empty()) {
        ThreadIndex thread =
            getThreadIndex(builder, loc, lowering.threadsPerWarp);
        for (const ThreadBit &tb : threadBits) {
          Value index = tb.inDim == layout::kLane ? thread.lane : thread.warp;
          Value mask = i32Constant(builder, loc, int64_t(1) << tb.bit);
          Value masked = LLVM::AndOp::create(builder, loc, index, mask);
          conditions.push_back(
              LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne,
                                   masked, i32Constant(builder, loc, 0)));
        }
      }
      return conditions[i];
    };
    SmallVector<Value> elements;
    for (int32_t r = 0; r < layout.getNumRegisters(); ++r) {
      // The element for each combination c of the thread bits (bit i of c
      // is threadBits[i]).
      SmallVector<APInt> leaves;
      for (unsigned c = 0; c < (1u << threadBits.size()); ++c) {
        SmallVector<std::pair<const char *, int32_t>> ins = {
            {layout::kRegister, r}, {layout::kLane, 0}, {layout::kWarp, 0}};
        for (auto [i, tb] : llvm::enumerate(threadBits))
          if (c & (1u << i))
            (tb.inDim == layout::kLane ? ins[1] : ins[2]).second |= int32_t(1)
                                                                    << tb.bit;
        leaves.push_back(
            bits[flatten(getCoordinates(layout, ins), type.getShape())]);
      }
      elements.push_back(selectTree(leaves, threadBits.size(), constantOf,
                                    conditionOf, builder, loc));
    }
    return elements;
  }

  /// Selects among `leaves` by the low `levels` condition bits; a subtree
  /// whose leaves agree is one constant.
  static Value selectTree(ArrayRef<APInt> leaves, size_t levels,
                          function_ref<Value(const APInt &)> constantOf,
                          function_ref<Value(size_t)> conditionOf,
                          OpBuilder &builder, Location loc) {
    if (llvm::all_equal(leaves))
      return constantOf(leaves.front());
    // The highest condition splits the leaves in halves.
    size_t half = leaves.size() / 2;
    Value low = selectTree(leaves.take_front(half), levels - 1, constantOf,
                           conditionOf, builder, loc);
    Value high = selectTree(leaves.drop_front(half), levels - 1, constantOf,
                            conditionOf, builder, loc);
    return LLVM::SelectOp::create(builder, loc, conditionOf(levels - 1), high,
                                  low);
  }

  /// Each register's element loaded from a read-only global array.
  SmallVector<Value> loadElements(ConversionPatternRewriter &rewriter,
                                  arith::ConstantOp op,
                                  const LinearLayout &layout,
                                  RankedTensorType type, Type elementType,
                                  DenseElementsAttr value) const {
    Location loc = op.getLoc();
    // Stored as integers of the element's width (bytes for i1), loaded
    // and reinterpreted.
    unsigned width = std::max(8u, elementType.getIntOrFloatBitWidth());
    Type storageType = rewriter.getIntegerType(width);
    LLVM::GlobalOp table = getOrCreateTable(rewriter, loc, value, storageType);
    auto pointerType =
        LLVM::LLVMPointerType::get(rewriter.getContext(), kGlobalAddressSpace);
    Value base = LLVM::AddressOfOp::create(rewriter, loc, pointerType,
                                           table.getSymName());
    ArrayRef<int64_t> shape = type.getShape();
    SmallVector<Value> elements;
    for (ArrayRef<Value> coords :
         emitIndices(rewriter, loc, layout, lowering.threadsPerWarp)) {
      Value index = i32Constant(rewriter, loc, 0);
      for (auto [coord, size] : llvm::zip(coords, shape)) {
        index = LLVM::MulOp::create(rewriter, loc, index,
                                    i32Constant(rewriter, loc, size));
        index = LLVM::AddOp::create(rewriter, loc, index, coord);
      }
      Value address = LLVM::GEPOp::create(rewriter, loc, pointerType,
                                          storageType, base, index);
      Value loaded = LLVM::LoadOp::create(
          rewriter, loc, storageType, address, /*alignment=*/width / 8,
          /*isVolatile=*/false, /*isNonTemporal=*/false,
          /*isInvariant=*/true);
      if (width != elementType.getIntOrFloatBitWidth())
        loaded = LLVM::TruncOp::create(rewriter, loc, elementType, loaded);
      else if (loaded.getType() != elementType)
        loaded = LLVM::BitcastOp::create(rewriter, loc, elementType, loaded);
      elements.push_back(loaded);
    }
    return elements;
  }

  /// The module's read-only array of `value`'s elements as `storageType`
  /// integers, created on first use (one per distinct constant).
  static LLVM::GlobalOp getOrCreateTable(ConversionPatternRewriter &rewriter,
                                         Location loc, DenseElementsAttr value,
                                         Type storageType) {
    SmallVector<APInt> bits = getElementBits(value);
    unsigned width = storageType.getIntOrFloatBitWidth();
    for (APInt &b : bits)
      b = b.zextOrTrunc(width);
    auto storageTensor =
        RankedTensorType::get({value.getNumElements()}, storageType);
    auto arrayType =
        LLVM::LLVMArrayType::get(storageType, value.getNumElements());
    return getOrCreateConstantGlobal(
        rewriter, loc, "tile_constant_", arrayType,
        DenseElementsAttr::get(storageTensor, bits), /*alignment=*/width / 8,
        kGlobalAddressSpace);
  }

  const LoweringContext &lowering;
};
} // namespace

LogicalResult mlir::tile::checkConstantLowering(Operation *op) {
  auto constant = dyn_cast<arith::ConstantOp>(op);
  if (!constant)
    return success();
  auto type = dyn_cast<RankedTensorType>(constant.getType());
  if (!type)
    return success();
  auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!value)
    return op->emitOpError("cannot be lowered: only dense tensor constants "
                           "(dense<...>) are supported, got ")
           << constant.getValue();
  if (!type.getElementType().isIntOrFloat())
    return op->emitOpError("cannot be lowered: tensor constants of ")
           << type.getElementType() << " are not supported";
  if (value.isSplat())
    return success();
  std::string error;
  std::optional<LinearLayout> layout = ttg::toLinearLayout(type, &error);
  if (!layout)
    return op->emitOpError("cannot be lowered: ") << error;
  // Each thread reads its elements by its lane and warp index only.
  if (layout->getInDimSize(layout::kBlock) > 1)
    return op->emitOpError("cannot be lowered: a constant of distinct "
                           "elements spread over several CTAs");
  return success();
}

void mlir::tile::populateConstantOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<SplatConstantConversion>(converter); // arith.constant (splat)
  patterns.add<DenseConstantConversion>(converter,
                                        lowering); // arith.constant (dense)
}

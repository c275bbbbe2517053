//===- SharedMemoryOpToLLVM.cpp - memdesc ops to LLVM ---------------------===//
//
// A !ttg.memdesc becomes the shared-memory pointer (address space 3) to the
// first element of its view. ttg.local_alloc takes its buffer from the
// allocation (`allocation.offset`); local_store, local_load and the store of
// local_alloc's initial value move registers with the layout algebra: the
// distributed layout composed with the inverse of the shared layout gives
// each register's element offset (swizzling included), and consecutive
// registers that are consecutive in the buffer move as one vector.
// memdesc_index selects one buffer of a stacked allocation.
//
// memdesc_trans and memdesc_reshape are views whose encoding describes the
// same offsets (checked up front, MemDescViews.h): the pointer is the
// source's. A memdesc_subslice is also lowered to its source's pointer;
// local_load and local_store of it read the sub-tile's offsets off the
// layout of the buffer it was cut from. Element x of a sub-tile at
// `offsets` is element x + offsets of the buffer, and since the offsets are
// multiples of the power-of-two sub-tile shape, x + offsets = x ^ offsets:
// its offset is layout^-1(x) ^ layout^-1(offsets), one constant XORed into
// every address. An addition would be wrong where the swizzle mixes the
// constant's bits with the thread's.
//
//===----------------------------------------------------------------------===//

#include "passes/analysis/Scratch.h"
#include "passes/conversion/TTGToLLVM/Patterns.h"
#include "passes/conversion/TTGToLLVM/SharedMemory.h"
#include "passes/conversion/TTGToLLVM/Utility.h"

#include "dialects/ttg/MemDescViews.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tile;
using layout::LinearLayout;

namespace {
/// The shared layout of a memdesc view (its own shape, not the
/// allocation's).
std::optional<LinearLayout> sharedLayout(ttg::MemDescType type) {
  return ttg::toLinearLayout(type.getEncoding(), type.getShape());
}

/// Where the elements of a memdesc value are, relative to its lowered
/// pointer: `shared` maps offsets to the coordinates of the buffer the
/// pointer starts, `xorOffset` is XORed into each element offset.
struct MemDescViewLayout {
  LinearLayout shared;
  int32_t xorOffset = 0;
};

/// The offsets of the memdesc_subslice chain that defines `view` (zeros
/// when none) and the value the chain starts from.
std::pair<Value, SmallVector<int64_t>> getSubsliceRoot(Value view) {
  auto type = cast<ttg::MemDescType>(view.getType());
  SmallVector<int64_t> offsets(type.getRank(), 0);
  while (auto subslice = view.getDefiningOp<ttg::MemDescSubsliceOp>()) {
    for (auto [total, offset] : llvm::zip(offsets, subslice.getOffsets()))
      total += offset;
    view = subslice.getSrc();
  }
  return {view, offsets};
}

std::optional<MemDescViewLayout> getViewLayout(Value view) {
  auto [root, offsets] = getSubsliceRoot(view);
  auto rootType = cast<ttg::MemDescType>(root.getType());
  std::optional<LinearLayout> shared = sharedLayout(rootType);
  if (!shared)
    return std::nullopt;
  MemDescViewLayout result{*shared, 0};
  if (root == view)
    return result;
  std::optional<LinearLayout> inverse = shared->invert();
  if (!inverse)
    return std::nullopt;
  std::vector<layout::NamedValue> coordinates;
  for (auto [dim, offset] : llvm::enumerate(offsets))
    coordinates.emplace_back(layout::standardOutDimNames(offsets.size())[dim],
                             static_cast<int32_t>(offset));
  std::optional<std::vector<layout::NamedValue>> position =
      inverse->apply(coordinates);
  if (!position)
    return std::nullopt;
  for (const auto &[name, value] : *position) {
    if (name == layout::kOffset)
      result.xorOffset = value;
    else if (value != 0)
      return std::nullopt; // Another CTA's part of the buffer.
  }
  return result;
}

struct LocalAllocOpConversion
    : public ConvertOpToLLVMPattern<ttg::LocalAllocOp> {
  LocalAllocOpConversion(LLVMTypeConverter &converter,
                         const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttg::LocalAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value base = getAllocationPointer(rewriter, loc, op);
    if (!base)
      return rewriter.notifyMatchFailure(op, "no allocation.offset");
    if (Value src = op.getSrc()) {
      auto srcType = cast<RankedTensorType>(src.getType());
      std::optional<LinearLayout> registers = ttg::toLinearLayout(srcType);
      std::optional<LinearLayout> shared = sharedLayout(op.getType());
      if (!registers || !shared ||
          failed(storeDistributedToShared(
              rewriter, loc, base, srcType.getElementType(), *registers,
              *shared, unpackElements(rewriter, loc, adaptor.getSrc()),
              lowering.threadsPerWarp, /*xorOffset=*/0,
              /*allowStmatrix=*/lowering.computeCapability >= 90)))
        return rewriter.notifyMatchFailure(op, "layouts do not match");
    }
    rewriter.replaceOp(op, base);
    return success();
  }

  const LoweringContext &lowering;
};

struct LocalStoreOpConversion
    : public ConvertOpToLLVMPattern<ttg::LocalStoreOp> {
  LocalStoreOpConversion(LLVMTypeConverter &converter,
                         const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttg::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    std::optional<LinearLayout> registers = ttg::toLinearLayout(srcType);
    std::optional<MemDescViewLayout> view = getViewLayout(op.getDst());
    if (!registers || !view ||
        failed(storeDistributedToShared(
            rewriter, loc, adaptor.getDst(), srcType.getElementType(),
            *registers, view->shared,
            unpackElements(rewriter, loc, adaptor.getSrc()),
            lowering.threadsPerWarp, view->xorOffset,
            /*allowStmatrix=*/lowering.computeCapability >= 90)))
      return rewriter.notifyMatchFailure(op, "layouts do not match");
    rewriter.eraseOp(op);
    return success();
  }

  const LoweringContext &lowering;
};

struct LocalLoadOpConversion : public ConvertOpToLLVMPattern<ttg::LocalLoadOp> {
  LocalLoadOpConversion(LLVMTypeConverter &converter,
                        const LoweringContext &lowering)
      : ConvertOpToLLVMPattern(converter), lowering(lowering) {}

  LogicalResult
  matchAndRewrite(ttg::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    std::optional<LinearLayout> registers = ttg::toLinearLayout(type);
    std::optional<MemDescViewLayout> view = getViewLayout(op.getSrc());
    if (!registers || !view)
      return rewriter.notifyMatchFailure(op, "no layout");
    Type element = getTypeConverter()->convertType(type.getElementType());
    FailureOr<SmallVector<Value>> values = loadDistributedFromShared(
        rewriter, loc, adaptor.getSrc(), element, *registers, view->shared,
        lowering.threadsPerWarp, view->xorOffset);
    if (failed(values))
      return rewriter.notifyMatchFailure(op, "layouts do not match");
    rewriter.replaceOp(
        op, packElements(rewriter, loc, *getTypeConverter(), *values, type));
    return success();
  }

  const LoweringContext &lowering;
};

struct LocalDeallocOpConversion
    : public ConvertOpToLLVMPattern<ttg::LocalDeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::LocalDeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The allocation already decided when the bytes are reused.
    rewriter.eraseOp(op);
    return success();
  }
};

/// One buffer of a stacked allocation: the buffers follow one another, each
/// with the layout of the view.
struct MemDescIndexOpConversion
    : public ConvertOpToLLVMPattern<ttg::MemDescIndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttg::MemDescIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ttg::MemDescType type = op.getType();
    int64_t elements = 1;
    for (int64_t size : type.getShape())
      elements *= size;
    Value start = LLVM::MulOp::create(rewriter, loc, adaptor.getIndex(),
                                      i32Constant(rewriter, loc, elements));
    Type element = type.getElementType();
    rewriter.replaceOp(op,
                       getSharedElementPointer(rewriter, loc, adaptor.getSrc(),
                                               element, start));
    return success();
  }
};

/// A view that moves no data: the source's pointer. Sub-tiles are placed
/// by their readers (getViewLayout).
template <typename ViewOp>
struct SamePointerViewConversion : public ConvertOpToLLVMPattern<ViewOp> {
  using ConvertOpToLLVMPattern<ViewOp>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ViewOp op, typename ViewOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};
} // namespace

LogicalResult mlir::tile::checkMemDescViewLowering(Operation *op) {
  if (auto trans = dyn_cast<ttg::MemDescTransOp>(op)) {
    if (!ttg::isTransposedView(trans.getSrc().getType(), trans.getType(),
                               trans.getOrder()))
      return op->emitOpError("cannot be lowered: the result encoding does "
                             "not store the transposed elements where the "
                             "source encoding stores them");
    return success();
  }
  if (auto reshape = dyn_cast<ttg::MemDescReshapeOp>(op)) {
    if (!ttg::isReshapedView(reshape.getSrc().getType(), reshape.getType()))
      return op->emitOpError("cannot be lowered: the result encoding does "
                             "not store the reshaped elements where the "
                             "source encoding stores them");
    return success();
  }
  if (auto subslice = dyn_cast<ttg::MemDescSubsliceOp>(op)) {
    for (Operation *user : subslice->getUsers())
      if (!isa<ttg::LocalLoadOp, ttg::LocalStoreOp, ttg::MemDescSubsliceOp>(
              user))
        return op->emitOpError("cannot be lowered: its result is used by ")
               << user->getName()
               << "; only ttg.local_load, ttg.local_store and "
                  "ttg.memdesc_subslice can read a sub-tile";
    if (!getViewLayout(subslice.getResult()))
      return op->emitOpError("cannot be lowered: the offsets of the sub-tile "
                             "have no place in the source's layout");
    return success();
  }
  // A read or write of a sub-tile view that is not the result of a
  // memdesc_subslice (carried through a loop, say) has lost its offsets.
  Value view;
  if (auto load = dyn_cast<ttg::LocalLoadOp>(op))
    view = load.getSrc();
  else if (auto store = dyn_cast<ttg::LocalStoreOp>(op))
    view = store.getDst();
  if (!view || view.getDefiningOp<ttg::MemDescSubsliceOp>())
    return success();
  auto type = cast<ttg::MemDescType>(view.getType());
  ArrayRef<int64_t> alloc = type.getAllocShape();
  if (alloc.size() >= type.getShape().size() &&
      alloc.take_back(type.getShape().size()) != type.getShape())
    return op->emitOpError("cannot be lowered: its buffer is a sub-tile of ")
           << "a larger buffer but not the result of a ttg.memdesc_subslice";
  return success();
}

void mlir::tile::populateSharedMemoryOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns,
    const LoweringContext &lowering) {
  patterns.add<LocalAllocOpConversion, LocalStoreOpConversion,
               LocalLoadOpConversion>(converter, lowering);
  patterns.add<LocalDeallocOpConversion, MemDescIndexOpConversion,
               SamePointerViewConversion<ttg::MemDescSubsliceOp>,
               SamePointerViewConversion<ttg::MemDescTransOp>,
               SamePointerViewConversion<ttg::MemDescReshapeOp>,
               SamePointerViewConversion<ttg::MemDescReinterpretOp>>(converter);
}

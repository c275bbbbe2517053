//===- TTGOps.cpp - Operations of ttg and ttng ----------------------------===//
//
// Verifiers that check shapes, element types and mutability of shared
// buffers and views, naming the values that disagree.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/MemDescViews.h"
#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttg;

#define GET_OP_CLASSES
#include "dialects/ttg/TTGOps.cpp.inc"
#define GET_OP_CLASSES
#include "dialects/ttg/TTNGOps.cpp.inc"

/// Shape and element type of a buffer and a tensor (or two buffers) agree.
static LogicalResult verifySameShapeAndElement(Operation *op, ShapedType a,
                                               ShapedType b, StringRef aName,
                                               StringRef bName) {
  if (a.getShape() != b.getShape() || a.getElementType() != b.getElementType())
    return op->emitOpError()
           << aName << " " << a << " and " << bName << " " << b
           << " must have the same shape and element type";
  return success();
}

//===----------------------------------------------------------------------===//
// ttg
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  for (RankedTensorType type : {getSrc().getType(), getType()})
    if (!isDistributedEncoding(type.getEncoding()))
      return emitOpError("operand and result need distributed encodings, got ")
             << type;
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // convert(convert(x)) back to x's own layout.
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>())
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
  return {};
}

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getType();
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError("an allocation without an initial value must be "
                         "mutable");
    return success();
  }
  return verifySameShapeAndElement(*this, getSrc().getType(), type, "source",
                                   "buffer");
}

OpFoldResult LocalAllocOp::fold(FoldAdaptor) {
  // An immutable copy of what an immutable buffer of the same type holds is
  // that buffer: neither can change.
  if (getType().getMutableMemory() || !getSrc())
    return {};
  auto load = getSrc().getDefiningOp<LocalLoadOp>();
  if (!load || load.getSrc().getType() != getType())
    return {};
  return load.getSrc();
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // An immutable buffer holding a value is a value until the allocator has
  // placed it: without effects, CSE merges two copies of one tensor (Q read
  // by two loops) and DCE drops unused ones, as in Triton. Once placed it
  // is memory again.
  if (getSrc() && !getType().getMutableMemory() &&
      !getOperation()->hasAttr("allocation.offset"))
    return;
  effects.emplace_back(MemoryEffects::Allocate::get(),
                       getOperation()->getOpResult(0), SharedMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(),
                         getOperation()->getOpResult(0), SharedMemory::get());
}

LogicalResult LocalLoadOp::verify() {
  return verifySameShapeAndElement(*this, getSrc().getType(), getType(),
                                   "buffer", "result");
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError("cannot store into an immutable buffer ")
           << getDst().getType();
  return verifySameShapeAndElement(*this, getSrc().getType(),
                                   getDst().getType(), "value", "buffer");
}

LogicalResult MemDescIndexOp::verify() {
  // Triton's checks, in its order and words.
  MemDescType src = getSrc().getType(), result = getType();
  if (result.getElementType() != src.getElementType())
    return emitOpError("result element type must match desc element type");
  if (src.getRank() != result.getRank() + 1)
    return emitOpError("result rank must be input rank - 1, got ")
           << result.getRank() << " for input rank " << src.getRank();
  if (src.getAllocShape().size() != static_cast<size_t>(src.getRank()))
    return emitOpError("We don't allow taking memdesc_index of a "
                       "memdesc_index");
  if (src.getShape().drop_front() != result.getShape())
    return emitOpError("result shape must equal to srcShape[1:], got ")
           << result;
  if (src.getAllocShape() != src.getShape())
    return emitOpError("We don't support memdesc_index of a subview");
  // A slot of a buffer is itself a whole buffer: the views that may index
  // into it (memdesc_subslice) keep its shape as their alloc shape.
  if (result.getAllocShape() != result.getShape() ||
      src.getAllocShape() != src.getShape())
    return emitOpError("alloc shape must match shape for both result and src");
  if (result.getMutableMemory() != src.getMutableMemory())
    return emitOpError("a view must keep the source's mutability");
  return success();
}

LogicalResult MemDescSubsliceOp::verify() {
  // Triton's checks, in its order and words, but for the swizzle-pattern
  // check (which needs the inverse of the layout).
  MemDescType src = getSrc().getType(), result = getType();
  ArrayRef<int32_t> offsets = getOffsets();
  if (result.getElementType() != src.getElementType())
    return emitOpError("result element type must match desc element type");
  if (static_cast<int64_t>(offsets.size()) != src.getRank())
    return emitOpError("offsets must have the same rank as input, got ")
           << offsets.size() << " for rank " << src.getRank();
  if (result.getRank() != src.getRank())
    return emitOpError("result rank must equal to input rank");
  for (auto [i, offset] : llvm::enumerate(offsets)) {
    int64_t size = result.getDimSize(i);
    if (size == src.getDimSize(i)) {
      if (offset != 0)
        return emitOpError("A non zero offset found in a dimension that is "
                           "not being split");
      continue;
    }
    if (offset < 0 || offset % size != 0)
      return emitOpError("The split offset may not touch the tile: offset ")
             << offset << " in dimension " << i
             << " must be a multiple of the slice size " << size;
    if (offset + size > src.getDimSize(i))
      return emitOpError("slice [")
             << offset << ", " << offset + size << ") of dimension " << i
             << " is outside the source size " << src.getDimSize(i);
  }
  if (result.getMutableMemory() != src.getMutableMemory())
    return emitOpError("a view must keep the source's mutability");
  if (result.getShape() == src.getShape())
    return success();
  return verifySubsliceView(src, result, [&]() { return emitOpError(); });
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  ArrayRef<int32_t> order = getOrder();
  SmallVector<bool> seen(src.getRank(), false);
  if (static_cast<int64_t>(order.size()) != src.getRank())
    return emitOpError("order must be a permutation of [0, ")
           << src.getRank() << ")";
  for (auto [i, d] : llvm::enumerate(order)) {
    if (d < 0 || d >= src.getRank() || seen[d])
      return emitOpError("order must be a permutation of [0, ")
             << src.getRank() << ")";
    seen[d] = true;
    if (result.getDimSize(i) != src.getDimSize(d))
      return emitOpError("result dimension ")
             << i << " must be source dimension " << d;
  }
  if (result.getElementType() != src.getElementType())
    return emitOpError("result element type must be the source's");
  return success();
}

LogicalResult MemDescReshapeOp::verify() {
  MemDescType src = getSrc().getType(), result = getType();
  if (src.getNumElements() != result.getNumElements() ||
      src.getElementType() != result.getElementType())
    return emitOpError("result must have the source's number and type of "
                       "elements, got ")
           << result;
  return success();
}

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  MemDescType dst = getResult().getType();
  if (!dst.getMutableMemory())
    return emitOpError("cannot copy into an immutable buffer ") << dst;
  RankedTensorType pointees =
      cast<RankedTensorType>(tt::getPointeeType(getSrc().getType()));
  if (getContiguity() < 1)
    return emitOpError("contiguity must be at least 1, got ")
           << getContiguity();
  return verifySameShapeAndElement(*this, pointees, dst, "pointee tensor",
                                   "buffer");
}

LogicalResult AsyncWaitOp::verify() {
  if (getNum() < 0)
    return emitOpError("num must be non-negative, got ") << getNum();
  return success();
}

OpFoldResult MemDescReinterpretOp::fold(FoldAdaptor) {
  // Reinterpreting a buffer as its own type is the buffer.
  if (getSrc().getType() == getType())
    return getSrc();
  return {};
}

LogicalResult Fp4ToFpOp::verify() {
  RankedTensorType src = getSrc().getType(), result = getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis >= src.getRank() || result.getRank() != src.getRank())
    return emitOpError("axis ")
           << axis << " is out of range for rank " << src.getRank();
  for (int64_t d = 0; d < src.getRank(); ++d) {
    int64_t expected = d == axis ? 2 * src.getDimSize(d) : src.getDimSize(d);
    if (result.getDimSize(d) != expected)
      return emitOpError("result dimension ")
             << d << " must be " << expected << " (two e2m1 values per i8 "
             << "along axis " << axis << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ttng
//===----------------------------------------------------------------------===//

bool ttng::WarpGroupDotOp::needsPartialAccumulator() {
  auto aType = cast<ShapedType>(getA().getType());
  bool fp8 = isa<Float8E5M2Type, Float8E4M3FNType, Float8E5M2FNUZType,
                 Float8E4M3FNUZType>(aType.getElementType());
  return fp8 && getType().getElementType().isF32() &&
         getMaxNumImpreciseAcc() <= aType.getShape()[1];
}

LogicalResult ttng::WarpGroupDotOp::verify() {
  auto aType = cast<ShapedType>(getA().getType());
  MemDescType bType = getB().getType();
  RankedTensorType cType = getC().getType();
  if (aType.getRank() != 2 || bType.getRank() != 2 || cType.getRank() != 2)
    return emitOpError("operands must be 2-D");
  if (aType.getDimSize(1) != bType.getDimSize(0))
    return emitOpError("K of a (")
           << aType.getDimSize(1) << ") must equal K of b ("
           << bType.getDimSize(0) << ")";
  if (cType.getDimSize(0) != aType.getDimSize(0) ||
      cType.getDimSize(1) != bType.getDimSize(1))
    return emitOpError("accumulator must be ")
           << aType.getDimSize(0) << "x" << bType.getDimSize(1) << ", got "
           << cType;
  // Triton's rule: wgmma reads a register operand as 32-bit words.
  if (auto aTensor = dyn_cast<RankedTensorType>(getA().getType()))
    if (auto aDot = dyn_cast<DotOperandEncodingAttr>(aTensor.getEncoding())) {
      unsigned kWidth = 32 / aTensor.getElementTypeBitWidth();
      if (aDot.getKWidth() != kWidth)
        return emitOpError("in-register LHS operand must have a kWidth of ")
               << kWidth << " but got " << aDot.getKWidth();
    }
  return success();
}

/// The checks both named-barrier ops share: a constant barrier is one of
/// the 16 hardware barriers, a constant thread count whole warps.
static LogicalResult verifyNamedBarrier(Operation *op, Value bar,
                                        Value numThreads) {
  APInt value;
  if (matchPattern(bar, m_ConstantInt(&value)) &&
      (value.isNegative() ||
       value.getSExtValue() >= int64_t(ttg::kNumHardwareBarriers)))
    return op->emitOpError("barrier ")
           << value.getSExtValue() << " is not one of the "
           << ttg::kNumHardwareBarriers << " hardware barriers";
  // A CTA has at most 1024 threads.
  constexpr int64_t kMaxThreads = 1024;
  int threadsPerWarp = ttg::getThreadsPerWarp(op);
  if (matchPattern(numThreads, m_ConstantInt(&value)) &&
      (value.getSExtValue() <= 0 || value.getSExtValue() % threadsPerWarp ||
       value.getSExtValue() > kMaxThreads))
    return op->emitOpError("thread count ")
           << value.getSExtValue() << " is not a positive multiple of "
           << threadsPerWarp << " (whole warps) up to " << kMaxThreads;
  return success();
}

LogicalResult ttng::NamedBarrierWaitOp::verify() {
  return verifyNamedBarrier(*this, getBar(), getNumThreads());
}

LogicalResult ttng::NamedBarrierArriveOp::verify() {
  return verifyNamedBarrier(*this, getBar(), getNumThreads());
}

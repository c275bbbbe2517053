//===- TTMemoryOps.cpp - Pointers, memory access, descriptors -------------===//
//
// Verifiers and memory effects of the ops that touch global memory: pointer
// arithmetic, loads, stores and atomics, block pointers and tensor
// descriptors.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"
#include "dialects/ttg/layout/Permutation.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tile::tt;
using mlir::tile::layout::isPermutation;

//===----------------------------------------------------------------------===//
// Pointers, loads, stores, atomics
//===----------------------------------------------------------------------===//

LogicalResult AdvanceOp::verify() {
  auto block = cast<RankedTensorType>(getPtr().getType().getPointeeType());
  if (static_cast<int64_t>(getOffsets().size()) != block.getRank())
    return emitOpError("expects one offset per block dimension (")
           << block.getRank() << "), got " << getOffsets().size();
  return success();
}

/// Shared checks of boundaryCheck for loads and stores.
static LogicalResult verifyBoundaryCheck(Operation *op, Type ptrType,
                                         ArrayRef<int32_t> boundaryCheck,
                                         bool hasPadding, bool hasMask) {
  auto ptr = dyn_cast<PointerType>(ptrType);
  auto block = ptr ? dyn_cast<RankedTensorType>(ptr.getPointeeType()) : nullptr;
  if (!block) {
    if (!boundaryCheck.empty() || hasPadding)
      return op->emitOpError("boundaryCheck and padding apply only to block "
                             "pointers");
    return success();
  }
  if (hasMask)
    return op->emitOpError("a block pointer access takes boundaryCheck, not "
                           "a mask");
  SmallVector<bool> seen(block.getRank(), false);
  for (int32_t dim : boundaryCheck) {
    if (dim < 0 || dim >= block.getRank() || seen[dim])
      return op->emitOpError("boundaryCheck dimension ")
             << dim << " is out of range or repeated for a block of rank "
             << block.getRank();
    seen[dim] = true;
  }
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck(),
                             getPadding().has_value(), getMask() || getOther());
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must neither be removed nor reordered with other
  // accesses, which a write effect guarantees.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

LogicalResult StoreOp::verify() {
  return verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck(),
                             /*hasPadding=*/false, getMask() != nullptr);
}

/// Checks the value/pointer/mask/result agreement of the atomics.
static LogicalResult verifyAtomicTypes(Operation *op, Type ptrType,
                                       ArrayRef<Value> values, Value mask,
                                       Type resultType) {
  Type pointee = getPointeeType(ptrType);
  for (Value value : values)
    if (value.getType() != pointee)
      return op->emitOpError("value type ")
             << value.getType() << " does not match the pointee type "
             << pointee;
  if (resultType != pointee)
    return op->emitOpError("result type ")
           << resultType << " does not match the pointee type " << pointee;
  if (mask && mask.getType() != getI1SameShape(pointee))
    return op->emitOpError("mask type ")
           << mask.getType() << " must be " << getI1SameShape(pointee);
  return success();
}

LogicalResult AtomicRMWOp::verify() {
  if (failed(verifyAtomicTypes(*this, getPtr().getType(), {getVal()}, getMask(),
                               getType())))
    return failure();
  Type element = getElementTypeOrSelf(getVal().getType());
  switch (getAtomicRmwOp()) {
  case RMWOp::FADD:
    if (!isa<FloatType>(element))
      return emitOpError("fadd needs a floating-point value, got ") << element;
    break;
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
  case RMWOp::ADD:
  case RMWOp::MAX:
  case RMWOp::MIN:
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    if (!element.isInteger())
      return emitOpError("integer atomic ")
             << stringifyRMWOp(getAtomicRmwOp())
             << " needs an integer value, got " << element;
    break;
  case RMWOp::XCHG:
    break;
  }
  return success();
}

LogicalResult AtomicCASOp::verify() {
  // Triton states these two as type constraints; its words, its order.
  Type pointee = getPointeeType(getPtr().getType());
  if (getCmp().getType() != pointee)
    return emitOpError("failed to verify that ptr type matches cmp type");
  if (getVal().getType() != pointee)
    return emitOpError("failed to verify that ptr type matches value type");
  return verifyAtomicTypes(*this, getPtr().getType(), {getCmp(), getVal()},
                           /*mask=*/nullptr, getType());
}

//===----------------------------------------------------------------------===//
// Block pointers and descriptors
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorPtrOp::verify() {
  auto block = cast<RankedTensorType>(getType().getPointeeType());
  int64_t rank = block.getRank();
  if (static_cast<int64_t>(getShape().size()) != rank ||
      static_cast<int64_t>(getStrides().size()) != rank ||
      static_cast<int64_t>(getOffsets().size()) != rank)
    return emitOpError("shape, strides and offsets need one value per block "
                       "dimension (")
           << rank << ")";
  if (static_cast<int64_t>(getOrder().size()) != rank ||
      !isPermutation(getOrder()))
    return emitOpError("order must be a permutation of [0, ") << rank << ")";
  if (getBase().getType().getPointeeType() != block.getElementType())
    return emitOpError("base pointee ")
           << getBase().getType().getPointeeType()
           << " must be the block's element type " << block.getElementType();
  return success();
}

LogicalResult MakeTensorDescOp::verify() {
  RankedTensorType block = getType().getBlockType();
  if (static_cast<int64_t>(getShape().size()) != block.getRank() ||
      static_cast<int64_t>(getStrides().size()) != block.getRank())
    return emitOpError("shape and strides need one value per block "
                       "dimension (")
           << block.getRank() << ")";
  // Triton's frontend marks the block of a signed integer tensor si8..si64
  // (the sign picks a TMA reduction's signed min/max) while the base stays
  // a signless pointer, so the two are compared up to the sign.
  auto withoutSign = [](Type type) -> Type {
    auto integer = dyn_cast<IntegerType>(type);
    if (!integer || integer.isSignless())
      return type;
    return IntegerType::get(type.getContext(), integer.getWidth());
  };
  Type pointee = getBase().getType().getPointeeType();
  Type element = block.getElementType();
  if (withoutSign(pointee) != withoutSign(element)) {
    InFlightDiagnostic diag = emitOpError("base pointee ")
                              << pointee << " must be the block's element type "
                              << element;
    if (element != withoutSign(element))
      diag << " (up to its sign)";
    return diag;
  }
  return success();
}

/// A descriptor access moves the descriptor's whole block: the tensor has
/// the block's element type and shape, except that it may drop leading
/// dimensions of size 1.
static LogicalResult verifyDescriptorAccess(Operation *op, TensorDescType desc,
                                            RankedTensorType tensor) {
  // Triton's checks and messages first. The tensor's integers are
  // signless whatever the descriptor's sign.
  RankedTensorType block = desc.getSignlessBlockType();
  ArrayRef<int64_t> blockShape = block.getShape();
  int64_t dropped = block.getRank() - tensor.getRank();
  if (dropped > 0) {
    if (!llvm::all_of(blockShape.take_front(dropped),
                      [](int64_t d) { return d == 1; }))
      return op->emitOpError("ranked reduce load only allowed for unit "
                             "dimension leading dim.");
    blockShape = blockShape.drop_front(dropped);
  }
  if (blockShape != tensor.getShape() ||
      tensor.getElementType() != block.getElementType())
    return op->emitOpError("tensor descriptor block and tensor types must "
                           "match, got ")
           << block << " and " << tensor;
  // As Triton, the number of indices is not checked here: the passes that
  // lower descriptor accesses need one per block dimension and diagnose
  // other counts.
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getType());
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getSrc().getType());
}

LogicalResult DescriptorReduceOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getSrc().getType());
}

/// Row gathers and scatters move one descriptor row per x offset. Triton's
/// checks, in its order and words.
static LogicalResult verifyDescriptorRows(Operation *op, TensorDescType desc,
                                          RankedTensorType xOffsets,
                                          RankedTensorType tensor) {
  RankedTensorType block = desc.getBlockType();
  if (block.getRank() != 2)
    return op->emitOpError("block must be a 2D tensor, but got ") << block;
  if (block.getDimSize(0) != 1)
    return op->emitOpError("block must have exactly 1 row, but got ") << block;
  if (xOffsets.getRank() != 1)
    return op->emitOpError("x offsets must be a 1D tensor, but got ")
           << xOffsets;
  if (tensor.getRank() != 2)
    return op->emitOpError("result must be a 2D tensor, but got ") << tensor;
  if (tensor.getDimSize(0) != xOffsets.getDimSize(0))
    return op->emitOpError("result tensor must have as many rows as indices (")
           << xOffsets.getDimSize(0) << "), but got " << tensor;
  if (tensor.getDimSize(1) != block.getDimSize(1))
    return op->emitOpError("result tensor number of columns must match block (")
           << block.getDimSize(1) << "), but got " << tensor;
  if (tensor.getElementType() != block.getElementType())
    return op->emitOpError("result tensor element type must match block (")
           << block.getElementType() << "), but got " << tensor;
  return success();
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyDescriptorRows(*this, getDesc().getType(),
                              getXOffsets().getType(), getType());
}

LogicalResult DescriptorScatterOp::verify() {
  return verifyDescriptorRows(*this, getDesc().getType(),
                              getXOffsets().getType(), getSrc().getType());
}

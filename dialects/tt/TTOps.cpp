//===- TTOps.cpp - Operations of the tt dialect ---------------------------===//
//
// Verifiers, memory effects, tt.func's custom syntax and tt.call's symbol
// check. Every verifier names the operand and the numbers that disagree: the
// Debian build of MLIR has assertions off, so these checks are what stands
// between bad input and a miscompile.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"
#include "dialects/tt/TTLayoutInterface.h"
#include "dialects/ttg/layout/Permutation.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile::tt;
using mlir::tile::layout::isPermutation;

#define GET_OP_CLASSES
#include "dialects/tt/TTOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

LogicalResult mlir::tile::tt::verifyTensorSizes(Operation *op) {
  auto check = [&](Type type) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return success();
    int64_t numElements = 1;
    for (int64_t dim : tensor.getShape()) {
      if (dim <= 0)
        return op->emitOpError("tensor dimensions must be static and "
                               "positive, got ")
               << tensor;
      numElements *= dim;
      if (numElements > kMaxTensorNumElements)
        return op->emitOpError("tensor ")
               << tensor << " has more than " << kMaxTensorNumElements
               << " elements, the most tt allows";
    }
    if (!llvm::isPowerOf2_64(numElements))
      return op->emitOpError("tensor ")
             << tensor << " has " << numElements
             << " elements; tt tensors must have a power-of-two number of "
                "elements";
    return success();
  };
  for (Type type : op->getOperandTypes())
    if (failed(check(type)))
      return failure();
  for (Type type : op->getResultTypes())
    if (failed(check(type)))
      return failure();
  // The dialect of each encoding checks it against the module's hardware.
  for (Type type : llvm::concat<Type>(llvm::to_vector(op->getOperandTypes()),
                                      llvm::to_vector(op->getResultTypes()))) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      continue;
    if (const LayoutInferenceInterface *iface =
            getLayoutInterface(tensor.getEncoding()))
      if (failed(iface->verifyTensorEncoding(tensor, op)))
        return failure();
  }
  return success();
}

LogicalResult mlir::tile::tt::verifySameEncoding(Operation *op,
                                                 bool includeResults) {
  std::optional<Attribute> first;
  auto check = [&](Type type) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return success();
    if (!first) {
      first = tensor.getEncoding();
      return success();
    }
    if (tensor.getEncoding() != *first)
      return op->emitOpError("requires the same layout encoding for all "
                             "tensor operands")
             << (includeResults ? " and results" : "") << ", got "
             << tensor.getEncoding() << " and " << *first;
    return success();
  };
  for (Type type : op->getOperandTypes())
    if (failed(check(type)))
      return failure();
  if (includeResults)
    for (Type type : op->getResultTypes())
      if (failed(check(type)))
        return failure();
  return success();
}

static int64_t getNumElements(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getNumElements();
  return 1;
}

/// Bit width of a scalar element; pointers are 64 bits wide.
static unsigned getElementBitWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<PointerType>(element))
    return 64;
  return element.getIntOrFloatBitWidth();
}

/// Checks `result`'s encoding against the one the encoding's dialect infers
/// from the source encoding. Without an encoding dialect there is nothing to
/// infer, so only "both or neither" is checked.
static LogicalResult verifyInferredEncoding(
    Operation *op, Attribute srcEnc, Attribute resultEnc,
    ArrayRef<int64_t> resultShape,
    function_ref<FailureOr<Attribute>(const LayoutInferenceInterface &)>
        infer) {
  if (!srcEnc && !resultEnc)
    return success();
  if (!srcEnc || !resultEnc)
    return op->emitOpError("source and result must both have a layout "
                           "encoding or neither");
  const LayoutInferenceInterface *iface = getLayoutInterface(srcEnc);
  if (!iface)
    return success();
  FailureOr<Attribute> expected = infer(*iface);
  if (failed(expected))
    return failure();
  if (*expected != resultEnc &&
      !iface->areEquivalent(*expected, resultEnc, resultShape))
    return op->emitOpError("result encoding ")
           << resultEnc << " does not match the inferred encoding "
           << *expected;
  return success();
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  auto srcPtr = dyn_cast<PointerType>(getElementTypeOrSelf(getSrc().getType()));
  auto dstPtr = dyn_cast<PointerType>(getElementTypeOrSelf(getType()));
  if (!srcPtr != !dstPtr)
    return emitOpError("cannot bitcast between a pointer and a non-pointer "
                       "type; use tt.ptr_to_int or tt.int_to_ptr");
  if (srcPtr && srcPtr.getAddressSpace() != dstPtr.getAddressSpace())
    return emitOpError("cannot bitcast a pointer from address space ")
           << srcPtr.getAddressSpace() << " to address space "
           << dstPtr.getAddressSpace();
  unsigned srcBits = getElementBitWidth(getSrc().getType());
  unsigned dstBits = getElementBitWidth(getType());
  if (srcBits != dstBits)
    return emitOpError("source and result element types must have the same "
                       "bit width, got ")
           << srcBits << " and " << dstBits;
  return success();
}

LogicalResult FpToFpOp::verify() {
  unsigned srcBits = getElementBitWidth(getSrc().getType());
  unsigned dstBits = getElementBitWidth(getType());
  if (dstBits < srcBits && !getRounding())
    return emitOpError("a narrowing conversion from ")
           << getElementTypeOrSelf(getSrc().getType()) << " to "
           << getElementTypeOrSelf(getType())
           << " needs a rounding mode (rounding = rtne or rtz)";
  return success();
}

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
  return verifyAtomicTypes(*this, getPtr().getType(), {getCmp(), getVal()},
                           /*mask=*/nullptr, getType());
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  if (isa<RankedTensorType>(getSrc().getType()))
    return emitOpError("source must be a scalar, got ") << getSrc().getType();
  return success();
}

LogicalResult UnsplatOp::verify() {
  if (getSrc().getType().getNumElements() != 1)
    return emitOpError("source must have exactly one element, got ")
           << getSrc().getType();
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis > srcType.getRank())
    return emitOpError("axis ")
           << axis << " is out of range [0, " << srcType.getRank() << "]";
  SmallVector<int64_t> expected(srcType.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (getType().getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be the source shape with a 1 "
                       "inserted at axis ")
           << axis << ", got " << getType();
  return verifyInferredEncoding(*this, srcType.getEncoding(),
                                getType().getEncoding(), getType().getShape(),
                                [&](const LayoutInferenceInterface &iface) {
                                  return iface.inferExpandDimsEncoding(
                                      srcType.getEncoding(), axis, getLoc());
                                });
}

LogicalResult ReshapeOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType dstType = getType();
  if (srcType.getNumElements() != dstType.getNumElements())
    return emitOpError("source and result must have the same number of "
                       "elements, got ")
           << srcType.getNumElements() << " and " << dstType.getNumElements();
  Attribute srcEnc = srcType.getEncoding(), dstEnc = dstType.getEncoding();
  if (!srcEnc && !dstEnc)
    return success();
  if (!srcEnc || !dstEnc)
    return emitOpError("source and result must both have a layout encoding "
                       "or neither");
  if (const LayoutInferenceInterface *iface = getLayoutInterface(srcEnc))
    return iface->verifyReshapeEncoding(srcEnc, srcType.getShape(), dstEnc,
                                        dstType.getShape(), getAllowReorder(),
                                        getLoc());
  return success();
}

LogicalResult BroadcastOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType dstType = getType();
  if (srcType.getRank() != dstType.getRank())
    return emitOpError("source rank ")
           << srcType.getRank() << " must equal result rank "
           << dstType.getRank();
  for (auto [i, src, dst] :
       llvm::enumerate(srcType.getShape(), dstType.getShape()))
    if (src != dst && src != 1)
      return emitOpError("dimension ")
             << i << " of size " << src
             << " can only be broadcast from size 1, result size " << dst;
  return success();
}

LogicalResult CatOp::verify() {
  RankedTensorType lhsType = getLhs().getType();
  if (getType().getRank() != lhsType.getRank())
    return emitOpError("result rank must equal the operand rank ")
           << lhsType.getRank();
  if (getType().getNumElements() != 2 * lhsType.getNumElements())
    return emitOpError("result must have twice the elements of an operand (")
           << 2 * lhsType.getNumElements() << "), got "
           << getType().getNumElements();
  return success();
}

LogicalResult JoinOp::verify() {
  RankedTensorType srcType = getLhs().getType();
  SmallVector<int64_t> expected(srcType.getShape());
  expected.push_back(2);
  if (getType().getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape must be the operand shape with a minor "
                       "dimension of 2, got ")
           << getType();
  return verifyInferredEncoding(
      *this, srcType.getEncoding(), getType().getEncoding(),
      getType().getShape(), [&](const LayoutInferenceInterface &iface) {
        return iface.inferJoinEncoding(srcType.getEncoding(),
                                       srcType.getShape(), getLoc());
      });
}

LogicalResult SplitOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  if (srcType.getRank() < 1 || srcType.getShape().back() != 2)
    return emitOpError("source's last dimension must have size 2, got ")
           << srcType;
  if (getOutLHS().getType().getShape() != srcType.getShape().drop_back())
    return emitOpError("results must have the source shape without its last "
                       "dimension, got ")
           << getOutLHS().getType();
  return verifyInferredEncoding(
      *this, srcType.getEncoding(), getOutLHS().getType().getEncoding(),
      getOutLHS().getType().getShape(),
      [&](const LayoutInferenceInterface &iface) {
        return iface.inferSplitEncoding(srcType.getEncoding(),
                                        srcType.getShape(), getLoc());
      });
}

LogicalResult TransOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  ArrayRef<int32_t> order = getOrder();
  if (static_cast<int64_t>(order.size()) != srcType.getRank() ||
      !isPermutation(order))
    return emitOpError("order must be a permutation of [0, ")
           << srcType.getRank() << ")";
  for (auto [i, d] : llvm::enumerate(order))
    if (getType().getDimSize(i) != srcType.getDimSize(d))
      return emitOpError("result dimension ")
             << i << " must be source dimension " << d << " of size "
             << srcType.getDimSize(d) << ", got " << getType().getDimSize(i);
  return verifyInferredEncoding(
      *this, srcType.getEncoding(), getType().getEncoding(),
      getType().getShape(), [&](const LayoutInferenceInterface &iface) {
        return iface.inferTransEncoding(srcType.getEncoding(),
                                        srcType.getShape(), order, getLoc());
      });
}

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStartAttr().getInt();
  int64_t end = getEndAttr().getInt();
  RankedTensorType type = getType();
  if (type.getRank() != 1)
    return emitOpError("result must be a 1-D tensor, got ") << type;
  if (!type.getElementType().isInteger(32))
    return emitOpError("result element type must be i32, got ")
           << type.getElementType();
  if (end <= start)
    return emitOpError("start ") << start << " must be less than end " << end;
  if (type.getDimSize(0) != end - start)
    return emitOpError("result must have end - start = ")
           << end - start << " elements, got " << type.getDimSize(0);
  return success();
}

//===----------------------------------------------------------------------===//
// Dot, reductions, scans
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  RankedTensorType aType = getA().getType(), bType = getB().getType();
  RankedTensorType cType = getC().getType();
  int64_t rank = aType.getRank();
  if ((rank != 2 && rank != 3) || bType.getRank() != rank ||
      cType.getRank() != rank)
    return emitOpError("operands must all be 2-D, or all 3-D (batched), got "
                       "ranks ")
           << rank << ", " << bType.getRank() << " and " << cType.getRank();
  ArrayRef<int64_t> a = aType.getShape(), b = bType.getShape(),
                    c = cType.getShape();
  if (a[rank - 1] != b[rank - 2])
    return emitOpError("K of a (")
           << a[rank - 1] << ") must equal K of b (" << b[rank - 2] << ")";
  if (c[rank - 2] != a[rank - 2] || c[rank - 1] != b[rank - 1])
    return emitOpError("accumulator shape must be M x N = ")
           << a[rank - 2] << "x" << b[rank - 1] << ", got " << cType;
  if (rank == 3 && (a[0] != b[0] || a[0] != c[0]))
    return emitOpError("batch dimensions must agree, got ")
           << a[0] << ", " << b[0] << " and " << c[0];
  Type aElt = aType.getElementType(), bElt = bType.getElementType();
  Type cElt = cType.getElementType();
  if (aElt.isInteger() != bElt.isInteger() ||
      aElt.isInteger() != cElt.isInteger())
    return emitOpError("operands and accumulator must be all integer or all "
                       "floating point, got ")
           << aElt << ", " << bElt << " and " << cElt;
  bool bothFp8 = aElt.getIntOrFloatBitWidth() == 8 &&
                 bElt.getIntOrFloatBitWidth() == 8 && isa<FloatType>(aElt);
  if (aElt != bElt && !bothFp8)
    return emitOpError("a and b must have the same element type (or both be "
                       "fp8), got ")
           << aElt << " and " << bElt;
  Attribute aEnc = aType.getEncoding(), bEnc = bType.getEncoding(),
            cEnc = cType.getEncoding();
  if (!aEnc && !bEnc && !cEnc)
    return success();
  if (!aEnc || !bEnc || !cEnc)
    return emitOpError("either all operands have a layout encoding or none");
  if (const LayoutInferenceInterface *iface = getLayoutInterface(cEnc))
    return iface->verifyDotEncodings(aEnc, bEnc, cEnc, getLoc());
  return success();
}

LogicalResult DotScaledOp::verify() {
  RankedTensorType aType = getA().getType(), bType = getB().getType();
  RankedTensorType cType = getC().getType();
  if (aType.getRank() != 2 || bType.getRank() != 2 || cType.getRank() != 2)
    return emitOpError("operands must be 2-D");
  // fp4 (e2m1) values come two to a byte, packed along K unless k_pack is
  // false, in which case they are packed along M (for a) or N (for b).
  auto unpacked = [](ScaleDotElemType type, bool kPack, int64_t k) {
    return type == ScaleDotElemType::E2M1 && kPack ? 2 * k : k;
  };
  int64_t aK = unpacked(getAElemType(), getLhsKPack(), aType.getDimSize(1));
  int64_t bK = unpacked(getBElemType(), getRhsKPack(), bType.getDimSize(0));
  if (aK != bK)
    return emitOpError("K of a (")
           << aK << ") must equal K of b (" << bK << ") after unpacking";
  int64_t m = aType.getDimSize(0), n = bType.getDimSize(1);
  if (getAElemType() == ScaleDotElemType::E2M1 && !getLhsKPack())
    m *= 2;
  if (getBElemType() == ScaleDotElemType::E2M1 && !getRhsKPack())
    n *= 2;
  if (cType.getDimSize(0) != m || cType.getDimSize(1) != n)
    return emitOpError("accumulator must be ")
           << m << "x" << n << ", got " << cType;
  auto checkScale = [&](Value scale, int64_t rows,
                        StringRef name) -> LogicalResult {
    if (!scale)
      return success();
    auto type = cast<RankedTensorType>(scale.getType());
    if (type.getRank() != 2 || type.getDimSize(0) != rows ||
        type.getDimSize(1) * 32 != aK)
      return emitOpError() << name << " must be " << rows << "x" << aK / 32
                           << " (one scale per 32 elements of K), got " << type;
    return success();
  };
  if (failed(checkScale(getAScale(), m, "a_scale")) ||
      failed(checkScale(getBScale(), n, "b_scale")))
    return failure();
  return success();
}

/// Checks a reduce/scan combiner region: 2N scalar block arguments of the
/// operands' element types, and a terminator of type `TerminatorOp` that
/// yields N scalars of the same types.
template <typename TerminatorOp>
static LogicalResult verifyCombiner(Operation *op, Region &region,
                                    TypeRange elementTypes) {
  Block &block = region.front();
  size_t n = elementTypes.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError("combiner region must take ")
           << 2 * n << " arguments (two per operand), got "
           << block.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != elementTypes[i % n])
      return op->emitOpError("combiner argument ")
             << i << " has type " << arg.getType() << ", expected "
             << elementTypes[i % n];
  auto terminator = dyn_cast<TerminatorOp>(block.getTerminator());
  if (!terminator)
    return op->emitOpError("combiner region must end with ")
           << TerminatorOp::getOperationName();
  if (terminator->getNumOperands() != n)
    return op->emitOpError("combiner must return ")
           << n << " values, got " << terminator->getNumOperands();
  for (auto [i, type] : llvm::enumerate(terminator->getOperandTypes()))
    if (type != elementTypes[i])
      return op->emitOpError("combiner result ")
             << i << " has type " << type << ", expected " << elementTypes[i];
  return success();
}

static SmallVector<Type> getElementTypes(ValueRange values) {
  return llvm::map_to_vector(
      values, [](Value v) { return getElementTypeOrSelf(v.getType()); });
}

/// The checks reduce and scan share: operands exist, `axis` is a dimension
/// of them, one result per operand. Returns the first operand's type.
static FailureOr<RankedTensorType>
verifyAxisOperands(Operation *op, ValueRange srcs, int64_t axis) {
  if (srcs.empty())
    return op->emitOpError("needs at least one operand");
  auto srcType = cast<RankedTensorType>(srcs.front().getType());
  if (axis < 0 || axis >= srcType.getRank())
    return op->emitOpError("axis ")
           << axis << " is out of range for rank " << srcType.getRank();
  if (op->getNumResults() != srcs.size())
    return op->emitOpError("must have one result per operand (")
           << srcs.size() << "), got " << op->getNumResults();
  return srcType;
}

LogicalResult ReduceOp::verify() {
  int64_t axis = getAxis();
  FailureOr<RankedTensorType> checked =
      verifyAxisOperands(*this, getSrcs(), axis);
  if (failed(checked))
    return failure();
  RankedTensorType srcType = *checked;
  SmallVector<int64_t> shape(srcType.getShape());
  shape.erase(shape.begin() + axis);
  for (auto [src, result] : llvm::zip(getSrcs(), getResults())) {
    Type element = getElementTypeOrSelf(src.getType());
    auto resultTensor = dyn_cast<RankedTensorType>(result.getType());
    if (shape.empty()) {
      if (result.getType() != element)
        return emitOpError("reducing a 1-D tensor yields the scalar ")
               << element << ", got " << result.getType();
      continue;
    }
    if (!resultTensor || resultTensor.getShape() != ArrayRef<int64_t>(shape) ||
        resultTensor.getElementType() != element)
      return emitOpError("result must be the operand without dimension ")
             << axis << ", got " << result.getType();
    if (failed(verifyInferredEncoding(
            *this, srcType.getEncoding(), resultTensor.getEncoding(),
            resultTensor.getShape(),
            [&](const LayoutInferenceInterface &iface) {
              return iface.inferReduceEncoding(srcType.getEncoding(), axis,
                                               getLoc());
            })))
      return failure();
  }
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombiner<ReduceReturnOp>(*this, getCombineOp(),
                                        getElementTypes(getSrcs()));
}

LogicalResult ScanOp::verify() {
  int64_t axis = getAxis();
  if (failed(verifyAxisOperands(*this, getSrcs(), axis)))
    return failure();
  for (auto [src, result] : llvm::zip(getSrcs(), getResults()))
    if (src.getType() != result.getType())
      return emitOpError("result type ")
             << result.getType() << " must equal operand type "
             << src.getType();
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombiner<ScanReturnOp>(*this, getCombineOp(),
                                      getElementTypes(getSrcs()));
}

LogicalResult HistogramOp::verify() {
  if (getSrc().getType().getRank() != 1 || getType().getRank() != 1)
    return emitOpError("source and result must be 1-D, got ")
           << getSrc().getType() << " and " << getType();
  if (getMask() && getMask().getType() != getI1SameShape(getSrc().getType()))
    return emitOpError("mask must be ") << getI1SameShape(getSrc().getType())
                                        << ", got " << getMask().getType();
  return success();
}

LogicalResult GatherOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType idxType = getIndices().getType();
  int64_t axis = getAxis();
  if (srcType.getRank() != idxType.getRank())
    return emitOpError("source and indices must have the same rank, got ")
           << srcType.getRank() << " and " << idxType.getRank();
  if (axis < 0 || axis >= srcType.getRank())
    return emitOpError("axis ")
           << axis << " is out of range for rank " << srcType.getRank();
  if (getType().getShape() != idxType.getShape() ||
      getType().getElementType() != srcType.getElementType())
    return emitOpError("result must have the indices' shape and the source's "
                       "element type, got ")
           << getType();
  if (getType().getEncoding() != idxType.getEncoding())
    return emitOpError("result encoding must be the indices' encoding, got ")
           << getType().getEncoding() << " and " << idxType.getEncoding();
  for (int64_t d = 0; d < srcType.getRank(); ++d)
    if (d != axis && idxType.getDimSize(d) > srcType.getDimSize(d))
      return emitOpError("indices dimension ")
             << d << " (" << idxType.getDimSize(d) << ") exceeds the source's ("
             << srcType.getDimSize(d) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// External and inline code
//===----------------------------------------------------------------------===//

/// Side effects of a call into unknown code: none when it is declared pure,
/// otherwise it may read and write global memory.
static void getImpureCallEffects(
    bool pure,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (pure)
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getImpureCallEffects(getPure(), effects);
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getImpureCallEffects(getPure(), effects);
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  int32_t pack = getPackedElement();
  if (pack < 1)
    return emitOpError("packed_element must be at least 1, got ") << pack;
  std::optional<ArrayRef<int64_t>> shape;
  auto check = [&](Type type) -> LogicalResult {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return success();
    if (shape && *shape != tensor.getShape())
      return emitOpError("all tensor operands and results must have the same "
                         "shape");
    shape = tensor.getShape();
    if (tensor.getNumElements() % pack != 0)
      return emitOpError("number of elements ")
             << tensor.getNumElements()
             << " must be a multiple of packed_element " << pack;
    return success();
  };
  for (Type type : getOperandTypes())
    if (failed(check(type)))
      return failure();
  for (Type type : getResultTypes())
    if (failed(check(type)))
      return failure();
  return success();
}

LogicalResult MapElementwiseOp::verify() {
  if (getPack() < 1)
    return emitOpError("pack must be at least 1, got ") << getPack();
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  int64_t numElements = getNumElements(getSrcs().front().getType());
  if (numElements % getPack() != 0)
    return emitOpError("number of elements ")
           << numElements << " must be a multiple of pack " << getPack();
  return success();
}

LogicalResult MapElementwiseOp::verifyRegions() {
  if (getScalarOp().empty())
    return emitOpError("needs a body");
  Block &block = getScalarOp().front();
  unsigned pack = getPack();
  SmallVector<Type> argTypes = getElementTypes(getSrcs());
  SmallVector<Type> resultTypes = getElementTypes(getResults());
  if (block.getNumArguments() != pack * argTypes.size())
    return emitOpError("body must take ")
           << pack * argTypes.size() << " arguments (pack x operands), got "
           << block.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != argTypes[i / pack])
      return emitOpError("body argument ")
             << i << " has type " << arg.getType() << ", expected "
             << argTypes[i / pack];
  for (Block &b : getScalarOp()) {
    auto ret = dyn_cast<MapElementwiseReturnOp>(b.getTerminator());
    if (!ret)
      continue;
    if (ret->getNumOperands() != pack * resultTypes.size())
      return emitOpError("body must return ")
             << pack * resultTypes.size() << " values, got "
             << ret->getNumOperands();
    for (auto [i, type] : llvm::enumerate(ret->getOperandTypes()))
      if (type != resultTypes[i / pack])
        return emitOpError("body result ")
               << i << " has type " << type << ", expected "
               << resultTypes[i / pack];
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  if (getIsSigned().size() != getArgs().size())
    return emitOpError("isSigned must have one entry per argument (")
           << getArgs().size() << "), got " << getIsSigned().size();
  return success();
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
  if (getBase().getType().getPointeeType() != block.getElementType())
    return emitOpError("base pointee ")
           << getBase().getType().getPointeeType()
           << " must be the block's element type " << block.getElementType();
  return success();
}

/// A descriptor access moves the descriptor's whole block: the tensor has
/// the block's element type and shape, except that it may drop leading
/// dimensions of size 1.
static LogicalResult verifyDescriptorAccess(Operation *op, TensorDescType desc,
                                            RankedTensorType tensor,
                                            size_t numIndices) {
  RankedTensorType block = desc.getBlockType();
  if (static_cast<int64_t>(numIndices) != block.getRank())
    return op->emitOpError("expects one index per block dimension (")
           << block.getRank() << "), got " << numIndices;
  ArrayRef<int64_t> blockShape = block.getShape();
  int64_t dropped = block.getRank() - tensor.getRank();
  bool shapeMatches = dropped >= 0 &&
                      llvm::all_of(blockShape.take_front(dropped),
                                   [](int64_t d) { return d == 1; }) &&
                      blockShape.drop_front(dropped) == tensor.getShape();
  if (tensor.getElementType() != block.getElementType() || !shapeMatches)
    return op->emitOpError("tensor ")
           << tensor << " does not match the descriptor block " << block
           << " (only leading unit dimensions may be dropped)";
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getType(),
                                getIndices().size());
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getSrc().getType(),
                                getIndices().size());
}

LogicalResult DescriptorReduceOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(), getSrc().getType(),
                                getIndices().size());
}

/// Row gathers and scatters move one descriptor row per x offset.
static LogicalResult verifyDescriptorRows(Operation *op, TensorDescType desc,
                                          RankedTensorType xOffsets,
                                          RankedTensorType tensor) {
  RankedTensorType block = desc.getBlockType();
  if (block.getRank() != 2 || block.getDimSize(0) != 1)
    return op->emitOpError("descriptor block must be 1 x N, got ") << block;
  if (xOffsets.getRank() != 1)
    return op->emitOpError("x offsets must be 1-D, got ") << xOffsets;
  if (tensor.getRank() != 2 || tensor.getDimSize(0) != xOffsets.getDimSize(0) ||
      tensor.getDimSize(1) != block.getDimSize(1) ||
      tensor.getElementType() != block.getElementType())
    return op->emitOpError("tensor must be ")
           << xOffsets.getDimSize(0) << "x" << block.getDimSize(1) << "x"
           << block.getElementType() << ", got " << tensor;
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

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult ReturnOp::verify() {
  auto func = cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> results = func.getFunctionType().getResults();
  if (getNumOperands() != results.size())
    return emitOpError("returns ")
           << getNumOperands() << " values but '" << func.getName()
           << "' declares " << results.size();
  for (auto [i, type] : llvm::enumerate(getOperandTypes()))
    if (type != results[i])
      return emitOpError("operand ")
             << i << " has type " << type << " but '" << func.getName()
             << "' returns " << results[i];
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = getCalleeAttr();
  auto func = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, callee);
  if (!func)
    return emitOpError("'") << callee.getValue() << "' does not name a tt.func";
  FunctionType type = func.getFunctionType();
  if (type.getNumInputs() != getNumOperands())
    return emitOpError("passes ")
           << getNumOperands() << " arguments but '" << callee.getValue()
           << "' takes " << type.getNumInputs();
  for (auto [i, argType] : llvm::enumerate(getOperandTypes()))
    if (argType != type.getInput(i))
      return emitOpError("argument ")
             << i << " has type " << argType << " but '" << callee.getValue()
             << "' takes " << type.getInput(i);
  if (!llvm::equal(type.getResults(), getResultTypes()))
    return emitOpError("result types do not match '")
           << callee.getValue() << "', which returns " << type.getResults();
  return success();
}

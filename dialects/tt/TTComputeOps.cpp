//===- TTComputeOps.cpp - Verifiers of the compute ops --------------------===//
//
// tt.dot and tt.dot_scaled, the reductions and scans with their combiner
// regions, histogram and gather, and the elementwise ops that run external
// or inline code (with their memory effects).
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"
#include "dialects/tt/TTLayoutInterface.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tile::tt;

//===----------------------------------------------------------------------===//
// Dot, reductions, scans
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  // Triton's checks in its order and words: the shapes (its dot interface),
  // the element widths, then the encodings; tile's own checks in between.
  RankedTensorType aType = getA().getType(), bType = getB().getType();
  RankedTensorType cType = getC().getType();
  int64_t rank = aType.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError("expected operands to be 2d or 3d");
  if (bType.getRank() != rank || cType.getRank() != rank)
    return emitOpError("expected all operands to have the same rank");
  ArrayRef<int64_t> a = aType.getShape(), b = bType.getShape(),
                    c = cType.getShape();
  if (a[rank - 1] != b[rank - 2])
    return emitOpError("expected the last dimension of the first operand to "
                       "be equal to the second-to-last dimension of the "
                       "second operand");
  if (rank == 3 && (a[0] != c[0] || b[0] != c[0]))
    return emitOpError("expected the first dimension of the first operand to "
                       "be equal to the first dimension of the result");
  if (c[rank - 2] != a[rank - 2] || c[rank - 1] != b[rank - 1])
    return emitOpError("expected the output shape to be the concatenation of "
                       "the last dimension of the first operand and the last "
                       "dimension of the second, got ")
           << cType;
  Type aElt = aType.getElementType(), bElt = bType.getElementType();
  Type cElt = cType.getElementType();
  if (aElt.getIntOrFloatBitWidth() != bElt.getIntOrFloatBitWidth())
    return emitOpError("element types of operands A and B must have same bit "
                       "width, got ")
           << aElt << " and " << bElt;
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
  if (!aEnc || !bEnc)
    return emitOpError("mismatching encoding between A and B operands");
  if (!cEnc)
    return emitOpError("miss encoding of C operand");
  if (const LayoutInferenceInterface *iface = getLayoutInterface(cEnc))
    return iface->verifyDotEncodings(*this, aEnc, bEnc, cEnc);
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
    return emitOpError("expected the last dimension of the first operand to "
                       "be equal to the second-to-last dimension of the "
                       "second operand (")
           << aK << " and " << bK << " after unpacking)";
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
    // Triton's words; tile's scales are i8 (one per 32 elements of K).
    auto type = cast<RankedTensorType>(scale.getType());
    if (type.getRank() != 2)
      return emitOpError() << name << " must be 2-D, got " << type;
    if (type.getDimSize(0) != rows)
      return emitOpError("scales ")
             << (name == "a_scale" ? "M" : "N") << " dimension must match the "
             << "operand " << (name == "a_scale" ? "M" : "N") << " dimension ("
             << rows << "), got " << type;
    if (type.getDimSize(1) * 32 != aK)
      return emitOpError("scales K dimension must match the operand K "
                         "divided by the scale factor (")
             << aK << " / 32), got " << type;
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

/// Triton's first checks of reduce and scan, in its order and words.
static LogicalResult verifyReduceScanTypes(Operation *op) {
  if (op->getNumOperands() == 0)
    return op->emitOpError("must have at least 1 operand");
  if (op->getNumOperands() != op->getNumResults())
    return op->emitOpError("must have the same number of inputs as outputs");
  for (auto [src, result] :
       llvm::zip(op->getOperandTypes(), op->getResultTypes()))
    if (getElementTypeOrSelf(src) != getElementTypeOrSelf(result))
      return op->emitOpError("operand types and result types must agree, got ")
             << src << " and " << result;
  return success();
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyReduceScanTypes(*this)))
    return failure();
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
  if (failed(verifyReduceScanTypes(*this)))
    return failure();
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
  // Triton's checks, in its order and words.
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType idxType = getIndices().getType();
  RankedTensorType resultType = getType();
  int64_t axis = getAxis();
  if (idxType.getShape() != resultType.getShape())
    return emitOpError("indices and output shapes must match, got ")
           << idxType << " and " << resultType;
  if (idxType.getEncoding() != resultType.getEncoding())
    return emitOpError("indices and output encodings must match, got ")
           << idxType.getEncoding() << " and " << resultType.getEncoding();
  if (srcType.getElementType() != resultType.getElementType())
    return emitOpError("input and output element types must match, got ")
           << srcType.getElementType() << " and "
           << resultType.getElementType();
  if (srcType.getRank() != idxType.getRank())
    return emitOpError("input and indices ranks must match, got ")
           << srcType.getRank() << " and " << idxType.getRank();
  if (axis < 0 || axis >= srcType.getRank())
    return emitOpError("gather dimension must be less than the input rank, "
                       "got ")
           << axis << " for rank " << srcType.getRank();
  // Triton's verifier wants equal sizes, but the TTIR its frontend emits
  // (and its lowering) take indices no larger than the input.
  for (int64_t d = 0; d < srcType.getRank(); ++d)
    if (d != axis && idxType.getDimSize(d) > srcType.getDimSize(d))
      return emitOpError("indices dimension ")
             << d << " must match the corresponding input dimension (at most "
             << "its size), got " << idxType.getDimSize(d) << " and "
             << srcType.getDimSize(d);
  return success();
}

//===----------------------------------------------------------------------===//
// External and inline code
//===----------------------------------------------------------------------===//

/// The number of elements of a tensor; 1 for a scalar.
static int64_t getNumElements(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getNumElements();
  return 1;
}

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
  // Triton's checks first, in its words.
  if (getSrcs().empty())
    return emitOpError("MapElementwiseOp must have at least 1 operand");
  if (!llvm::isPowerOf2_32(getPack()))
    return emitOpError("Pack must be a power of 2, got ") << getPack();
  int64_t numElements = getNumElements(getSrcs().front().getType());
  if (numElements % getPack() != 0)
    return emitOpError("number of elements ")
           << numElements << " must be a multiple of pack " << getPack();
  return success();
}

LogicalResult MapElementwiseOp::verifyRegions() {
  // Triton's checks, in its order and words: the signature, then every op
  // of the body (no stores: each scalar would be stored unmasked) and every
  // return.
  if (getScalarOp().empty())
    return emitOpError("needs a body");
  Block &block = getScalarOp().front();
  unsigned pack = getPack();
  SmallVector<Type> argTypes = getElementTypes(getSrcs());
  SmallVector<Type> resultTypes = getElementTypes(getResults());
  if (block.getNumArguments() != pack * argTypes.size())
    return emitOpError("region has wrong number of arguments: expected ")
           << pack * argTypes.size() << " (pack x operands), got "
           << block.getNumArguments();
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (arg.getType() != argTypes[i / pack])
      return emitOpError("argument types did not match: argument ")
             << i << " has type " << arg.getType() << ", expected "
             << argTypes[i / pack];
  WalkResult walk = getScalarOp().walk([&](Operation *op) -> WalkResult {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (effects && effects.hasEffect<MemoryEffects::Write>())
      return op->emitOpError("Stores are not supported inside "
                             "map_elementwise");
    if (!isa<MapElementwiseReturnOp>(op))
      return WalkResult::advance();
    bool matches = op->getNumOperands() == pack * resultTypes.size();
    for (auto [i, type] : llvm::enumerate(op->getOperandTypes()))
      matches = matches && type == resultTypes[i / pack];
    if (!matches)
      return op->emitOpError("region return does not match map_elementwise "
                             "result: expected ")
             << pack * resultTypes.size() << " values of the result element "
             << "types, each repeated pack times";
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

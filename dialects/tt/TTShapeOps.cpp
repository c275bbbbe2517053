//===- TTShapeOps.cpp - Verifiers of the shape ops ------------------------===//
//
// splat, unsplat, expand_dims, reshape, broadcast, cat, join, split, trans
// and make_range: the result shape follows from the source's, and so does
// the result encoding, which the encoding's dialect infers.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"
#include "dialects/tt/TTLayoutInterface.h"
#include "dialects/ttg/layout/Permutation.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tile::tt;
using mlir::tile::layout::isPermutation;

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  // A 0-d tensor holds one value, as a scalar does (Triton accepts both).
  if (auto tensor = dyn_cast<RankedTensorType>(getSrc().getType());
      tensor && tensor.getRank() != 0)
    return emitOpError("source must be a scalar or a 0-d tensor, got ")
           << tensor;
  return success();
}

LogicalResult UnsplatOp::verify() {
  if (getSrc().getType().getNumElements() != 1)
    return emitOpError("source tensor must have exactly one element, got ")
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
    return emitOpError("number of src and dst elements of reshape must be "
                       "the same, got ")
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
  // Triton's rules and messages.
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType dstType = getType();
  if (srcType.getRank() != dstType.getRank())
    return emitOpError("rank of source must be same as rank of result, got ")
           << srcType.getRank() << " and " << dstType.getRank();
  for (auto [i, src, dst] :
       llvm::enumerate(srcType.getShape(), dstType.getShape()))
    if (src != dst && src != 1)
      return emitOpError("Different dimensions at index ")
             << i << " between source and result.  Broadcast requires the "
             << "source dimension to be 1.";
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
  RankedTensorType dstType = getType();
  SmallVector<int64_t> expected(srcType.getShape());
  expected.push_back(2);
  if (dstType.getShape() != ArrayRef<int64_t>(expected)) {
    InFlightDiagnostic diag = emitOpError("result shape must be (");
    llvm::interleaveComma(expected, diag);
    diag << "), but got ";
    llvm::interleaveComma(dstType.getShape(), diag);
    return diag;
  }
  Attribute srcEnc = srcType.getEncoding(), dstEnc = dstType.getEncoding();
  if (!dstEnc) {
    if (srcEnc)
      return emitOpError("result encoding must be specified");
    return success();
  }
  if (!srcEnc)
    return emitOpError("source and result must both have a layout encoding "
                       "or neither");
  // Several result layouts may join one operand layout, but each result
  // layout splits into one operand layout: check that one, as Triton does.
  const LayoutInferenceInterface *iface = getLayoutInterface(dstEnc);
  if (!iface)
    return success();
  FailureOr<Attribute> split =
      iface->inferSplitEncoding(dstEnc, dstType.getShape(), getLoc());
  if (failed(split))
    return failure();
  if (*split != srcEnc &&
      !iface->areEquivalent(*split, srcEnc, srcType.getShape()))
    return emitOpError("incompatible join layout: the result encoding ")
           << dstEnc << " splits into " << *split << ", not the operands' "
           << srcEnc;
  return success();
}

LogicalResult SplitOp::verify() {
  // Triton infers the result types: its words for what inference finds.
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getOutLHS().getType();
  if (srcType.getRank() < 1 || srcType.getShape().back() != 2) {
    emitOpError("last dimension of input tensor must be 2, got ") << srcType;
    return reportFailedInference(*this);
  }
  if (resultType.getShape() != srcType.getShape().drop_back() ||
      resultType.getElementType() != srcType.getElementType()) {
    emitOpError("inferred type(s) of shape ")
        << RankedTensorType::get(srcType.getShape().drop_back(),
                                 srcType.getElementType())
        << " are incompatible with return type(s) of operation " << resultType;
    return reportFailedInference(*this);
  }
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
  // Triton's checks, in its order and words.
  int64_t start = getStartAttr().getInt();
  int64_t end = getEndAttr().getInt();
  RankedTensorType type = getType();
  if (end <= start)
    return emitOpError("start must be less than end, got [")
           << start << ", " << end << ")";
  if (type.getRank() != 1)
    return emitOpError("return type must be a 1D tensor, got ") << type;
  if (type.getDimSize(0) != end - start)
    return emitOpError("number of elements in returned tensor, ")
           << type.getDimSize(0) << ", must match size of range [" << start
           << ", " << end << "), which has " << end - start << " elements";
  if (!type.getElementType().isInteger(32))
    return emitOpError("returned tensor must have i32 elements, got ")
           << type.getElementType();
  return verifyTensorSizes(*this);
}

//===- TTOps.cpp - Operations of the tt dialect ---------------------------===//
//
// The op classes TableGen generates, the checks every tt op shares (tensor
// sizes, one encoding, encodings inferred by the encoding's dialect), and the
// verifiers of casts and tt.print. The other op families have files of their
// own: TTMemoryOps.cpp, TTShapeOps.cpp, TTComputeOps.cpp and
// TTFunctionOps.cpp. Every verifier names the operand and the numbers that
// disagree: the Debian build of MLIR has assertions off, so these checks are
// what stands between bad input and a miscompile.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"
#include "dialects/tt/TTLayoutInterface.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile::tt;

#define GET_OP_CLASSES
#include "dialects/tt/TTOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Shared checks
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

LogicalResult mlir::tile::tt::verifyInferredEncoding(
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
    return reportFailedInference(op);
  if (*expected != resultEnc &&
      !iface->areEquivalent(*expected, resultEnc, resultShape)) {
    // The two diagnostics MLIR's type inference gives, which Triton's ops
    // (that infer their result types) report here.
    op->emitOpError("inferred type(s) with encoding ")
        << *expected << " are incompatible with return type(s) of operation: "
        << "result encoding " << resultEnc;
    return reportFailedInference(op);
  }
  return success();
}

LogicalResult mlir::tile::tt::reportFailedInference(Operation *op) {
  return op->emitOpError("failed to infer returned types");
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

/// Bit width of a scalar element; pointers are 64 bits wide.
static unsigned getElementBitWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<PointerType>(element))
    return 64;
  return element.getIntOrFloatBitWidth();
}

LogicalResult BitcastOp::verify() {
  // Triton's rules and messages.
  auto srcPtr = dyn_cast<PointerType>(getElementTypeOrSelf(getSrc().getType()));
  auto dstPtr = dyn_cast<PointerType>(getElementTypeOrSelf(getType()));
  if (srcPtr && dstPtr && srcPtr.getAddressSpace() != dstPtr.getAddressSpace())
    return emitOpError("Cannot bitcast pointer between different address "
                       "spaces, got ")
           << srcPtr.getAddressSpace() << " and " << dstPtr.getAddressSpace();
  if (!srcPtr != !dstPtr)
    return emitOpError("Cannot bitcast pointer to non-pointer type (use "
                       "tt.ptr_to_int or tt.int_to_ptr)");
  unsigned srcBits = getElementBitWidth(getSrc().getType());
  unsigned dstBits = getElementBitWidth(getType());
  if (srcBits != dstBits)
    return emitOpError("Cannot bitcast data-type of size ")
           << srcBits << " to data-type of size " << dstBits;
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
// Debugging
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  // Triton checks nothing; its lowering (and tile's) reads one entry per
  // argument, so fewer entries are an error, extra ones are ignored.
  if (getIsSigned().size() < getArgs().size())
    return emitOpError("isSigned must have an entry for each of the ")
           << getArgs().size() << " arguments, got " << getIsSigned().size();
  return success();
}

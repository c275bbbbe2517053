//===- TTTypes.cpp - Types of the tt dialect ------------------------------===//
//
// Parsing, printing and verification of !tt.ptr and !tt.tensordesc.
//
//===----------------------------------------------------------------------===//

#include "dialects/tt/TTDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tile::tt;

#define GET_TYPEDEF_CLASSES
#include "dialects/tt/TTOpsTypes.cpp.inc"

void TTDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/tt/TTOpsTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// PointerType
//===----------------------------------------------------------------------===//

/// The global address space, which Triton leaves out when printing.
static constexpr int kGlobalAddressSpace = 1;

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = kGlobalAddressSpace;
  if (parser.parseLess() || parser.parseType(pointee))
    return {};
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<PointerType>(pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != kGlobalAddressSpace)
    printer << ", " << getAddressSpace();
  printer << ">";
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointeeType, int addressSpace) {
  if (!pointeeType)
    return emitError() << "pointer needs a pointee type";
  if (addressSpace < 0)
    return emitError() << "address space must be non-negative, got "
                       << addressSpace;
  if (isa<FunctionType, NoneType>(pointeeType))
    return emitError() << "cannot point to " << pointeeType;
  return success();
}

//===----------------------------------------------------------------------===//
// TensorDescType
//===----------------------------------------------------------------------===//

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       RankedTensorType blockType) {
  if (blockType.getRank() < 1 || blockType.getRank() > 5)
    return emitError() << "tensor descriptor block must have rank 1 to 5, got "
                       << blockType.getRank();
  for (int64_t dim : blockType.getShape())
    if (dim <= 0)
      return emitError() << "tensor descriptor block dimensions must be "
                            "positive, got "
                         << blockType;
  return success();
}

RankedTensorType TensorDescType::getSignlessBlockType() const {
  RankedTensorType block = getBlockType();
  auto integer = dyn_cast<IntegerType>(block.getElementType());
  if (!integer || integer.isSignless())
    return block;
  return block.clone(IntegerType::get(getContext(), integer.getWidth()));
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

Type mlir::tile::tt::getPointeeType(Type ptrLike) {
  if (auto ptr = dyn_cast<PointerType>(ptrLike))
    return ptr.getPointeeType();
  if (auto tensor = dyn_cast<RankedTensorType>(ptrLike))
    if (auto ptr = dyn_cast<PointerType>(tensor.getElementType()))
      return tensor.clone(ptr.getPointeeType());
  return {};
}

Type mlir::tile::tt::getBlockElementPointer(Type blockPtr) {
  auto ptr = dyn_cast<PointerType>(blockPtr);
  auto block = ptr ? dyn_cast<RankedTensorType>(ptr.getPointeeType()) : nullptr;
  if (!block)
    return {};
  return PointerType::get(block.getElementType(), ptr.getAddressSpace());
}

Type mlir::tile::tt::getI1SameShape(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.clone(i1);
  return i1;
}

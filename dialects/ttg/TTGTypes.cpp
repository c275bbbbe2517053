//===- TTGTypes.cpp - Types of ttg ----------------------------------------===//
//
// !ttg.memdesc's syntax: `<shape x elem, encoding, memory space[, mutable]
// [, alloc shape]>`, the alloc shape printed only when it differs.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile::ttg;

#define GET_TYPEDEF_CLASSES
#include "dialects/ttg/TTGTypes.cpp.inc"

void TTGDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/ttg/TTGTypes.cpp.inc"
      >();
}

Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding, memorySpace;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseComma() ||
      parser.parseAttribute(memorySpace))
    return {};
  bool mutableMemory = false;
  SmallVector<int64_t> allocShape(shape);
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("mutable"))) {
      mutableMemory = true;
      continue;
    }
    allocShape.clear();
    if (parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                  /*withTrailingX=*/false))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<MemDescType>(parser.getContext(), shape, elementType,
                                        encoding, memorySpace, mutableMemory,
                                        allocShape);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType() << ", " << getEncoding() << ", "
          << getMemorySpace();
  if (getMutableMemory())
    printer << ", mutable";
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer, "x");
  }
  printer << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding, Attribute memorySpace,
                                  bool mutableMemory,
                                  ArrayRef<int64_t> allocShape) {
  if (shape.empty())
    return emitError() << "!ttg.memdesc must have rank >= 1";
  for (auto [i, dim] : llvm::enumerate(shape)) {
    if (dim <= 0)
      return emitError() << "!ttg.memdesc dimensions must be positive, got "
                         << dim;
    // The leading dimension may count pipeline buffers.
    if (i > 0 && !llvm::isPowerOf2_64(dim))
      return emitError() << "!ttg.memdesc dimension " << i
                         << " must be a power of two, got " << dim;
  }
  if (!isSharedEncoding(encoding) && !ttng::isTensorMemoryEncoding(encoding))
    return emitError() << "!ttg.memdesc needs a shared encoding, got "
                       << encoding;
  if (allocShape.size() < shape.size())
    return emitError() << "!ttg.memdesc alloc shape must have at least the "
                          "view's rank";
  ArrayRef<int64_t> allocTail = allocShape.take_back(shape.size());
  for (auto [dim, allocDim] : llvm::zip(shape, allocTail))
    if (dim > allocDim)
      return emitError() << "!ttg.memdesc view is larger than its "
                            "allocation";
  if (ttng::isTensorMemoryEncoding(encoding))
    return ttng::verifyTensorMemoryDesc(emitError, shape, elementType, encoding,
                                        memorySpace, allocShape);
  if (!isa<SharedMemorySpaceAttr>(memorySpace))
    return emitError()
           << "memorySpace must be SharedMemorySpace for shared encoding. "
           << "Got " << memorySpace;
  return success();
}

MemDescType MemDescType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                                   Type elementType) const {
  ArrayRef<int64_t> newShape = shape.value_or(getShape());
  return MemDescType::get(getContext(), newShape, elementType, getEncoding(),
                          getMemorySpace(), getMutableMemory(), newShape);
}

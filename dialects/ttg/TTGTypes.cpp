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
  // Triton's checks, in its order and words, then tile's.
  if (shape.empty())
    return emitError() << "rank 0 memdesc is not allowed";
  // The leading dimension may count pipeline buffers.
  if (!llvm::all_of(shape.drop_front(), [](int64_t dim) {
        return dim > 0 && llvm::isPowerOf2_64(dim);
      }))
    return emitError()
           << "shape must have power-of-2 and non-zero dimensions; got "
           << shape;
  if (shape.front() <= 0)
    return emitError() << "!ttg.memdesc dimensions must be positive, got "
                       << shape.front();
  if (allocShape.size() < shape.size())
    return emitError()
           << "alloc shape must have at least as many dimensions as shape";
  ArrayRef<int64_t> allocTail = allocShape.take_back(shape.size());
  for (auto [dim, allocDim] : llvm::zip(shape, allocTail))
    if (dim > allocDim)
      return emitError() << "shape must be less than or equal to allocShape. "
                         << "shape = " << shape
                         << ", allocShape = " << allocShape;
  if (ttng::isTensorMemoryEncoding(encoding))
    return ttng::verifyTensorMemoryDesc(emitError, shape, elementType, encoding,
                                        memorySpace, allocShape);
  if (!isSharedEncoding(encoding))
    return emitError() << encoding << " is not a valid encoding";
  if (!isa<SharedMemorySpaceAttr>(memorySpace))
    return emitError()
           << "memorySpace must be SharedMemorySpace for shared encoding. "
           << "Got " << memorySpace;
  if (auto layout = dyn_cast<LayoutEncodingAttrInterface>(encoding)) {
    size_t rank = layout.getRank();
    if (rank != shape.size() && rank + 1 != shape.size())
      return emitError() << "rank must be equal to or one less than the shape "
                         << "size. Got " << rank << " and " << shape.size();
  }
  // A padded layout's linear part spans exactly one buffer.
  if (auto padded = dyn_cast<PaddedSharedEncodingAttr>(encoding)) {
    unsigned rank = padded.getRank();
    ArrayRef<int64_t> expected = allocShape.take_back(rank);
    for (unsigned d = 0; d < rank; ++d) {
      uint64_t reached = 0;
      for (ArrayRef<int32_t> bases :
           {padded.getOffsetBases(), padded.getBlockBases()})
        for (size_t i = d; i < bases.size(); i += rank)
          reached |= static_cast<uint64_t>(bases[i]);
      int64_t spanned = llvm::NextPowerOf2(reached);
      if (spanned != expected[d])
        return emitError() << "Mismatch in expected shape for dimension " << d
                           << ". Expected: " << expected[d]
                           << ", got: " << spanned;
    }
  }
  return success();
}

MemDescType MemDescType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                                   Type elementType) const {
  ArrayRef<int64_t> newShape = shape.value_or(getShape());
  return MemDescType::get(getContext(), newShape, elementType, getEncoding(),
                          getMemorySpace(), getMutableMemory(), newShape);
}

//===- TTGParseOnlyAttrs.cpp - AMD and padded-shared encodings ------------===//
//
// Encodings that tile reads, prints and verifies exactly as Triton 3.6 does
// so that Triton's IR loads, but does not give a linear layout: AMD's MFMA
// and WMMA accumulators (tile targets NVIDIA GPUs) and the padded shared
// encoding (padding is not a linear map). Their computeLinearLayout fails
// with a message that names the encoding, which every pass and lowering
// that needs a layout reports.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TTGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttg;

bool ttg::isParseOnlyEncoding(Attribute encoding) {
  if (isa_and_present<AMDMfmaEncodingAttr, AMDWmmaEncodingAttr,
                      PaddedSharedEncodingAttr>(encoding))
    return true;
  // An #ttg.nvmma_shared whose element width is unset (0).
  if (auto nvmma = dyn_cast_if_present<NVMMASharedEncodingAttr>(encoding))
    return nvmma.getElementBitWidth() == 0;
  if (auto slice = dyn_cast_if_present<SliceEncodingAttr>(encoding))
    return isParseOnlyEncoding(slice.getParent());
  if (auto dotOperand = dyn_cast_if_present<DotOperandEncodingAttr>(encoding))
    return isParseOnlyEncoding(dotOperand.getParent());
  return false;
}

namespace {
/// Reads Triton's `<{key = value, ...}>` the way Triton reads the AMD
/// encodings: known keys must have the right kind of value, unknown keys
/// (old spellings such as `versionMajor`) are ignored as Triton ignores
/// them.
class LenientDict {
public:
  explicit LenientDict(AsmParser &parser) : parser(parser) {}

  LogicalResult parse() {
    return failure(parser.parseLess() || parser.parseAttribute(dict) ||
                   parser.parseGreater());
  }

  /// A non-negative integer under `key`, if present.
  LogicalResult getUnsigned(StringRef key, unsigned &value) {
    Attribute attr = dict.get(key);
    if (!attr)
      return success();
    auto integer = dyn_cast<IntegerAttr>(attr);
    if (!integer || integer.getType().isInteger(1) || integer.getInt() < 0)
      return parser.emitError(parser.getNameLoc())
             << "expected an unsigned integer for '" << key << "', got "
             << attr;
    value = integer.getInt();
    return success();
  }

  /// `true`/`false` under `key`, if present.
  LogicalResult getBool(StringRef key, bool &value) {
    Attribute attr = dict.get(key);
    if (!attr)
      return success();
    auto boolean = dyn_cast<BoolAttr>(attr);
    if (!boolean)
      return parser.emitError(parser.getNameLoc())
             << "expected a bool for '" << key << "', got " << attr;
    value = boolean.getValue();
    return success();
  }

  /// `[a, b, ...]` of non-negative integers under `key`, if present.
  LogicalResult getArray(StringRef key, SmallVectorImpl<unsigned> &values) {
    Attribute attr = dict.get(key);
    if (!attr)
      return success();
    auto list = dyn_cast<ArrayAttr>(attr);
    if (!list)
      return parser.emitError(parser.getNameLoc())
             << "expected an array for '" << key << "', got " << attr;
    values.clear();
    for (Attribute element : list) {
      auto integer = dyn_cast<IntegerAttr>(element);
      if (!integer || integer.getInt() < 0)
        return parser.emitError(parser.getNameLoc())
               << "expected unsigned integers in '" << key << "', got " << attr;
      values.push_back(integer.getInt());
    }
    return success();
  }

  /// The CGALayout bases of an encoding of `rank`, flattened.
  LogicalResult getCGALayout(unsigned rank, SmallVectorImpl<unsigned> &flat) {
    Attribute attr = dict.get("CGALayout");
    if (!attr)
      return success();
    auto list = dyn_cast<ArrayAttr>(attr);
    if (!list)
      return parser.emitError(parser.getNameLoc())
             << "expected a list of bases for 'CGALayout', got " << attr;
    for (Attribute basis : list) {
      auto entries = dyn_cast<ArrayAttr>(basis);
      if (!entries || entries.size() != rank)
        return parser.emitError(parser.getNameLoc())
               << "'CGALayout' bases must have " << rank << " entries";
      for (Attribute entry : entries) {
        auto integer = dyn_cast<IntegerAttr>(entry);
        if (!integer || integer.getInt() < 0)
          return parser.emitError(parser.getNameLoc())
                 << "'CGALayout' bases must be unsigned integers";
        flat.push_back(integer.getInt());
      }
    }
    return success();
  }

private:
  AsmParser &parser;
  DictionaryAttr dict;
};

void printList(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << "[";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

template <typename T>
void printBases(AsmPrinter &printer, ArrayRef<T> flat, unsigned width) {
  printer << "[";
  for (size_t i = 0; width && i < flat.size(); i += width) {
    if (i)
      printer << ", ";
    printer << "[";
    llvm::interleaveComma(flat.slice(i, width), printer);
    printer << "]";
  }
  printer << "]";
}

void printCGALayout(AsmPrinter &printer, ArrayRef<unsigned> cgaLayout,
                    unsigned rank) {
  if (cgaLayout.empty())
    return;
  printer << ", CGALayout = ";
  printBases(printer, cgaLayout, rank);
}

bool isUnit(ArrayRef<unsigned> values) {
  return llvm::all_of(values, [](unsigned v) { return v == 1; });
}

std::optional<layout::LinearLayout>
noLayout(StringRef encoding, StringRef reason, std::string *error) {
  if (error)
    *error = ("#ttg." + encoding + " " + reason).str();
  return std::nullopt;
}
} // namespace

//===----------------------------------------------------------------------===//
// AMDMfmaEncodingAttr
//===----------------------------------------------------------------------===//

Attribute AMDMfmaEncodingAttr::parse(AsmParser &parser, Type) {
  LenientDict dict(parser);
  unsigned version = 0, elementBitWidth = 32;
  bool isTransposed = false;
  SmallVector<unsigned> warpsPerCTA, instrShape, tilesPerWarp, cga;
  if (failed(dict.parse()) || failed(dict.getUnsigned("version", version)) ||
      failed(dict.getArray("warpsPerCTA", warpsPerCTA)) ||
      failed(dict.getArray("instrShape", instrShape)) ||
      failed(dict.getBool("isTransposed", isTransposed)) ||
      failed(dict.getArray("tilesPerWarp", tilesPerWarp)) ||
      failed(dict.getUnsigned("elementBitWidth", elementBitWidth)) ||
      failed(dict.getCGALayout(warpsPerCTA.size(), cga)))
    return {};
  return AMDMfmaEncodingAttr::getChecked(
      [&] { return parser.emitError(parser.getNameLoc()); },
      parser.getContext(), version, ArrayRef<unsigned>(warpsPerCTA),
      ArrayRef<unsigned>(instrShape), isTransposed, ArrayRef<unsigned>(cga),
      ArrayRef<unsigned>(tilesPerWarp), elementBitWidth);
}

void AMDMfmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion() << ", warpsPerCTA = ";
  printList(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printList(printer, getInstrShape());
  printer << ", isTransposed = " << (getIsTransposed() ? "true" : "false");
  printCGALayout(printer, getCgaLayout(), getRank());
  if (!isUnit(getTilesPerWarp())) {
    printer << ", tilesPerWarp = ";
    printList(printer, getTilesPerWarp());
  }
  if (getElementBitWidth() != 32)
    printer << ", elementBitWidth = " << getElementBitWidth();
  printer << "}>";
}

LogicalResult AMDMfmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned version,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> instrShape,
    bool isTransposed, ArrayRef<unsigned> cgaLayout,
    ArrayRef<unsigned> tilesPerWarp, unsigned elementBitWidth) {
  if (version > 4)
    return emitError() << "version must be in the [0, 4] range";
  if (warpsPerCTA.empty())
    return emitError() << "#ttg.amd_mfma needs warpsPerCTA";
  if (instrShape.size() < 2)
    return emitError() << "#ttg.amd_mfma needs instrShape [M, N] or [M, N, K]";
  std::pair<unsigned, unsigned> mn(instrShape[0], instrShape[1]);
  if (!llvm::is_contained(
          {std::pair<unsigned, unsigned>{32, 32}, {16, 16}, {64, 4}, {4, 64}},
          mn))
    return emitError() << "invalid (mDim, nDim) combination: (" << mn.first
                       << ", " << mn.second << ")";
  if (elementBitWidth != 32 && elementBitWidth != 64)
    return emitError() << "elementBitWidth must be 32 or 64";
  return success();
}

unsigned AMDMfmaEncodingAttr::getRank() const {
  return getWarpsPerCTA().size();
}

std::optional<layout::LinearLayout>
AMDMfmaEncodingAttr::computeLinearLayout(ArrayRef<int64_t>,
                                         std::string *error) const {
  return noLayout("amd_mfma",
                  "is an AMD encoding: tile parses it but targets NVIDIA GPUs "
                  "only",
                  error);
}

//===----------------------------------------------------------------------===//
// AMDWmmaEncodingAttr
//===----------------------------------------------------------------------===//

/// Triton's instruction shape for a WMMA encoding that names none.
static constexpr unsigned kDefaultWmmaInstrShape[] = {16, 16, 16};

Attribute AMDWmmaEncodingAttr::parse(AsmParser &parser, Type) {
  LenientDict dict(parser);
  unsigned version = 0;
  bool isTransposed = false;
  SmallVector<unsigned> warpsPerCTA, tilesPerWarp, cga;
  SmallVector<unsigned> instrShape(std::begin(kDefaultWmmaInstrShape),
                                   std::end(kDefaultWmmaInstrShape));
  if (failed(dict.parse()) || failed(dict.getUnsigned("version", version)) ||
      failed(dict.getBool("isTranspose", isTransposed)) ||
      failed(dict.getArray("warpsPerCTA", warpsPerCTA)) ||
      failed(dict.getArray("tilesPerWarp", tilesPerWarp)) ||
      failed(dict.getArray("instrShape", instrShape)) ||
      failed(dict.getCGALayout(warpsPerCTA.size(), cga)))
    return {};
  return AMDWmmaEncodingAttr::getChecked(
      [&] { return parser.emitError(parser.getNameLoc()); },
      parser.getContext(), version, isTransposed,
      ArrayRef<unsigned>(warpsPerCTA), ArrayRef<unsigned>(tilesPerWarp),
      ArrayRef<unsigned>(cga), ArrayRef<unsigned>(instrShape));
}

void AMDWmmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion()
          << ", isTranspose = " << (getIsTransposed() ? "true" : "false")
          << ", warpsPerCTA = ";
  printList(printer, getWarpsPerCTA());
  printCGALayout(printer, getCgaLayout(), getRank());
  if (!isUnit(getTilesPerWarp())) {
    printer << ", tilesPerWarp = ";
    printList(printer, getTilesPerWarp());
  }
  if (getInstrShape() != ArrayRef<unsigned>(kDefaultWmmaInstrShape)) {
    printer << ", instrShape = ";
    printList(printer, getInstrShape());
  }
  printer << "}>";
}

LogicalResult AMDWmmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned version,
    bool isTransposed, ArrayRef<unsigned> warpsPerCTA,
    ArrayRef<unsigned> tilesPerWarp, ArrayRef<unsigned> cgaLayout,
    ArrayRef<unsigned> instrShape) {
  if (version < 1 || version > 3)
    return emitError() << "WMMA version must be in the [1, 3] range";
  if (warpsPerCTA.empty())
    return emitError() << "#ttg.amd_wmma needs warpsPerCTA";
  // The instruction shapes of each WMMA generation.
  auto validFor = [](unsigned version, ArrayRef<unsigned> shape) {
    auto is = [&](std::initializer_list<unsigned> candidate) {
      return shape == ArrayRef<unsigned>(candidate);
    };
    if (version == 1)
      return is({16, 16, 16});
    if (version == 2)
      return is({16, 16, 16}) || is({16, 16, 32});
    return is({16, 16, 4}) || is({16, 16, 32}) || is({16, 16, 64}) ||
           is({16, 16, 128});
  };
  if (!validFor(version, instrShape))
    return emitError() << "invalid WMMA v" << version << " instruction shape";
  return success();
}

unsigned AMDWmmaEncodingAttr::getRank() const {
  return getWarpsPerCTA().size();
}

std::optional<layout::LinearLayout>
AMDWmmaEncodingAttr::computeLinearLayout(ArrayRef<int64_t>,
                                         std::string *error) const {
  return noLayout("amd_wmma",
                  "is an AMD encoding: tile parses it but targets NVIDIA GPUs "
                  "only",
                  error);
}

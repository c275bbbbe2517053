//===- TTGAttrs.cpp - Syntax and verification of ttg encodings ------------===//
//
// Every encoding prints as Triton 3.6 prints it: `<{key = value, ...}>`, keys
// in Triton's order, optional keys left out at their defaults. Parsing reads
// the dictionary and rejects unknown, missing or ill-typed keys by name. The
// meaning of each encoding is elsewhere (EncodingToLinearLayout.cpp).
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/Permutation.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tile::ttg;
using mlir::tile::layout::isPermutation;

#define GET_ATTRDEF_CLASSES
#include "dialects/ttg/TTGAttrInterfaces.cpp.inc"
#include "dialects/ttg/TTGAttrs.cpp.inc"

void TTGDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/ttg/TTGAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Reading and writing `<{key = value, ...}>`
//===----------------------------------------------------------------------===//

namespace {
/// Hands out the entries of an encoding's dictionary by key and reports what
/// is missing, unknown or of the wrong kind, naming the encoding.
class EncodingDict {
public:
  EncodingDict(AsmParser &parser, StringRef encodingName)
      : parser(parser), name(encodingName), loc(parser.getCurrentLocation()) {}

  /// Parses `<{...}>`.
  LogicalResult parse() {
    if (parser.parseLess() || parser.parseAttribute(dict) ||
        parser.parseGreater())
      return failure();
    return success();
  }

  /// A non-negative integer entry.
  std::optional<unsigned> getUnsigned(StringRef key, bool required = true) {
    Attribute attr = take(key, required);
    if (!attr)
      return std::nullopt;
    auto integer = dyn_cast<IntegerAttr>(attr);
    if (!integer || integer.getType().isInteger(1) || integer.getInt() < 0 ||
        integer.getInt() > std::numeric_limits<int32_t>::max()) {
      error() << "'" << key << "' must be a non-negative integer, got " << attr;
      return std::nullopt;
    }
    return integer.getInt();
  }

  /// A `true`/`false` entry.
  std::optional<bool> getBool(StringRef key, bool required = true) {
    Attribute attr = take(key, required);
    if (!attr)
      return std::nullopt;
    auto boolean = dyn_cast<BoolAttr>(attr);
    if (!boolean) {
      error() << "'" << key << "' must be true or false, got " << attr;
      return std::nullopt;
    }
    return boolean.getValue();
  }

  /// An encoding (attribute) entry.
  Attribute getAttr(StringRef key) { return take(key, /*required=*/true); }

  /// A `[a, b, ...]` entry of non-negative integers.
  std::optional<SmallVector<unsigned>> getUnsignedArray(StringRef key,
                                                        bool required = true) {
    Attribute attr = take(key, required);
    if (!attr)
      return std::nullopt;
    SmallVector<unsigned> values;
    if (!readInts(attr, values)) {
      error() << "'" << key << "' must be a list of non-negative integers, "
              << "got " << attr;
      return std::nullopt;
    }
    return values;
  }

  /// A `[[a, b], [c, d], ...]` entry (bases) of `width` integers each,
  /// flattened; `width` is learnt from the first basis when 0.
  std::optional<SmallVector<unsigned>> getBases(StringRef key, unsigned &width,
                                                bool required = true) {
    Attribute attr = take(key, required);
    if (!attr)
      return std::nullopt;
    SmallVector<unsigned> flat;
    auto list = dyn_cast<ArrayAttr>(attr);
    if (!list) {
      error() << "'" << key << "' must be a list of bases, got " << attr;
      return std::nullopt;
    }
    for (Attribute basis : list) {
      SmallVector<unsigned> values;
      if (!readInts(basis, values) || values.empty() ||
          (width && values.size() != width)) {
        error() << "'" << key << "' must be a list of bases of "
                << (width ? std::to_string(width) : std::string("equal"))
                << " non-negative integers, got " << attr;
        return std::nullopt;
      }
      width = values.size();
      flat.append(values);
    }
    return flat;
  }

  /// Fails on keys nobody asked for.
  LogicalResult finish() {
    if (failed)
      return failure();
    for (NamedAttribute entry : dict)
      if (!llvm::is_contained(seen, entry.getName().strref())) {
        error() << "unknown key '" << entry.getName().strref() << "'";
        return failure();
      }
    return success();
  }

  bool hasFailed() const { return failed; }

  InFlightDiagnostic error() {
    failed = true;
    return parser.emitError(loc) << "#ttg." << name << ": ";
  }

  Location getLoc() const { return parser.getEncodedSourceLoc(loc); }

private:
  Attribute take(StringRef key, bool required) {
    seen.push_back(key);
    Attribute attr = dict ? dict.get(key) : Attribute();
    if (!attr && required && !failed)
      error() << "missing '" << key << "'";
    return attr;
  }

  static bool readInts(Attribute attr, SmallVectorImpl<unsigned> &values) {
    auto list = dyn_cast<ArrayAttr>(attr);
    if (!list)
      return false;
    for (Attribute element : list) {
      auto integer = dyn_cast<IntegerAttr>(element);
      if (!integer || integer.getType().isInteger(1) || integer.getInt() < 0 ||
          integer.getInt() > std::numeric_limits<int32_t>::max())
        return false;
      values.push_back(integer.getInt());
    }
    return true;
  }

  AsmParser &parser;
  StringRef name;
  SMLoc loc;
  DictionaryAttr dict;
  SmallVector<StringRef> seen;
  bool failed = false;
};

void printList(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << "[";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

/// Prints flattened bases of `width` entries as `[[a, b], [c, d]]`.
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

/// Prints `, CGALayout = [[...]]` when the CGA layout is not trivial.
void printCGALayout(AsmPrinter &printer, ArrayRef<unsigned> cgaLayout,
                    unsigned rank) {
  if (cgaLayout.empty())
    return;
  printer << ", CGALayout = ";
  printBases(printer, cgaLayout, rank);
}

/// Reads the optional CGALayout of an encoding of `rank`.
std::optional<SmallVector<unsigned>> getCGALayout(EncodingDict &dict,
                                                  unsigned rank) {
  unsigned width = rank;
  std::optional<SmallVector<unsigned>> bases =
      dict.getBases("CGALayout", width, /*required=*/false);
  return bases ? *bases : SmallVector<unsigned>();
}

LogicalResult verifyPowersOfTwo(function_ref<InFlightDiagnostic()> emitError,
                                StringRef name, ArrayRef<unsigned> values) {
  for (unsigned v : values)
    if (!llvm::isPowerOf2_32(v))
      return emitError() << "'" << name << "' entries must be powers of two, "
                         << "got " << v;
  return success();
}

LogicalResult verifyCGALayout(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<unsigned> cgaLayout, unsigned rank) {
  if (rank && cgaLayout.size() % rank != 0)
    return emitError() << "CGALayout bases must have " << rank
                       << " entries each";
  return success();
}
} // namespace

//===----------------------------------------------------------------------===//
// BlockedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingDict dict(parser, "blocked");
  if (failed(dict.parse()))
    return {};
  auto sizePerThread = dict.getUnsignedArray("sizePerThread");
  auto threadsPerWarp = dict.getUnsignedArray("threadsPerWarp");
  auto warpsPerCTA = dict.getUnsignedArray("warpsPerCTA");
  auto order = dict.getUnsignedArray("order");
  if (dict.hasFailed())
    return {};
  auto cga = getCGALayout(dict, order->size());
  if (failed(dict.finish()))
    return {};
  return parser.getChecked<BlockedEncodingAttr>(parser.getContext(),
                                                *sizePerThread, *threadsPerWarp,
                                                *warpsPerCTA, *order, *cga);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = ";
  printList(printer, getSizePerThread());
  printer << ", threadsPerWarp = ";
  printList(printer, getThreadsPerWarp());
  printer << ", warpsPerCTA = ";
  printList(printer, getWarpsPerCTA());
  printer << ", order = ";
  printList(printer, getOrder());
  printCGALayout(printer, getCgaLayout(), getOrder().size());
  printer << "}>";
}

LogicalResult BlockedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> threadsPerWarp,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> order,
    ArrayRef<unsigned> cgaLayout) {
  size_t rank = order.size();
  if (rank == 0)
    return emitError() << "#ttg.blocked needs rank >= 1";
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank)
    return emitError() << "#ttg.blocked: sizePerThread, threadsPerWarp, "
                          "warpsPerCTA and order must have the same rank, got "
                       << sizePerThread.size() << ", " << threadsPerWarp.size()
                       << ", " << warpsPerCTA.size() << " and " << rank;
  if (!isPermutation(order))
    return emitError() << "#ttg.blocked: order must be a permutation of [0, "
                       << rank << ")";
  if (failed(verifyPowersOfTwo(emitError, "sizePerThread", sizePerThread)) ||
      failed(verifyPowersOfTwo(emitError, "threadsPerWarp", threadsPerWarp)) ||
      failed(verifyPowersOfTwo(emitError, "warpsPerCTA", warpsPerCTA)))
    return failure();
  return verifyCGALayout(emitError, cgaLayout, rank);
}

unsigned BlockedEncodingAttr::getRank() const { return getOrder().size(); }

//===----------------------------------------------------------------------===//
// SliceEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingDict dict(parser, "slice");
  if (failed(dict.parse()))
    return {};
  auto dim = dict.getUnsigned("dim");
  Attribute parent = dict.getAttr("parent");
  if (dict.hasFailed() || failed(dict.finish()))
    return {};
  return parser.getChecked<SliceEncodingAttr>(parser.getContext(), *dim,
                                              parent);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, Attribute parent) {
  if (!isDistributedEncoding(parent))
    return emitError() << "#ttg.slice: parent must be a distributed encoding, "
                          "got "
                       << parent;
  unsigned parentRank = cast<LayoutEncodingAttrInterface>(parent).getRank();
  if (parentRank < 2)
    return emitError() << "#ttg.slice: parent layout must have at least "
                          "rank >= 2, got "
                       << parentRank;
  if (dim >= parentRank)
    return emitError() << "#ttg.slice: slice dim=" << dim
                       << " must be less than the parent rank=" << parentRank;
  return success();
}

unsigned SliceEncodingAttr::getRank() const {
  return cast<LayoutEncodingAttrInterface>(getParent()).getRank() - 1;
}

//===----------------------------------------------------------------------===//
// NvidiaMmaEncodingAttr
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingDict dict(parser, "nvidia_mma");
  if (failed(dict.parse()))
    return {};
  auto major = dict.getUnsigned("versionMajor");
  // Triton always prints versionMinor but treats it as optional.
  auto minor = dict.getUnsigned("versionMinor", /*required=*/false);
  auto warpsPerCTA = dict.getUnsignedArray("warpsPerCTA");
  auto instrShape = dict.getUnsignedArray("instrShape");
  if (dict.hasFailed())
    return {};
  auto cga = getCGALayout(dict, warpsPerCTA->size());
  if (failed(dict.finish()))
    return {};
  return parser.getChecked<NvidiaMmaEncodingAttr>(
      parser.getContext(), *major, minor.value_or(0), *warpsPerCTA, *cga,
      *instrShape);
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor()
          << ", versionMinor = " << getVersionMinor() << ", warpsPerCTA = ";
  printList(printer, getWarpsPerCTA());
  printCGALayout(printer, getCgaLayout(), getWarpsPerCTA().size());
  printer << ", instrShape = ";
  printList(printer, getInstrShape());
  printer << "}>";
}

LogicalResult NvidiaMmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned versionMajor,
    unsigned versionMinor, ArrayRef<unsigned> warpsPerCTA,
    ArrayRef<unsigned> cgaLayout, ArrayRef<unsigned> instrShape) {
  // Like Triton, any version and instruction shape parse (its dot_op
  // verifier then names what is wrong); the layout (checkMmaInstrShape) is
  // where tile refuses what it cannot lay out, on every tensor using it.
  size_t rank = warpsPerCTA.size();
  if (failed(verifyPowersOfTwo(emitError, "warpsPerCTA", warpsPerCTA)))
    return failure();
  return verifyCGALayout(emitError, cgaLayout, rank);
}

unsigned NvidiaMmaEncodingAttr::getRank() const {
  return getWarpsPerCTA().size();
}

//===----------------------------------------------------------------------===//
// DotOperandEncodingAttr
//===----------------------------------------------------------------------===//

Attribute DotOperandEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingDict dict(parser, "dot_op");
  if (failed(dict.parse()))
    return {};
  auto opIdx = dict.getUnsigned("opIdx");
  Attribute parent = dict.getAttr("parent");
  auto kWidth = dict.getUnsigned("kWidth", /*required=*/false);
  if (dict.hasFailed() || failed(dict.finish()))
    return {};
  return parser.getChecked<DotOperandEncodingAttr>(parser.getContext(), *opIdx,
                                                   parent, kWidth.value_or(0));
}

void DotOperandEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{opIdx = " << getOpIdx() << ", parent = " << getParent();
  if (getKWidth())
    printer << ", kWidth = " << getKWidth();
  printer << "}>";
}

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
  // Triton's rules and messages, parent by parent.
  if (opIdx > 1)
    return emitError() << "ttg.dot_op opIdx parameter can be 0 or 1, got: "
                       << opIdx;
  if (!parent)
    return emitError() << "ttg.dot_op parent parameter cannot be null";
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(parent)) {
    if (kWidth != 0 && !mma.isAmpere() && !mma.isHopper())
      return emitError() << "ttg.dot_op kWidth parameter can only be "
                            "non-zero for Ampere or Hopper MMA parent";
    if (kWidth == 0 && (mma.isAmpere() || mma.isHopper()))
      return emitError() << "ttg.dot_op kWidth parameter is mandatory for "
                            "Ampere or Hopper MMA parent";
    if (opIdx != 0 && mma.isHopper())
      return emitError() << "ttg.dot_op opIdx parameter must be 0 for Hopper "
                            "MMA parent, since Hopper WGMMA only allows "
                            "first operand to be in registers";
    return success();
  }
  if (auto wmma = dyn_cast<AMDWmmaEncodingAttr>(parent)) {
    if (wmma.getVersion() == 1 && kWidth != 8 && kWidth != 16)
      return emitError() << "ttg.dot_op kWidth parameter must be 8/16 for "
                            "WMMA v1 (including packed cases for "
                            "`scaled_dot`)";
    if (wmma.getVersion() == 2 && kWidth != 4 && kWidth != 8 && kWidth != 16)
      return emitError() << "ttg.dot_op kWidth parameter must be 4/8/16 for "
                            "WMMA v2 (including packed cases for "
                            "`scaled_dot`)";
    if (wmma.getVersion() == 3 && kWidth == 0)
      return emitError() << "ttg.dot_op kWidth parameter is mandatory for "
                            "WMMA v3";
    return success();
  }
  if (isa<AMDMfmaEncodingAttr>(parent)) {
    if (kWidth == 0)
      return emitError() << "ttg.dot_op kWidth parameter is mandatory for "
                            "MFMA parent";
    return success();
  }
  if (isa<BlockedEncodingAttr>(parent)) {
    if (kWidth != 0)
      return emitError() << "ttg.dot_op kWidth parameter is not supported "
                            "when the parent is a blocked layout";
    return success();
  }
  return emitError() << "ttg.dot_op unexpected parent layout: " << parent;
}

unsigned DotOperandEncodingAttr::getRank() const {
  return cast<LayoutEncodingAttrInterface>(getParent()).getRank();
}

//===----------------------------------------------------------------------===//
// LinearEncodingAttr
//===----------------------------------------------------------------------===//

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingDict dict(parser, "linear");
  if (failed(dict.parse()))
    return {};
  unsigned rank = 0;
  auto reg = dict.getBases(layout::kRegister, rank);
  auto lane = dict.getBases(layout::kLane, rank);
  auto warp = dict.getBases(layout::kWarp, rank);
  auto block = dict.getBases(layout::kBlock, rank);
  if (dict.hasFailed() || failed(dict.finish()))
    return {};
  // A layout with no bases at all holds one element; call it rank 1.
  rank = std::max(rank, 1u);
  auto toSigned = [](ArrayRef<unsigned> values) {
    return llvm::map_to_vector(values, [](unsigned v) { return int32_t(v); });
  };
  return parser.getChecked<LinearEncodingAttr>(
      parser.getContext(), rank, toSigned(*reg), toSigned(*lane),
      toSigned(*warp), toSigned(*block));
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{register = ";
  printBases(printer, getRegisterBases(), getRank());
  printer << ", lane = ";
  printBases(printer, getLaneBases(), getRank());
  printer << ", warp = ";
  printBases(printer, getWarpBases(), getRank());
  printer << ", block = ";
  printBases(printer, getBlockBases(), getRank());
  printer << "}>";
}

LogicalResult LinearEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned rank,
    ArrayRef<int32_t> registerBases, ArrayRef<int32_t> laneBases,
    ArrayRef<int32_t> warpBases, ArrayRef<int32_t> blockBases) {
  if (rank == 0)
    return emitError() << "#ttg.linear needs rank >= 1";
  for (ArrayRef<int32_t> bases :
       {registerBases, laneBases, warpBases, blockBases})
    if (bases.size() % rank != 0)
      return emitError() << "#ttg.linear: every basis must have " << rank
                         << " entries";
  // The bases must describe a layout that reaches every element of its
  // tile (as Triton requires).
  std::string error;
  if (!linearEncodingTile(rank, registerBases, laneBases, warpBases, blockBases,
                          &error))
    return emitError() << error;
  return success();
}

unsigned LinearEncodingAttr::getRank() const { return getTensorRank(); }

//===----------------------------------------------------------------------===//
// SwizzledSharedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingDict dict(parser, "swizzled_shared");
  if (failed(dict.parse()))
    return {};
  auto vec = dict.getUnsigned("vec");
  auto perPhase = dict.getUnsigned("perPhase");
  auto maxPhase = dict.getUnsigned("maxPhase");
  auto order = dict.getUnsignedArray("order");
  if (dict.hasFailed())
    return {};
  auto cga = getCGALayout(dict, order->size());
  if (failed(dict.finish()))
    return {};
  return parser.getChecked<SwizzledSharedEncodingAttr>(
      parser.getContext(), *vec, *perPhase, *maxPhase, *order, *cga);
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{vec = " << getVec() << ", perPhase = " << getPerPhase()
          << ", maxPhase = " << getMaxPhase() << ", order = ";
  printList(printer, getOrder());
  printCGALayout(printer, getCgaLayout(), getOrder().size());
  printer << "}>";
}

LogicalResult
SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned vec, unsigned perPhase,
                                   unsigned maxPhase, ArrayRef<unsigned> order,
                                   ArrayRef<unsigned> cgaLayout) {
  if (order.empty() || !isPermutation(order))
    return emitError() << "#ttg.swizzled_shared: order must be a permutation "
                          "of [0, rank)";
  if (failed(verifyPowersOfTwo(emitError, "vec, perPhase and maxPhase",
                               {vec, perPhase, maxPhase})))
    return failure();
  return verifyCGALayout(emitError, cgaLayout, order.size());
}

unsigned SwizzledSharedEncodingAttr::getRank() const {
  return getOrder().size();
}

//===----------------------------------------------------------------------===//
// NVMMASharedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  EncodingDict dict(parser, "nvmma_shared");
  if (failed(dict.parse()))
    return {};
  auto swizzle = dict.getUnsigned("swizzlingByteWidth");
  auto transposed = dict.getBool("transposed");
  // Triton's parser leaves an absent elementBitWidth unset (its Hopper
  // warp-specialization tests omit it): 0, the parse-only width.
  auto bitWidth = dict.getUnsigned("elementBitWidth", /*required=*/false);
  auto fp4Padded = dict.getBool("fp4Padded", /*required=*/false);
  auto rank = dict.getUnsigned("rank", /*required=*/false);
  if (dict.hasFailed())
    return {};
  // Triton prints `rank` only with a trivial CGA layout; otherwise the
  // bases carry it.
  unsigned width = rank.value_or(0);
  auto cga = dict.getBases("CGALayout", width, /*required=*/false);
  if (!rank && cga && !cga->empty())
    rank = width;
  if (!cga)
    cga = SmallVector<unsigned>();
  if (failed(dict.finish()))
    return {};
  return parser.getChecked<NVMMASharedEncodingAttr>(
      parser.getContext(), *swizzle, *transposed, bitWidth.value_or(0),
      fp4Padded.value_or(false), rank.value_or(2), *cga);
}

void NVMMASharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << (getTransposed() ? "true" : "false")
          << ", elementBitWidth = " << getElementBitWidth();
  if (getFp4Padded())
    printer << ", fp4Padded = true";
  if (getRank() != 2 && getCgaLayout().empty())
    printer << ", rank = " << getRank();
  printCGALayout(printer, getCgaLayout(), getRank());
  printer << "}>";
}

unsigned NVMMASharedEncodingAttr::getRank() const { return getTensorRank(); }

LogicalResult
NVMMASharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned swizzlingByteWidth, bool transposed,
                                unsigned elementBitWidth, bool fp4Padded,
                                unsigned rank, ArrayRef<unsigned> cgaLayout) {
  if (!llvm::is_contained({0u, 32u, 64u, 128u}, swizzlingByteWidth))
    return emitError() << "#ttg.nvmma_shared: swizzlingByteWidth must be 0, "
                          "32, 64 or 128, got "
                       << swizzlingByteWidth;
  // 0 leaves the width unset, as Triton's warp-specialization tests write
  // it before layouts are assigned; such an encoding has no linear layout.
  if (!llvm::is_contained({0u, 4u, 8u, 16u, 32u, 64u}, elementBitWidth))
    return emitError() << "#ttg.nvmma_shared: elementBitWidth must be 4, 8, "
                          "16, 32 or 64 (or 0, unset), got "
                       << elementBitWidth;
  if (fp4Padded && elementBitWidth != 8)
    return emitError() << "#ttg.nvmma_shared: fp4Padded needs "
                          "elementBitWidth = 8";
  if (rank < 1)
    return emitError() << "#ttg.nvmma_shared: rank must be at least 1";
  return verifyCGALayout(emitError, cgaLayout, rank);
}

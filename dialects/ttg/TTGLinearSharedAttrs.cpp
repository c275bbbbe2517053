//===- TTGLinearSharedAttrs.cpp - Shared encodings given by bases ---------===//
//
// #ttg.shared_linear (a shared layout given as offset/block bases) and
// #ttg.padded_shared (intervals of padding over such bases), read, printed
// and verified as Triton 3.6 does. shared_linear is its own linear layout;
// padded_shared has none in tile (padding is not a linear map), so what
// needs one reports the encoding instead.
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/DimNames.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tile::ttg;
using layout::LinearLayout;

namespace {
/// Offset and block bases, flattened, and the tensor rank they map onto.
struct FlatBases {
  unsigned rank = 0;
  SmallVector<int32_t> offset, block;
};

/// Reads `offset` and `block` (each `[[...], ...]`) from `dict`, with
/// Triton's messages.
std::optional<FlatBases> readBases(AsmParser &parser, DictionaryAttr dict) {
  FlatBases result;
  for (StringRef name : {layout::kOffset, layout::kBlock}) {
    Attribute value = dict.get(name);
    if (!value) {
      parser.emitError(parser.getCurrentLocation(), "Expected basis of '")
          << name << "' not found";
      return std::nullopt;
    }
    auto list = dyn_cast<ArrayAttr>(value);
    if (!list) {
      parser.emitError(parser.getCurrentLocation(),
                       "Expected array of arrays for basis of '")
          << name << "'";
      return std::nullopt;
    }
    SmallVector<int32_t> &flat =
        name == layout::kOffset ? result.offset : result.block;
    for (Attribute basis : list) {
      auto entries = dyn_cast<ArrayAttr>(basis);
      if (!entries || (result.rank && entries.size() != result.rank)) {
        parser.emitError(parser.getCurrentLocation(),
                         "Expected array of integers in basis for '")
            << name << "'";
        return std::nullopt;
      }
      result.rank = entries.size();
      for (Attribute entry : entries) {
        auto integer = dyn_cast<IntegerAttr>(entry);
        if (!integer) {
          parser.emitError(parser.getCurrentLocation(),
                           "Expected integer in basis for '")
              << name << "'";
          return std::nullopt;
        }
        flat.push_back(static_cast<int32_t>(integer.getInt()));
      }
    }
  }
  if (result.rank == 0) {
    parser.emitError(parser.getCurrentLocation(), "Empty Layout not supported");
    return std::nullopt;
  }
  return result;
}

std::vector<LinearLayout::Basis> unflatten(ArrayRef<int32_t> flat,
                                           unsigned rank) {
  std::vector<LinearLayout::Basis> bases;
  for (size_t i = 0; rank && i + rank <= flat.size(); i += rank)
    bases.emplace_back(flat.begin() + i, flat.begin() + i + rank);
  return bases;
}

/// The layout from (offset, block) to dim0.. the bases describe, out-dims
/// sized to fit them.
std::optional<LinearLayout> basesLayout(unsigned rank, ArrayRef<int32_t> offset,
                                        ArrayRef<int32_t> block,
                                        std::string *error) {
  return LinearLayout::create({{layout::kOffset, unflatten(offset, rank)},
                               {layout::kBlock, unflatten(block, rank)}},
                              layout::standardOutDimNames(rank), error,
                              /*requireSurjective=*/false);
}

/// Prints `offset = [[...]], block = [[...]]`; `block` is left out when
/// `withBlock` is false.
void printBases(AsmPrinter &printer, unsigned rank, ArrayRef<int32_t> offset,
                ArrayRef<int32_t> block, bool withBlock) {
  auto print = [&](StringRef name, ArrayRef<int32_t> flat) {
    printer << name << " = [";
    for (size_t i = 0; i < flat.size(); i += rank) {
      if (i)
        printer << ", ";
      printer << "[";
      llvm::interleaveComma(flat.slice(i, rank), printer);
      printer << "]";
    }
    printer << "]";
  };
  print(layout::kOffset, offset);
  if (withBlock) {
    printer << ", ";
    print(layout::kBlock, block);
  }
}

/// The identity bases of `shape` walked in `order` (fastest dim first),
/// flattened: Triton's short form `order = [...], shape = [...]`.
SmallVector<int32_t> identityBases(ArrayRef<unsigned> order,
                                   ArrayRef<unsigned> shape) {
  SmallVector<int32_t> flat;
  for (unsigned dim : order)
    for (unsigned step = 1; step < shape[dim]; step *= 2)
      for (unsigned d = 0; d < shape.size(); ++d)
        flat.push_back(d == dim ? static_cast<int32_t>(step) : 0);
  return flat;
}

/// The order and shape of `offset` when it is the identity of some shape
/// in some order (each dim's bases 1, 2, 4, ... in one run).
std::optional<std::pair<SmallVector<unsigned>, SmallVector<unsigned>>>
asIdentity(unsigned rank, ArrayRef<int32_t> offset) {
  SmallVector<unsigned> order, shape(rank, 1);
  for (size_t i = 0; i < offset.size(); i += rank) {
    ArrayRef<int32_t> basis = offset.slice(i, rank);
    auto nonZero = [](int32_t v) { return v != 0; };
    if (llvm::count_if(basis, nonZero) != 1)
      return std::nullopt;
    unsigned dim = llvm::find_if(basis, nonZero) - basis.begin();
    if (static_cast<unsigned>(basis[dim]) != shape[dim])
      return std::nullopt;
    if (order.empty() || order.back() != dim) {
      if (llvm::is_contained(order, dim))
        return std::nullopt;
      order.push_back(dim);
    }
    shape[dim] *= 2;
  }
  // Dims of size 1 come last, slowest first as Triton's default order.
  for (unsigned d = rank; d > 0; --d)
    if (!llvm::is_contained(order, d - 1))
      order.push_back(d - 1);
  return std::make_pair(order, shape);
}
} // namespace

//===----------------------------------------------------------------------===//
// SharedLinearEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SharedLinearEncodingAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict))
    return {};
  if (dict.get("alignment")) {
    parser.emitError(parser.getCurrentLocation())
        << "alignment must be specified outside of the linear layout braces";
    return {};
  }
  // `block` may be left out when empty.
  NamedAttrList entries(dict.getValue());
  if (!entries.get(layout::kBlock))
    entries.push_back(
        NamedAttribute(StringAttr::get(parser.getContext(), layout::kBlock),
                       ArrayAttr::get(parser.getContext(), {})));
  dict = entries.getDictionary(parser.getContext());
  std::optional<FlatBases> bases = readBases(parser, dict);
  if (!bases)
    return {};
  if (dict.size() != 2) {
    parser.emitError(parser.getCurrentLocation())
        << "SharedLinearEncodingAttr must have exactly two attributes: offset "
           "and block";
    return {};
  }
  unsigned alignment = 0;
  if (parser.parseComma() || parser.parseKeyword("alignment") ||
      parser.parseEqual() || parser.parseInteger(alignment) ||
      parser.parseGreater())
    return {};
  return SharedLinearEncodingAttr::getChecked(
      [&] { return parser.emitError(parser.getNameLoc()); },
      parser.getContext(), bases->rank, ArrayRef<int32_t>(bases->offset),
      ArrayRef<int32_t>(bases->block), alignment);
}

void SharedLinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{";
  printBases(printer, getRank(), getOffsetBases(), getBlockBases(),
             /*withBlock=*/!getBlockBases().empty());
  printer << "}, alignment = " << getAlignment() << ">";
}

LogicalResult
SharedLinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned rank, ArrayRef<int32_t> offsetBases,
                                 ArrayRef<int32_t> blockBases,
                                 unsigned alignment) {
  if (alignment == 0 || !llvm::isPowerOf2_32(alignment))
    return emitError() << "alignment must be a positive power of two";
  if (rank == 0 || offsetBases.size() % rank || blockBases.size() % rank)
    return emitError() << "SharedLinearEncodingAttr requires at least one "
                          "output dimension.";
  std::string error;
  std::optional<LinearLayout> ll =
      basesLayout(rank, offsetBases, blockBases, &error);
  if (!ll)
    return emitError() << "#ttg.shared_linear: " << error;
  if (!ll->isSurjective())
    return emitError() << "The layout must be surjective";
  // Zero bases broadcast; what is left must reach each element once.
  auto nonZero = [&](ArrayRef<int32_t> flat) {
    SmallVector<int32_t> kept;
    for (size_t i = 0; i < flat.size(); i += rank)
      if (llvm::any_of(flat.slice(i, rank), [](int32_t v) { return v != 0; }))
        llvm::append_range(kept, flat.slice(i, rank));
    return kept;
  };
  std::optional<LinearLayout> withoutBroadcast = basesLayout(
      rank, nonZero(offsetBases), nonZero(blockBases), /*error=*/nullptr);
  if (!withoutBroadcast || !withoutBroadcast->isInvertible())
    return emitError()
           << "After removing the zero bases the layout must be bijective";
  return success();
}

unsigned SharedLinearEncodingAttr::getRank() const { return getTensorRank(); }

std::optional<LinearLayout>
SharedLinearEncodingAttr::computeLinearLayout(ArrayRef<int64_t> shape,
                                              std::string *error) const {
  std::optional<LinearLayout> ll =
      basesLayout(getRank(), getOffsetBases(), getBlockBases(), error);
  if (!ll)
    return std::nullopt;
  // The bases describe one shape; there is no broadcasting or repetition.
  bool same = shape.size() == getRank();
  for (auto [d, size] : llvm::enumerate(shape))
    same = same && ll->getOutDimSize(layout::outDimName(d)) ==
                       static_cast<int32_t>(size);
  if (!same) {
    if (error) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "#ttg.shared_linear describes a buffer of shape [";
      for (unsigned d = 0; d < getRank(); ++d)
        os << (d ? "x" : "") << ll->getOutDimSize(layout::outDimName(d));
      os << "], not [";
      llvm::interleave(shape, os, "x");
      os << "]";
      *error = text;
    }
    return std::nullopt;
  }
  return ll;
}

//===----------------------------------------------------------------------===//
// PaddedSharedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute PaddedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SmallVector<unsigned> intervals, paddings;
  auto parsePair = [&]() -> ParseResult {
    unsigned interval = 0, padding = 0;
    if (parser.parseInteger(interval) || parser.parseColon() ||
        parser.parsePlus() || parser.parseInteger(padding))
      return failure();
    intervals.push_back(interval);
    paddings.push_back(padding);
    return success();
  };
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseLSquare() ||
      parser.parseCommaSeparatedList(parsePair) || parser.parseRSquare() ||
      parser.parseAttribute(dict))
    return {};

  FlatBases bases;
  if (dict.contains(layout::kOffset) || dict.contains(layout::kBlock)) {
    for (NamedAttribute entry : dict)
      if (entry.getName() != layout::kOffset &&
          entry.getName() != layout::kBlock) {
        parser.emitError(parser.getCurrentLocation(), "Unexpected attribute ")
            << entry.getName() << " found";
        return {};
      }
    std::optional<FlatBases> read = readBases(parser, dict);
    if (!read)
      return {};
    bases = *read;
  } else {
    // The short form: the identity map of `shape` in `order`.
    SmallVector<unsigned> order, shape;
    for (NamedAttribute entry : dict) {
      SmallVector<unsigned> *target = entry.getName() == "order"   ? &order
                                      : entry.getName() == "shape" ? &shape
                                                                   : nullptr;
      if (!target) {
        parser.emitError(parser.getCurrentLocation(), "Unexpected attribute ")
            << entry.getName() << " found";
        return {};
      }
      auto list = dyn_cast<ArrayAttr>(entry.getValue());
      for (Attribute element : list ? list.getValue() : ArrayRef<Attribute>()) {
        auto integer = dyn_cast<IntegerAttr>(element);
        bool isOrder = target == &order;
        if (!integer || integer.getInt() < (isOrder ? 0 : 1)) {
          list = {};
          break;
        }
        target->push_back(integer.getInt());
      }
      if (!list) {
        parser.emitError(parser.getCurrentLocation())
            << "expected a list of dims or sizes for '"
            << entry.getName().strref() << "'";
        return {};
      }
    }
    if (order.size() != shape.size()) {
      parser.emitError(parser.getCurrentLocation(),
                       "Mismatch of shape and order ranks in padded layout");
      return {};
    }
    SmallVector<unsigned> sorted(order);
    llvm::sort(sorted);
    if (shape.empty() ||
        !llvm::equal(sorted, llvm::seq<unsigned>(0, order.size())) ||
        !llvm::all_of(shape, llvm::isPowerOf2_32)) {
      parser.emitError(parser.getCurrentLocation())
          << "#ttg.padded_shared: order must be a permutation of the dims of "
             "a shape of powers of two";
      return {};
    }
    bases.rank = shape.size();
    bases.offset = identityBases(order, shape);
  }
  if (parser.parseGreater())
    return {};
  return PaddedSharedEncodingAttr::getChecked(
      [&] { return parser.emitError(parser.getNameLoc()); },
      parser.getContext(), ArrayRef<unsigned>(intervals),
      ArrayRef<unsigned>(paddings), bases.rank, ArrayRef<int32_t>(bases.offset),
      ArrayRef<int32_t>(bases.block));
}

void PaddedSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(
      llvm::zip(getIntervals(), getPaddings()), printer, [&](auto pair) {
        printer << std::get<0>(pair) << ":+" << std::get<1>(pair);
      });
  printer << "] {";
  auto identity = asIdentity(getRank(), getOffsetBases());
  if (getBlockBases().empty() && identity) {
    printer << "order = [";
    llvm::interleaveComma(identity->first, printer);
    printer << "], shape = [";
    llvm::interleaveComma(identity->second, printer);
    printer << "]";
  } else {
    printBases(printer, getRank(), getOffsetBases(), getBlockBases(),
               /*withBlock=*/true);
  }
  printer << "}>";
}

LogicalResult PaddedSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> intervals,
    ArrayRef<unsigned> paddings, unsigned rank, ArrayRef<int32_t> offsetBases,
    ArrayRef<int32_t> blockBases) {
  if (intervals.size() != paddings.size())
    return emitError() << "intervals size (" << intervals.size()
                       << ") must match paddings size (" << paddings.size()
                       << ")";
  if (intervals.empty())
    return emitError() << "must have at least one interval-padding pair";
  if (!llvm::all_of(intervals, llvm::isPowerOf2_32))
    return emitError() << "interval values must all be power of two";
  if (!llvm::all_of(paddings, llvm::isPowerOf2_32))
    return emitError() << "padding values must all be power of two";
  if (llvm::SmallSet<unsigned, 4>(intervals.begin(), intervals.end()).size() !=
      intervals.size())
    return emitError() << "interval values cannot have duplicates";
  if (rank == 0 || offsetBases.size() % rank || blockBases.size() % rank ||
      (offsetBases.empty() && blockBases.empty()))
    return emitError() << "linearComponent cannot be empty";
  std::string error;
  std::optional<LinearLayout> ll =
      basesLayout(rank, offsetBases, blockBases, &error);
  if (!ll || !ll->isInvertible())
    return emitError() << "Broadcasting is not supported.";
  for (ArrayRef<int32_t> flat : {offsetBases, blockBases})
    for (size_t i = 0; i < flat.size(); i += rank) {
      ArrayRef<int32_t> basis = flat.slice(i, rank);
      if (llvm::count_if(basis, [](int32_t v) { return v != 0; }) > 1)
        return emitError()
               << "Each offset basis must move in at most one dimension.";
      if (!llvm::all_of(basis, [](int32_t v) {
            return v == 0 || llvm::isPowerOf2_32(v);
          }))
        return emitError() << "Each offset basis must be 0 or a power of two.";
    }
  return success();
}

unsigned PaddedSharedEncodingAttr::getRank() const { return getTensorRank(); }

std::optional<LinearLayout>
PaddedSharedEncodingAttr::computeLinearLayout(ArrayRef<int64_t>,
                                              std::string *error) const {
  if (error)
    *error = "#ttg.padded_shared pads its rows, which no linear layout "
             "describes; tile does not support it";
  return std::nullopt;
}

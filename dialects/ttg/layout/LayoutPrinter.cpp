//===- LayoutPrinter.cpp - Text and SVG pictures of layouts ---------------===//

#include "dialects/ttg/layout/LayoutPrinter.h"
#include "dialects/ttg/layout/LayoutSupport.h"

#include <algorithm>
#include <sstream>

namespace mlir::tile::layout {
using namespace detail;

namespace {
/// Pictures are for humans; refuse layouts whose enumeration would be huge.
constexpr int kMaxPrintInBits = 24;
constexpr int64_t kMaxPrintElements = int64_t{1} << 20;

/// Elements per row when a 1-D tensor is drawn as a picture.
constexpr int64_t kSvgRowLength = 32;

std::string shortName(const std::string &dim) {
  if (dim == kRegister)
    return "r";
  if (dim == kLane)
    return "l";
  if (dim == kWarp)
    return "w";
  if (dim == kBlock)
    return "b";
  if (dim == kOffset)
    return "o";
  return dim + "=";
}

/// Whether in-dim `idx` appears in labels: "block" of size 1 is noise in the
/// common single-CTA case.
bool isShown(const LinearLayout &layout, size_t idx) {
  const auto &entry = layout.getBases()[idx];
  return !(entry.first == kBlock && entry.second.empty());
}

/// "w=warp l=lane r=register", in label order.
std::string legend(const LinearLayout &layout) {
  std::string ret;
  for (size_t i = layout.getNumInDims(); i-- > 0;) {
    if (!isShown(layout, i))
      continue;
    const std::string &name = layout.getBases()[i].first;
    std::string abbrev = shortName(name);
    if (abbrev.back() == '=')
      continue;
    ret += (ret.empty() ? "" : " ") + abbrev + "=" + name;
  }
  return ret;
}

std::string joinHolders(const LinearLayout &layout,
                        const ElementHolders &holders) {
  if (holders.empty())
    return "-";
  std::string ret;
  for (size_t i = 0; i < holders.size(); ++i)
    ret += (i ? "," : "") + formatHolder(layout, holders[i]);
  return ret;
}

void rtrim(std::string &s) {
  while (!s.empty() && s.back() == ' ')
    s.pop_back();
}

/// A light fill colour per warp; neighbouring warps get contrasting hues.
const char *warpColour(int32_t warp) {
  static const char *const palette[] = {
      "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
      "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f",
      "#a6cee3", "#b2df8a", "#fdbf6f", "#cab2d6"};
  return palette[warp % 16];
}
} // namespace

std::optional<std::vector<ElementHolders>>
getElementHolders(const LinearLayout &layout, std::vector<int64_t> shape,
                  std::string *error) {
  if (shape.empty())
    for (const auto &[name, size] : layout.getOutDims())
      shape.push_back(size);
  size_t rank = shape.size();
  if (rank != 1 && rank != 2)
    return fail(error, "layout printer: only 1-D and 2-D shapes are supported");
  if (layout.getNumOutDims() != rank)
    return fail(error, "layout printer: the layout has " +
                           std::to_string(layout.getNumOutDims()) +
                           " out-dims but the shape has rank " +
                           std::to_string(rank));
  std::vector<std::string> names = standardOutDimNames(rank);
  std::vector<int> outIdx;
  int64_t numElements = 1;
  for (size_t d = 0; d < rank; ++d) {
    outIdx.push_back(layout.getOutDimIndex(names[d]));
    if (outIdx.back() < 0)
      return fail(error, "layout printer: the layout has no out-dim '" +
                             names[d] + "'");
    if (shape[d] <= 0)
      return fail(error, "layout printer: shape dims must be positive");
    numElements *= shape[d];
    if (numElements > kMaxPrintElements)
      return fail(error, "layout printer: too many elements to print");
  }
  int inBits = layout.getTotalInDimSizeLog2();
  if (inBits > kMaxPrintInBits)
    return fail(error, "layout printer: too many hardware locations (2^" +
                           std::to_string(inBits) + ") to print");

  // Walk every location in flattened order (first in-dim fastest), keeping
  // the output as a running XOR so each step costs one basis per set bit.
  std::vector<std::pair<size_t, int>> bitOwner; // (in-dim index, bit)
  for (size_t i = 0; i < layout.getNumInDims(); ++i)
    for (size_t b = 0; b < layout.getBases()[i].second.size(); ++b)
      bitOwner.push_back({i, static_cast<int>(b)});

  std::vector<ElementHolders> holders(numElements);
  int64_t total = int64_t{1} << inBits;
  for (int64_t flat = 0; flat < total; ++flat) {
    std::vector<int32_t> coords(layout.getNumOutDims(), 0);
    std::vector<int32_t> ins(layout.getNumInDims(), 0);
    for (int bit = 0; bit < inBits; ++bit) {
      if (!((flat >> bit) & 1))
        continue;
      auto [dim, b] = bitOwner[bit];
      ins[dim] |= int32_t{1} << b;
      const LinearLayout::Basis &basis = layout.getBases()[dim].second[b];
      for (size_t k = 0; k < coords.size(); ++k)
        coords[k] ^= basis[k];
    }
    int64_t linear = 0;
    bool inside = true;
    for (size_t d = 0; d < rank; ++d) {
      int32_t c = coords[outIdx[d]];
      inside &= c < shape[d];
      linear = linear * shape[d] + c;
    }
    if (inside)
      holders[linear].push_back(std::move(ins));
  }
  return holders;
}

std::string formatHolder(const LinearLayout &layout,
                         const std::vector<int32_t> &holder) {
  std::string ret;
  for (size_t i = layout.getNumInDims(); i-- > 0;) {
    if (!isShown(layout, i) || i >= holder.size())
      continue;
    ret += (ret.empty() ? "" : ":") + shortName(layout.getBases()[i].first) +
           std::to_string(holder[i]);
  }
  return ret;
}

/// The holders of every element, the shape defaulting to the layout's
/// out-dim sizes (and filled in for the caller).
static std::optional<std::vector<ElementHolders>>
getHoldersForPrinting(const LinearLayout &layout, std::vector<int64_t> &shape,
                      std::string *error) {
  if (shape.empty())
    for (const auto &[name, size] : layout.getOutDims())
      shape.push_back(size);
  return getElementHolders(layout, shape, error);
}

std::optional<std::string> printLayoutTable(const LinearLayout &layout,
                                            std::vector<int64_t> shape,
                                            std::string *error) {
  std::optional<std::vector<ElementHolders>> holders =
      getHoldersForPrinting(layout, shape, error);
  if (!holders)
    return std::nullopt;

  std::ostringstream os;
  if (shape.size() == 1) {
    os << "# element: " << legend(layout) << "\n";
    for (size_t i = 0; i < holders->size(); ++i)
      os << "[" << i << "] " << joinHolders(layout, (*holders)[i]) << "\n";
    return os.str();
  }

  int64_t rows = shape[0], cols = shape[1];
  std::vector<std::string> cells;
  for (const ElementHolders &h : *holders)
    cells.push_back(joinHolders(layout, h));
  std::vector<size_t> width(cols);
  for (int64_t c = 0; c < cols; ++c) {
    width[c] = std::to_string(c).size();
    for (int64_t r = 0; r < rows; ++r)
      width[c] = std::max(width[c], cells[r * cols + c].size());
  }
  size_t labelWidth = std::to_string(rows - 1).size();
  auto pad = [](std::string s, size_t w) {
    s.resize(std::max(w, s.size()), ' ');
    return s;
  };

  os << "# cell: " << legend(layout) << "\n";
  std::string line = pad("", labelWidth);
  for (int64_t c = 0; c < cols; ++c)
    line += "  " + pad(std::to_string(c), width[c]);
  rtrim(line);
  os << line << "\n";
  for (int64_t r = 0; r < rows; ++r) {
    line = pad(std::to_string(r), labelWidth);
    for (int64_t c = 0; c < cols; ++c)
      line += "  " + pad(cells[r * cols + c], width[c]);
    rtrim(line);
    os << line << "\n";
  }
  return os.str();
}

std::optional<std::string> printLayoutSVG(const LinearLayout &layout,
                                          std::vector<int64_t> shape,
                                          std::string *error) {
  std::optional<std::vector<ElementHolders>> holders =
      getHoldersForPrinting(layout, shape, error);
  if (!holders)
    return std::nullopt;

  // A 1-D tensor is drawn wrapped; row labels then give the first index.
  bool is1D = shape.size() == 1;
  int64_t numElements = holders->size();
  int64_t cols = is1D ? std::min(numElements, kSvgRowLength) : shape[1];
  int64_t rows = is1D ? (numElements + cols - 1) / cols : shape[0];

  int warpIdx = layout.getInDimIndex(kWarp);
  const int cellW = 56, cellH = 40, left = 48, top = 24;
  int64_t width = left + cols * cellW + 8, height = top + rows * cellH + 8;

  std::ostringstream os;
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
     << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " "
     << height << "\" font-family=\"monospace\" font-size=\"10\">\n";
  os << "<title>" << layout.toString() << "</title>\n";
  for (int64_t c = 0; c < cols; ++c)
    os << "<text x=\"" << left + c * cellW + cellW / 2 << "\" y=\"" << top - 8
       << "\" text-anchor=\"middle\">" << c << "</text>\n";
  for (int64_t r = 0; r < rows; ++r)
    os << "<text x=\"" << left - 6 << "\" y=\"" << top + r * cellH + cellH / 2
       << "\" text-anchor=\"end\">" << (is1D ? r * cols : r) << "</text>\n";

  for (int64_t e = 0; e < numElements; ++e) {
    int64_t r = e / cols, c = e % cols;
    int64_t x = left + c * cellW, y = top + r * cellH;
    const ElementHolders &h = (*holders)[e];
    const char *fill = "#ffffff";
    if (!h.empty())
      fill = warpColour(warpIdx >= 0 ? h.front()[warpIdx] : 0);
    os << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cellW
       << "\" height=\"" << cellH << "\" fill=\"" << fill
       << "\" stroke=\"#333333\" stroke-width=\"0.5\"/>\n";
    if (h.empty())
      continue;
    // The warp is the colour; the remaining coordinates are written out.
    std::vector<std::string> lines;
    for (size_t i = layout.getNumInDims(); i-- > 0;) {
      if (!isShown(layout, i) || static_cast<int>(i) == warpIdx)
        continue;
      lines.push_back(shortName(layout.getBases()[i].first) +
                      std::to_string(h.front()[i]));
    }
    if (h.size() > 1)
      lines.push_back("+" + std::to_string(h.size() - 1));
    for (size_t l = 0; l < lines.size(); ++l)
      os << "<text x=\"" << x + cellW / 2 << "\" y=\"" << y + 12 + 11 * l
         << "\" text-anchor=\"middle\">" << lines[l] << "</text>\n";
  }
  os << "</svg>\n";
  return os.str();
}
} // namespace mlir::tile::layout

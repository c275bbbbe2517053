//===- tile-layout.cpp - Show which thread holds each tensor element ------===//
//
// Given a ttg encoding and a shape, prints which (warp, lane, register) holds
// every element, as a grid, as a list, or as an SVG picture (colour per warp,
// lane and register in each cell). The encoding is written out, or named by
// its alias in a TTGIR file (`--from=k.ttgir mma`).
//
//   tile-layout '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4],
//                warpsPerCTA = [4, 1], order = [1, 0]}>' 32x32
//   tile-layout --from=matmul.ttgir --svg=mma.svg mma 128x128
//
//===----------------------------------------------------------------------===//

#include "dialects/ttg/TTGDialect.h"
#include "dialects/ttg/layout/LayoutPrinter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace mlir::tile;
namespace cl = llvm::cl;

/// The tool's own options; --help shows only these, not the options every
/// library linked into the tool registers.
static cl::OptionCategory layoutCategory("tile-layout options");

static cl::opt<std::string> encodingArg(cl::Positional, cl::Required,
                                        cl::desc("<encoding or alias>"),
                                        cl::cat(layoutCategory));
static cl::opt<std::string> shapeArg(cl::Positional, cl::Required,
                                     cl::desc("<shape, e.g. 128x64>"),
                                     cl::cat(layoutCategory));
static cl::opt<std::string>
    fromFile("from",
             cl::desc("Read encoding aliases (#name = ...) from this "
                      "TTGIR file"),
             cl::value_desc("file"), cl::cat(layoutCategory));
enum class Format { Grid, List, Bases };
static cl::opt<Format> format(
    "format", cl::desc("Text output"), cl::init(Format::Grid),
    cl::values(clEnumValN(Format::Grid, "grid",
                          "a grid of holders (1-D and 2-D shapes)"),
               clEnumValN(Format::List, "list",
                          "one line per element: index: warp lane register"),
               clEnumValN(Format::Bases, "bases", "the linear layout's bases")),
    cl::cat(layoutCategory));
static cl::opt<std::string> svgFile("svg",
                                    cl::desc("Also write an SVG picture"),
                                    cl::value_desc("file"),
                                    cl::cat(layoutCategory));
static cl::opt<std::string>
    pngFile("png",
            cl::desc("Also write a PNG picture (needs rsvg-convert; skipped "
                     "with a message when it is not installed)"),
            cl::value_desc("file"), cl::cat(layoutCategory));

static int fail(const Twine &message) {
  llvm::errs() << "tile-layout: " << message << "\n";
  return 1;
}

/// `#name = <definition>` lines of a TTGIR file.
static std::map<std::string, std::string> readAliases(StringRef text) {
  std::map<std::string, std::string> aliases;
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef line : lines) {
    line = line.trim();
    if (!line.consume_front("#"))
      continue;
    auto [name, definition] = line.split('=');
    name = name.trim();
    definition = definition.trim();
    if (name.empty() || definition.empty() || name.starts_with("loc"))
      continue;
    aliases[name.str()] = definition.str();
  }
  return aliases;
}

/// Replaces `#alias` references in `text` by their definitions, innermost
/// last, so nested encodings (slice of mma) resolve.
static std::string
expandAliases(std::string text,
              const std::map<std::string, std::string> &aliases) {
  for (int round = 0; round < 8; ++round) {
    bool changed = false;
    // Longest names first so #blocked1 is not read as #blocked.
    std::vector<std::string> names;
    for (const auto &entry : aliases)
      names.push_back(entry.first);
    llvm::sort(names, [](const std::string &a, const std::string &b) {
      return a.size() > b.size();
    });
    for (const std::string &name : names) {
      std::string ref = "#" + name;
      size_t pos = 0;
      while ((pos = text.find(ref, pos)) != std::string::npos) {
        size_t end = pos + ref.size();
        bool wholeName =
            end >= text.size() ||
            !(llvm::isAlnum(text[end]) || text[end] == '_' || text[end] == '.');
        if (!wholeName) {
          pos = end;
          continue;
        }
        text.replace(pos, ref.size(), aliases.at(name));
        changed = true;
        pos += aliases.at(name).size();
      }
    }
    if (!changed)
      break;
  }
  return text;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(layoutCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "tile-layout: which thread holds each element\n");

  std::string encodingText = encodingArg;
  if (!fromFile.empty()) {
    auto buffer = llvm::MemoryBuffer::getFile(fromFile);
    if (!buffer)
      return fail("cannot read " + fromFile);
    auto aliases = readAliases((*buffer)->getBuffer());
    std::string name = StringRef(encodingText).ltrim('#').str();
    if (aliases.count(name))
      encodingText = aliases[name];
    encodingText = expandAliases(encodingText, aliases);
  }

  SmallVector<int64_t> shape;
  SmallVector<StringRef> dims;
  StringRef(shapeArg).split(dims, 'x');
  for (StringRef dim : dims) {
    int64_t size;
    if (dim.getAsInteger(10, size) || size <= 0)
      return fail("bad shape '" + shapeArg + "'; expected e.g. 128x64");
    shape.push_back(size);
  }

  MLIRContext context;
  context.loadDialect<ttg::TTGDialect>();
  Attribute encoding = parseAttribute(encodingText, &context);
  if (!encoding)
    return fail("cannot parse the encoding '" + encodingText + "'");
  std::string error;
  std::optional<layout::LinearLayout> ll =
      ttg::toLinearLayout(encoding, shape, &error);
  if (!ll)
    return fail(error);

  std::vector<int64_t> shapeVec(shape.begin(), shape.end());
  switch (format) {
  case Format::Bases:
    llvm::outs() << ll->toString() << "\n";
    break;
  case Format::Grid: {
    std::optional<std::string> table =
        layout::printLayoutTable(*ll, shapeVec, &error);
    if (!table)
      return fail(error);
    llvm::outs() << *table;
    break;
  }
  case Format::List: {
    auto holders = layout::getElementHolders(*ll, shapeVec, &error);
    if (!holders)
      return fail(error);
    for (auto [flat, elementHolders] : llvm::enumerate(*holders)) {
      // Row-major index of the element.
      SmallVector<int64_t> index(shape.size());
      int64_t rest = flat;
      for (size_t d = shape.size(); d-- > 0;) {
        index[d] = rest % shape[d];
        rest /= shape[d];
      }
      llvm::outs() << "[";
      llvm::interleaveComma(index, llvm::outs());
      llvm::outs() << "]:";
      for (const auto &holder : elementHolders)
        llvm::outs() << " " << layout::formatHolder(*ll, holder);
      llvm::outs() << "\n";
    }
    break;
  }
  }

  if (!svgFile.empty() || !pngFile.empty()) {
    std::optional<std::string> svg =
        layout::printLayoutSVG(*ll, shapeVec, &error);
    if (!svg)
      return fail(error);
    std::string svgPath = svgFile.empty() ? pngFile + ".svg" : svgFile;
    std::error_code ec;
    llvm::raw_fd_ostream out(svgPath, ec);
    if (ec)
      return fail("cannot write " + svgPath + ": " + ec.message());
    out << *svg;
    out.close();
    if (!pngFile.empty()) {
      auto converter = llvm::sys::findProgramByName("rsvg-convert");
      if (!converter) {
        llvm::errs() << "tile-layout: rsvg-convert not found (Debian package "
                        "librsvg2-bin); PNG output skipped, SVG written to "
                     << svgPath << "\n";
      } else {
        StringRef args[] = {*converter, "-o", pngFile, svgPath};
        if (llvm::sys::ExecuteAndWait(*converter, args) != 0)
          return fail("rsvg-convert failed");
      }
    }
  }
  return 0;
}

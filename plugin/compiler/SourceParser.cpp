//===- SourceParser.cpp - A compile's input text as a module --------------===//

#include "plugin/compiler/SourceParser.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tile;

namespace {
/// Whether `name` (without its %) is one the printer makes up for a value
/// without a name location: a number, or "arg" and a number.
bool isPrinterName(llvm::StringRef name) {
  name.consume_front("arg");
  return !name.empty() && llvm::all_of(name, llvm::isDigit);
}

void nameBlockArgumentsAsWritten(const AsmParserState &state,
                                 MLIRContext *context) {
  for (const AsmParserState::BlockDefinition &block : state.getBlockDefs()) {
    for (auto [argument, written] :
         llvm::zip(block.block->getArguments(), block.arguments)) {
      if (isa<NameLoc>(argument.getLoc()) || !written.loc.isValid())
        continue;
      llvm::StringRef name(written.loc.Start.getPointer(),
                           written.loc.End.getPointer() -
                               written.loc.Start.getPointer());
      name.consume_front("%");
      if (name.empty() || isPrinterName(name))
        continue;
      argument.setLoc(
          NameLoc::get(StringAttr::get(context, name), argument.getLoc()));
    }
  }
}
} // namespace

OwningOpRef<ModuleOp>
compiler::parseModuleKeepingNames(llvm::StringRef ir,
                                  llvm::StringRef sourceName,
                                  const ParserConfig &config) {
  MLIRContext *context = config.getContext();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(ir, sourceName,
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  Block block;
  AsmParserState state;
  if (failed(parseAsmSourceFile(sourceMgr, &block, config, &state)))
    return {};
  nameBlockArgumentsAsWritten(state, context);
  return detail::constructContainerOpForParserIfNecessary<ModuleOp>(
      &block, context, FileLineColLoc::get(context, sourceName, 0, 0));
}

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

/// Whether `name` (without its %) is one the printer makes up for a value
/// without a name location: a number, or "arg" and a number.
static bool isPrinterName(llvm::StringRef name) {
  name.consume_front("arg");
  return !name.empty() && llvm::all_of(name, llvm::isDigit);
}

/// Gives the block arguments the parse recorded a name location of the name
/// written for them, unless their location already holds one (the printer
/// looks inside fused and call-site locations too). The parser records an
/// entry block's arguments in order, as the op's custom syntax declares them.
static void nameBlockArgumentsAsWritten(const AsmParserState &state,
                                        MLIRContext *context) {
  for (const AsmParserState::BlockDefinition &block : state.getBlockDefs()) {
    for (auto [argument, written] :
         llvm::zip(block.block->getArguments(), block.arguments)) {
      if (argument.getLoc()->findInstanceOf<NameLoc>() ||
          !written.loc.isValid())
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

OwningOpRef<ModuleOp>
compiler::parseModuleKeepingNames(llvm::StringRef ir,
                                  llvm::StringRef sourceName,
                                  const ParserConfig &config) {
  MLIRContext *context = config.getContext();
  // A copy: the lexer reads up to a terminating NUL, which the caller's
  // text (a pointer and a size) need not have.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(ir, sourceName), llvm::SMLoc());
  Block block;
  AsmParserState state;
  if (failed(parseAsmSourceFile(sourceMgr, &block, config, &state)))
    return {};
  nameBlockArgumentsAsWritten(state, context);
  // What parseSourceString<ModuleOp> does with the parsed block (the input is
  // text: the C API takes no bytecode).
  return detail::constructContainerOpForParserIfNecessary<ModuleOp>(
      &block, context, FileLineColLoc::get(context, sourceName, 0, 0));
}

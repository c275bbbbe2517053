//===- SourceParser.h - A compile's input text as a module ------*- C++ -*-===//
//
// Triton hands tile its IR as text. Triton's frontend gives a value it
// names after a Python variable a name location, and prints the text with
// those names (`%val`, `%offsets_1`). Op results keep their name locations
// through the text (each op prints its location), but a region's entry
// arguments written in an op's custom syntax do not: `scf.for %ivar = ...`
// prints no location for %ivar, so a parsed loop's induction variable would
// lose the name Triton's stages keep.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PLUGIN_COMPILER_SOURCEPARSER_H
#define TILE_PLUGIN_COMPILER_SOURCEPARSER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::tile::compiler {
/// Parses `ir` into a module (diagnostics name `sourceName`). A block
/// argument that the text names (%ivar) but whose location holds no name
/// gets a name location of that name, as Triton's frontend gave it. Names
/// the printer makes up (%arg3, %0) are left alone.
OwningOpRef<ModuleOp> parseModuleKeepingNames(llvm::StringRef ir,
                                              llvm::StringRef sourceName,
                                              const ParserConfig &config);
} // namespace mlir::tile::compiler

#endif // TILE_PLUGIN_COMPILER_SOURCEPARSER_H

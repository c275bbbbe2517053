//===- Compilation.h - One in-process compile, TTIR to PTX ------*- C++ -*-===//
//
// The C API's engine: the stage pipelines of pipelines/*.pipeline (the same
// passes, in the same order, with the same options as libtile.so's
// tile-<stage> pipelines), then LLVM's NVPTX back end, in one MLIRContext of
// the call's own. A crash inside a pass or inside LLVM ends the compile with
// an error instead of the process.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PLUGIN_COMPILER_COMPILATION_H
#define TILE_PLUGIN_COMPILER_COMPILATION_H

#include "plugin/compiler/TileCompiler.h"

#include "llvm/ADT/StringRef.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::tile::compiler {
/// What a compile produced; TileCompiler.h documents each field's accessor.
struct CompileOutcome {
  bool succeeded = false;
  std::string failedStage;
  std::string error;
  std::string diagnosticsJSON = "[]";
  std::string kernelName;
  std::string metadataJSON = "{}";
  std::array<std::optional<std::string>, TILE_NUM_STAGES> stages;
};

/// Compiles `ir` (TTIR or TTGIR) with `options`.
CompileOutcome compile(llvm::StringRef ir, llvm::StringRef sourceName,
                       const tile_options &options);
} // namespace mlir::tile::compiler

#endif // TILE_PLUGIN_COMPILER_COMPILATION_H

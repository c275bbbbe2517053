//===- DiagnosticLog.h - Diagnostics of one compile -------------*- C++ -*-===//
//
// Every diagnostic a compile emits, tagged with the stage that emitted it
// and resolved to a source position where its location has one, so that a
// caller in another language gets "file:line:col: message" and not an MLIR
// location attribute.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PLUGIN_COMPILER_DIAGNOSTICLOG_H
#define TILE_PLUGIN_COMPILER_DIAGNOSTICLOG_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir::tile::compiler {
/// One diagnostic, flattened: notes become entries of their own.
struct LoggedDiagnostic {
  std::string severity; // error, warning, remark, note
  std::string message;
  std::string stage;
  std::string file; // empty when the location has no file position
  unsigned line = 0;
  unsigned column = 0;

  /// "file:line:col: message", or the message alone.
  std::string format() const;
};

/// The diagnostics of one compile. It outlives the compile's MLIRContext,
/// which a crash may leave behind, so the context hands diagnostics over
/// (capture) rather than the log holding on to the context.
class DiagnosticLog {
public:
  /// Records `diagnostic` and its notes; install it as a context's handler.
  void capture(Diagnostic &diagnostic);

  /// Tags the diagnostics that follow with `stage`.
  void setStage(llvm::StringRef stage) { currentStage = stage.str(); }
  llvm::StringRef getStage() const { return currentStage; }

  /// Records a diagnostic that did not come through the context (LLVM's
  /// code generation, a crash).
  void addError(llvm::StringRef message);

  /// The first error, formatted; empty when there was none.
  std::string firstError() const;
  /// Every diagnostic as a JSON array (TileCompiler.h says the keys).
  std::string toJSON() const;

private:
  void record(Diagnostic &diagnostic, llvm::StringRef severity);

  std::string currentStage;
  std::vector<LoggedDiagnostic> entries;
};
} // namespace mlir::tile::compiler

#endif // TILE_PLUGIN_COMPILER_DIAGNOSTICLOG_H

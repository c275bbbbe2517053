//===- DiagnosticLog.cpp - Diagnostics of one compile ---------------------===//

#include "plugin/compiler/DiagnosticLog.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tile::compiler;

namespace {
/// The source position a location stands for: Triton's frontend wraps
/// file positions in names (`loc("offs"(#loc3))`) and an inlined call's
/// ops carry call-site locations whose callee is where the op was written.
std::optional<FileLineColLoc> findFilePosition(Location location) {
  if (auto file = dyn_cast<FileLineColLoc>(location))
    return file;
  if (auto name = dyn_cast<NameLoc>(location))
    return findFilePosition(name.getChildLoc());
  if (auto callSite = dyn_cast<CallSiteLoc>(location)) {
    if (auto callee = findFilePosition(callSite.getCallee()))
      return callee;
    return findFilePosition(callSite.getCaller());
  }
  if (auto fused = dyn_cast<FusedLoc>(location))
    for (Location inner : fused.getLocations())
      if (auto file = findFilePosition(inner))
        return file;
  if (auto opaque = dyn_cast<OpaqueLoc>(location))
    return findFilePosition(opaque.getFallbackLocation());
  return std::nullopt;
}

/// JSON strings must be UTF-8; a message quoting bytes of a malformed
/// input may not be.
std::string toUTF8(llvm::StringRef text) {
  return llvm::json::isUTF8(text) ? text.str() : llvm::json::fixUTF8(text);
}

llvm::StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Remark:
    return "remark";
  case DiagnosticSeverity::Note:
    return "note";
  }
  return "error";
}
} // namespace

std::string LoggedDiagnostic::format() const {
  if (file.empty())
    return message;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column) +
         ": " + message;
}

void DiagnosticLog::capture(Diagnostic &diagnostic) {
  record(diagnostic, severityName(diagnostic.getSeverity()));
  for (Diagnostic &note : diagnostic.getNotes())
    record(note, "note");
}

void DiagnosticLog::record(Diagnostic &diagnostic, llvm::StringRef severity) {
  LoggedDiagnostic entry;
  entry.severity = severity.str();
  entry.message = diagnostic.str();
  entry.stage = currentStage;
  if (auto position = findFilePosition(diagnostic.getLocation())) {
    entry.file = position->getFilename().str();
    entry.line = position->getLine();
    entry.column = position->getColumn();
  }
  entries.push_back(std::move(entry));
}

void DiagnosticLog::addError(llvm::StringRef message) {
  LoggedDiagnostic entry;
  entry.severity = "error";
  entry.message = message.str();
  entry.stage = currentStage;
  entries.push_back(std::move(entry));
}

std::string DiagnosticLog::firstError() const {
  for (const LoggedDiagnostic &entry : entries)
    if (entry.severity == "error")
      return entry.format();
  return "";
}

std::string DiagnosticLog::toJSON() const {
  llvm::json::Array array;
  for (const LoggedDiagnostic &entry : entries) {
    llvm::json::Object object{{"severity", entry.severity},
                              {"message", toUTF8(entry.message)},
                              {"stage", entry.stage}};
    if (!entry.file.empty()) {
      object["file"] = toUTF8(entry.file);
      object["line"] = entry.line;
      object["column"] = entry.column;
    }
    array.push_back(std::move(object));
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::json::Value(std::move(array));
  return text;
}

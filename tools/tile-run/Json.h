//===- Json.h - The small JSON reader KERNEL.json needs ---------*- C++ -*-===//
//
// tile-run links no LLVM (see CMakeLists.txt), so llvm::json is not at hand;
// KERNEL.json needs objects, arrays, strings, numbers and true/false/null,
// which this reader covers in a page.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_JSON_H
#define TILE_TOOLS_TILE_RUN_JSON_H

#include <string>
#include <utility>
#include <vector>

namespace tile::run {
/// A parsed JSON value. Only what KERNEL.json needs: no unicode escapes
/// beyond \uXXXX passed through as '?'.
struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Json> array;
  std::vector<std::pair<std::string, Json>> object;

  /// Returns the member `key` of an object, or null if absent.
  const Json *get(const std::string &key) const {
    if (kind != Object)
      return nullptr;
    for (const auto &member : object)
      if (member.first == key)
        return &member.second;
    return nullptr;
  }
};

/// Parses `text`, read from `file`; exits with the file and line of the
/// first error.
Json parseJson(const std::string &text, const std::string &file);
} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_JSON_H

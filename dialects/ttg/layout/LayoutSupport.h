//===- LayoutSupport.h - Helpers shared inside the algebra ------*- C++ -*-===//
//
// Bit arithmetic on dim sizes and the error convention of the algebra, for
// its own source files only (callers outside dialects/ttg/layout should not
// include this). Nothing here may assert: layouts come from user input, and
// every failure is reported through the optional `error` string.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECTS_TTG_LAYOUT_LAYOUTSUPPORT_H
#define TILE_DIALECTS_TTG_LAYOUT_LAYOUTSUPPORT_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tile::layout::detail {
inline bool isPowerOf2(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }

/// The smallest r with 2^r >= x; log2 of x for a power of two.
inline int log2Exact(int64_t x) {
  int r = 0;
  while ((int64_t{1} << r) < x)
    ++r;
  return r;
}

/// The number of low zero bits of `x`; 64 for 0.
inline int countTrailingZeros(uint64_t x) {
  int r = 0;
  while (r < 64 && !((x >> r) & 1))
    ++r;
  return r;
}

/// Records `msg` for the caller (if it asked) and returns std::nullopt, so
/// that failure paths read `return fail(error, "...")`.
inline std::nullopt_t fail(std::string *error, const std::string &msg) {
  if (error)
    *error = msg;
  return std::nullopt;
}

/// "[a, b, c]", for messages.
inline std::string joinNames(const std::vector<std::string> &names) {
  std::string ret = "[";
  for (size_t i = 0; i < names.size(); ++i)
    ret += (i ? ", " : "") + names[i];
  return ret + "]";
}
} // namespace mlir::tile::layout::detail

#endif // TILE_DIALECTS_TTG_LAYOUT_LAYOUTSUPPORT_H

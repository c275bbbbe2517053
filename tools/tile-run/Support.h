//===- Support.h - Exit codes, messages, files, numbers ---------*- C++ -*-===//
//
// What every part of tile-run shares: its exit codes, the three kinds of
// message it prints (errors exit at once, so callers need no error paths),
// whole-file reads and writes, and the count syntax its options take.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_SUPPORT_H
#define TILE_TOOLS_TILE_RUN_SUPPORT_H

#include <cstddef>
#include <string>
#include <vector>

namespace tile::run {
enum ExitCode {
  ExitOk = 0,
  ExitError = 1,
  ExitUsage = 2,
  ExitNoGpu = 3,
  /// A launch ran past --timeout (timeout(1)'s code).
  ExitTimeout = 124
};

/// Prints `tile-run: error: <message>` to stderr and exits with `code`.
[[noreturn]] __attribute__((format(printf, 2, 3))) void
fail(int code, const char *fmt, ...);

/// Prints `tile-run: <message>` to stdout.
__attribute__((format(printf, 1, 2))) void note(const char *fmt, ...);

/// Prints `tile-run: warning: <message>` to stderr.
__attribute__((format(printf, 1, 2))) void warn(const char *fmt, ...);

/// Reads a whole file; exits with a clear message if it cannot.
std::string readFile(const std::string &path, const char *what);

/// Writes `size` bytes to `path`; exits with a message if it cannot.
void writeFile(const std::string &path, const void *data, size_t size);

/// Parses an integer with an optional k/M/G or 2^N spelling: `1024`, `64M`,
/// `2^26`.
bool parseCount(const std::string &s, long long &out);

/// Splits `s` at every `sep`, into at most `maxParts` parts (the last one
/// keeps the rest of `s`).
std::vector<std::string> split(const std::string &s, char sep,
                               size_t maxParts = ~size_t(0));
} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_SUPPORT_H

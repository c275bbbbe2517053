//===- Support.cpp - Exit codes, messages, files, numbers -----------------===//
//
// Messages go through printf-style helpers so that every line tile-run
// prints starts with `tile-run:`, which the lit tests match on.
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/Support.h"

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tile::run {
namespace {
/// One line on `stream`: `prefix`, the formatted message, a newline.
void printLine(FILE *stream, const char *prefix, const char *fmt, va_list ap) {
  std::fputs(prefix, stream);
  std::vfprintf(stream, fmt, ap);
  std::fputc('\n', stream);
}
} // namespace

void fail(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printLine(stderr, "tile-run: error: ", fmt, ap);
  va_end(ap);
  std::exit(code);
}

void note(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printLine(stdout, "tile-run: ", fmt, ap);
  va_end(ap);
  std::fflush(stdout);
}

void warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printLine(stderr, "tile-run: warning: ", fmt, ap);
  va_end(ap);
}

std::string readFile(const std::string &path, const char *what) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    fail(ExitError, "cannot open %s '%s': %s", what, path.c_str(),
         std::strerror(errno));
  std::string data;
  char chunk[1 << 16];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0)
    data.append(chunk, n);
  bool bad = std::ferror(f);
  std::fclose(f);
  if (bad)
    fail(ExitError, "cannot read %s '%s'", what, path.c_str());
  return data;
}

void writeFile(const std::string &path, const void *data, size_t size) {
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f)
    fail(ExitError, "cannot write '%s': %s", path.c_str(),
         std::strerror(errno));
  bool ok = std::fwrite(data, 1, size, f) == size;
  ok &= std::fclose(f) == 0;
  if (!ok)
    fail(ExitError, "cannot write '%s'", path.c_str());
}

bool parseCount(const std::string &s, long long &out) {
  if (s.empty())
    return false;
  if (s.rfind("2^", 0) == 0) {
    char *end;
    long p = std::strtol(s.c_str() + 2, &end, 10);
    if (*end || p < 0 || p > 62)
      return false;
    out = 1LL << p;
    return true;
  }
  char *end;
  errno = 0;
  long long v = std::strtoll(s.c_str(), &end, 0);
  if (errno || end == s.c_str())
    return false;
  std::string suffix(end);
  if (suffix == "k" || suffix == "K")
    v <<= 10;
  else if (suffix == "M")
    v <<= 20;
  else if (suffix == "G")
    v <<= 30;
  else if (!suffix.empty())
    return false;
  out = v;
  return true;
}

std::vector<std::string> split(const std::string &s, char sep,
                               size_t maxParts) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (parts.size() + 1 < maxParts) {
    size_t at = s.find(sep, start);
    if (at == std::string::npos)
      break;
    parts.push_back(s.substr(start, at - start));
    start = at + 1;
  }
  parts.push_back(s.substr(start));
  return parts;
}
} // namespace tile::run

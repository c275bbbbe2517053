//===- tile-run.cpp - Load, run and time a compiled tile kernel -----------===//
//
// A standalone runner for the PTX or cubin that tile (or Triton) produces. It
// links neither LLVM nor MLIR nor the CUDA toolkit: the driver is loaded with
// dlopen("libcuda.so.1") at run time, so the binary builds anywhere and runs
// on any machine with an NVIDIA driver.
//
//   tile-run add_kernel.json add_kernel.ptx --grid 65536 \
//     --arg buf:f32:67108864:random --arg buf:f32:67108864:random \
//     --arg buf:f32:67108864:zeros --arg i32:67108864 \
//     --iters 100 --bytes 805306368 --check add
//
// KERNEL.json carries Triton's metadata keys (name, num_warps, num_ctas,
// num_stages, shared, target) and tile's `params` list; the launch uses
// block = num_warps * warp_size threads and `shared` bytes of dynamic shared
// memory. Exit status: 0 success, 1 error (bad input, CUDA error, failed
// check), 2 usage error, 3 no CUDA driver or no GPU.
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/CudaDriver.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

using namespace tile::cuda;

namespace {
//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

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
fail(int code, const char *fmt, ...) {
  std::fprintf(stderr, "tile-run: error: ");
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(stderr, fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "\n");
  std::exit(code);
}

/// Prints `tile-run: <message>` to stdout.
__attribute__((format(printf, 1, 2))) void note(const char *fmt, ...) {
  std::printf("tile-run: ");
  va_list ap;
  va_start(ap, fmt);
  std::vprintf(fmt, ap);
  va_end(ap);
  std::printf("\n");
  std::fflush(stdout);
}

/// Prints `tile-run: warning: <message>` to stderr.
__attribute__((format(printf, 1, 2))) void warn(const char *fmt, ...) {
  std::fprintf(stderr, "tile-run: warning: ");
  va_list ap;
  va_start(ap, fmt);
  std::vfprintf(stderr, fmt, ap);
  va_end(ap);
  std::fprintf(stderr, "\n");
}

//===----------------------------------------------------------------------===//
// A small JSON reader (objects, arrays, strings, numbers, true/false/null)
//===----------------------------------------------------------------------===//

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

/// Recursive-descent JSON parser with line numbers in its messages.
class JsonParser {
public:
  JsonParser(const std::string &text, const std::string &file)
      : text(text), file(file) {}

  Json parse() {
    Json value = parseValue();
    skipSpace();
    if (pos != text.size())
      error("trailing characters after the JSON value");
    return value;
  }

private:
  const std::string &text;
  const std::string &file;
  size_t pos = 0;

  [[noreturn]] void error(const char *what) {
    int line = 1 + std::count(text.begin(), text.begin() + pos, '\n');
    fail(ExitError, "%s:%d: invalid JSON: %s", file.c_str(), line, what);
  }

  void skipSpace() {
    while (pos < text.size() && std::isspace((unsigned char)text[pos]))
      ++pos;
  }

  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!consume(c)) {
      char msg[32];
      std::snprintf(msg, sizeof(msg), "expected '%c'", c);
      error(msg);
    }
  }

  bool consumeWord(const char *word) {
    size_t len = std::strlen(word);
    if (text.compare(pos, len, word) != 0)
      return false;
    pos += len;
    return true;
  }

  std::string parseString() {
    expect('"');
    std::string out;
    while (pos < text.size() && text[pos] != '"') {
      char c = text[pos++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= text.size())
        break;
      char e = text[pos++];
      switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u':
        pos = std::min(pos + 4, text.size());
        out += '?';
        break;
      default:
        out += e;
      }
    }
    if (pos >= text.size())
      error("unterminated string");
    ++pos;
    return out;
  }

  Json parseValue() {
    skipSpace();
    if (pos >= text.size())
      error("unexpected end of input");
    Json value;
    char c = text[pos];
    if (c == '{') {
      ++pos;
      value.kind = Json::Object;
      if (consume('}'))
        return value;
      do {
        skipSpace();
        std::string key = parseString();
        expect(':');
        value.object.emplace_back(key, parseValue());
      } while (consume(','));
      expect('}');
    } else if (c == '[') {
      ++pos;
      value.kind = Json::Array;
      if (consume(']'))
        return value;
      do
        value.array.push_back(parseValue());
      while (consume(','));
      expect(']');
    } else if (c == '"') {
      value.kind = Json::String;
      value.string = parseString();
    } else if (consumeWord("true")) {
      value.kind = Json::Bool;
      value.boolean = true;
    } else if (consumeWord("false")) {
      value.kind = Json::Bool;
    } else if (consumeWord("null")) {
      value.kind = Json::Null;
    } else if (c == '-' || std::isdigit((unsigned char)c)) {
      const char *begin = text.c_str() + pos;
      char *end = nullptr;
      value.kind = Json::Number;
      value.number = std::strtod(begin, &end);
      if (end == begin)
        error("bad number");
      pos += end - begin;
    } else {
      error("unexpected character");
    }
    return value;
  }
};

//===----------------------------------------------------------------------===//
// Files
//===----------------------------------------------------------------------===//

/// Reads a whole file; exits with a clear message if it cannot.
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

//===----------------------------------------------------------------------===//
// Kernel metadata (KERNEL.json)
//===----------------------------------------------------------------------===//

/// One kernel parameter as tile's metadata lists it.
struct Param {
  std::string name;
  std::string type; // MLIR spelling: "!tt.ptr<f32>", "i32", ...
};

/// One entry of KERNEL.json's `tensordesc_meta` (Triton's): how the
/// launcher encodes the tensor map of a descriptor parameter.
struct TensorDescMeta {
  std::vector<long long> blockSize; // the TMA box, outermost first
  int elemSize = 0;                 // bytes
  int elemType = 0;                 // Triton's numbering (see toDriverType)
  int swizzle = 0;                  // CU_TENSOR_MAP_SWIZZLE_*: 0..3
  bool fp4Padded = false;
};

/// What the launch needs from KERNEL.json.
struct KernelInfo {
  std::string name;
  int numWarps = 4;
  int numCtas = 1;
  int numStages = 0;
  long long shared = 0;
  std::string backend = "cuda";
  int arch = 0;
  int warpSize = 32;
  bool hasParams = false;
  std::vector<Param> params;
  /// Bytes of global scratch per program (Triton's global_scratch_size) and
  /// their alignment: device-side tensor maps live there.
  long long globalScratchSize = 0;
  long long globalScratchAlign = 1;
  std::vector<TensorDescMeta> tensorDescMeta;
};

/// Reads an integer member, checking its type and range.
long long getInt(const Json &obj, const char *key, long long dflt,
                 const std::string &file, long long lo, long long hi) {
  const Json *v = obj.get(key);
  if (!v || v->kind == Json::Null)
    return dflt;
  if (v->kind != Json::Number || v->number != std::floor(v->number) ||
      v->number < lo || v->number > hi)
    fail(ExitError, "%s: '%s' must be an integer in [%lld, %lld]", file.c_str(),
         key, lo, hi);
  return (long long)v->number;
}

/// Reads `tensordesc_meta` (absent: no entries).
void readTensorDescMeta(const Json &root, const std::string &path,
                        KernelInfo &info) {
  const Json *meta = root.get("tensordesc_meta");
  if (!meta || meta->kind == Json::Null)
    return;
  if (meta->kind != Json::Array)
    fail(ExitError, "%s: \"tensordesc_meta\" must be a list", path.c_str());
  for (const Json &entry : meta->array) {
    TensorDescMeta m;
    const Json *block = entry.get("block_size");
    if (!block || block->kind != Json::Array || block->array.empty() ||
        block->array.size() > 5)
      fail(ExitError,
           "%s: every \"tensordesc_meta\" entry needs a \"block_size\" of 1 "
           "to 5 sizes",
           path.c_str());
    for (const Json &size : block->array) {
      if (size.kind != Json::Number || size.number < 1 || size.number > 256 ||
          size.number != std::floor(size.number))
        fail(ExitError,
             "%s: \"block_size\" entries must be integers in [1, "
             "256]",
             path.c_str());
      m.blockSize.push_back((long long)size.number);
    }
    m.elemSize = getInt(entry, "elem_size", 0, path, 1, 8);
    m.elemType = getInt(entry, "elem_type", 0, path, 0, 15);
    m.swizzle = getInt(entry, "swizzle", 0, path, 0, 3);
    if (const Json *fp4 = entry.get("fp4_padded"))
      m.fp4Padded = fp4->kind == Json::Bool && fp4->boolean;
    info.tensorDescMeta.push_back(m);
  }
}

KernelInfo readKernelInfo(const std::string &path) {
  std::string text = readFile(path, "kernel metadata");
  Json root = JsonParser(text, path).parse();
  if (root.kind != Json::Object)
    fail(ExitError, "%s: expected a JSON object", path.c_str());
  KernelInfo info;
  const Json *name = root.get("name");
  if (!name || name->kind != Json::String || name->string.empty())
    fail(ExitError, "%s: missing the kernel's \"name\"", path.c_str());
  info.name = name->string;
  info.numWarps = getInt(root, "num_warps", 4, path, 1, 32);
  info.numCtas = getInt(root, "num_ctas", 1, path, 1, 16);
  info.numStages = getInt(root, "num_stages", 0, path, 0, 64);
  info.shared = getInt(root, "shared", 0, path, 0, 1 << 30);
  info.globalScratchSize =
      getInt(root, "global_scratch_size", 0, path, 0, 1 << 30);
  info.globalScratchAlign =
      getInt(root, "global_scratch_align", 1, path, 1, 1 << 20);
  if (const Json *target = root.get("target")) {
    if (target->kind == Json::String) {
      // Triton's GPUTarget is sometimes written as "cuda:90".
      std::string t = target->string;
      size_t colon = t.find(':');
      info.backend = t.substr(0, colon);
      if (colon != std::string::npos)
        info.arch = std::atoi(t.c_str() + colon + 1);
    } else if (target->kind == Json::Object) {
      if (const Json *b = target->get("backend"); b && b->kind == Json::String)
        info.backend = b->string;
      info.arch = getInt(*target, "arch", 0, path, 0, 1000);
      info.warpSize = getInt(*target, "warp_size", 32, path, 1, 64);
    }
  }
  if (info.backend != "cuda")
    fail(ExitError, "%s: target backend '%s' is not cuda", path.c_str(),
         info.backend.c_str());
  if (const Json *params = root.get("params")) {
    if (params->kind != Json::Array)
      fail(ExitError, "%s: \"params\" must be a list", path.c_str());
    info.hasParams = true;
    for (const Json &p : params->array) {
      const Json *type = p.get("type");
      if (!type || type->kind != Json::String)
        fail(ExitError, "%s: every entry of \"params\" needs a \"type\"",
             path.c_str());
      Param param;
      param.type = type->string;
      if (const Json *n = p.get("name"); n && n->kind == Json::String)
        param.name = n->string;
      info.params.push_back(param);
    }
  }
  readTensorDescMeta(root, path, info);
  return info;
}

//===----------------------------------------------------------------------===//
// Element types and argument specs
//===----------------------------------------------------------------------===//

enum class Elem { F32, F16, BF16, F64, I8, I16, I32, I64 };

struct ElemInfo {
  const char *name;
  Elem elem;
  unsigned bytes;
  bool isFloat;
};

const ElemInfo kElems[] = {
    {"f32", Elem::F32, 4, true},   {"f16", Elem::F16, 2, true},
    {"bf16", Elem::BF16, 2, true}, {"f64", Elem::F64, 8, true},
    {"i8", Elem::I8, 1, false},    {"i16", Elem::I16, 2, false},
    {"i32", Elem::I32, 4, false},  {"i64", Elem::I64, 8, false},
};

const ElemInfo *findElem(const std::string &name) {
  for (const ElemInfo &e : kElems)
    if (name == e.name)
      return &e;
  return nullptr;
}

/// Converts a float to IEEE half, rounding to nearest even.
uint16_t toHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = (int32_t)((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff) // inf / nan
    return sign | 0x7c00 | (mant ? 0x200 : 0);
  if (exp >= 31)
    return sign | 0x7c00;
  if (exp <= 0) {
    if (exp < -10)
      return sign;
    mant |= 0x800000;
    uint32_t shift = 14 - exp;
    uint32_t half = mant >> shift;
    uint32_t rest = mant & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rest > mid || (rest == mid && (half & 1)))
      ++half;
    return sign | half;
  }
  uint32_t half = sign | (exp << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half;
  return half;
}

/// Converts a float to bfloat16, rounding to nearest even.
uint16_t toBF16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000)
    return (x >> 16) | 0x40;
  return (x + 0x7fff + ((x >> 16) & 1)) >> 16;
}

/// Stores `v` as element `i` of a host buffer of type `e`.
void storeElem(std::vector<unsigned char> &buf, const ElemInfo &e, size_t i,
               double v) {
  unsigned char *p = buf.data() + i * e.bytes;
  switch (e.elem) {
  case Elem::F32: {
    float f = (float)v;
    std::memcpy(p, &f, 4);
    break;
  }
  case Elem::F64:
    std::memcpy(p, &v, 8);
    break;
  case Elem::F16: {
    uint16_t h = toHalf((float)v);
    std::memcpy(p, &h, 2);
    break;
  }
  case Elem::BF16: {
    uint16_t h = toBF16((float)v);
    std::memcpy(p, &h, 2);
    break;
  }
  case Elem::I8: {
    int8_t x = (int8_t)(long long)v;
    std::memcpy(p, &x, 1);
    break;
  }
  case Elem::I16: {
    int16_t x = (int16_t)(long long)v;
    std::memcpy(p, &x, 2);
    break;
  }
  case Elem::I32: {
    int32_t x = (int32_t)(long long)v;
    std::memcpy(p, &x, 4);
    break;
  }
  case Elem::I64: {
    int64_t x = (int64_t)v;
    std::memcpy(p, &x, 8);
    break;
  }
  }
}

struct DescriptorSpec;

/// One `--arg`: a device buffer, a scalar, a null pointer, or a TMA
/// descriptor (its tensor map; the shape and strides that follow it in the
/// kernel's parameters are Scalars of their own).
struct Arg {
  enum Kind { Buffer, Scalar, NullPtr, Descriptor } kind = Scalar;
  /// The index of the `--arg` this comes from (a descriptor's shape and
  /// strides share their descriptor's).
  int specIndex = 0;
  std::shared_ptr<DescriptorSpec> desc;
  std::string spec;
  const ElemInfo *elem = nullptr;
  // Buffer.
  size_t count = 0;
  std::string init; // random | zeros | iota | file=PATH
  std::vector<unsigned char> host;
  CUdeviceptr device = 0;
  // Scalar (and the launch-parameter slot of every kind).
  uint64_t slot = 0;

  size_t bytes() const { return count * elem->bytes; }
  unsigned paramBytes() const {
    return kind == Scalar ? elem->bytes : kind == Descriptor ? 128 : 8;
  }
};

/// Parses an integer with an optional k/M/G or 2^N spelling: `1024`, `64M`,
/// `2^26`.
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
                               size_t maxParts = ~size_t(0)) {
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

Arg parseArg(const std::string &spec) {
  Arg arg;
  arg.spec = spec;
  if (spec == "null" || spec == "ptr:null" || spec == "ptr:0") {
    arg.kind = Arg::NullPtr;
    return arg;
  }
  std::vector<std::string> parts = split(spec, ':', 4);
  if (parts[0] == "buf") {
    if (parts.size() != 4)
      fail(ExitUsage,
           "--arg %s: a buffer is buf:TYPE:COUNT:random|zeros|iota|file=PATH",
           spec.c_str());
    arg.kind = Arg::Buffer;
    arg.elem = findElem(parts[1]);
    if (!arg.elem)
      fail(ExitUsage,
           "--arg %s: unknown element type '%s' (f32 f16 bf16 f64 i8 i16 "
           "i32 i64)",
           spec.c_str(), parts[1].c_str());
    long long count;
    if (!parseCount(parts[2], count) || count <= 0)
      fail(ExitUsage, "--arg %s: bad element count '%s'", spec.c_str(),
           parts[2].c_str());
    arg.count = count;
    arg.init = parts[3];
    if (arg.init != "random" && arg.init != "zeros" && arg.init != "iota" &&
        arg.init.rfind("file=", 0) != 0)
      fail(ExitUsage,
           "--arg %s: initialiser must be random, zeros, iota or file=PATH",
           spec.c_str());
    return arg;
  }
  if (parts.size() != 2)
    fail(ExitUsage,
         "--arg %s: expected buf:TYPE:COUNT:INIT, i32:V, i64:V, f32:V, "
         "f64:V or null",
         spec.c_str());
  arg.kind = Arg::Scalar;
  arg.elem = findElem(parts[0]);
  if (!arg.elem || arg.elem->elem == Elem::F16 || arg.elem->elem == Elem::BF16)
    fail(ExitUsage, "--arg %s: unsupported scalar type '%s'", spec.c_str(),
         parts[0].c_str());
  const std::string &text = parts[1];
  char *end;
  errno = 0;
  if (arg.elem->isFloat) {
    double v = std::strtod(text.c_str(), &end);
    if (errno || end == text.c_str() || *end)
      fail(ExitUsage, "--arg %s: bad number '%s'", spec.c_str(), text.c_str());
    if (arg.elem->elem == Elem::F32) {
      float f = (float)v;
      std::memcpy(&arg.slot, &f, 4);
    } else {
      std::memcpy(&arg.slot, &v, 8);
    }
    return arg;
  }
  long long v;
  if (!parseCount(text, v))
    fail(ExitUsage, "--arg %s: bad integer '%s'", spec.c_str(), text.c_str());
  std::vector<unsigned char> tmp(8, 0);
  storeElem(tmp, *arg.elem, 0, (double)v);
  if (arg.elem->elem == Elem::I64)
    std::memcpy(&tmp[0], &v, 8); // exact beyond 2^53
  std::memcpy(&arg.slot, tmp.data(), 8);
  return arg;
}

/// Deterministic xorshift64* stream, so runs are reproducible.
struct Rng {
  uint64_t state;
  explicit Rng(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545F4914F6CDD1Dull;
  }
  /// Uniform in [-1, 1).
  double uniform() { return (double)(next() >> 11) * 0x1p-52 - 1.0; }
};

/// Fills a buffer argument's host copy according to its initialiser.
void initHost(Arg &arg, uint64_t seed) {
  const ElemInfo &e = *arg.elem;
  if (arg.init.rfind("file=", 0) == 0) {
    std::string path = arg.init.substr(5);
    std::string data = readFile(path, "buffer file");
    if (data.size() != arg.bytes())
      fail(ExitError, "--arg %s: '%s' has %zu bytes, the buffer %zu",
           arg.spec.c_str(), path.c_str(), data.size(), arg.bytes());
    arg.host.assign(data.begin(), data.end());
    return;
  }
  arg.host.assign(arg.bytes(), 0);
  if (arg.init == "zeros")
    return;
  if (arg.init == "iota") {
    for (size_t i = 0; i < arg.count; ++i)
      storeElem(arg.host, e, i, (double)i);
    return;
  }
  Rng rng(seed);
  for (size_t i = 0; i < arg.count; ++i) {
    double u = rng.uniform();
    storeElem(arg.host, e, i, e.isFloat ? u : std::floor(u * 64));
  }
}

//===----------------------------------------------------------------------===//
// TMA descriptor arguments (`--arg desc:...`)
//===----------------------------------------------------------------------===//

/// A CUtensorMapDataType: the driver's number, name and element bytes.
struct MapType {
  const char *name;
  int driver;
  unsigned bytes;
};

const MapType kMapTypes[] = {
    {"u8", 0, 1},       {"u16", 1, 2},  {"u32", 2, 4},     {"s32", 3, 4},
    {"u64", 4, 8},      {"s64", 5, 8},  {"f16", 6, 2},     {"f32", 7, 4},
    {"f64", 8, 8},      {"bf16", 9, 2}, {"f32ftz", 10, 4}, {"tf32", 11, 4},
    {"tf32ftz", 12, 4},
};

const MapType *findMapType(int driver) {
  for (const MapType &t : kMapTypes)
    if (t.driver == driver)
      return &t;
  return nullptr;
}

/// Triton's `tensordesc_meta` numbers three element types differently from
/// the driver (its launcher's TMA_DTYPE_DEVICE_TO_HOST).
int toDriverType(int tritonType) {
  switch (tritonType) {
  case 8:
    return 10; // f32 with flush to zero
  case 9:
    return 8; // f64
  case 10:
    return 9; // bf16
  default:
    return tritonType;
  }
}

/// The tensor map type of a buffer element type, as Triton numbers a
/// signless block: integers unsigned, fp8 as bytes.
int defaultMapType(const ElemInfo &e) {
  switch (e.elem) {
  case Elem::F32:
    return 7;
  case Elem::F16:
    return 6;
  case Elem::BF16:
    return 9;
  case Elem::F64:
    return 8;
  case Elem::I8:
    return 0;
  case Elem::I16:
    return 1;
  case Elem::I32:
    return 2;
  case Elem::I64:
    return 4;
  }
  return -1;
}

/// What a `--arg desc:...` says: the tensor a kernel's !tt.tensordesc
/// parameter describes and how to encode its CUtensorMap. Triton's ABI
/// passes the map by value (128 bytes), then the tensor's shape (one i32
/// per dimension) and strides (one i64 each), outermost first.
struct DescriptorSpec {
  std::string spec;
  int bufferSpec = -1; // `@N`: the buffer of --arg N; else `ownBuffer`
  Arg ownBuffer;
  std::vector<long long> shape, strides; // elements, outermost first
  std::vector<long long> box;            // empty: the metadata's block_size
  int swizzleBytes = -1;                 // -1: the metadata's
  int mapType = -1;                      // the driver's number; -1: derived
  bool nanFill = false;
  // Resolved against the kernel's metadata (resolveDescriptors).
  int index = 0; // among the kernel's descriptor parameters
  const Arg *buffer = nullptr;
  std::vector<unsigned char> mapStorage = std::vector<unsigned char>(128 + 64);

  /// The 128-byte CUtensorMap, 64-byte aligned as cuda.h declares it.
  void *map() {
    uintptr_t p = reinterpret_cast<uintptr_t>(mapStorage.data());
    return reinterpret_cast<void *>((p + 63) & ~uintptr_t(63));
  }
};

/// Parses `AxBxC` (or with `sep` `,`) into positive sizes.
std::vector<long long> parseSizes(const std::string &spec,
                                  const std::string &text, char sep,
                                  const char *what, long long lo) {
  std::vector<long long> sizes;
  for (const std::string &part : split(text, sep)) {
    long long v;
    if (!parseCount(part, v) || v < lo)
      fail(ExitUsage, "--arg %s: bad %s '%s'", spec.c_str(), what,
           text.c_str());
    sizes.push_back(v);
  }
  return sizes;
}

/// Parses `desc:@N:SHAPE[:KEY=VALUE...]` or
/// `desc:TYPE:INIT:SHAPE[:KEY=VALUE...]` into a Descriptor arg and the
/// shape and stride Scalars that follow it.
void appendDescriptorArgs(std::vector<Arg> &args, const std::string &spec,
                          int specIndex) {
  auto desc = std::make_shared<DescriptorSpec>();
  desc->spec = spec;
  std::vector<std::string> parts = split(spec, ':');
  const char *syntax = "a descriptor is desc:@N:SHAPE[:OPTIONS] or "
                       "desc:TYPE:INIT:SHAPE[:OPTIONS] (see --help)";
  size_t next;
  if (parts.size() >= 3 && !parts[1].empty() && parts[1][0] == '@') {
    long long n;
    if (!parseCount(parts[1].substr(1), n) || n < 0)
      fail(ExitUsage, "--arg %s: bad buffer reference '%s'", spec.c_str(),
           parts[1].c_str());
    desc->bufferSpec = int(n);
    next = 2;
  } else if (parts.size() >= 4) {
    desc->ownBuffer = parseArg("buf:" + parts[1] + ":1:" + parts[2]);
    desc->ownBuffer.spec = spec;
    next = 3;
  } else {
    fail(ExitUsage, "--arg %s: %s", spec.c_str(), syntax);
  }
  desc->shape = parseSizes(spec, parts[next], 'x', "shape", 1);
  size_t rank = desc->shape.size();
  if (rank > 5)
    fail(ExitUsage, "--arg %s: TMA takes tensors of 1 to 5 dimensions, got %zu",
         spec.c_str(), rank);
  for (size_t i = next + 1; i < parts.size(); ++i) {
    size_t eq = parts[i].find('=');
    std::string key = parts[i].substr(0, eq);
    std::string value = eq == std::string::npos ? "" : parts[i].substr(eq + 1);
    if (eq == std::string::npos || value.empty())
      fail(ExitUsage, "--arg %s: expected KEY=VALUE, got '%s'", spec.c_str(),
           parts[i].c_str());
    if (key == "strides") {
      desc->strides = parseSizes(spec, value, ',', "strides", 1);
    } else if (key == "block") {
      desc->box = parseSizes(spec, value, 'x', "block", 1);
    } else if (key == "swizzle") {
      long long v;
      if (!parseCount(value, v) || (v != 0 && v != 32 && v != 64 && v != 128))
        fail(ExitUsage,
             "--arg %s: swizzle must be 0, 32, 64 or 128 (bytes), "
             "got '%s'",
             spec.c_str(), value.c_str());
      desc->swizzleBytes = int(v);
    } else if (key == "type") {
      for (const MapType &t : kMapTypes)
        if (value == t.name)
          desc->mapType = t.driver;
      if (desc->mapType < 0)
        fail(ExitUsage,
             "--arg %s: unknown tensor map type '%s' (u8 u16 u32 s32 u64 s64 "
             "f16 bf16 f32 f64 f32ftz tf32 tf32ftz)",
             spec.c_str(), value.c_str());
    } else if (key == "fill") {
      if (value != "zero" && value != "nan")
        fail(ExitUsage, "--arg %s: fill must be zero or nan, got '%s'",
             spec.c_str(), value.c_str());
      desc->nanFill = value == "nan";
    } else {
      fail(ExitUsage,
           "--arg %s: unknown descriptor option '%s' (strides, block, "
           "swizzle, type, fill)",
           spec.c_str(), key.c_str());
    }
  }
  if (desc->strides.empty()) {
    desc->strides.assign(rank, 1);
    for (int d = int(rank) - 2; d >= 0; --d)
      desc->strides[d] = desc->strides[d + 1] * desc->shape[d + 1];
  }
  if (desc->strides.size() != rank)
    fail(ExitUsage, "--arg %s: %zu strides for a %zu-dimensional shape",
         spec.c_str(), desc->strides.size(), rank);
  if (desc->strides.back() != 1)
    fail(ExitUsage,
         "--arg %s: the innermost stride must be 1 (TMA reads rows "
         "contiguously), got %lld",
         spec.c_str(), desc->strides.back());

  Arg map;
  map.kind = Arg::Descriptor;
  map.spec = spec;
  map.specIndex = specIndex;
  map.desc = desc;
  args.push_back(map);
  auto scalar = [&](const char *type, long long v) {
    Arg a = parseArg(std::string(type) + ":" + std::to_string(v));
    a.specIndex = specIndex;
    args.push_back(a);
  };
  for (long long size : desc->shape)
    scalar("i32", size);
  for (long long stride : desc->strides)
    scalar("i64", stride);
}

/// Completes every descriptor from the kernel's `tensordesc_meta` (its
/// i-th entry is the i-th descriptor parameter's) and checks it against
/// what TMA takes; exits with a message naming the --arg and the limit.
void resolveDescriptors(const KernelInfo &info, std::vector<Arg> &args) {
  int index = 0;
  for (Arg &a : args) {
    if (a.kind != Arg::Descriptor)
      continue;
    DescriptorSpec &d = *a.desc;
    const char *spec = d.spec.c_str();
    d.index = index++;
    const TensorDescMeta *meta = d.index < (int)info.tensorDescMeta.size()
                                     ? &info.tensorDescMeta[d.index]
                                     : nullptr;
    if (d.bufferSpec >= 0) {
      for (const Arg &b : args)
        if (b.specIndex == d.bufferSpec && b.kind == Arg::Buffer)
          d.buffer = &b;
      if (!d.buffer)
        fail(ExitUsage, "--arg %s: --arg %d is not a buffer", spec,
             d.bufferSpec);
    } else {
      d.buffer = &d.ownBuffer;
    }
    if (meta && meta->fp4Padded)
      fail(ExitUsage,
           "--arg %s: descriptor %d is fp4-padded, which tile-run "
           "does not encode",
           spec, d.index);
    if (d.box.empty()) {
      if (!meta)
        fail(ExitUsage,
             "--arg %s: the kernel's metadata has no tensordesc_meta entry "
             "for descriptor %d: give block=, swizzle= and type=",
             spec, d.index);
      d.box = meta->blockSize;
    }
    if (d.swizzleBytes < 0)
      d.swizzleBytes = meta ? (meta->swizzle ? 16 << meta->swizzle : 0) : 0;
    if (d.mapType < 0)
      d.mapType =
          meta ? toDriverType(meta->elemType) : defaultMapType(*d.buffer->elem);
    const MapType *type = findMapType(d.mapType);
    if (!type)
      fail(ExitUsage,
           "--arg %s: tensor map element type %d is not one "
           "tile-run encodes",
           spec, d.mapType);
    if (type->bytes != d.buffer->elem->bytes)
      fail(ExitUsage,
           "--arg %s: the tensor map's elements are %s (%u bytes), the "
           "buffer's %s (%u bytes)",
           spec, type->name, type->bytes, d.buffer->elem->name,
           d.buffer->elem->bytes);

    // TMA's limits (cuTensorMapEncodeTiled), each with its own message.
    size_t rank = d.shape.size();
    if (d.box.size() != rank)
      fail(ExitUsage,
           "--arg %s: a %zu-dimensional block for a "
           "%zu-dimensional tensor",
           spec, d.box.size(), rank);
    unsigned bytes = type->bytes;
    for (size_t i = 0; i < rank; ++i) {
      if (d.shape[i] > (1LL << 32))
        fail(ExitUsage, "--arg %s: TMA takes dimensions up to 2^32, got %lld",
             spec, d.shape[i]);
      if (d.box[i] > 256)
        fail(ExitUsage,
             "--arg %s: TMA boxes span at most 256 elements per dimension, "
             "block dimension %zu is %lld",
             spec, i, d.box[i]);
      if (i + 1 < rank && (d.strides[i] * bytes % 16 != 0 ||
                           d.strides[i] * bytes >= (1LL << 40)))
        fail(ExitUsage,
             "--arg %s: TMA needs every stride but the innermost to be a "
             "multiple of 16 bytes below 2^40, stride %zu is %lld elements "
             "(%lld bytes)",
             spec, i, d.strides[i], d.strides[i] * bytes);
    }
    long long rowBytes = d.box.back() * bytes;
    if (rowBytes % 16 != 0)
      fail(ExitUsage,
           "--arg %s: the block's innermost dimension must span a multiple of "
           "16 bytes, got %lld elements (%lld bytes)",
           spec, d.box.back(), rowBytes);
    if (d.swizzleBytes && rowBytes > d.swizzleBytes)
      fail(ExitUsage,
           "--arg %s: with a %d-byte swizzle the block's innermost dimension "
           "spans at most %d bytes, got %lld",
           spec, d.swizzleBytes, d.swizzleBytes, rowBytes);
    long long extent = 1;
    for (size_t i = 0; i < rank; ++i)
      extent += (d.shape[i] - 1) * d.strides[i];
    if (d.bufferSpec < 0)
      d.ownBuffer.count = size_t(extent);
    else if ((long long)d.buffer->count < extent)
      fail(ExitUsage,
           "--arg %s: the tensor spans %lld elements, --arg %d holds %zu", spec,
           extent, d.bufferSpec, d.buffer->count);
  }
}

const char *swizzleName(int bytes) {
  return bytes == 0    ? "NONE"
         : bytes == 32 ? "32B"
         : bytes == 64 ? "64B"
                       : "128B";
}

/// The cuTensorMapEncodeTiled arguments, innermost dimension first, as
/// the driver takes them.
struct EncodeArgs {
  std::vector<uint64_t> globalDim, globalStrides; // strides in bytes
  std::vector<uint32_t> boxDim, elementStrides;
  int swizzle; // CU_TENSOR_MAP_SWIZZLE_*
};

EncodeArgs encodeArgs(const DescriptorSpec &d) {
  EncodeArgs e;
  unsigned bytes = findMapType(d.mapType)->bytes;
  size_t rank = d.shape.size();
  for (size_t i = rank; i-- > 0;) {
    e.globalDim.push_back(uint64_t(d.shape[i]));
    e.boxDim.push_back(uint32_t(d.box[i]));
    e.elementStrides.push_back(1);
    if (i + 1 < rank)
      e.globalStrides.push_back(uint64_t(d.strides[i]) * bytes);
  }
  e.swizzle = d.swizzleBytes ? __builtin_ctz(unsigned(d.swizzleBytes)) - 4 : 0;
  return e;
}

/// Prints what a descriptor argument encodes and passes, on any machine.
void noteDescriptor(const Arg &a) {
  const DescriptorSpec &d = *a.desc;
  EncodeArgs e = encodeArgs(d);
  auto list = [](const auto &v) {
    std::string s;
    for (auto x : v)
      s += (s.empty() ? "" : ", ") + std::to_string(x);
    return "{" + s + "}";
  };
  std::string tensor = d.bufferSpec >= 0
                           ? "--arg " + std::to_string(d.bufferSpec)
                           : "its own " + std::string(d.buffer->elem->name) +
                                 " buffer (" + d.ownBuffer.init + ")";
  std::vector<long long> shape(d.shape), strides(d.strides);
  note("descriptor %d (--arg %d): tensor %s, shape %s, strides %s elements",
       d.index, a.specIndex, tensor.c_str(), list(shape).c_str(),
       list(strides).c_str());
  note("  cuTensorMapEncodeTiled(type %d (%s), rank %zu, globalDim %s, "
       "globalStrides %s B, boxDim %s, elementStrides %s, interleave NONE, "
       "swizzle %d (%s), L2 promotion 128B, oobFill %s)",
       d.mapType, findMapType(d.mapType)->name, d.shape.size(),
       list(e.globalDim).c_str(), list(e.globalStrides).c_str(),
       list(e.boxDim).c_str(), list(e.elementStrides).c_str(), e.swizzle,
       swizzleName(d.swizzleBytes), d.nanFill ? "NAN" : "NONE");
  std::string scalars;
  for (long long v : d.shape)
    scalars += " i32:" + std::to_string(v);
  for (long long v : d.strides)
    scalars += " i64:" + std::to_string(v);
  note("  passes the 128-byte map, then%s", scalars.c_str());
}

/// Encodes a descriptor's tensor map at the address of its tensor.
void encodeDescriptor(const Driver &drv, DescriptorSpec &d);

//===----------------------------------------------------------------------===//
// Checking arguments against the kernel's signature
//===----------------------------------------------------------------------===//

/// Describes an argument for messages.
std::string describe(const Arg &arg) {
  switch (arg.kind) {
  case Arg::Buffer:
    return std::string("a pointer to ") + arg.elem->name;
  case Arg::NullPtr:
    return "a null pointer";
  case Arg::Scalar:
    return std::string("a scalar ") + arg.elem->name;
  case Arg::Descriptor:
    return "a tensor descriptor";
  }
  return "?";
}

/// Checks that a !tt.tensordesc parameter gets a `desc:` of its rank.
void checkDescriptorParam(const std::string &what, const Param &p,
                          const Arg &a) {
  if (a.kind != Arg::Descriptor)
    fail(ExitUsage,
         "%s is %s, --arg '%s' is %s: give it --arg desc:... (see --help)",
         what.c_str(), p.type.c_str(), a.spec.c_str(), describe(a).c_str());
  if (p.type.rfind("!tt.tensordesc<", 0) != 0)
    fail(ExitUsage, "%s is %s, --arg '%s' is a tensor descriptor", what.c_str(),
         p.type.c_str(), a.spec.c_str());
  // !tt.tensordesc<tensor<128x64xf16...>>: one 'x' per dimension.
  size_t open = p.type.find("tensor<"), end = p.type.find_first_of(",>", open);
  size_t rank = 0;
  for (size_t i = open + 7; open != std::string::npos && i < end; ++i)
    rank += p.type[i] == 'x';
  if (rank && rank != a.desc->shape.size())
    fail(ExitUsage, "%s is %s (%zu dimensions), --arg '%s' describes %zu",
         what.c_str(), p.type.c_str(), rank, a.spec.c_str(),
         a.desc->shape.size());
}

/// Checks the --arg list against the `params` of KERNEL.json: pointers get
/// buffers (of the pointee type) or null, scalars get scalars of the same
/// type. Trailing null pointers beyond `params` are Triton's scratch
/// pointers and are allowed.
void checkAgainstParams(const KernelInfo &info, const std::vector<Arg> &args) {
  if (!info.hasParams)
    return;
  size_t n = info.params.size();
  if (args.size() < n)
    fail(ExitUsage, "kernel '%s' takes %zu parameters, %zu --arg given",
         info.name.c_str(), n, args.size());
  for (size_t i = n; i < args.size(); ++i)
    if (args[i].kind != Arg::NullPtr)
      fail(ExitUsage,
           "kernel '%s' takes %zu parameters; --arg %zu ('%s') is extra (only "
           "trailing null pointers may be added)",
           info.name.c_str(), n, i, args[i].spec.c_str());
  for (size_t i = 0; i < n; ++i) {
    const Param &p = info.params[i];
    const Arg &a = args[i];
    std::string what = "parameter " + std::to_string(i);
    if (!p.name.empty())
      what += " (" + p.name + ")";
    if (p.type.rfind("!tt.tensordesc<", 0) == 0 || a.kind == Arg::Descriptor) {
      checkDescriptorParam(what, p, a);
      continue;
    }
    if (p.type.rfind("!tt.ptr<", 0) == 0 || p.type.rfind("!llvm.ptr", 0) == 0) {
      if (a.kind == Arg::Scalar)
        fail(ExitUsage, "%s is %s, --arg '%s' is %s", what.c_str(),
             p.type.c_str(), a.spec.c_str(), describe(a).c_str());
      if (a.kind == Arg::Buffer && p.type.rfind("!tt.ptr<", 0) == 0) {
        std::string pointee = p.type.substr(8, p.type.find_first_of(",>") - 8);
        if (pointee != a.elem->name)
          warn("%s is %s but --arg '%s' holds %s", what.c_str(), p.type.c_str(),
               a.spec.c_str(), a.elem->name);
      }
      continue;
    }
    if (a.kind != Arg::Scalar)
      fail(ExitUsage, "%s is %s, --arg '%s' is %s", what.c_str(),
           p.type.c_str(), a.spec.c_str(), describe(a).c_str());
    if (p.type != a.elem->name)
      fail(ExitUsage, "%s is %s, --arg '%s' is %s", what.c_str(),
           p.type.c_str(), a.spec.c_str(), describe(a).c_str());
  }
}

/// Returns the byte sizes of the `.param`s of `.entry name(...)` in a PTX
/// text, or false if the entry is not found.
bool ptxParamSizes(const std::string &ptx, const std::string &name,
                   std::vector<unsigned> &sizes) {
  std::string key = ".entry " + name;
  size_t at = 0;
  while ((at = ptx.find(key, at)) != std::string::npos) {
    size_t after = at + key.size();
    while (after < ptx.size() && std::isspace((unsigned char)ptx[after]))
      ++after;
    if (after < ptx.size() && ptx[after] == '(')
      break;
    at = after;
  }
  if (at == std::string::npos)
    return false;
  size_t open = ptx.find('(', at), close = ptx.find(')', open);
  if (open == std::string::npos || close == std::string::npos)
    return false;
  std::string list = ptx.substr(open + 1, close - open - 1);
  for (const std::string &decl : split(list, ',')) {
    if (decl.find(".param") == std::string::npos)
      continue;
    // `.param .align 8 .b8 name[16]` or `.param .u64 .ptr .global name`.
    size_t bracket = decl.find('[');
    if (bracket != std::string::npos) {
      sizes.push_back(std::atoi(decl.c_str() + bracket + 1));
      continue;
    }
    unsigned bits = 0;
    for (const char *ty : {".u", ".s", ".b", ".f"}) {
      size_t p = 0;
      while ((p = decl.find(ty, p)) != std::string::npos) {
        p += 2;
        if (p < decl.size() && std::isdigit((unsigned char)decl[p])) {
          bits = std::atoi(decl.c_str() + p);
          break;
        }
      }
      if (bits)
        break;
    }
    sizes.push_back(bits / 8);
  }
  return true;
}

/// Every Triton kernel, and every kernel tile compiles, ends with two
/// scratch pointers (global and profile scratch) that KERNEL.json's
/// `params` do not list: when the --arg list covers `params` exactly, they
/// are added as null pointers, as Triton's launcher passes them (the
/// global scratch one gets its buffer later). Without the PTX (a cubin)
/// they are added too: a kernel that declares fewer parameters ignores
/// them.
void addScratchPointers(const KernelInfo &info,
                        const std::vector<unsigned> *ptxSizes,
                        std::vector<Arg> &args) {
  if (!info.hasParams || args.size() != info.params.size())
    return;
  if (ptxSizes && (ptxSizes->size() != args.size() + 2 ||
                   ptxSizes->back() != 8 || (*ptxSizes)[args.size()] != 8))
    return;
  for (int i = 0; i < 2; ++i) {
    args.push_back(parseArg("null"));
    args.back().specIndex = -1;
  }
}

/// Checks the --arg list against the PTX entry's parameter sizes: a wrong
/// count or size makes the driver read garbage, not fail.
void checkAgainstPtx(const std::vector<unsigned> &sizes, const KernelInfo &info,
                     const std::vector<Arg> &args) {
  if (sizes.size() != args.size())
    fail(ExitUsage, "the PTX entry %s takes %zu parameters, %zu --arg given%s",
         info.name.c_str(), sizes.size(), args.size(),
         sizes.size() == args.size() + 2
             ? " (Triton kernels take two trailing scratch pointers: add "
               "--arg null --arg null)"
             : "");
  for (size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] != args[i].paramBytes())
      fail(ExitUsage, "PTX parameter %zu of %s is %u bytes, --arg '%s' is %u",
           i, info.name.c_str(), sizes[i], args[i].spec.c_str(),
           args[i].paramBytes());
}

//===----------------------------------------------------------------------===//
// The driver
//===----------------------------------------------------------------------===//

/// dlopens libcuda and resolves the entry points; exits with ExitNoGpu and a
/// clear message if there is no driver.
Driver loadDriver(void *&handle) {
  const char *lib = std::getenv("TILE_RUN_LIBCUDA");
  if (!lib || !*lib)
    lib = "libcuda.so.1";
  handle = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    fail(ExitNoGpu, "no CUDA driver (libcuda.so.1) found: %s", why ? why : lib);
  }
  Driver d;
  auto resolve = [&](auto &fn, const char *name, const char *v2) {
    void *sym = v2 ? dlsym(handle, v2) : nullptr;
    if (!sym)
      sym = dlsym(handle, name);
    if (!sym)
      fail(ExitNoGpu, "the CUDA driver '%s' lacks %s: too old?", lib, name);
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(sym);
  };
#define TILE_RESOLVE(NAME) resolve(d.NAME, #NAME, nullptr)
#define TILE_RESOLVE_V2(NAME) resolve(d.NAME, #NAME, #NAME "_v2")
  TILE_RESOLVE(cuInit);
  TILE_RESOLVE(cuGetErrorName);
  TILE_RESOLVE(cuGetErrorString);
  TILE_RESOLVE(cuDriverGetVersion);
  TILE_RESOLVE(cuDeviceGetCount);
  TILE_RESOLVE(cuDeviceGet);
  TILE_RESOLVE(cuDeviceGetName);
  TILE_RESOLVE(cuDeviceGetAttribute);
  TILE_RESOLVE(cuDevicePrimaryCtxRetain);
  TILE_RESOLVE_V2(cuDevicePrimaryCtxRelease);
  TILE_RESOLVE(cuCtxSetCurrent);
  TILE_RESOLVE(cuModuleLoadDataEx);
  TILE_RESOLVE(cuModuleUnload);
  TILE_RESOLVE(cuModuleGetFunction);
  TILE_RESOLVE(cuFuncSetAttribute);
  TILE_RESOLVE_V2(cuMemAlloc);
  TILE_RESOLVE_V2(cuMemFree);
  TILE_RESOLVE_V2(cuMemcpyHtoD);
  TILE_RESOLVE_V2(cuMemcpyDtoH);
  TILE_RESOLVE_V2(cuMemsetD8);
  TILE_RESOLVE(cuLaunchKernel);
  TILE_RESOLVE(cuEventCreate);
  TILE_RESOLVE_V2(cuEventDestroy);
  TILE_RESOLVE(cuEventRecord);
  TILE_RESOLVE(cuEventSynchronize);
  TILE_RESOLVE(cuEventQuery);
  TILE_RESOLVE_V2(cuEventElapsedTime);
#undef TILE_RESOLVE
#undef TILE_RESOLVE_V2
  // Only descriptor arguments need it (and drivers before CUDA 12 lack it).
  d.cuTensorMapEncodeTiled =
      reinterpret_cast<decltype(d.cuTensorMapEncodeTiled)>(
          dlsym(handle, "cuTensorMapEncodeTiled"));
  return d;
}

const Driver *gDriver = nullptr;

/// Formats a CUresult as `NAME (description)`.
std::string errorText(CUresult r) {
  const char *name = nullptr, *text = nullptr;
  if (gDriver) {
    gDriver->cuGetErrorName(r, &name);
    gDriver->cuGetErrorString(r, &text);
  }
  std::string s = name ? name : "CUDA error " + std::to_string(r);
  if (text)
    s += std::string(" (") + text + ")";
  return s;
}

/// Exits with the failing call's name and the driver's message.
void check(CUresult r, const char *call) {
  if (r != CUDA_SUCCESS)
    fail(ExitError, "%s failed: %s", call, errorText(r).c_str());
}

/// Waits for the launch that `done` follows, polling so that a kernel that
/// never finishes (a missing barrier_expect, a wrong mbarrier phase, a
/// deadlock) ends tile-run with a message after `timeoutSeconds` instead of
/// hanging it. The exit skips the CUDA context's teardown, which would wait
/// for the kernel too.
void waitForLaunch(const Driver &drv, CUevent done, int timeoutSeconds,
                   const char *what) {
  constexpr CUresult kNotReady = CUresult(600); // CUDA_ERROR_NOT_READY
  auto start = std::chrono::steady_clock::now();
  for (;;) {
    CUresult r = drv.cuEventQuery(done);
    if (r == CUDA_SUCCESS)
      return;
    if (r != kNotReady)
      check(r, what);
    if (std::chrono::steady_clock::now() - start >
        std::chrono::seconds(timeoutSeconds)) {
      std::fprintf(stderr,
                   "tile-run: error: %s did not finish within %d s: the "
                   "kernel hangs (a missing barrier_expect, a wrong mbarrier "
                   "phase, a deadlock?); --timeout sets the limit\n",
                   what, timeoutSeconds);
      std::fflush(stderr);
      std::_Exit(ExitTimeout);
    }
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

void encodeDescriptor(const Driver &drv, DescriptorSpec &d) {
  if (!drv.cuTensorMapEncodeTiled)
    fail(ExitNoGpu, "the CUDA driver lacks cuTensorMapEncodeTiled (CUDA 12 "
                    "or later encodes TMA descriptors)");
  EncodeArgs e = encodeArgs(d);
  void *base = reinterpret_cast<void *>(uintptr_t(d.buffer->device));
  CUresult r = drv.cuTensorMapEncodeTiled(
      d.map(), d.mapType, unsigned(d.shape.size()), base, e.globalDim.data(),
      e.globalStrides.data(), e.boxDim.data(), e.elementStrides.data(),
      CU_TENSOR_MAP_INTERLEAVE_NONE, e.swizzle,
      CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
      d.nanFill ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
                : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS)
    fail(ExitError, "--arg %s: cuTensorMapEncodeTiled failed: %s",
         d.spec.c_str(), errorText(r).c_str());
}

/// The buffer `--out IDX` writes: --arg IDX's, or the own buffer of a
/// descriptor --arg IDX; null if it has none.
Arg *findOutBuffer(std::vector<Arg> &args, int specIndex) {
  for (Arg &a : args) {
    if (a.specIndex != specIndex)
      continue;
    if (a.kind == Arg::Buffer)
      return &a;
    if (a.kind == Arg::Descriptor && a.desc->bufferSpec < 0)
      return &a.desc->ownBuffer;
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

struct Options {
  std::string jsonPath, kernelPath;
  unsigned grid[3] = {0, 1, 1};
  bool haveGrid = false;
  unsigned block = 0; // 0: num_warps * warp_size
  std::vector<std::string> argSpecs;
  int iters = 100;
  int warmup = 10;
  /// Seconds a launch may take before tile-run calls the kernel hung.
  int timeout = 60;
  long long bytes = 0;
  std::vector<std::pair<int, std::string>> outs;
  std::string check;
  std::string report;
  int device = 0;
  uint64_t seed = 0;
  bool dryRun = false;
};

void usage(FILE *to) {
  std::fprintf(
      to,
      "usage: tile-run KERNEL.json (KERNEL.ptx|KERNEL.cubin) --grid "
      "X[,Y,Z] [options]\n"
      "\n"
      "Loads a compiled kernel with the CUDA driver (libcuda.so.1, found at "
      "run time;\n"
      "TILE_RUN_LIBCUDA overrides the library), launches it with block = "
      "num_warps * 32\n"
      "threads and `shared` bytes of dynamic shared memory, and times it.\n"
      "\n"
      "options:\n"
      "  --grid X[,Y,Z]        number of programs (blocks) per dimension\n"
      "  --arg SPEC            one kernel argument, in order:\n"
      "                          buf:TYPE:COUNT:random|zeros|iota|file=PATH  "
      "device buffer\n"
      "                          i32:V  i64:V  f32:V  f64:V                 "
      "scalar\n"
      "                          null                                       "
      "null pointer\n"
      "                          desc:@N:SHAPE[:OPTION...]                  "
      "TMA descriptor of\n"
      "                            --arg N's buffer; "
      "desc:TYPE:INIT:SHAPE[:OPTION...] "
      "gives it\n"
      "                            a buffer of its own (TYPE and INIT as for "
      "buf:, sized to\n"
      "                            fit). It passes what a !tt.tensordesc "
      "parameter takes in\n"
      "                            Triton's ABI: the 128-byte CUtensorMap "
      "(cuTensorMapEncodeTiled),\n"
      "                            then the shape as i32s and the strides as "
      "i64s. SHAPE: e.g.\n"
      "                            100x70 (elements, outermost first). "
      "OPTIONs (default: the\n"
      "                            kernel's i-th tensordesc_meta entry for "
      "its i-th descriptor):\n"
      "                              strides=S0,S1  elements (default "
      "row-major); the last is 1,\n"
      "                                             the others multiples of "
      "16 bytes\n"
      "                              block=B0xB1    the TMA box (<= 256 per "
      "dimension)\n"
      "                              swizzle=0|32|64|128  bytes; the box's "
      "rows fit in it\n"
      "                              type=T         u8 u16 u32 s32 u64 s64 "
      "f16 bf16 f32 f64 ...\n"
      "                              fill=zero|nan  out-of-bounds reads "
      "(default zero)\n"
      "                        TYPE: f32 f16 bf16 f64 i8 i16 i32 i64; COUNT "
      "may be 1024, 64M, 2^26\n"
      "  --iters N             timed launches (default 100; 0: run once, no "
      "timing)\n"
      "  --warmup N            untimed launches before timing (default 10)\n"
      "  --timeout S           seconds a launch may take before tile-run\n"
      "                        calls the kernel hung and exits with 124\n"
      "                        (default 60)\n"
      "  --bytes N             bytes moved per launch: also print GB/s\n"
      "  --out IDX:FILE        after the first launch, write buffer --arg IDX "
      "(0-based; a\n"
      "                        desc: with its own buffer writes that) to "
      "FILE\n"
      "  --check add           check buffer 2 == buffer 0 + buffer 1 for the "
      "first i32 arg 3\n"
      "                        elements (or the whole buffer) and the rest "
      "untouched\n"
      "  --block N             override the block size (threads)\n"
      "  --device N            CUDA device ordinal (default 0)\n"
      "  --seed N              seed of the random initialiser (default 0)\n"
      "  --report FILE         write the results as JSON\n"
      "  --dry-run             check everything, print the launch (and each "
      "descriptor's\n"
      "                        cuTensorMapEncodeTiled arguments), touch no "
      "GPU\n"
      "\n"
      "exit status: 0 ok, 1 error or failed check, 2 usage, 3 no CUDA "
      "driver / no GPU\n");
}

Options parseOptions(int argc, char **argv) {
  Options o;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      size_t eq = a.find('=');
      if (a.rfind("--", 0) == 0 && eq != std::string::npos) {
        std::string v = a.substr(eq + 1);
        a = a.substr(0, eq);
        return v;
      }
      if (i + 1 >= argc)
        fail(ExitUsage, "%s needs a value", a.c_str());
      return argv[++i];
    };
    auto intValue = [&](const char *opt, long long lo) {
      std::string v = value();
      long long n;
      if (!parseCount(v, n) || n < lo)
        fail(ExitUsage, "%s: bad value '%s'", opt, v.c_str());
      return n;
    };
    std::string name = a.substr(0, a.find('='));
    if (a == "-h" || a == "--help") {
      usage(stdout);
      std::exit(ExitOk);
    } else if (name == "--grid") {
      std::string v = value();
      std::vector<std::string> dims = split(v, ',');
      if (dims.size() > 3)
        fail(ExitUsage, "--grid: at most three dimensions, got '%s'",
             v.c_str());
      for (size_t d = 0; d < dims.size(); ++d) {
        long long n;
        if (!parseCount(dims[d], n) || n < 1 || n > 0x7fffffff ||
            (d > 0 && n > 65535))
          fail(ExitUsage, "--grid: bad dimension '%s'", dims[d].c_str());
        o.grid[d] = (unsigned)n;
      }
      o.haveGrid = true;
    } else if (name == "--arg") {
      o.argSpecs.push_back(value());
    } else if (name == "--iters") {
      o.iters = intValue("--iters", 0);
    } else if (name == "--warmup") {
      o.warmup = intValue("--warmup", 0);
    } else if (name == "--timeout") {
      o.timeout = intValue("--timeout", 1);
    } else if (name == "--bytes") {
      o.bytes = intValue("--bytes", 1);
    } else if (name == "--block") {
      o.block = intValue("--block", 1);
    } else if (name == "--device") {
      o.device = intValue("--device", 0);
    } else if (name == "--seed") {
      o.seed = intValue("--seed", 0);
    } else if (name == "--out") {
      std::string v = value();
      size_t colon = v.find(':');
      long long idx;
      if (colon == std::string::npos || colon + 1 == v.size() ||
          !parseCount(v.substr(0, colon), idx) || idx < 0)
        fail(ExitUsage, "--out: expected IDX:FILE, got '%s'", v.c_str());
      o.outs.emplace_back((int)idx, v.substr(colon + 1));
    } else if (name == "--check") {
      o.check = value();
      if (o.check != "add")
        fail(ExitUsage, "--check: only 'add' is known, got '%s'",
             o.check.c_str());
    } else if (name == "--report") {
      o.report = value();
    } else if (a == "--dry-run") {
      o.dryRun = true;
    } else if (a.size() > 1 && a[0] == '-') {
      fail(ExitUsage, "unknown option '%s' (see --help)", a.c_str());
    } else {
      positional.push_back(a);
    }
  }
  if (positional.size() != 2) {
    usage(stderr);
    fail(ExitUsage,
         "expected KERNEL.json and KERNEL.ptx|cubin, got %zu "
         "file arguments",
         positional.size());
  }
  o.jsonPath = positional[0];
  o.kernelPath = positional[1];
  // Accept the two files in either order.
  auto endsWith = [](const std::string &s, const char *suffix) {
    size_t n = std::strlen(suffix);
    return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
  };
  if (endsWith(o.kernelPath, ".json") && !endsWith(o.jsonPath, ".json"))
    std::swap(o.jsonPath, o.kernelPath);
  if (!o.haveGrid)
    fail(ExitUsage, "--grid X[,Y,Z] is required");
  return o;
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

/// `--check add`: out == x + y on the first n elements, out untouched after.
bool checkAdd(const std::vector<Arg> &args,
              const std::vector<unsigned char> &outInitial) {
  if (args.size() < 3 || args[0].kind != Arg::Buffer ||
      args[1].kind != Arg::Buffer || args[2].kind != Arg::Buffer)
    fail(ExitUsage, "--check add needs buffers as --arg 0, 1 and 2");
  const Arg &x = args[0], &y = args[1], &out = args[2];
  if (x.elem->elem != Elem::F32 || y.elem->elem != Elem::F32 ||
      out.elem->elem != Elem::F32)
    fail(ExitUsage, "--check add supports f32 buffers only");
  size_t n = std::min({x.count, y.count, out.count});
  if (args.size() > 3 && args[3].kind == Arg::Scalar &&
      !args[3].elem->isFloat) {
    long long v = args[3].elem->elem == Elem::I64 ? (long long)args[3].slot
                                                  : (int32_t)args[3].slot;
    n = (size_t)std::max(0LL, std::min<long long>(v, n));
  }
  const float *xs = reinterpret_cast<const float *>(x.host.data());
  const float *ys = reinterpret_cast<const float *>(y.host.data());
  const float *os = reinterpret_cast<const float *>(out.host.data());
  const float *init = reinterpret_cast<const float *>(outInitial.data());
  size_t bad = 0, firstBad = 0;
  for (size_t i = 0; i < out.count; ++i) {
    float want = i < n ? xs[i] + ys[i] : init[i];
    if (std::memcmp(&os[i], &want, 4) != 0 &&
        !(std::isnan(want) && std::isnan(os[i]))) {
      if (!bad++)
        firstBad = i;
    }
  }
  if (bad) {
    float want = firstBad < n ? xs[firstBad] + ys[firstBad] : init[firstBad];
    std::fprintf(stderr,
                 "tile-run: check add: FAILED: %zu of %zu elements differ; "
                 "first at %zu: got %.9g, want %.9g%s\n",
                 bad, out.count, firstBad, os[firstBad], want,
                 firstBad < n ? "" : " (past n: must be untouched)");
    return false;
  }
  note("check add: OK (%zu elements, %zu past n untouched)", n, out.count - n);
  return true;
}

double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

bool isElf(const std::string &image) {
  return image.size() >= 4 && image.compare(0, 4,
                                            "\x7f"
                                            "ELF") == 0;
}
} // namespace

//===----------------------------------------------------------------------===//
// main
//===----------------------------------------------------------------------===//

int main(int argc, char **argv) {
  Options opts = parseOptions(argc, argv);

  // Everything that needs no GPU is checked first, so bad input gets its own
  // message on any machine.
  KernelInfo info = readKernelInfo(opts.jsonPath);
  std::string image = readFile(opts.kernelPath, "kernel image");
  bool cubin = isElf(image);
  if (!cubin && image.find(".entry") == std::string::npos)
    fail(ExitError, "'%s' is neither PTX (no .entry) nor a cubin (ELF)",
         opts.kernelPath.c_str());
  if (info.numCtas != 1)
    fail(ExitError,
         "num_ctas = %d needs a cluster launch, which tile-run does not do",
         info.numCtas);

  std::vector<unsigned> ptxSizes;
  if (!cubin && !ptxParamSizes(image, info.name, ptxSizes))
    fail(ExitError, "the PTX has no '.entry %s': is \"name\" right?",
         info.name.c_str());

  std::vector<Arg> args;
  for (size_t i = 0; i < opts.argSpecs.size(); ++i) {
    const std::string &spec = opts.argSpecs[i];
    if (spec.rfind("desc:", 0) == 0) {
      appendDescriptorArgs(args, spec, int(i));
      continue;
    }
    args.push_back(parseArg(spec));
    args.back().specIndex = int(i);
  }
  resolveDescriptors(info, args);
  addScratchPointers(info, cubin ? nullptr : &ptxSizes, args);
  checkAgainstParams(info, args);
  if (!cubin)
    checkAgainstPtx(ptxSizes, info, args);
  for (const auto &out : opts.outs)
    if (!findOutBuffer(args, out.first))
      fail(ExitUsage, "--out %d:%s: --arg %d is not a buffer", out.first,
           out.second.c_str(), out.first);

  unsigned block =
      opts.block ? opts.block : (unsigned)(info.numWarps * info.warpSize);
  if (block > 1024)
    fail(ExitError, "block of %u threads exceeds 1024", block);

  std::string argList;
  for (size_t i = 0; i < args.size(); ++i)
    if (i == 0 || args[i].specIndex != args[i - 1].specIndex)
      argList += (argList.empty() ? "" : " ") + args[i].spec;
  note("kernel %s (%s, %zu bytes, %d warps, %lld B shared, target sm_%d)",
       info.name.c_str(), cubin ? "cubin" : "ptx", image.size(), info.numWarps,
       info.shared, info.arch);
  note("launch grid (%u,%u,%u) block (%u,1,1) dynamic shared %lld B; args: "
       "%s",
       opts.grid[0], opts.grid[1], opts.grid[2], block, info.shared,
       argList.c_str());
  for (const Arg &a : args)
    if (a.kind == Arg::Descriptor)
      noteDescriptor(a);
  if (opts.dryRun) {
    note("dry run: no GPU touched");
    return ExitOk;
  }

  // The driver.
  void *handle = nullptr;
  Driver drv = loadDriver(handle);
  gDriver = &drv;
  CUresult r = drv.cuInit(0);
  if (r == CUDA_ERROR_STUB_LIBRARY)
    fail(ExitNoGpu,
         "no CUDA driver (libcuda.so.1) found: only the toolkit's stub "
         "library is installed");
  if (r == CUDA_ERROR_NO_DEVICE)
    fail(ExitNoGpu, "no GPU: cuInit reports %s", errorText(r).c_str());
  if (r != CUDA_SUCCESS)
    fail(ExitNoGpu, "no GPU: cuInit failed: %s", errorText(r).c_str());
  int devices = 0;
  check(drv.cuDeviceGetCount(&devices), "cuDeviceGetCount");
  if (devices == 0)
    fail(ExitNoGpu, "no GPU: the CUDA driver sees no device");
  if (opts.device >= devices)
    fail(ExitUsage, "--device %d: only %d device(s)", opts.device, devices);
  CUdevice dev;
  check(drv.cuDeviceGet(&dev, opts.device), "cuDeviceGet");
  char devName[256] = "?";
  check(drv.cuDeviceGetName(devName, sizeof(devName), dev), "cuDeviceGetName");
  int major = 0, minor = 0, version = 0;
  check(drv.cuDeviceGetAttribute(
            &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev),
        "cuDeviceGetAttribute");
  check(drv.cuDeviceGetAttribute(
            &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev),
        "cuDeviceGetAttribute");
  check(drv.cuDriverGetVersion(&version), "cuDriverGetVersion");
  note("device %d: %s (sm_%d%d), driver %d.%d", opts.device, devName, major,
       minor, version / 1000, version % 1000 / 10);
  if (info.arch && info.arch > major * 10 + minor)
    warn("the kernel targets sm_%d, the device is sm_%d%d", info.arch, major,
         minor);
  CUcontext ctx;
  check(drv.cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  check(drv.cuCtxSetCurrent(ctx), "cuCtxSetCurrent");

  // The module, with the JIT's logs on failure.
  static char errorLog[16384], infoLog[16384];
  CUjit_option jitOpts[] = {
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *jitValues[] = {errorLog, (void *)(uintptr_t)sizeof(errorLog), infoLog,
                       (void *)(uintptr_t)sizeof(infoLog)};
  CUmodule module;
  r = drv.cuModuleLoadDataEx(&module, image.c_str(), 4, jitOpts, jitValues);
  if (r != CUDA_SUCCESS) {
    if (errorLog[0])
      std::fprintf(stderr, "%s\n", errorLog);
    check(r, cubin ? "cuModuleLoadDataEx (cubin)"
                   : "cuModuleLoadDataEx (PTX JIT)");
  }
  CUfunction func;
  r = drv.cuModuleGetFunction(&func, module, info.name.c_str());
  if (r != CUDA_SUCCESS)
    fail(ExitError, "the module has no kernel '%s': %s", info.name.c_str(),
         errorText(r).c_str());
  if (info.shared > 48 * 1024) {
    int optin = 0;
    check(
        drv.cuDeviceGetAttribute(
            &optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev),
        "cuDeviceGetAttribute");
    if (info.shared > optin)
      fail(ExitError,
           "the kernel needs %lld B of shared memory, the device "
           "allows %d B per block",
           info.shared, optin);
    check(drv.cuFuncSetAttribute(
              func, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
              (int)info.shared),
          "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
  }

  // Global scratch, as Triton's launcher gives it: the first trailing
  // pointer after the kernel's parameters points at size x programs bytes
  // (each program's slice rounded up to the alignment).
  CUdeviceptr globalScratch = 0;
  size_t scratchArg = info.params.size();
  if (info.globalScratchSize > 0) {
    if (!info.hasParams || scratchArg >= args.size() ||
        args[scratchArg].kind != Arg::NullPtr)
      fail(ExitUsage,
           "kernel '%s' needs %lld B of global scratch per program: give its "
           "trailing scratch pointers as --arg null --arg null after its "
           "parameters",
           info.name.c_str(), info.globalScratchSize);
    long long align = info.globalScratchAlign;
    long long perProgram = (info.globalScratchSize + align - 1) / align * align;
    size_t bytes =
        size_t(perProgram) * opts.grid[0] * opts.grid[1] * opts.grid[2] +
        size_t(align);
    check(drv.cuMemAlloc(&globalScratch, bytes), "cuMemAlloc (global scratch)");
    args[scratchArg].slot = (globalScratch + align - 1) / align * align;
    note("global scratch: %lld B per program, %zu B in all", perProgram,
         bytes - size_t(align));
  }

  // Buffers.
  std::vector<void *> params;
  std::vector<unsigned char> outInitial;
  for (size_t i = 0; i < args.size(); ++i) {
    Arg &a = args[i];
    if (a.kind == Arg::Buffer) {
      initHost(a, opts.seed + i);
      check(drv.cuMemAlloc(&a.device, a.bytes()), "cuMemAlloc");
      check(drv.cuMemcpyHtoD(a.device, a.host.data(), a.bytes()),
            "cuMemcpyHtoD");
      a.slot = a.device;
      if (i == 2 && opts.check == "add")
        outInitial = a.host;
    }
    params.push_back(&a.slot);
  }
  // Tensor maps, once every buffer has its address.
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].kind != Arg::Descriptor)
      continue;
    DescriptorSpec &d = *args[i].desc;
    if (d.bufferSpec < 0) {
      initHost(d.ownBuffer, opts.seed + args[i].specIndex);
      check(drv.cuMemAlloc(&d.ownBuffer.device, d.ownBuffer.bytes()),
            "cuMemAlloc");
      check(drv.cuMemcpyHtoD(d.ownBuffer.device, d.ownBuffer.host.data(),
                             d.ownBuffer.bytes()),
            "cuMemcpyHtoD");
    }
    encodeDescriptor(drv, d);
    params[i] = d.map();
  }

  CUevent start, stop;
  check(drv.cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate");
  check(drv.cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate");
  auto launch = [&]() {
    check(drv.cuLaunchKernel(func, opts.grid[0], opts.grid[1], opts.grid[2],
                             block, 1, 1, (unsigned)info.shared, nullptr,
                             params.data(), nullptr),
          "cuLaunchKernel");
  };

  // One launch for the results, then warm-up and timing.
  check(drv.cuEventRecord(start, nullptr), "cuEventRecord");
  launch();
  check(drv.cuEventRecord(stop, nullptr), "cuEventRecord");
  waitForLaunch(drv, stop, opts.timeout, "the first launch");
  bool ok = true;
  if (opts.check == "add" || !opts.outs.empty()) {
    for (Arg &a : args)
      if (a.kind == Arg::Buffer)
        check(drv.cuMemcpyDtoH(a.host.data(), a.device, a.bytes()),
              "cuMemcpyDtoH");
    for (Arg &a : args)
      if (a.kind == Arg::Descriptor && a.desc->bufferSpec < 0)
        check(drv.cuMemcpyDtoH(a.desc->ownBuffer.host.data(),
                               a.desc->ownBuffer.device,
                               a.desc->ownBuffer.bytes()),
              "cuMemcpyDtoH");
    for (const auto &out : opts.outs) {
      const Arg &a = *findOutBuffer(args, out.first);
      writeFile(out.second, a.host.data(), a.bytes());
      note("wrote --arg %d (%zu bytes) to %s", out.first, a.bytes(),
           out.second.c_str());
    }
    if (opts.check == "add")
      ok = checkAdd(args, outInitial);
  }

  double medianMs = 0, minMs = 0, meanMs = 0;
  if (opts.iters > 0) {
    for (int i = 0; i < opts.warmup; ++i)
      launch();
    std::vector<float> times;
    for (int i = 0; i < opts.iters; ++i) {
      check(drv.cuEventRecord(start, nullptr), "cuEventRecord");
      launch();
      check(drv.cuEventRecord(stop, nullptr), "cuEventRecord");
      waitForLaunch(drv, stop, opts.timeout, "a timed launch");
      float ms = 0;
      check(drv.cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime");
      times.push_back(ms);
    }
    medianMs = median(times);
    minMs = *std::min_element(times.begin(), times.end());
    for (float t : times)
      meanMs += t / times.size();
    note("time per launch: median %.3f us, min %.3f us, mean %.3f us over %d "
         "iters (%d warm-up)",
         medianMs * 1e3, minMs * 1e3, meanMs * 1e3, opts.iters, opts.warmup);
    if (opts.bytes)
      note("effective bandwidth: %.1f GB/s (%lld bytes per launch)",
           opts.bytes / (medianMs * 1e-3) / 1e9, opts.bytes);
  }

  if (!opts.report.empty()) {
    char buf[1024];
    int n = std::snprintf(
        buf, sizeof(buf),
        "{\"name\": \"%s\", \"device\": \"%s\", \"sm\": %d, \"grid\": [%u, "
        "%u, %u], \"block\": %u, \"shared\": %lld, \"iters\": %d, "
        "\"median_ms\": %.6f, \"min_ms\": %.6f, \"mean_ms\": %.6f, "
        "\"bytes\": %lld, \"GBps\": %.3f, \"check\": %s}\n",
        info.name.c_str(), devName, major * 10 + minor, opts.grid[0],
        opts.grid[1], opts.grid[2], block, info.shared, opts.iters, medianMs,
        minMs, meanMs, opts.bytes,
        opts.bytes && medianMs > 0 ? opts.bytes / (medianMs * 1e-3) / 1e9 : 0,
        opts.check.empty() ? "null"
        : ok               ? "true"
                           : "false");
    writeFile(opts.report, buf, std::min<size_t>(n, sizeof(buf) - 1));
  }

  for (Arg &a : args)
    if (a.kind == Arg::Buffer)
      drv.cuMemFree(a.device);
    else if (a.kind == Arg::Descriptor && a.desc->bufferSpec < 0)
      drv.cuMemFree(a.desc->ownBuffer.device);
  if (globalScratch)
    drv.cuMemFree(globalScratch);
  drv.cuEventDestroy(start);
  drv.cuEventDestroy(stop);
  drv.cuModuleUnload(module);
  drv.cuDevicePrimaryCtxRelease(dev);
  return ok ? ExitOk : ExitError;
}

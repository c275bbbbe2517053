//===- KernelArgs.cpp - The --arg specs and their buffers -----------------===//
//
// Host-side values are stored in the kernel's element types here (f16 and
// bf16 rounded to nearest even), so a buffer's bytes are what the kernel
// reads; random fills are seeded so that runs repeat.
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/KernelArgs.h"
#include "tools/tile-run/Support.h"
#include "tools/tile-run/TensorDescriptors.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace tile::run {
namespace {
const ElemInfo kElems[] = {
    {"f32", Elem::F32, 4, true},   {"f16", Elem::F16, 2, true},
    {"bf16", Elem::BF16, 2, true}, {"f64", Elem::F64, 8, true},
    {"i8", Elem::I8, 1, false},    {"i16", Elem::I16, 2, false},
    {"i32", Elem::I32, 4, false},  {"i64", Elem::I64, 8, false},
};

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
} // namespace

const ElemInfo *findElem(const std::string &name) {
  for (const ElemInfo &e : kElems)
    if (name == e.name)
      return &e;
  return nullptr;
}

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
} // namespace tile::run

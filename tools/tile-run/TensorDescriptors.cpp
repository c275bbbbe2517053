//===- TensorDescriptors.cpp - TMA descriptor arguments -------------------===//
//
// Each of TMA's limits (cuTensorMapEncodeTiled's) is checked with its own
// message naming the --arg, since the driver answers a bad encoding with a
// bare CUDA_ERROR_INVALID_VALUE. --dry-run prints the encode call's arguments,
// so an encoding can be checked on a machine without a GPU.
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/TensorDescriptors.h"
#include "tools/tile-run/DriverCalls.h"
#include "tools/tile-run/Support.h"

#include <cstdint>
#include <memory>

using namespace tile::cuda;

namespace tile::run {
namespace {
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
} // namespace

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
} // namespace tile::run

//===- FakeCuda.cpp - A CPU stand-in for libcuda.so.1 for tile-run's tests ===//
//
// CI has no GPU. This shared library implements the driver entry points
// tile-run uses, on the host: "device" memory is malloc'd, launches are
// logged, and a kernel whose name starts with "add" is emulated as
// out[i] = x[i] + y[i] for i < n (parameters x, y, out, n), so the lit tests
// can drive tile-run end to end (argument marshalling, --check, --out,
// timing and the error paths) with TILE_RUN_LIBCUDA pointing here.
// cuTensorMapEncodeTiled logs its arguments.
//
// Environment knobs:
//   TILE_FAKE_CUDA_INIT=N      cuInit returns N (100: no device, 34: stub)
//   TILE_FAKE_CUDA_DEVICES=N   cuDeviceGetCount reports N devices (default 1)
//   TILE_FAKE_CUDA_WRONG_ADD=1 the emulated add gets element 0 wrong
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/CudaDriver.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace tile::cuda;

namespace {
/// A loaded "module": the image, searched for `.entry` names.
struct FakeModule {
  std::string image;
};

/// A "function": its name, for logging and emulation.
struct FakeFunction {
  std::string name;
  int launches = 0;
};

int envInt(const char *name, int dflt) {
  const char *v = std::getenv(name);
  return v && *v ? std::atoi(v) : dflt;
}
} // namespace

extern "C" {

CUresult cuInit(unsigned) { return envInt("TILE_FAKE_CUDA_INIT", 0); }

CUresult cuGetErrorName(CUresult r, const char **out) {
  switch (r) {
  case 0:
    *out = "CUDA_SUCCESS";
    break;
  case 34:
    *out = "CUDA_ERROR_STUB_LIBRARY";
    break;
  case 100:
    *out = "CUDA_ERROR_NO_DEVICE";
    break;
  case 218:
    *out = "CUDA_ERROR_INVALID_PTX";
    break;
  case 500:
    *out = "CUDA_ERROR_NOT_FOUND";
    break;
  default:
    *out = "CUDA_ERROR_UNKNOWN";
  }
  return 0;
}

CUresult cuGetErrorString(CUresult r, const char **out) {
  *out = r == 100   ? "no CUDA-capable device is detected"
         : r == 218 ? "a PTX JIT compilation failed"
         : r == 500 ? "named symbol not found"
                    : "fake driver error";
  return 0;
}

CUresult cuDriverGetVersion(int *v) {
  *v = 13000;
  return 0;
}

CUresult cuDeviceGetCount(int *n) {
  *n = envInt("TILE_FAKE_CUDA_DEVICES", 1);
  return 0;
}

CUresult cuDeviceGet(CUdevice *d, int ordinal) {
  *d = ordinal;
  return 0;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice) {
  std::snprintf(name, len, "Fake GPU");
  return 0;
}

CUresult cuDeviceGetAttribute(int *v, int attrib, CUdevice) {
  switch (attrib) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *v = 9;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *v = 0;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    *v = 227 * 1024;
    break;
  default:
    *v = 0;
  }
  return 0;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *ctx, CUdevice) {
  static int dummy;
  *ctx = reinterpret_cast<CUcontext>(&dummy);
  return 0;
}

CUresult cuDevicePrimaryCtxRelease(CUdevice) { return 0; }
CUresult cuCtxSetCurrent(CUcontext) { return 0; }

CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned n,
                            CUjit_option *options, void **values) {
  const char *text = static_cast<const char *>(image);
  bool elf = std::memcmp(text,
                         "\x7f"
                         "ELF",
                         4) == 0;
  if (!elf && !std::strstr(text, ".version")) {
    for (unsigned i = 0; i < n; ++i)
      if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
        std::snprintf(static_cast<char *>(values[i]), 64,
                      "fake ptxas: no .version directive");
    return 218;
  }
  auto *m = new FakeModule;
  m->image = elf ? std::string() : std::string(text);
  *module = reinterpret_cast<CUmodule>(m);
  return 0;
}

CUresult cuModuleUnload(CUmodule m) {
  delete reinterpret_cast<FakeModule *>(m);
  return 0;
}

CUresult cuModuleGetFunction(CUfunction *f, CUmodule mod, const char *name) {
  auto *m = reinterpret_cast<FakeModule *>(mod);
  if (!m->image.empty() &&
      m->image.find(std::string(".entry ") + name) == std::string::npos)
    return 500;
  auto *fn = new FakeFunction;
  fn->name = name;
  *f = reinterpret_cast<CUfunction>(fn);
  return 0;
}

CUresult cuFuncSetAttribute(CUfunction, int attrib, int value) {
  std::fprintf(stderr, "fake-cuda: cuFuncSetAttribute(%d, %d)\n", attrib,
               value);
  return 0;
}

CUresult cuMemAlloc(CUdeviceptr *p, size_t bytes) {
  *p = reinterpret_cast<CUdeviceptr>(std::malloc(bytes ? bytes : 1));
  return *p ? 0 : 2;
}

CUresult cuMemFree(CUdeviceptr p) {
  std::free(reinterpret_cast<void *>(p));
  return 0;
}

CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes) {
  std::memcpy(reinterpret_cast<void *>(dst), src, bytes);
  return 0;
}

CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes) {
  std::memcpy(dst, reinterpret_cast<const void *>(src), bytes);
  return 0;
}

CUresult cuMemsetD8(CUdeviceptr p, unsigned char v, size_t n) {
  std::memset(reinterpret_cast<void *>(p), v, n);
  return 0;
}

CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        CUstream, void **params, void **) {
  auto *fn = reinterpret_cast<FakeFunction *>(f);
  if (fn->launches++ == 0)
    std::fprintf(stderr,
                 "fake-cuda: launch %s grid=(%u,%u,%u) block=(%u,%u,%u) "
                 "shared=%u\n",
                 fn->name.c_str(), gx, gy, gz, bx, by, bz, shared);
  if (fn->name.rfind("add", 0) == 0) {
    auto *x = *static_cast<const float **>(params[0]);
    auto *y = *static_cast<const float **>(params[1]);
    auto *out = *static_cast<float **>(params[2]);
    int n = *static_cast<const int *>(params[3]);
    for (int i = 0; i < n; ++i)
      out[i] = x[i] + y[i];
    if (n > 0 && envInt("TILE_FAKE_CUDA_WRONG_ADD", 0))
      out[0] += 1.0f;
  }
  return 0;
}

CUresult cuEventCreate(CUevent *e, unsigned) {
  static int dummy;
  *e = reinterpret_cast<CUevent>(&dummy);
  return 0;
}

CUresult cuEventDestroy(CUevent) { return 0; }
CUresult cuEventRecord(CUevent, CUstream) { return 0; }
CUresult cuEventSynchronize(CUevent) { return 0; }

/// A kernel that never finishes when TILE_FAKE_CUDA_HANG is set (600:
/// CUDA_ERROR_NOT_READY), so that tests can see tile-run's timeout.
CUresult cuEventQuery(CUevent) {
  return getenv("TILE_FAKE_CUDA_HANG") ? 600 : 0;
}

CUresult cuEventElapsedTime(float *ms, CUevent, CUevent) {
  *ms = 0.25f;
  return 0;
}

CUresult cuTensorMapEncodeTiled(void *map, int type, unsigned rank, void *base,
                                const uint64_t *dims, const uint64_t *strides,
                                const uint32_t *box, const uint32_t *steps,
                                int interleave, int swizzle, int l2, int fill) {
  auto list = [](const auto *v, unsigned n) {
    std::string s;
    for (unsigned i = 0; i < n; ++i)
      s += (i ? "," : "") + std::to_string(v[i]);
    return s;
  };
  std::fprintf(stderr,
               "fake-cuda: cuTensorMapEncodeTiled(type=%d, rank=%u, "
               "dims={%s}, strides={%s}, box={%s}, elementStrides={%s}, "
               "interleave=%d, swizzle=%d, l2=%d, fill=%d, base %s)\n",
               type, rank, list(dims, rank).c_str(),
               list(strides, rank - 1).c_str(), list(box, rank).c_str(),
               list(steps, rank).c_str(), interleave, swizzle, l2, fill,
               base ? "set" : "null");
  if (reinterpret_cast<uintptr_t>(map) % 64)
    return 1; // CUDA_ERROR_INVALID_VALUE: the map must be 64-byte aligned
  std::memset(map, 0, 128);
  return 0;
}

} // extern "C"

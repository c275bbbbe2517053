//===- DriverCalls.cpp - Loading libcuda and checking its calls -----------===//
//
// The `_v2` symbols are the ones cuda.h's macros map the plain names to;
// a driver without one falls back to the plain name.
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/DriverCalls.h"
#include "tools/tile-run/Support.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <thread>
#include <type_traits>

using namespace tile::cuda;

namespace tile::run {
static const Driver *gDriver = nullptr;

void setMessageDriver(const Driver *drv) { gDriver = drv; }

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

void check(CUresult r, const char *call) {
  if (r != CUDA_SUCCESS)
    fail(ExitError, "%s failed: %s", call, errorText(r).c_str());
}

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
} // namespace tile::run

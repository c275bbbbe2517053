//===- GpuRun.cpp - Running and timing the kernel on a GPU ----------------===//
//
// Each timed launch is bracketed by events and waited for with a timeout,
// so a hanging kernel ends tile-run (status 124) instead of hanging it.
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/GpuRun.h"
#include "tools/tile-run/DriverCalls.h"
#include "tools/tile-run/Support.h"
#include "tools/tile-run/TensorDescriptors.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

using namespace tile::cuda;

namespace tile::run {
namespace {
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
} // namespace

int runOnGpu(const Options &opts, const KernelInfo &info,
             const std::string &image, bool cubin, unsigned block,
             std::vector<Arg> &args) {
  // The driver.
  void *handle = nullptr;
  Driver drv = loadDriver(handle);
  setMessageDriver(&drv);
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
} // namespace tile::run

//===- DriverCalls.h - Loading libcuda and checking its calls ---*- C++ -*-===//
//
// The driver is dlopened at run time (TILE_RUN_LIBCUDA names another
// library, as the lit tests' stand-in), and every call's CUresult goes
// through check(), which exits with the call's name and the driver's words.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_DRIVERCALLS_H
#define TILE_TOOLS_TILE_RUN_DRIVERCALLS_H

#include "tools/tile-run/CudaDriver.h"

#include <string>

namespace tile::run {
/// dlopens libcuda and resolves the entry points; exits with ExitNoGpu and a
/// clear message if there is no driver.
cuda::Driver loadDriver(void *&handle);

/// Makes errorText() ask `drv` for the names and descriptions of results.
void setMessageDriver(const cuda::Driver *drv);

/// Formats a CUresult as `NAME (description)`.
std::string errorText(cuda::CUresult r);

/// Exits with the failing call's name and the driver's message.
void check(cuda::CUresult r, const char *call);

/// Waits for the launch that `done` follows, polling so that a kernel that
/// never finishes (a missing barrier_expect, a wrong mbarrier phase, a
/// deadlock) ends tile-run with a message after `timeoutSeconds` instead of
/// hanging it. The exit skips the CUDA context's teardown, which would wait
/// for the kernel too.
void waitForLaunch(const cuda::Driver &drv, cuda::CUevent done,
                   int timeoutSeconds, const char *what);
} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_DRIVERCALLS_H

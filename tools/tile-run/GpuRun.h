//===- GpuRun.h - Running and timing the kernel on a GPU --------*- C++ -*-===//
//
// Everything after the checks: the driver, the module, the buffers and
// tensor maps, one launch for the results (--out, --check), then the timed
// launches and the report.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_GPURUN_H
#define TILE_TOOLS_TILE_RUN_GPURUN_H

#include "tools/tile-run/KernelArgs.h"
#include "tools/tile-run/KernelInfo.h"
#include "tools/tile-run/Options.h"

#include <string>
#include <vector>

namespace tile::run {
/// Runs the kernel in `image` (a cubin if `cubin`, else PTX) with `block`
/// threads per program and the checked `args`; returns tile-run's exit
/// status (ExitError for a failed --check) or exits with a message.
int runOnGpu(const Options &opts, const KernelInfo &info,
             const std::string &image, bool cubin, unsigned block,
             std::vector<Arg> &args);
} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_GPURUN_H

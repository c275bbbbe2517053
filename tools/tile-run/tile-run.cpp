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
// main() checks everything that needs no GPU first (KernelInfo, KernelArgs,
// TensorDescriptors, SignatureChecks), so bad input gets its message on any
// machine, prints the launch, and only then hands over to GpuRun.
//
//===----------------------------------------------------------------------===//

#include "tools/tile-run/GpuRun.h"
#include "tools/tile-run/KernelArgs.h"
#include "tools/tile-run/KernelInfo.h"
#include "tools/tile-run/Options.h"
#include "tools/tile-run/SignatureChecks.h"
#include "tools/tile-run/Support.h"
#include "tools/tile-run/TensorDescriptors.h"

#include <string>
#include <vector>

using namespace tile::run;

static bool isElf(const std::string &image) {
  return image.size() >= 4 && image.compare(0, 4,
                                            "\x7f"
                                            "ELF") == 0;
}

/// The --arg specs of the launch line: a descriptor's shape and stride
/// scalars share their --arg's spec and are not repeated, while each
/// scratch pointer tile-run adds is shown on its own.
static std::string launchArgList(const std::vector<Arg> &args) {
  std::string argList;
  for (size_t i = 0; i < args.size(); ++i)
    if (i == 0 || args[i].specIndex < 0 ||
        args[i].specIndex != args[i - 1].specIndex)
      argList += (argList.empty() ? "" : " ") + args[i].spec;
  return argList;
}

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

  std::string argList = launchArgList(args);
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

  return runOnGpu(opts, info, image, cubin, block, args);
}

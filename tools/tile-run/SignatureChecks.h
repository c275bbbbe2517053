//===- SignatureChecks.h - The --arg list against the kernel ----*- C++ -*-===//
//
// A wrong argument count or size makes the driver read garbage rather than
// fail, so the --arg list is checked against the metadata's `params` (types)
// and the PTX entry's `.param`s (sizes) before anything is launched.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_SIGNATURECHECKS_H
#define TILE_TOOLS_TILE_RUN_SIGNATURECHECKS_H

#include "tools/tile-run/KernelArgs.h"
#include "tools/tile-run/KernelInfo.h"

#include <string>
#include <vector>

namespace tile::run {
/// Checks the --arg list against the `params` of KERNEL.json: pointers get
/// buffers (of the pointee type) or null, scalars get scalars of the same
/// type. Trailing null pointers beyond `params` are Triton's scratch
/// pointers and are allowed.
void checkAgainstParams(const KernelInfo &info, const std::vector<Arg> &args);

/// Returns the byte sizes of the `.param`s of `.entry name(...)` in a PTX
/// text, or false if the entry is not found.
bool ptxParamSizes(const std::string &ptx, const std::string &name,
                   std::vector<unsigned> &sizes);

/// Every Triton kernel, and every kernel tile compiles, ends with two
/// scratch pointers (global and profile scratch) that KERNEL.json's
/// `params` do not list: when the --arg list covers `params` exactly, they
/// are added as null pointers, as Triton's launcher passes them (the
/// global scratch one gets its buffer later). Without the PTX (a cubin)
/// they are added too: a kernel that declares fewer parameters ignores
/// them.
void addScratchPointers(const KernelInfo &info,
                        const std::vector<unsigned> *ptxSizes,
                        std::vector<Arg> &args);

/// Checks the --arg list against the PTX entry's parameter sizes: a wrong
/// count or size makes the driver read garbage, not fail.
void checkAgainstPtx(const std::vector<unsigned> &sizes, const KernelInfo &info,
                     const std::vector<Arg> &args);
} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_SIGNATURECHECKS_H

//===- KernelMetadata.h - Triton's launch metadata of a kernel --*- C++ -*-===//
//
// The keys Triton 3.6's make_llir and make_ptx add to a kernel's metadata,
// which its launcher and Inductor read, computed from tile's LLVM-dialect
// module: the kernel's name, the launch block's warps (after warp
// specialization), shared and tensor memory, the global and profile scratch
// areas and the tensor descriptors passed by value.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_PLUGIN_COMPILER_KERNELMETADATA_H
#define TILE_PLUGIN_COMPILER_KERNELMETADATA_H

#include "dialects/ttg/TargetOptions.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::tile::compiler {
/// The name of the module's kernel: its public tt.func, or its llvm.func
/// marked as a kernel; empty when it has none.
std::string findKernelName(ModuleOp module);

/// The metadata JSON object of a module lowered to the LLVM dialect; fails,
/// emitting why, when the module has no kernel.
FailureOr<std::string> buildKernelMetadata(ModuleOp module,
                                           const ttg::TargetOptions &options,
                                           int ptxVersion);
} // namespace mlir::tile::compiler

#endif // TILE_PLUGIN_COMPILER_KERNELMETADATA_H

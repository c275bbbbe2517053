//===- KernelArgs.h - The --arg specs and their buffers ---------*- C++ -*-===//
//
// Each --arg is a device buffer (with how to fill it), a scalar, a null
// pointer or a TMA descriptor; an Arg also holds the launch-parameter slot
// cuLaunchKernel reads, so the argument list is the parameter list.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_KERNELARGS_H
#define TILE_TOOLS_TILE_RUN_KERNELARGS_H

#include "tools/tile-run/CudaDriver.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tile::run {
enum class Elem { F32, F16, BF16, F64, I8, I16, I32, I64 };

struct ElemInfo {
  const char *name;
  Elem elem;
  unsigned bytes;
  bool isFloat;
};

/// The element type spelled `name` (f32, bf16, i64, ...), or null.
const ElemInfo *findElem(const std::string &name);

/// Stores `v` as element `i` of a host buffer of type `e`.
void storeElem(std::vector<unsigned char> &buf, const ElemInfo &e, size_t i,
               double v);

struct DescriptorSpec;

/// One `--arg`: a device buffer, a scalar, a null pointer, or a TMA
/// descriptor (its tensor map; the shape and strides that follow it in the
/// kernel's parameters are Scalars of their own).
struct Arg {
  enum Kind { Buffer, Scalar, NullPtr, Descriptor } kind = Scalar;
  /// The index of the `--arg` this comes from (a descriptor's shape and
  /// strides share their descriptor's); -1 for the scratch pointers
  /// tile-run adds (addScratchPointers).
  int specIndex = 0;
  std::shared_ptr<DescriptorSpec> desc;
  std::string spec;
  const ElemInfo *elem = nullptr;
  // Buffer.
  size_t count = 0;
  std::string init; // random | zeros | iota | file=PATH
  std::vector<unsigned char> host;
  cuda::CUdeviceptr device = 0;
  // Scalar (and the launch-parameter slot of every kind).
  uint64_t slot = 0;

  size_t bytes() const { return count * elem->bytes; }
  unsigned paramBytes() const {
    return kind == Scalar ? elem->bytes : kind == Descriptor ? 128 : 8;
  }
};

/// Parses one --arg that is not a descriptor (appendDescriptorArgs parses
/// those); exits with a usage message naming the spec.
Arg parseArg(const std::string &spec);

/// Fills a buffer argument's host copy according to its initialiser.
void initHost(Arg &arg, uint64_t seed);

/// The buffer `--out IDX` writes: --arg IDX's, or the own buffer of a
/// descriptor --arg IDX; null if it has none.
Arg *findOutBuffer(std::vector<Arg> &args, int specIndex);
} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_KERNELARGS_H

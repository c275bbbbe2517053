//===- TensorDescriptors.h - TMA descriptor arguments -----------*- C++ -*-===//
//
// `--arg desc:...` passes what a !tt.tensordesc parameter takes in Triton's
// ABI: a CUtensorMap that cuTensorMapEncodeTiled fills, then the tensor's
// shape and strides. The spec is parsed first, completed from the kernel's
// tensordesc_meta and checked against TMA's limits before any GPU is
// touched; the map is encoded once its buffer has a device address.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_TENSORDESCRIPTORS_H
#define TILE_TOOLS_TILE_RUN_TENSORDESCRIPTORS_H

#include "tools/tile-run/CudaDriver.h"
#include "tools/tile-run/KernelArgs.h"
#include "tools/tile-run/KernelInfo.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tile::run {
/// What a `--arg desc:...` says: the tensor a kernel's !tt.tensordesc
/// parameter describes and how to encode its CUtensorMap. Triton's ABI
/// passes the map by value (128 bytes), then the tensor's shape (one i32
/// per dimension) and strides (one i64 each), outermost first.
struct DescriptorSpec {
  std::string spec;
  int bufferSpec = -1; // `@N`: the buffer of --arg N; else `ownBuffer`
  Arg ownBuffer;
  std::vector<long long> shape, strides; // elements, outermost first
  std::vector<long long> box;            // empty: the metadata's block_size
  int swizzleBytes = -1;                 // -1: the metadata's
  int mapType = -1;                      // the driver's number; -1: derived
  bool nanFill = false;
  // Resolved against the kernel's metadata (resolveDescriptors).
  int index = 0; // among the kernel's descriptor parameters
  const Arg *buffer = nullptr;
  std::vector<unsigned char> mapStorage = std::vector<unsigned char>(128 + 64);

  /// The 128-byte CUtensorMap, 64-byte aligned as cuda.h declares it.
  void *map() {
    uintptr_t p = reinterpret_cast<uintptr_t>(mapStorage.data());
    return reinterpret_cast<void *>((p + 63) & ~uintptr_t(63));
  }
};

/// Parses `desc:@N:SHAPE[:KEY=VALUE...]` or
/// `desc:TYPE:INIT:SHAPE[:KEY=VALUE...]` into a Descriptor arg and the
/// shape and stride Scalars that follow it.
void appendDescriptorArgs(std::vector<Arg> &args, const std::string &spec,
                          int specIndex);

/// Completes every descriptor from the kernel's `tensordesc_meta` (its
/// i-th entry is the i-th descriptor parameter's) and checks it against
/// what TMA takes; exits with a message naming the --arg and the limit.
void resolveDescriptors(const KernelInfo &info, std::vector<Arg> &args);

/// Prints what a descriptor argument encodes and passes, on any machine.
void noteDescriptor(const Arg &a);

/// Encodes a descriptor's tensor map at the address of its tensor.
void encodeDescriptor(const cuda::Driver &drv, DescriptorSpec &d);
} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_TENSORDESCRIPTORS_H

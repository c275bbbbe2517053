//===- KernelInfo.h - What the launch needs from KERNEL.json ----*- C++ -*-===//
//
// KERNEL.json carries Triton's metadata keys (name, num_warps, num_ctas,
// num_stages, shared, target, global scratch, tensordesc_meta) and tile's
// `params` list, against which tile-run checks the --arg list.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_KERNELINFO_H
#define TILE_TOOLS_TILE_RUN_KERNELINFO_H

#include <string>
#include <vector>

namespace tile::run {
/// One kernel parameter as tile's metadata lists it.
struct Param {
  std::string name;
  std::string type; // MLIR spelling: "!tt.ptr<f32>", "i32", ...
};

/// One entry of KERNEL.json's `tensordesc_meta` (Triton's): how the
/// launcher encodes the tensor map of a descriptor parameter.
struct TensorDescMeta {
  std::vector<long long> blockSize; // the TMA box, outermost first
  int elemSize = 0;                 // bytes
  int elemType = 0;                 // Triton's numbering (see toDriverType)
  int swizzle = 0;                  // CU_TENSOR_MAP_SWIZZLE_*: 0..3
  bool fp4Padded = false;
};

/// What the launch needs from KERNEL.json.
struct KernelInfo {
  std::string name;
  int numWarps = 4;
  int numCtas = 1;
  int numStages = 0;
  long long shared = 0;
  std::string backend = "cuda";
  int arch = 0;
  int warpSize = 32;
  bool hasParams = false;
  std::vector<Param> params;
  /// Bytes of global scratch per program (Triton's global_scratch_size) and
  /// their alignment: device-side tensor maps live there.
  long long globalScratchSize = 0;
  long long globalScratchAlign = 1;
  std::vector<TensorDescMeta> tensorDescMeta;
};

/// Reads and checks KERNEL.json; exits with a message naming the file and
/// the key on bad input.
KernelInfo readKernelInfo(const std::string &path);
} // namespace tile::run

#endif // TILE_TOOLS_TILE_RUN_KERNELINFO_H

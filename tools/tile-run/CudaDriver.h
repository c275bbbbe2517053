//===- CudaDriver.h - The few CUDA driver API declarations tile needs -----===//
//
// tile-run links neither libLLVM nor libMLIR nor the CUDA toolkit: it loads
// libcuda.so.1 with dlopen at run time, so it builds on machines without a
// GPU or a CUDA installation. This header declares, by hand, the handful of
// driver API types, enums and function signatures it uses, with the values
// of cuda.h (CUDA 12/13; these are stable ABI). The fake driver used by the
// lit tests (FakeCuda.cpp) implements the same signatures.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TILE_RUN_CUDADRIVER_H
#define TILE_TOOLS_TILE_RUN_CUDADRIVER_H

#include <cstddef>
#include <cstdint>

namespace tile {
namespace cuda {
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUjit_option = int;

/// Result codes tile-run distinguishes (cuda.h's CUresult values).
enum : CUresult {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_STUB_LIBRARY = 34,
  CUDA_ERROR_INSUFFICIENT_DRIVER = 35,
  CUDA_ERROR_NOT_FOUND = 500,
};

/// cuDeviceGetAttribute attributes (CUdevice_attribute).
enum : int {
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
};

/// cuFuncSetAttribute attributes (CUfunction_attribute).
enum : int { CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8 };

/// cuModuleLoadDataEx options (CUjit_option).
enum : CUjit_option {
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
};

/// cuTensorMapEncodeTiled enums (CUtensorMapInterleave, CUtensorMapL2promotion,
/// CUtensorMapFloatOOBfill); data types and swizzles are plain numbers.
enum : int {
  CU_TENSOR_MAP_INTERLEAVE_NONE = 0,
  CU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2,
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0,
  CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA = 1,
};

/// cuEventCreate flags.
enum : unsigned { CU_EVENT_DEFAULT = 0 };

/// The driver entry points, resolved from libcuda.so.1 by name. The `_v2`
/// suffixes are the symbols cuda.h's macros map the plain names to.
struct Driver {
  CUresult (*cuInit)(unsigned flags) = nullptr;
  CUresult (*cuGetErrorName)(CUresult, const char **) = nullptr;
  CUresult (*cuGetErrorString)(CUresult, const char **) = nullptr;
  CUresult (*cuDriverGetVersion)(int *) = nullptr;
  CUresult (*cuDeviceGetCount)(int *) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice *, int ordinal) = nullptr;
  CUresult (*cuDeviceGetName)(char *, int len, CUdevice) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int *, int attrib, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice) = nullptr; // _v2
  CUresult (*cuCtxSetCurrent)(CUcontext) = nullptr;
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *image,
                                 unsigned numOptions, CUjit_option *options,
                                 void **optionValues) = nullptr;
  CUresult (*cuModuleUnload)(CUmodule) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule,
                                  const char *name) = nullptr;
  CUresult (*cuFuncSetAttribute)(CUfunction, int attrib, int value) = nullptr;
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t bytes) = nullptr;         // _v2
  CUresult (*cuMemFree)(CUdeviceptr) = nullptr;                          // _v2
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t) = nullptr; // _v2
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t) = nullptr;       // _v2
  CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, size_t) = nullptr;  // _v2
  CUresult (*cuLaunchKernel)(CUfunction, unsigned gridX, unsigned gridY,
                             unsigned gridZ, unsigned blockX, unsigned blockY,
                             unsigned blockZ, unsigned sharedBytes, CUstream,
                             void **kernelParams, void **extra) = nullptr;
  CUresult (*cuEventCreate)(CUevent *, unsigned flags) = nullptr;
  CUresult (*cuEventDestroy)(CUevent) = nullptr; // _v2
  CUresult (*cuEventRecord)(CUevent, CUstream) = nullptr;
  CUresult (*cuEventSynchronize)(CUevent) = nullptr;
  /// CUDA_SUCCESS once the event has completed, CUDA_ERROR_NOT_READY before.
  CUresult (*cuEventQuery)(CUevent) = nullptr;
  CUresult (*cuEventElapsedTime)(float *ms, CUevent start,
                                 CUevent end) = nullptr;
  /// Null when the driver lacks it (before CUDA 12): only TMA descriptor
  /// arguments need it. Dimensions innermost first; strides in bytes.
  CUresult (*cuTensorMapEncodeTiled)(
      void *tensorMap, int dataType, unsigned rank, void *globalAddress,
      const uint64_t *globalDim, const uint64_t *globalStrides,
      const uint32_t *boxDim, const uint32_t *elementStrides, int interleave,
      int swizzle, int l2Promotion, int oobFill) = nullptr;
};
} // namespace cuda
} // namespace tile

#endif // TILE_TOOLS_TILE_RUN_CUDADRIVER_H

/* A stand-in for CUDA's cuda.h, with only what tile-aot's launchers and the
 * test programs use, so that tile-aot.test compiles and runs the launchers
 * on a machine without the CUDA toolkit, against the stand-in driver
 * libtile-fake-cuda.so. Names, types and values are the driver API's;
 * tile-aot-cuda-h.test compiles the same code against the real header where
 * the toolkit is installed. */
#ifndef TILE_TEST_STAND_IN_CUDA_H
#define TILE_TEST_STAND_IN_CUDA_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_NO_DEVICE = 100
} CUresult;

typedef enum CUfunction_attribute_enum {
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
} CUfunction_attribute;

typedef enum CUjit_option_enum { CU_JIT_MAX_REGISTERS = 0 } CUjit_option;

typedef unsigned long long CUdeviceptr;
typedef struct CUstream_st *CUstream;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;

CUresult cuInit(unsigned int flags);
CUresult cuGetErrorName(CUresult error, const char **name);
CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
                            unsigned int numOptions, CUjit_option *options,
                            void **optionValues);
CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                             const char *name);
CUresult cuModuleUnload(CUmodule module);
CUresult cuFuncSetAttribute(CUfunction function, CUfunction_attribute attrib,
                            int value);
CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                        unsigned int gridDimY, unsigned int gridDimZ,
                        unsigned int blockDimX, unsigned int blockDimY,
                        unsigned int blockDimZ, unsigned int sharedMemBytes,
                        CUstream hStream, void **kernelParams, void **extra);

#ifdef __cplusplus
}
#endif

#endif /* TILE_TEST_STAND_IN_CUDA_H */

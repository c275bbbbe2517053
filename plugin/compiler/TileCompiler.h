/*===- TileCompiler.h - tile's in-process compiler: the C API ----*- C -*-===*\
|*                                                                            *|
|* The stable contract of libtile-compiler.so: Triton IR (TTIR, or TTGIR) in, *|
|* every stage's text, PTX, Triton's launch metadata (JSON) and diagnostics   *|
|* with their source locations out, in one call and in the calling process.  *|
|* Plain C types only, so that ctypes, cffi or a C program can use it.        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_COMPILER_H
#define TILE_COMPILER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Raised when a struct or function of this header changes incompatibly;
 * tile_api_version() says which one the library implements. */
#define TILE_COMPILER_API_VERSION 1

/* The stages whose text a compile can keep, in compilation order. */
typedef enum tile_stage {
  TILE_STAGE_TTIR = 0,      /* TTIR after tile's ttir pipeline */
  TILE_STAGE_TTGIR = 1,     /* TritonGPU IR after the ttgir pipeline */
  TILE_STAGE_LLVM_MLIR = 2, /* the LLVM + NVVM dialect module (llir pipeline) */
  TILE_STAGE_LLIR = 3,      /* LLVM IR, libdevice linked, after -O3 */
  TILE_STAGE_PTX = 4,       /* PTX from LLVM's NVPTX back end */
  TILE_NUM_STAGES = 5
} tile_stage;

/* Compile options. Fill with tile_options_init, then set what differs. */
typedef struct tile_options {
  /* "cuda:80", "cuda:86", "cuda:89" or "cuda:90". A TTGIR module's own
   * ttg.target wins; an explicit different target is an error. */
  const char *target;
  int32_t num_warps;          /* warps per program: 1, 2, 4, 8, 16 or 32 */
  int32_t num_stages;         /* software-pipelining stages (1: none) */
  int32_t num_ctas;           /* CTAs per cluster: tile supports 1 */
  int32_t maxnreg;            /* registers per thread (.maxnreg); 0: no limit */
  int32_t enable_fp_fusion;   /* nonzero: a*b+c may become one fma */
  int32_t enable_reflect_ftz; /* nonzero: libdevice flushes denormals */
  int32_t line_info;          /* nonzero: .loc lines from source locations */
  /* PTX ISA version of the output (87 means 8.7); 0: tile's default (8.0,
   * or 8.7 for kernels that build tensor maps on the device). */
  int32_t ptx_version;
  /* libdevice.10.bc, linked when the kernel calls __nv_* functions; NULL or
   * "": such a kernel fails to compile. */
  const char *libdevice_path;
  /* Bit (1u << stage) set: keep that stage's text in the result. */
  uint32_t keep_stages;
} tile_options;

/* The defaults: cuda:90, 4 warps, 3 stages, 1 CTA, no maxnreg, fp fusion,
 * reflect-ftz and line info on, tile's PTX version, no libdevice, keep the
 * PTX only. */
void tile_options_init(tile_options *options);

/* The API version this library implements (TILE_COMPILER_API_VERSION). */
int32_t tile_api_version(void);

/* tile's version and the LLVM it was built with, e.g. "0.4.0 (LLVM 22.1.8)". */
const char *tile_version(void);

/* The outcome of one compile; owned by the caller. */
typedef struct tile_result tile_result;

/* Compiles one module: `ir` (not necessarily NUL-terminated, `ir_size`
 * bytes) is TTIR, or TTGIR when its module has ttg.num-warps;
 * `source_name` names it in diagnostics (NULL: "<input>"). Never returns
 * NULL except when memory runs out.
 *
 * Thread safety: concurrent calls are safe. Every call owns its MLIR and
 * LLVM contexts; the process-wide state (registered passes, the NVPTX
 * target, two NVPTX code generation flags) is set up once, by the first
 * call, under a lock. */
tile_result *tile_compile(const char *ir, size_t ir_size,
                          const char *source_name, const tile_options *options);

/* Nonzero when the compile produced PTX. */
int32_t tile_result_succeeded(const tile_result *result);

/* Where a failed compile stopped: "options", "parse", "ttir", "ttgir",
 * "llir" or "ptx" (Triton's stage names); "" on success. */
const char *tile_result_failed_stage(const tile_result *result);

/* The first error as one line, "FILE:LINE:COL: message" where the error has
 * a source location; "" on success. */
const char *tile_result_error(const tile_result *result);

/* Every diagnostic, as a JSON array of objects with the keys "severity"
 * ("error", "warning", "remark", "note"), "message", "stage", and "file",
 * "line", "column" where the diagnostic has a source location. */
const char *tile_result_diagnostics_json(const tile_result *result);

/* The kernel's name (its public tt.func); "" when the input did not parse. */
const char *tile_result_kernel_name(const tile_result *result);

/* Triton's launch metadata as a JSON object: name, num_warps (the launch
 * block's warps, after warp specialization), num_ctas, shared, tmem_size,
 * global_scratch_size/_align, profile_scratch_size/_align,
 * tensordesc_meta, ptx_version; "{}" when the compile failed. */
const char *tile_result_metadata_json(const tile_result *result);

/* The text of `stage`, NUL-terminated, its length in `*size` (when `size`
 * is not NULL); NULL when the stage was not kept or not reached. */
const char *tile_result_stage(const tile_result *result, tile_stage stage,
                              size_t *size);

/* Frees a result; NULL is ignored. */
void tile_result_destroy(tile_result *result);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* TILE_COMPILER_H */

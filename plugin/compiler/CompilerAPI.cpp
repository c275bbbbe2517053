//===- CompilerAPI.cpp - The C entry points of libtile-compiler.so --------===//
//
// TileCompiler.h's functions over Compilation.h: C types in and out, no
// exception or C++ type crosses the boundary.
//
//===----------------------------------------------------------------------===//

#include "plugin/compiler/Compilation.h"
#include "plugin/compiler/TileCompiler.h"

#include "dialects/ttg/TargetOptions.h"

#include "llvm/Config/llvm-config.h"

#include <new>

using namespace mlir::tile;

/// The C handle of a compile's outcome.
struct tile_result {
  compiler::CompileOutcome outcome;
};

#define TILE_EXPORT extern "C" __attribute__((visibility("default")))

TILE_EXPORT void tile_options_init(tile_options *options) {
  if (!options)
    return;
  *options = tile_options();
  options->target = nullptr; // ttg::kDefaultTarget
  options->num_warps = ttg::kDefaultNumWarps;
  options->num_stages = ttg::kDefaultNumStages;
  options->num_ctas = ttg::kDefaultNumCTAs;
  options->maxnreg = 0;
  options->enable_fp_fusion = 1;
  options->enable_reflect_ftz = 1;
  options->line_info = ttg::kDefaultLineInfo;
  options->ptx_version = 0;
  options->libdevice_path = nullptr;
  options->keep_stages = 1u << TILE_STAGE_PTX;
}

TILE_EXPORT int32_t tile_api_version(void) { return TILE_COMPILER_API_VERSION; }

TILE_EXPORT const char *tile_version(void) {
  return TILE_VERSION " (LLVM " LLVM_VERSION_STRING ")";
}

TILE_EXPORT tile_result *tile_compile(const char *ir, size_t ir_size,
                                      const char *source_name,
                                      const tile_options *options) {
  auto *result = new (std::nothrow) tile_result();
  if (!result)
    return nullptr;
  tile_options defaults;
  if (!options) {
    tile_options_init(&defaults);
    options = &defaults;
  }
  result->outcome =
      compiler::compile(llvm::StringRef(ir ? ir : "", ir ? ir_size : 0),
                        source_name ? source_name : "<input>", *options);
  return result;
}

TILE_EXPORT int32_t tile_result_succeeded(const tile_result *result) {
  return result && result->outcome.succeeded;
}

TILE_EXPORT const char *tile_result_failed_stage(const tile_result *result) {
  return result ? result->outcome.failedStage.c_str() : "";
}

TILE_EXPORT const char *tile_result_error(const tile_result *result) {
  return result ? result->outcome.error.c_str() : "";
}

TILE_EXPORT const char *
tile_result_diagnostics_json(const tile_result *result) {
  return result ? result->outcome.diagnosticsJSON.c_str() : "[]";
}

TILE_EXPORT const char *tile_result_kernel_name(const tile_result *result) {
  return result ? result->outcome.kernelName.c_str() : "";
}

TILE_EXPORT const char *tile_result_metadata_json(const tile_result *result) {
  return result ? result->outcome.metadataJSON.c_str() : "{}";
}

TILE_EXPORT const char *tile_result_stage(const tile_result *result,
                                          tile_stage stage, size_t *size) {
  if (size)
    *size = 0;
  if (!result || stage < 0 || stage >= TILE_NUM_STAGES)
    return nullptr;
  const std::optional<std::string> &text = result->outcome.stages[stage];
  if (!text)
    return nullptr;
  if (size)
    *size = text->size();
  return text->c_str();
}

TILE_EXPORT void tile_result_destroy(tile_result *result) { delete result; }

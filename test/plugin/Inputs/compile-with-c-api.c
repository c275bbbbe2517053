/* A C program over TileCompiler.h: compiles the TTIR file it is given and
 * prints the outcome, so that the C API's contract is checked from C. */
#include "plugin/compiler/TileCompiler.h"

#include <stdio.h>
#include <stdlib.h>

static char *readFile(const char *path, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  long length = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc((size_t)length);
  *size = fread(text, 1, (size_t)length, file);
  fclose(file);
  return text;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s KERNEL.ttir TARGET [NUM_WARPS]\n", argv[0]);
    return 2;
  }
  size_t size = 0;
  char *ir = readFile(argv[1], &size);
  if (!ir) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  tile_options options;
  tile_options_init(&options);
  options.target = argv[2];
  if (argc > 3)
    options.num_warps = atoi(argv[3]);
  options.keep_stages |= 1u << TILE_STAGE_TTGIR;
  printf("api %d\n", tile_api_version());
  tile_result *result = tile_compile(ir, size, argv[1], &options);
  free(ir);
  printf("succeeded %d\n", tile_result_succeeded(result));
  printf("kernel %s\n", tile_result_kernel_name(result));
  printf("failed-stage '%s'\n", tile_result_failed_stage(result));
  printf("error '%s'\n", tile_result_error(result));
  printf("metadata %s\n", tile_result_metadata_json(result));
  printf("diagnostics %s\n", tile_result_diagnostics_json(result));
  size_t ptxSize = 0;
  const char *ptx = tile_result_stage(result, TILE_STAGE_PTX, &ptxSize);
  printf("ptx-bytes %s\n", ptx && ptxSize > 0 ? "some" : "none");
  printf("ttgir %s\n",
         tile_result_stage(result, TILE_STAGE_TTGIR, NULL) ? "kept" : "none");
  printf("llir %s\n",
         tile_result_stage(result, TILE_STAGE_LLIR, NULL) ? "kept" : "none");
  if (ptx)
    fputs(ptx, stderr);
  int ok = tile_result_succeeded(result);
  tile_result_destroy(result);
  tile_result_destroy(NULL);
  return ok ? 0 : 1;
}

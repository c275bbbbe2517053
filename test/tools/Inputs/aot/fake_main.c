/* Drives tile-aot's launchers against the stand-in driver
 * (libtile-fake-cuda.so): its "device" memory is host memory, so host
 * pointers are passed as CUdeviceptr, and it computes a launched kernel named
 * add* on the host. Prints what each call picks and returns; the test
 * checks the lines. */
#include "add_kernel.h"
#include "matmul_kernel.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static CUdeviceptr dev(const float *p) { return (CUdeviceptr)(uintptr_t)p; }

/* Launches the add through the dispatcher and checks out = x + y. */
static int add(const char *what, float *x, float *y, float *out, int n) {
  int i, bad = 0;
  CUresult r;
  for (i = 0; i < n; ++i) {
    x[i] = (float)i;
    y[i] = 0.5f * (float)i;
    out[i] = -1.0f;
  }
  printf("%s: select %d\n", what,
         select_add_kernel(dev(x), dev(y), dev(out), n));
  r = add_kernel(NULL, dev(x), dev(y), dev(out), n);
  for (i = 0; i < n; ++i)
    bad += out[i] != 1.5f * (float)i;
  printf("%s: result %d, %d of %d elements wrong\n", what, (int)r, bad, n);
  return r != CUDA_SUCCESS || bad;
}

int main(void) {
  enum { N = 4096 };
  /* malloc gives 16-byte aligned memory on glibc; +1 element breaks it. */
  float *x = malloc((N + 1) * sizeof(float));
  float *y = malloc((N + 1) * sizeof(float));
  float *out = malloc((N + 1) * sizeof(float));
  int failed = 0;
  CUresult r;
  /* The stand-in driver logs to stderr: keep the two in order. */
  setvbuf(stdout, NULL, _IONBF, 0);
  r = cuInit(0);
  if (r != CUDA_SUCCESS) {
    printf("cuInit: %d\n", (int)r);
    return 1;
  }
  failed |= add("aligned, n 4096", x, y, out, N);
  failed |= add("aligned, n 4001", x, y, out, 4001);
  failed |= add("x misaligned", x + 1, y, out, N);
  /* An empty grid launches nothing and succeeds. */
  printf("n 0: result %d\n",
         (int)add_kernel(NULL, dev(x), dev(y), dev(out), 0));
  /* A size that makes a negative grid is refused, nothing launched. */
  printf("n -5000: result %d\n",
         (int)add_kernel(NULL, dev(x), dev(y), dev(out), -5000));

  /* The matmul needs more than 48 KiB of shared memory: loading it opts in.
   * Its unit strides are specialized (:1); the stand-in driver only logs the
   * launch and its grid, cdiv(M, 128) * cdiv(N, 256). Arguments: a, b, c,
   * M, N, K, s_am, s_ak, s_bk, s_bn, s_cm, s_cn. */
  printf("matmul load: %d\n", (int)load_matmul_kernel());
  printf("matmul: select %d\n",
         select_matmul_kernel(dev(x), dev(y), dev(out), 512, 1024, 64, 64, 1,
                              1024, 1, 1024, 1));
  printf("matmul: result %d\n",
         (int)matmul_kernel(NULL, dev(x), dev(y), dev(out), 512, 1024, 64, 64,
                            1, 1024, 1, 1024, 1));
  printf("matmul s_ak 2: select %d, result %d\n",
         select_matmul_kernel(dev(x), dev(y), dev(out), 512, 1024, 64, 64, 2,
                              1024, 1, 1024, 1),
         (int)matmul_kernel(NULL, dev(x), dev(y), dev(out), 512, 1024, 64, 64,
                            2, 1024, 1, 1024, 1));
  printf("unload: %d %d\n", (int)unload_add_kernel(),
         (int)unload_matmul_kernel());
  free(x);
  free(y);
  free(out);
  return failed;
}

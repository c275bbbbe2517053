/* Runs Triton's corpus add, softmax and matmul from C, through the launchers
 * that tools/tile-aot wrote (examples/aot/generate.sh), and checks every
 * result against the CPU. Needs only the CUDA driver: run.sh builds it with
 * the system C compiler and links libcuda.
 *
 * Prints one line per check and PASS or FAIL last; the exit status is 0 only
 * for PASS. */
#include "add_kernel.h"
#include "matmul_kernel.h"
#include "softmax_kernel.h"

#include <cuda.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static const char *errorName(CUresult r) {
  const char *s = NULL;
  if (cuGetErrorName(r, &s) != CUDA_SUCCESS || !s)
    return "an unknown CUresult";
  return s;
}

/* Prints one check, `ok` or `FAIL`, and counts the failures. */
static void report(int ok, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("%s ", ok ? "ok  " : "FAIL");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  failures += !ok;
}

/* A driver call that must succeed; on failure the run cannot go on. */
#define CHECK_CU(call)                                                         \
  do {                                                                         \
    CUresult r_ = (call);                                                      \
    if (r_ != CUDA_SUCCESS) {                                                  \
      report(0, "%s: %s", #call, errorName(r_));                               \
      return 1;                                                                \
    }                                                                          \
  } while (0)

/* Uniform in [-1, 1), from a fixed-seed LCG: the run is reproducible. */
static float uniform(uint32_t *state) {
  *state = *state * 1664525u + 1013904223u;
  return (float)(*state >> 8) / (float)(1u << 23) - 1.0f;
}

/*===-------------------------------------------------------------------===*/
/* The vector add: two specializations behind one dispatcher               */
/*===-------------------------------------------------------------------===*/

/* out = x + y over n elements; x starts `shift` floats into its buffer, so a
 * shift of 1 breaks the 16-byte alignment the hinted code assumes. */
static int addCase(const char *what, int n, int shift, int wantSelect) {
  size_t bytes = (size_t)(n + shift) * sizeof(float);
  float *x = malloc(bytes), *y = malloc(bytes), *out = malloc(bytes);
  CUdeviceptr dx, dy, dout;
  uint32_t seed = 1;
  int i, bad = 0, picked;
  CUresult r;
  for (i = 0; i < n + shift; ++i) {
    x[i] = uniform(&seed);
    y[i] = uniform(&seed);
  }
  CHECK_CU(cuMemAlloc(&dx, bytes));
  CHECK_CU(cuMemAlloc(&dy, bytes));
  CHECK_CU(cuMemAlloc(&dout, bytes));
  CHECK_CU(cuMemcpyHtoD(dx, x, bytes));
  CHECK_CU(cuMemcpyHtoD(dy, y, bytes));
  CHECK_CU(cuMemsetD8(dout, 0, bytes));
  dx += (CUdeviceptr)shift * sizeof(float);
  picked = select_add_kernel(dx, dy, dout, n);
  r = add_kernel(NULL, dx, dy, dout, n);
  if (r == CUDA_SUCCESS)
    r = cuCtxSynchronize();
  if (r == CUDA_SUCCESS)
    r = cuMemcpyDtoH(out, dout, bytes);
  for (i = 0; r == CUDA_SUCCESS && i < n; ++i)
    bad += out[i] != x[i + shift] + y[i];
  report(r == CUDA_SUCCESS && bad == 0 && picked == wantSelect,
         "add %s: n %d, specialization %d (want %d), %s, %d wrong", what, n,
         picked, wantSelect, errorName(r), bad);
  cuMemFree(dx - (CUdeviceptr)shift * sizeof(float));
  cuMemFree(dy);
  cuMemFree(dout);
  free(x);
  free(y);
  free(out);
  return 0;
}

static int testAdd(void) {
  return addCase("aligned", 1 << 20, 0, 0) ||
         addCase("odd size", (1 << 20) + 3, 0, 1) ||
         addCase("misaligned x", 1 << 20, 1, 1) ||
         addCase("one element", 1, 0, 1);
}

/*===-------------------------------------------------------------------===*/
/* The softmax: the grid (one program a row) is the caller's               */
/*===-------------------------------------------------------------------===*/

static int softmaxCase(const char *what, int rows, int cols, int stride,
                       int wantSelect) {
  size_t count = (size_t)rows * stride, bytes = count * sizeof(float);
  float *in = malloc(bytes), *out = malloc(bytes);
  CUdeviceptr din, dout;
  uint32_t seed = 7;
  int row, col, bad = 0, picked;
  double worst = 0;
  size_t i;
  CUresult r;
  for (i = 0; i < count; ++i)
    in[i] = 4.0f * uniform(&seed);
  CHECK_CU(cuMemAlloc(&din, bytes));
  CHECK_CU(cuMemAlloc(&dout, bytes));
  CHECK_CU(cuMemcpyHtoD(din, in, bytes));
  /* Past n_cols the kernel must write nothing: fill with a marker. */
  CHECK_CU(cuMemsetD8(dout, 0xff, bytes));
  picked = select_softmax_kernel(dout, din, stride, stride, cols);
  r = softmax_kernel(NULL, (unsigned)rows, 1, 1, dout, din, stride, stride,
                     cols);
  if (r == CUDA_SUCCESS)
    r = cuCtxSynchronize();
  if (r == CUDA_SUCCESS)
    r = cuMemcpyDtoH(out, dout, bytes);
  for (row = 0; r == CUDA_SUCCESS && row < rows; ++row) {
    const float *x = in + (size_t)row * stride, *y = out + (size_t)row * stride;
    double max = -INFINITY, sum = 0;
    for (col = 0; col < cols; ++col)
      max = x[col] > max ? x[col] : max;
    for (col = 0; col < cols; ++col)
      sum += exp(x[col] - max);
    for (col = 0; col < cols; ++col) {
      double want = exp(x[col] - max) / sum, err = fabs(y[col] - want);
      worst = err / want > worst ? err / want : worst;
      bad += err > 1e-4 * want + 1e-7;
    }
    for (; col < stride; ++col) {
      uint32_t bits;
      memcpy(&bits, &y[col], sizeof bits);
      bad += bits != 0xffffffffu;
    }
  }
  report(r == CUDA_SUCCESS && bad == 0 && picked == wantSelect,
         "softmax %s: %dx%d (stride %d), specialization %d (want %d), %s, "
         "%d wrong, worst relative error %.2g",
         what, rows, cols, stride, picked, wantSelect, errorName(r), bad,
         worst);
  cuMemFree(din);
  cuMemFree(dout);
  free(in);
  free(out);
  return 0;
}

static int testSoftmax(void) {
  return softmaxCase("aligned", 256, 4000, 4000, 0) ||
         softmaxCase("odd stride", 100, 1000, 1003, 1) ||
         softmaxCase("full block", 64, 4096, 4096, 0);
}

/*===-------------------------------------------------------------------===*/
/* The matmul: fp16, 147456 B of shared memory, unit strides specialized   */
/*===-------------------------------------------------------------------===*/

/* IEEE half <-> float, round to nearest even (no NaN inputs here). */
static uint16_t toHalf(float f) {
  uint32_t x, sign, mant;
  int exp;
  memcpy(&x, &f, sizeof x);
  sign = (x >> 16) & 0x8000u;
  exp = (int)((x >> 23) & 0xff) - 127 + 15;
  mant = x & 0x7fffffu;
  if (exp >= 31)
    return (uint16_t)(sign | 0x7c00u);
  if (exp <= 0) {
    /* Subnormal or zero: shift the implicit one in, then round. */
    uint32_t m = mant | 0x800000u, shift = (uint32_t)(14 - exp), half;
    if (shift > 24)
      return (uint16_t)sign;
    half = 1u << (shift - 1);
    m = (m + half - 1 + ((m >> shift) & 1)) >> shift;
    return (uint16_t)(sign | m);
  }
  mant = mant + 0xfffu + ((mant >> 13) & 1);
  if (mant & 0x800000u) {
    mant = 0;
    ++exp;
    if (exp >= 31)
      return (uint16_t)(sign | 0x7c00u);
  }
  return (uint16_t)(sign | ((uint32_t)exp << 10) | (mant >> 13));
}

static float fromHalf(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ffu, x;
  float f;
  if (exp == 0) {
    f = ldexpf((float)mant, -24);
    return sign ? -f : f;
  }
  x = sign | ((exp == 31 ? 255 : exp - 15 + 127) << 23) | (mant << 13);
  memcpy(&f, &x, sizeof f);
  return f;
}

static int matmulCase(int M, int N, int K) {
  size_t sa = (size_t)M * K, sb = (size_t)K * N, sc = (size_t)M * N;
  uint16_t *a = malloc(sa * 2), *b = malloc(sb * 2), *c = malloc(sc * 2);
  float *fa = malloc(sa * sizeof(float)), *fb = malloc(sb * sizeof(float));
  CUdeviceptr da, db, dc;
  uint32_t seed = 3;
  int m, n, k, bad = 0, picked;
  double worst = 0;
  size_t i;
  CUresult r;
  /* Multiples of 1/16 in [-1, 1]: exact in fp16, so only the sum rounds. */
  for (i = 0; i < sa; ++i)
    fa[i] = fromHalf(a[i] = toHalf(floorf(16.0f * uniform(&seed)) / 16.0f));
  for (i = 0; i < sb; ++i)
    fb[i] = fromHalf(b[i] = toHalf(floorf(16.0f * uniform(&seed)) / 16.0f));
  CHECK_CU(cuMemAlloc(&da, sa * 2));
  CHECK_CU(cuMemAlloc(&db, sb * 2));
  CHECK_CU(cuMemAlloc(&dc, sc * 2));
  CHECK_CU(cuMemcpyHtoD(da, a, sa * 2));
  CHECK_CU(cuMemcpyHtoD(db, b, sb * 2));
  CHECK_CU(cuMemsetD8(dc, 0, sc * 2));
  /* a, b, c, M, N, K, s_am, s_ak, s_bk, s_bn, s_cm, s_cn: row-major. */
  picked = select_matmul_kernel(da, db, dc, M, N, K, K, 1, N, 1, N, 1);
  r = matmul_kernel(NULL, da, db, dc, M, N, K, K, 1, N, 1, N, 1);
  if (r == CUDA_SUCCESS)
    r = cuCtxSynchronize();
  if (r == CUDA_SUCCESS)
    r = cuMemcpyDtoH(c, dc, sc * 2);
  for (m = 0; r == CUDA_SUCCESS && m < M; ++m)
    for (n = 0; n < N; ++n) {
      double want = 0, err;
      for (k = 0; k < K; ++k)
        want += (double)fa[(size_t)m * K + k] * fb[(size_t)k * N + n];
      err = fabs(fromHalf(c[(size_t)m * N + n]) - want);
      worst = err > worst ? err : worst;
      bad += err > 2e-3 * fabs(want) + 1e-2;
    }
  report(r == CUDA_SUCCESS && bad == 0 && picked == 0,
         "matmul %dx%dx%d: specialization %d, %s, %d wrong, worst error %.3g",
         M, N, K, picked, errorName(r), bad, worst);
  /* A stride the specialization does not have is refused. */
  r = matmul_kernel(NULL, da, db, dc, M, N, K, K, 2, N, 1, N, 1);
  report(r == CUDA_ERROR_INVALID_VALUE,
         "matmul with s_ak 2 is refused: %s (want CUDA_ERROR_INVALID_VALUE)",
         errorName(r));
  cuMemFree(da);
  cuMemFree(db);
  cuMemFree(dc);
  free(a);
  free(b);
  free(c);
  free(fa);
  free(fb);
  return 0;
}

static int testMatmul(void) {
  return matmulCase(512, 512, 512) || matmulCase(304, 400, 208);
}

/*===-------------------------------------------------------------------===*/

int main(void) {
  CUdevice device;
  CUcontext context;
  char name[256];
  int major = 0, minor = 0;
  CUresult r;

  /* Before cuInit there is no driver to load into: a CUresult, no crash. */
  r = load_add_kernel();
  report(r != CUDA_SUCCESS, "loading before cuInit gives %s", errorName(r));

  CHECK_CU(cuInit(0));
  CHECK_CU(cuDeviceGet(&device, 0));
  CHECK_CU(cuDeviceGetName(name, sizeof name, device));
  CHECK_CU(cuDeviceGetAttribute(
      &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device));
  CHECK_CU(cuDeviceGetAttribute(
      &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device));
  printf("device 0: %s (sm_%d%d)\n", name, major, minor);
  CHECK_CU(cuDevicePrimaryCtxRetain(&context, device));
  CHECK_CU(cuCtxSetCurrent(context));

  r = load_add_kernel();
  if (r == CUDA_SUCCESS)
    r = load_softmax_kernel();
  if (r == CUDA_SUCCESS)
    r = load_matmul_kernel();
  report(r == CUDA_SUCCESS, "load: %s%s", errorName(r),
         r == CUDA_ERROR_NO_BINARY_FOR_GPU
             ? " (the cubins are for another GPU: run generate.sh with "
               "TARGET=cuda:<this GPU's sm>)"
             : "");
  if (r == CUDA_SUCCESS) {
    testAdd();
    testSoftmax();
    testMatmul();
  }
  r = unload_add_kernel();
  if (r == CUDA_SUCCESS)
    r = unload_softmax_kernel();
  if (r == CUDA_SUCCESS)
    r = unload_matmul_kernel();
  report(r == CUDA_SUCCESS, "unload: %s", errorName(r));
  cuDevicePrimaryCtxRelease(device);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}

"""Matmul, f16 inputs, f32 accumulation, mma.sync (sm_80): anchors' matmul_kernel.

BM = BN = 128, BK = 32, GM = 8, 4 warps; two of Triton's configs, "nopipe"
(1 stage) and "ampere" (4 stages, cp.async ring buffers). Ours:
bench/make_matmul_variants.py's f16 variants (hinted: M, N, K and the row
strides multiples of 16; hint-free for the rest). Triton:
bench/data/matmul_f16_{nopipe,ampere}.sm80.ptx (hinted). sm_80 only: on
sm_90 Triton uses wgmma, a family of its own.

Checked against torch (f32 matmul of the f16 inputs): max abs error within
2% of max |C| + 0.01, no NaN left in C. TFLOP/s counts 2 * M * N * K.
Baseline: torch.matmul (cuBLAS).
"""

import make_matmul_variants

from . import Family, Problem, Variant, cdiv

BM = BN = 128
STAGES = {"matmul_nopipe": 1, "matmul_ampere": 4}


class MatmulProblem(Problem):
    """C = A @ B for f16 A (M x K) and B (K x N), row-major, launched over
    one program per BM x BN tile of C; `candidates` are our variants."""

    def __init__(self, torch, candidates, bm, bn, M, N, K):
        self.torch = torch
        g = torch.Generator(device="cuda").manual_seed(M * 31 + N * 7 + K)
        self.a = torch.randn(M, K, device="cuda", dtype=torch.float16, generator=g)
        self.b = torch.randn(K, N, device="cuda", dtype=torch.float16, generator=g)
        self.c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
        self.ref = None
        self.candidates = tuple(candidates)
        self.grid = (cdiv(M, bm) * cdiv(N, bn),)
        self.args = [("ptr", self.a.data_ptr()), ("ptr", self.b.data_ptr()),
                     ("ptr", self.c.data_ptr()), ("i32", M), ("i32", N), ("i32", K),
                     ("i32", self.a.stride(0)), ("i32", self.b.stride(0)),
                     ("i32", self.c.stride(0))]
        self.work = 2.0 * M * N * K

    def reset(self):
        self.c.fill_(float("nan"))

    def check(self):
        if self.ref is None:
            self.ref = self.a.float() @ self.b.float()
        err = (self.c.float() - self.ref).abs().max().item()
        tol = 0.02 * self.ref.abs().max().item() + 1e-2
        ok = err <= tol and not self.torch.isnan(self.c).any().item()
        return ok, err, ""

    def baseline(self):
        a, b = self.a, self.b
        return lambda: self.torch.matmul(a, b)


class Matmul(Family):
    name = "matmul"
    kernels = ("matmul_nopipe", "matmul_ampere")
    targets = ("sm_80",)
    unit = "TFLOP/s"
    baseline = "cuBLAS"
    shape_help = "MxNxK, e.g. 4096x4096x4096"
    arg_types = {k: ("ptr",) * 3 + ("i32",) * 6 for k in kernels}

    def variants(self, target):
        kernel = {s: k for k, s in STAGES.items()}
        return [Variant(kernel[s], make_matmul_variants.variant_name(d, s, h),
                        lambda d=d, h=h: make_matmul_variants.variant_text(d, h), 4, s)
                for d, s, h in make_matmul_variants.VARIANTS if d == "f16"]

    def triton(self, kernel, target):
        return "matmul_f16_" + kernel.split("_")[1]

    def timed_shapes(self, kernel):
        return [(8192, 8192, 8192), (4096, 4096, 4096)]

    def check_shapes(self, kernel):
        return [(1000, 1000, 1000), (256, 384, 160), (384, 256, 4096), (128, 128, 96)]

    def random_shapes(self, rng, kernel, count):
        return [tuple(rng.choice([rng.randint(1, 600), 16 * rng.randint(1, 40)])
                      for _ in range(3)) for _ in range(count)]

    def small(self, shape):
        return tuple(min(v, 256) for v in shape)

    def problem(self, torch, kernel, shape):
        stages = STAGES[kernel]
        candidates = [make_matmul_variants.variant_name("f16", stages, hinted)
                      for hinted in (True, False)]
        return MatmulProblem(torch, candidates, BM, BN, *shape)

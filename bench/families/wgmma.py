"""Hopper wgmma kernels (sm_90) from Triton 3.6's own TTGIR.

Both sides run the same TritonGPU IR: test/corpus/NAME.ttgir, which Triton
3.6 produced for the anchors' kernels on the H100, compiled by tile (from
the llir stage on: the warpgroup dots lower to wgmma), against Triton's
PTX of it (bench/data/NAME.ptx). This measures tile's lowering of
ttng.warp_group_dot, the cp.async pipeline and the epilogue with Triton's
decisions above it; tile's own TTIR -> TTGIR path for these shapes is the
matmul family's.

  matmul_wgmma         128x256x64, 8 warps, 3 stages (matmul_f16_hopper)
  matmul_wgmma_nopipe  128x128x32, 4 warps, 1 stage  (matmul_f16_nopipe)
  attention            4 x 32 heads, D = 64, BM 128, BN 64, 4 warps, 3
                       stages (attn_fwd_f16_d64): P @ V with P in registers
  attention_ttir       the same attention from Triton's TTIR through tile's
                       own passes, on sm_90 (wgmma) and sm_80 (mma.sync)

The kernels carry Triton's tt.divisibility = 16 hints: only shapes that
keep them are run. Checked against torch (f32 matmul of the f16 inputs;
f32 softmax(Q K^T) V), max abs error within 2% of the largest
reference value + 0.01, no NaN left.
"""

from . import TARGETS, Family, Problem, Variant, cdiv, read
from .matmul import MatmulProblem

MATMUL = {"matmul_wgmma": ("matmul_f16_hopper", 128, 256, 8),
          "matmul_wgmma_nopipe": ("matmul_f16_nopipe", 128, 128, 4)}


def close_enough(torch, out, ref):
    """(ok, max abs error, note) of `out` against the f32 reference."""
    err = (out.float() - ref).abs().max().item()
    ok = err <= 0.02 * ref.abs().max().item() + 1e-2 and \
        not torch.isnan(out).any().item()
    return ok, err, ""


class Sm90Matmul(Family):
    """What the sm_90 matmul families share: their unit and baseline, and
    the shapes they check at random and under compute-sanitizer."""
    targets = ("sm_90",)
    unit = "TFLOP/s"
    baseline = "cuBLAS"
    shape_help = "MxNxK, multiples of 16, e.g. 4096x4096x4096"

    def random_shapes(self, rng, kernel, count):
        return [tuple(16 * rng.randint(1, 64) for _ in range(3)) for _ in range(count)]

    def small(self, shape):
        return tuple(min(v, 512) for v in shape)


class MatmulWgmma(Sm90Matmul):
    name = "matmul_wgmma"
    kernels = tuple(MATMUL)
    arg_types = {k: ("ptr",) * 3 + ("i32",) * 6 for k in kernels}

    def variants(self, target):
        return [Variant(kernel, stem,
                        lambda stem=stem: read(f"test/corpus/{stem}.ttgir"),
                        warps, suffix=".ttgir")
                for kernel, (stem, _, _, warps) in MATMUL.items()]

    def triton(self, kernel, target):
        return MATMUL[kernel][0]

    def timed_shapes(self, kernel):
        return [(8192, 8192, 8192), (4096, 4096, 4096)]

    def check_shapes(self, kernel):
        return [(512, 256, 1024), (1024, 512, 64), (128, 256, 4096), (1040, 784, 208)]

    def problem(self, torch, kernel, shape):
        stem, bm, bn, _ = MATMUL[kernel]
        return MatmulProblem(torch, [stem], bm, bn, *shape)


class AttentionProblem(Problem):
    BM = 128

    def __init__(self, torch, batch, heads, n, d=64, causal=False,
                 candidates=("attn_fwd_f16_d64",)):
        self.torch = torch
        g = torch.Generator(device="cuda").manual_seed(batch * 131 + heads * 17 + n)
        shape = (batch, heads, n, d)
        self.q = torch.randn(shape, device="cuda", dtype=torch.float16, generator=g)
        self.k = torch.randn(shape, device="cuda", dtype=torch.float16, generator=g)
        self.v = torch.randn(shape, device="cuda", dtype=torch.float16, generator=g)
        self.o = torch.full(shape, float("nan"), device="cuda", dtype=torch.float16)
        self.scale = 1.0 / d ** 0.5
        self.causal = causal
        self.ref = None
        self.candidates = candidates
        self.grid = (cdiv(n, self.BM), batch * heads)
        self.args = [("ptr", self.q.data_ptr()), ("ptr", self.k.data_ptr()),
                     ("ptr", self.v.data_ptr()), ("ptr", self.o.data_ptr()),
                     ("f32", self.scale), ("i32", n)]
        # A causal kernel computes half the score matrix (Triton's count).
        self.work = 4.0 * batch * heads * n * n * d * (0.5 if causal else 1.0)

    def reset(self):
        self.o.fill_(float("nan"))

    def check(self):
        if self.ref is None:
            self.ref = self.reference()
        return close_enough(self.torch, self.o, self.ref)

    def reference(self):
        """softmax(Q K^T * scale [causal mask]) V in f32, one head at a time
        (plain torch math: no library kernel whose own races or roundings
        would show up under compute-sanitizer or in the error)."""
        torch = self.torch
        batch, heads, n, _ = self.q.shape
        ref = torch.empty(self.q.shape, device="cuda", dtype=torch.float32)
        keep = torch.ones(n, n, device="cuda", dtype=torch.bool)
        if self.causal:
            keep = keep.tril()
        for b in range(batch):
            for h in range(heads):
                s = (self.q[b, h].float() @ self.k[b, h].float().t()) * self.scale
                s = s.masked_fill(~keep, float("-inf"))
                ref[b, h] = torch.softmax(s, dim=-1) @ self.v[b, h].float()
        return ref

    def baseline(self):
        sdpa = self.torch.nn.functional.scaled_dot_product_attention
        q, k, v, s, c = self.q, self.k, self.v, self.scale, self.causal
        return lambda: sdpa(q, k, v, scale=s, is_causal=c)


class Attention(Family):
    name = "attention"
    kernels = ("attn_d64",)
    targets = ("sm_90",)
    unit = "TFLOP/s"
    baseline = "torch SDPA"
    shape_help = "BxHxN (D = 64; N a multiple of 128), e.g. 4x32x4096"
    arg_types = {"attn_d64": ("ptr",) * 4 + ("f32", "i32")}

    def variants(self, target):
        return [Variant("attn_d64", "attn_fwd_f16_d64",
                        lambda: read("test/corpus/attn_fwd_f16_d64.ttgir"), 4,
                        suffix=".ttgir")]

    def triton(self, kernel, target):
        return "attn_fwd_f16_d64"

    def timed_shapes(self, kernel):
        return [(4, 32, 4096), (1, 16, 16384)]

    def check_shapes(self, kernel):
        return [(1, 1, 128), (2, 3, 512)]

    def random_shapes(self, rng, kernel, count):
        return [(rng.randint(1, 4), rng.randint(1, 8), 128 * rng.randint(1, 16))
                for _ in range(count)]

    def small(self, shape):
        return (1, 1, min(shape[2], 256))

    def problem(self, torch, kernel, shape):
        return AttentionProblem(torch, *shape)


#: tile's attention kernels from Triton's TTIR: kernel -> (stem of Triton's
#: TTIR/PTX, where the TTIR is, head dim, warps, stages, causal).
ATTENTION = {
    "attn_d64": ("attn_fwd_f16_d64", "test/corpus", 64, 4, 3, False),
    "attn_d64_causal": ("attn_causal_f16_d64", "bench/data", 64, 4, 3, True),
    "attn_d128": ("attn_fwd_f16_d128", "bench/data", 128, 8, 3, False),
    "attn_d128_causal": ("attn_causal_f16_d128", "bench/data", 128, 8, 3, True),
}


class AttentionFromTTIR(Attention):
    """Attention compiled by tile from Triton's TTIR (tile's own layouts,
    wgmma or mma.sync choice and pipeline), against Triton 3.6's PTX of the
    same kernel for sm_90a and for sm_80 (bench/dump_attention_triton.py):
    the corpus kernel, and causal and head-dim-128 (8 warps) ones."""
    name = "attention_ttir"
    kernels = tuple(ATTENTION)
    targets = ("sm_90", "sm_80")
    shape_help = "BxHxN (N a multiple of 128), e.g. 4x32x4096"
    arg_types = {k: ("ptr",) * 4 + ("f32", "i32") for k in ATTENTION}

    def variants(self, target):
        out = []
        for kernel, (stem, folder, _, warps, stages, _) in ATTENTION.items():
            path = f"{folder}/{stem}{TARGETS[target][1]}.ttir"
            out.append(Variant(kernel, stem + "_ttir",
                               lambda path=path: read(path), warps,
                               num_stages=stages))
        return out

    def triton(self, kernel, target):
        return ATTENTION[kernel][0]

    def problem(self, torch, kernel, shape):
        stem, _, d, _, _, causal = ATTENTION[kernel]
        return AttentionProblem(torch, *shape, d=d, causal=causal,
                                candidates=(stem + "_ttir",))


#: Triton 3.6's Hopper matmul configs (bench/dump_hopper_matmuls_triton.py):
#: kernel -> (stem in bench/data, operand dtype, output dtype, BM, BN, warps,
#: stages, B stored N x K).
HOPPER = {
    "hopper_f16_w8_s3": ("matmul_hopper_f16_w8_s3", "f16", "f16", 128, 256, 8, 3, False),
    "hopper_f16_w4_s4": ("matmul_hopper_f16_w4_s4", "f16", "f16", 128, 128, 4, 4, False),
    "hopper_bf16_w8_s3": ("matmul_hopper_bf16_w8_s3", "bf16", "bf16", 128, 256, 8, 3, False),
    "hopper_bf16_w4_s4": ("matmul_hopper_bf16_w4_s4", "bf16", "bf16", 128, 128, 4, 4, False),
    "hopper_fp8_w8_s3": ("matmul_hopper_fp8_w8_s3", "fp8", "f16", 128, 256, 8, 3, True),
    "hopper_tf32_w4_s3": ("matmul_hopper_tf32_w4_s3", "f32", "f32", 128, 128, 4, 3, True),
}


class HopperMatmulProblem(Problem):
    """C = A @ B with A (M x K) row-major and B either K x N row-major or
    stored N x K (K-major, as wgmma wants fp8 and tf32), C row-major in the
    output dtype; checked against torch's f32 matmul of the same (already
    rounded) inputs, relative to the largest reference value: 1e-2 for
    16-bit and tf32 operands, 3e-2 for fp8."""

    def __init__(self, torch, kernel, M, N, K):
        stem, dt, out, bm, bn, _, _, b_kmajor = HOPPER[kernel]
        types = {"f16": torch.float16, "bf16": torch.bfloat16,
                 "fp8": torch.float8_e4m3fn, "f32": torch.float32}
        self.torch = torch
        g = torch.Generator(device="cuda").manual_seed(M * 31 + N * 7 + K)
        a = torch.randn(M, K, device="cuda", generator=g)
        b = torch.randn(N, K, device="cuda", generator=g)
        self.a = a.to(types[dt])
        self.b_store = b.to(types[dt])
        b_view = self.b_store.t() if b_kmajor else self.b_store.t().contiguous()
        self.b = b_view
        self.c = torch.full((M, N), float("nan"), device="cuda", dtype=types[out])
        self.tol = 3e-2 if dt == "fp8" else 1e-2
        self.ref = None
        self.candidates = (stem,)
        self.grid = (cdiv(M, bm) * cdiv(N, bn),)
        b_stride = ("i32", self.b.stride(1) if b_kmajor else self.b.stride(0))
        self.args = [("ptr", self.a.data_ptr()), ("ptr", self.b.data_ptr()),
                     ("ptr", self.c.data_ptr()), ("i32", M), ("i32", N), ("i32", K),
                     ("i32", self.a.stride(0)), b_stride, ("i32", self.c.stride(0))]
        self.work = 2.0 * M * N * K

    def reset(self):
        self.c.fill_(float("nan"))

    def check(self):
        if self.ref is None:
            self.ref = self.a.float() @ self.b.float()
        err = (self.c.float() - self.ref).abs().max().item()
        ok = err <= self.tol * self.ref.abs().max().item() and \
            not self.torch.isnan(self.c).any().item()
        return ok, err, ""

    def baseline(self):
        a, b = self.a, self.b
        if a.dtype == self.torch.float8_e4m3fn:
            one = self.torch.ones((), device="cuda")
            bt = b.t().contiguous().t()
            return lambda: self.torch._scaled_mm(a, bt, one, one,
                                                 out_dtype=self.torch.float16)
        return lambda: self.torch.matmul(a, b)


class MatmulHopper(Sm90Matmul):
    """tile's own TTIR -> TTGIR path on sm_90: Triton 3.6's TTIR of each
    config (bench/data/STEM.ttir) compiled by tile (accelerate-matmul picks
    wgmma, the pipeliner keeps one wgmma in flight) against Triton's PTX of
    the same TTIR (bench/data/STEM.ptx)."""
    name = "matmul_hopper"
    kernels = tuple(HOPPER)
    arg_types = {k: ("ptr",) * 3 + ("i32",) * 6 for k in kernels}

    def variants(self, target):
        return [Variant(kernel, stem,
                        lambda stem=stem: read(f"bench/data/{stem}.ttir"),
                        warps, stages)
                for kernel, (stem, _, _, _, _, warps, stages, _) in HOPPER.items()]

    def triton(self, kernel, target):
        return HOPPER[kernel][0]

    def timed_shapes(self, kernel):
        if HOPPER[kernel][1] in ("fp8", "f32"):
            return [(4096, 4096, 4096)]
        return [(8192, 8192, 8192), (4096, 4096, 4096)]

    def check_shapes(self, kernel):
        return [(512, 256, 1024), (1024, 512, 128), (128, 256, 4096), (1040, 784, 208)]

    def problem(self, torch, kernel, shape):
        return HopperMatmulProblem(torch, kernel, *shape)

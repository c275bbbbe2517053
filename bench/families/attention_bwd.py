"""The attention_bwd family: a flash-attention backward in the shape of
Triton's tutorial 06 (bench/dump_attention_bwd_triton.py: one program per
128 keys of one head computes their dK and dV over blocks of 32 queries,
then dQ of 128 queries over blocks of 32 keys; 4 warps, 5 stages), head
dims 64 and 128, causal and not, compiled by tile from Triton's TTIR
against Triton 3.6's PTX of the same TTIR.

The kernel takes the forward's base-2 log-sum-exp per query row,
delta = rowsum(O * dO) and K times sm_scale * log2(e), as the tutorial's
backward does (its preprocessing kernel computes delta, its host code
scales K; here torch does both, outside the timing). Checked
against torch autograd of f32 attention, one head at a time; the work is
2.5 times the forward's 4 * B * H * N^2 * D (half that when causal), the
tutorial's count. The third column is torch's backward of
scaled_dot_product_attention (FlashAttention or cuDNN)."""

import math
import os

from . import Family, Problem, Variant, cdiv, read
from .wgmma import close_enough

#: kernel -> (stem of Triton's TTIR and PTX in bench/data, head dim, causal)
KERNELS = {
    "attn_bwd_d64": ("attn_bwd_f16_d64", 64, False),
    "attn_bwd_d64_causal": ("attn_bwd_causal_f16_d64", 64, True),
    "attn_bwd_d128": ("attn_bwd_f16_d128", 128, False),
    "attn_bwd_d128_causal": ("attn_bwd_causal_f16_d128", 128, True),
}
WARPS, STAGES = 4, 5
#: Keys per program (BN1) and queries per program (BM2): the grid's first
#: axis covers N in blocks of this many.
BLOCK = 128


class AttentionBwdProblem(Problem):
    def __init__(self, torch, batch, heads, n, d, causal, candidates):
        self.torch = torch
        self.causal = causal
        self.candidates = candidates
        g = torch.Generator(device="cuda").manual_seed(
            batch * 977 + heads * 31 + n + d)
        shape = (batch, heads, n, d)

        def randn():
            return torch.randn(shape, device="cuda", dtype=torch.float16,
                               generator=g)

        self.q, self.k, self.v, self.do = randn(), randn(), randn(), randn()
        self.scale = 1.0 / math.sqrt(d)
        self.lse = torch.empty(batch * heads * n, device="cuda",
                               dtype=torch.float32)
        self.delta = torch.empty_like(self.lse)
        self._forward()
        # The kernel reads K scaled as the exponent of exp2 wants it.
        self.k_scaled = (self.k.float() * (self.scale * math.log2(math.e))
                         ).half()
        self.grads = [torch.empty(shape, device="cuda", dtype=torch.float16)
                      for _ in range(3)]
        self.reset()
        self.ref = None
        self.grid = (cdiv(n, BLOCK), batch * heads)
        tensors = (self.q, self.k_scaled, self.v, self.do, *self.grads, self.lse,
                   self.delta)
        self.args = [("ptr", t.data_ptr()) for t in tensors] + \
                    [("f32", self.scale), ("i32", n)]
        self.work = 2.5 * 4.0 * batch * heads * n * n * d * \
            (0.5 if causal else 1.0)

    def _scores(self, q, k):
        """Scaled scores of one head in f32, masked when causal."""
        torch = self.torch
        s = (q @ k.t()) * self.scale
        if self.causal:
            n = s.shape[0]
            keep = torch.ones(n, n, device="cuda", dtype=torch.bool).tril()
            s = s.masked_fill(~keep, float("-inf"))
        return s

    def _forward(self):
        """The forward's outputs the backward reads: the base-2 log-sum-exp
        of each query row's scaled scores, and rowsum(O * dO) with O rounded
        to f16 as the forward stores it."""
        torch = self.torch
        batch, heads, n, _ = self.q.shape
        lse = self.lse.view(batch, heads, n)
        delta = self.delta.view(batch, heads, n)
        for b in range(batch):
            for h in range(heads):
                s = self._scores(self.q[b, h].float(), self.k[b, h].float())
                lse[b, h] = torch.logsumexp(s, dim=-1) * math.log2(math.e)
                o = (torch.softmax(s, dim=-1) @ self.v[b, h].float()).half()
                delta[b, h] = (o.float() * self.do[b, h].float()).sum(-1)

    def reset(self):
        for grad in self.grads:
            grad.fill_(float("nan"))

    def check(self):
        if self.ref is None:
            self.ref = self.reference()
        results = [close_enough(self.torch, out, ref)
                   for out, ref in zip(self.grads, self.ref)]
        wrong = [name for name, (ok, _, _) in zip(("dQ", "dK", "dV"), results)
                 if not ok]
        return (not wrong, max(err for _, err, _ in results),
                " ".join(wrong) + " off" if wrong else "")

    def reference(self):
        """dQ, dK, dV of f32 attention by torch autograd, one head at a
        time (plain torch math, no library attention kernel)."""
        torch = self.torch
        batch, heads, _, _ = self.q.shape
        refs = [torch.empty(self.q.shape, device="cuda", dtype=torch.float32)
                for _ in range(3)]
        for b in range(batch):
            for h in range(heads):
                q, k, v = (t[b, h].float().requires_grad_()
                           for t in (self.q, self.k, self.v))
                o = torch.softmax(self._scores(q, k), dim=-1) @ v
                grads = torch.autograd.grad(o, (q, k, v), self.do[b, h].float())
                for ref, grad in zip(refs, grads):
                    ref[b, h] = grad
        return refs

    def baseline(self):
        torch = self.torch
        q, k, v = (t.detach().clone().requires_grad_()
                   for t in (self.q, self.k, self.v))
        out = torch.nn.functional.scaled_dot_product_attention(
            q, k, v, scale=self.scale, is_causal=self.causal)
        do = self.do
        return lambda: torch.autograd.grad(out, (q, k, v), do,
                                           retain_graph=True)


class AttentionBwd(Family):
    """tile's compile of the backward from Triton's TTIR (tile's layouts,
    pipeline and lowering) against Triton 3.6's PTX of the same TTIR."""
    name = "attention_bwd"
    kernels = tuple(KERNELS)
    targets = ("sm_90",)
    unit = "TFLOP/s"
    baseline = "torch SDPA bwd"
    shape_help = "BxHxN (N a multiple of 128), e.g. 4x32x4096"
    arg_types = {k: ("ptr",) * 9 + ("f32", "i32") for k in KERNELS}

    def variants(self, target):
        return [Variant(kernel, stem + "_ttir",
                        lambda stem=stem: read(f"bench/data/{stem}.ttir"),
                        WARPS, num_stages=STAGES)
                for kernel, (stem, _, _) in KERNELS.items()]

    def triton(self, kernel, target):
        # TILE_BENCH_TRITON_BASELINE=w8: Triton's compile of the same TTIR
        # with 8 warps at head dim 128 (its 4-warp compile spills there).
        stem, head, _ = KERNELS[kernel]
        if os.environ.get("TILE_BENCH_TRITON_BASELINE") == "w8" and head == 128:
            return stem.replace("attn_bwd_", "attn_bwd_w8_")
        return stem

    def timed_shapes(self, kernel):
        return [(4, 32, 4096), (1, 16, 16384)]

    def check_shapes(self, kernel):
        return [(1, 1, 128), (2, 3, 512)]

    def random_shapes(self, rng, kernel, count):
        return [(rng.randint(1, 3), rng.randint(1, 4), 128 * rng.randint(1, 8))
                for _ in range(count)]

    def small(self, shape):
        return (1, 2, min(shape[2], 256))

    def problem(self, torch, kernel, shape):
        stem, d, causal = KERNELS[kernel]
        return AttentionBwdProblem(torch, *shape, d=d, causal=causal,
                                   candidates=(stem + "_ttir",))

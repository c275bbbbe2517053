"""Warp specialization. Kernels are in test/Inputs/language/warp_specialize/.

* Written in TTGIR (ttg.warp_specialize): a partition of 4 warps computes
  x * scale into shared memory and arrives on an mbarrier; the 4 default
  warps wait on it, add 1 and store. The kernel launches 8 warps
  (ttg.total-num-warps); the scale goes to the partition through the
  captures' shared memory.
* Automatic (nvgpu-warp-specialization): the persistent TMA matmul with
  host descriptors whose tile loop is marked tt.warp_specialize (128x128x64
  tiles, 4 warps, 3 stages): a TMA producer and two wgmma consumers of 64
  rows each, 12 warps in all. C = A @ B^T (B stored N x K) for shapes with
  partial tiles at every edge, K not a multiple of the K step, several
  tiles per program (the slot count and the barrier phases go on from one
  tile to the next), programs without a tile, and K = 0 (C is zero),
  against torch.matmul.
"""

import tilebench
from language_check import Case, mismatch


def check_scale_then_add_one(ctx):
    torch = ctx.torch
    blocks = 64
    x = torch.randn(blocks * 128, device="cuda")
    scale = torch.tensor([1.75], device="cuda")
    out = torch.full_like(x, float("nan"))
    if ctx.kernel.image.block != 256:
        return [f"launch block is {ctx.kernel.image.block} threads, want 256 "
                "(4 default + 4 partition warps)"]
    ctx.launch((blocks,), x, scale, out)
    return mismatch("out", out, x * scale + 1, rtol=1e-6)


# (M, N, K); multiples of 16 (the kernel's tt.divisibility hints), so the
# row strides are 16-byte aligned as TMA needs.
WS_MATMUL_SHAPES = [
    (128, 128, 64),
    (256, 384, 512),
    (1040, 784, 1008),
    (144, 160, 0),
    (16, 16, 16),
    (2048, 1536, 1024),
    (4096, 4096, 4096),
    (400, 2064, 208),
]
# The kernel steps its tile loop by 132 programs (one per SM of the H100).
WS_MATMUL_PROGRAMS = 132


def check_auto_ws_matmul(ctx):
    torch = ctx.torch
    if ctx.kernel.image.block != 384:
        return [f"launch block is {ctx.kernel.image.block} threads, want 384 "
                "(4 producer + 2 x 4 consumer warps)"]
    problems = []
    for m, n, k in WS_MATMUL_SHAPES:
        torch.manual_seed(m * 31 + n * 7 + k)
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(n, k, device="cuda", dtype=torch.float16)
        c = torch.full((m, n), float("nan"), device="cuda",
                       dtype=torch.float16)
        args = []
        for t in (a, b, c):
            # The descriptor, then its shape (i32) and strides (i64), as
            # Triton passes a host TensorDescriptor. An (M, 0) tensor's
            # map still needs a row stride of 16 bytes or more.
            spec = tilebench.TensorSpec.of(t)
            if k == 0 and t is not c:
                spec = tilebench.TensorSpec(t.data_ptr() or c.data_ptr(),
                                            [t.shape[0], 16], [16, 1],
                                            t.element_size())
            args += [("desc", spec), ("i32", t.shape[0]), ("i32", t.shape[1]),
                     ("i64", t.stride(0)), ("i64", t.stride(1))]
        args += [("i32", m), ("i32", n), ("i32", k)]
        ctx.launch((WS_MATMUL_PROGRAMS,), *args)
        want = torch.matmul(a.float(), b.float().t())
        problems += mismatch(f"M={m} N={n} K={k}", c.float(), want,
                             atol=2e-2, rtol=2e-3)
    return problems


CASES = [
    Case("warp_specialize_scale_then_add_one",
         "test/Inputs/language/warp_specialize/scale_then_add_one.ttgir",
         check_scale_then_add_one, target="cuda:90", num_warps=4),
    Case("warp_specialize_auto_matmul_tma_host",
         "test/Inputs/language/warp_specialize/matmul_tma_ws_host.ttir",
         check_auto_ws_matmul, target="cuda:90", num_warps=4, num_stages=3),
]

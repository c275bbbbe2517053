"""Warp specialization (ttg.warp_specialize, written in TTGIR): a partition
of 4 warps computes x * scale into shared memory and arrives on an mbarrier;
the 4 default warps wait on it, add 1 and store. The kernel launches 8
warps (ttg.total-num-warps); the scale goes to the partition through the
captures' shared memory. Kernels are in test/Inputs/language/warp_specialize/.
"""

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


CASES = [
    Case("warp_specialize_scale_then_add_one",
         "test/Inputs/language/warp_specialize/scale_then_add_one.ttgir",
         check_scale_then_add_one, target="cuda:90", num_warps=4),
]

"""Dot operands read through shared-memory views (test/Inputs/prefetch),
on sm_80 code: the output of tritongpu-prefetch (K slices of loop-carried
buffers, memdesc_subslice: each sub-tile's offset is XORed into swizzled
addresses) and of tritongpu-optimize-dot-operands (an A operand read
through a memdesc_trans view), each against torch's float64 product.

f16 inputs in [-1, 1) and f32 accumulation: the error bound is a few f32
roundings of sums of up to 32 * k_tiles products."""

from language_check import Case, mismatch

K_TILES = 4


def carried_buffers(ctx):
    torch = ctx.torch
    # One tile more than the loop multiplies: the last iteration loads it.
    a = torch.rand(K_TILES + 1, 64, 32, device="cuda").mul(2).sub(1).half()
    b = torch.rand(K_TILES + 1, 32, 64, device="cuda").mul(2).sub(1).half()
    c = torch.full((64, 64), float("nan"), device="cuda")
    ctx.launch((1,), a, b, c, ("i32", K_TILES))
    ref = sum(a[k].double() @ b[k].double() for k in range(K_TILES))
    return mismatch("C", c, ref, atol=1e-3, rtol=1e-3)


def transposed_a(ctx):
    torch = ctx.torch
    a_t = torch.rand(32, 128, device="cuda").mul(2).sub(1).half()
    b = torch.rand(32, 64, device="cuda").mul(2).sub(1).half()
    c = torch.full((128, 64), float("nan"), device="cuda")
    ctx.launch((1,), a_t, b, c)
    ref = a_t.double().t() @ b.double()
    return mismatch("C", c, ref, atol=1e-3, rtol=1e-3)


CASES = [
    # The same kernel without the pass, to tell a kernel bug from a pass bug.
    Case("dot_views_carried_plain_sm80",
         "test/Inputs/prefetch/matmul_carried_buffers.ttgir",
         carried_buffers, target="cuda:80"),
    Case("dot_views_prefetch_sm80",
         "test/Inputs/prefetch/matmul_carried_buffers_prefetched.ttgir",
         carried_buffers, target="cuda:80"),
    Case("dot_views_transposed_a_sm80",
         "test/Inputs/prefetch/matmul_transposed_a_views.ttgir",
         transposed_a, target="cuda:80"),
]

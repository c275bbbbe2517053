"""Layout choices of remove-layout-conversions that change the code:
a load of fewer elements than threads is loaded again in the layout its
user needs (here the slice of the 16x16 tile's layout, each element held
by several threads) instead of being converted to it. Kernels are in
test/Inputs/language/layouts/."""

from language_check import Case, mismatch


def check_row_bias(ctx):
    # out[i, j] = x[i, j] + bias[j] on one 16x16 tile.
    torch = ctx.torch
    x = torch.randn(16, 16, device="cuda")
    bias = torch.randn(16, device="cuda")
    out = torch.full((16, 16), float("nan"), device="cuda")
    ctx.launch((1,), x, bias, out)
    return mismatch("out", out, x + bias[None, :])


CASES = [
    Case(f"layouts_row_bias_sm{target[-2:]}",
         "test/Inputs/language/layouts/row_bias_kernel.ttir", check_row_bias,
         target=target)
    for target in ("cuda:90", "cuda:80")
]

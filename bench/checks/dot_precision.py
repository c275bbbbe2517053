"""f32 dots at each inputPrecision: tf32 (one tensor-core pass) and the
split forms of tritongpu-F32DotTC (tf32x3, bf16x3, bf16x6), one 64x64 tile
of C = A @ B with K = 256, against torch's float64 product.

The bound on max|C - ref| / max|ref| follows from the parts' precision:
tf32 keeps 10 mantissa bits (~1e-3), bf16x3 16 (~1e-5), tf32x3 and bf16x6
about f32's 24 (the f32 accumulation, ~1e-6, dominates)."""

from language_check import Case

K = 256
BOUNDS = {"tf32": 5e-3, "tf32x3": 2e-5, "bf16x3": 1e-4, "bf16x6": 2e-5}


def check_tile_dot(ctx, a, b, bound):
    """Launches the 64x64 tile kernel on `a` (64 x K) and `b` (K x 64) and
    compares C with torch's float64 product: every element written, and
    max|C - ref| / max|ref| within `bound`."""
    torch = ctx.torch
    c = torch.full((64, 64), float("nan"), device="cuda")
    ctx.launch((1,), a, b, c, ("i32", K))
    ref = a.double() @ b.double()
    if c.isnan().any():
        return ["C has NaN (unwritten or wrong)"]
    err = ((c.double() - ref).abs().max() / ref.abs().max()).item()
    if err > bound:
        return [f"relative error {err:.3g} above {bound:g}"]
    return []


def checker(precision):
    def check(ctx):
        torch = ctx.torch
        a = torch.randn(64, K, device="cuda")
        b = torch.randn(K, 64, device="cuda")
        return check_tile_dot(ctx, a, b, BOUNDS[precision])
    return check


CASES = [
    Case(f"dot_f32_{p}_sm{t}", f"test/Inputs/language/dot/dot_f32_{p}.ttir",
         checker(p), target=f"cuda:{t}", num_stages=3)
    for p in BOUNDS for t in (80, 90)
]

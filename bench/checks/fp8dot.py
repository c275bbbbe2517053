"""tt.dot of fp8 operands, one 64x64 f32 tile with K = 256 in steps of 32:
e5m2 on sm_80 (upcast to f16 for mma.sync, as Triton) and sm_90, e4m3 on
sm_90 (sm_80 has no e4m3: the pass refuses it). fp8 x fp8 products are
exact in f16 and f32, so the result differs from torch's float64 product
of the same values only by f32 accumulation. The cases are named dot_e*
(`--only dot_e`), so that `--only fp8` keeps selecting fp8.py's
conversions alone."""

from checks.dot_precision import K, check_tile_dot
from language_check import Case


def checker(fmt):
    def check(ctx):
        torch = ctx.torch
        dtype = {"e5m2": torch.float8_e5m2, "e4m3": torch.float8_e4m3fn}[fmt]
        a = torch.randn(64, K, device="cuda").to(dtype)
        b = torch.randn(K, 64, device="cuda").to(dtype)
        return check_tile_dot(ctx, a, b, 1e-5)
    return check


CASES = [
    Case(f"dot_{fmt}_sm{t}", f"test/Inputs/language/fp8dot/dot_{fmt}.ttir",
         checker(fmt), target=f"cuda:{t}", num_stages=3)
    for fmt, targets in (("e5m2", (80, 90)), ("e4m3", (90,)))
    for t in targets
]

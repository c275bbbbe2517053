"""tt.map_elementwise: a scalar body with scf.if, two results, two
elements of each operand per call (pack = 2), over 1024 elements per
program with a masked tail, checked exactly against torch."""

from language_check import Case, mismatch


def check(ctx):
    torch = ctx.torch
    n = 100_000  # not a multiple of 1024: the last program is masked
    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    out0 = torch.full((n,), float("nan"), device="cuda")
    out1 = torch.full((n,), float("nan"), device="cuda")
    ctx.launch(((n + 1023) // 1024,), x, y, out0, out1, ("i32", n))
    want0 = torch.where(x > 0, x * y, x - y)
    want1 = torch.maximum(x, y)
    return mismatch("out0", out0, want0) + mismatch("out1", out1, want1)


CASES = [
    Case(f"map_elementwise_sm{t}",
         "test/Inputs/language/map_elementwise/map_elementwise.ttir", check,
         target=f"cuda:{t}")
    for t in (80, 90)
]

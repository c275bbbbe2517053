"""Loops the ttir stage rewrites: triton-loop-unroll on a loop marked
tt.loop_unroll_factor = 4 (test/Inputs/language/loops), with row counts
that leave 0 to 3 rows to the epilogue loop, and none at all."""

from language_check import Case, mismatch

DIR = "test/Inputs/language/loops/"


def check_unrolled_row_sum(ctx):
    torch = ctx.torch
    problems = []
    for n in (0, 1, 4, 7, 64, 1001):
        x = torch.randn(max(n, 1), 128, device="cuda")
        out = torch.full((128,), float("nan"), device="cuda")
        ctx.launch((1,), x, out, ("i32", n))
        want = x[:n].double().sum(0) if n else torch.zeros(128, device="cuda")
        problems += mismatch(f"n={n}", out, want, atol=1e-3, rtol=1e-4)
    return problems


CASES = [
    Case(f"loop_unroll_row_sum_sm{t}", DIR + "unrolled_row_sum.ttir",
         check_unrolled_row_sum, target=f"cuda:{t}")
    for t in (80, 90)
]

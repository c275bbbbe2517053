"""Elementwise kernels: the bundled example, as the smallest check of the
language_check harness itself."""

from language_check import Case, mismatch


def check_add(ctx):
    torch = ctx.torch
    n = 100_000  # not a multiple of the block: the tail is masked
    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    out = torch.full((n,), float("nan"), device="cuda")
    ctx.launch(((n + 1023) // 1024,), x, y, out, ("i32", n))
    return mismatch("out", out, x + y)


CASES = [
    Case("add_kernel_sm90", "examples/add_kernel.ttir", check_add),
    Case("add_kernel_sm80", "examples/add_kernel.ttir", check_add,
         target="cuda:80"),
]

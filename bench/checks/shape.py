"""Shape ops: join, split, reshape (keeping order, and with allow_reorder),
trans of 3-D tensors, cat, tensor constants of distinct elements and
unsplat. Kernels are in test/Inputs/language/shape/; each is checked
against torch exactly (copies and integer arithmetic).

Where Triton only defines the multiset of a program's elements (reshape
with allow_reorder, cat), the kernels reduce the result and the check
compares the reductions."""

from language_check import Case, mismatch

PROGRAMS = 96  # programs per launch: more than one wave of the smaller GPUs


def _ints(ctx, n, low=-1000, high=1000):
    return ctx.torch.randint(low, high, (n,), dtype=ctx.torch.int32,
                             device="cuda")


def _full(ctx, n, dtype):
    """A tensor the kernel must overwrite entirely."""
    torch = ctx.torch
    if dtype == torch.float32:
        return torch.full((n,), float("nan"), device="cuda")
    return torch.full((n,), -12345, dtype=dtype, device="cuda")


def check_interleave(ctx):
    # out[2i] = x[i], out[2i + 1] = y[i] (join, then reshape to 1-D).
    torch = ctx.torch
    x = torch.randn(PROGRAMS * 128, device="cuda")
    y = torch.randn(PROGRAMS * 128, device="cuda")
    out = _full(ctx, PROGRAMS * 256, torch.float32)
    ctx.launch((PROGRAMS,), x, y, out)
    return mismatch("out", out, torch.stack([x, y], dim=1).flatten())


def check_deinterleave(ctx):
    # a[i] = in[2i], b[i] = in[2i + 1] (reshape to Nx2, then split).
    torch = ctx.torch
    inp = torch.randn(PROGRAMS * 256, device="cuda")
    a = _full(ctx, PROGRAMS * 128, torch.float32)
    b = _full(ctx, PROGRAMS * 128, torch.float32)
    ctx.launch((PROGRAMS,), inp, a, b)
    pairs = inp.view(-1, 2)
    return mismatch("a", a, pairs[:, 0]) + mismatch("b", b, pairs[:, 1])


def check_reshape_chain(ctx):
    # 16x32 -> 512 (+ its index) -> 4x8x16, stored row-major: the element
    # order must survive both reshapes.
    torch = ctx.torch
    x = _ints(ctx, PROGRAMS * 512)
    out = _full(ctx, PROGRAMS * 512, torch.int32)
    ctx.launch((PROGRAMS,), x, out)
    want = x.view(PROGRAMS, 512) + torch.arange(512, dtype=torch.int32,
                                                device="cuda")
    return mismatch("out", out, want.flatten())


def check_reshape_reorder(ctx):
    # allow_reorder: only the elements of a program are defined, so the
    # kernel reduces them (sum after 32x32 -> 1024, max after 32x32 -> 4x256).
    torch = ctx.torch
    x = _ints(ctx, PROGRAMS * 1024)
    total = _full(ctx, PROGRAMS, torch.int32)
    largest = _full(ctx, PROGRAMS, torch.int32)
    ctx.launch((PROGRAMS,), x, total, largest)
    rows = x.view(PROGRAMS, 1024)
    return (mismatch("sum", total, rows.sum(1).to(torch.int32)) +
            mismatch("max", largest, rows.max(1).values))


def check_permute3d(ctx):
    # A 4x8x16 tile permuted to 16x4x8 (order 2, 0, 1) and to 8x16x4
    # (order 1, 2, 0), each stored contiguously.
    torch = ctx.torch
    x = torch.randn(PROGRAMS * 512, device="cuda")
    a = _full(ctx, PROGRAMS * 512, torch.float32)
    b = _full(ctx, PROGRAMS * 512, torch.float32)
    ctx.launch((PROGRAMS,), x, a, b)
    tiles = x.view(PROGRAMS, 4, 8, 16)
    return (mismatch("a", a, tiles.permute(0, 3, 1, 2).flatten()) +
            mismatch("b", b, tiles.permute(0, 2, 3, 1).flatten()))


def check_cat_reduce(ctx):
    # cat may reorder: the kernel reduces the 256 elements (sum and min).
    torch = ctx.torch
    a = _ints(ctx, PROGRAMS * 128)
    b = _ints(ctx, PROGRAMS * 128)
    total = _full(ctx, PROGRAMS, torch.int32)
    least = _full(ctx, PROGRAMS, torch.int32)
    ctx.launch((PROGRAMS,), a, b, total, least)
    ra, rb = a.view(PROGRAMS, 128), b.view(PROGRAMS, 128)
    want_sum = (ra.sum(1) + rb.sum(1)).to(torch.int32)
    want_min = torch.minimum(ra.min(1).values, rb.min(1).values)
    return mismatch("sum", total, want_sum) + mismatch("min", least, want_min)


# The tables of the constant kernels (as written in their TTIR).
TABLE = [(i * 37) % 101 - 50 for i in range(128)]
ROW_SCALE = [3, -1, 4, -1, 5, -9, 2, 6]
LUT = [10, 20, 30, 40, 50, 60, 70, 80]


def check_constant_table(ctx):
    # out = x * dense<128 distinct values>: one element per thread, loaded
    # from the constant's table.
    torch = ctx.torch
    x = _ints(ctx, PROGRAMS * 128)
    out = _full(ctx, PROGRAMS * 128, torch.int32)
    ctx.launch((PROGRAMS,), x, out)
    table = torch.tensor(TABLE, dtype=torch.int32, device="cuda")
    return mismatch("out", out, (x.view(PROGRAMS, 128) * table).flatten())


def check_constant_small(ctx):
    # An 8x128 tile scaled by a per-row constant (the warps and registers
    # decide a thread's rows: selects on warp bits), and 8 elements plus an
    # 8-entry constant (selects on lane bits).
    torch = ctx.torch
    x = _ints(ctx, PROGRAMS * 1024)
    y = _ints(ctx, PROGRAMS * 8)
    xo = _full(ctx, PROGRAMS * 1024, torch.int32)
    yo = _full(ctx, PROGRAMS * 8, torch.int32)
    ctx.launch((PROGRAMS,), x, y, xo, yo)
    scale = torch.tensor(ROW_SCALE, dtype=torch.int32, device="cuda")
    lut = torch.tensor(LUT, dtype=torch.int32, device="cuda")
    want_x = x.view(PROGRAMS, 8, 128) * scale[None, :, None]
    want_y = y.view(PROGRAMS, 8) + lut
    return (mismatch("x", xo, want_x.flatten()) +
            mismatch("y", yo, want_y.flatten()))


def check_unsplat(ctx):
    # The sum of a 1x128 row is a 1-element tensor; unsplat makes it the
    # scalar each program stores.
    torch = ctx.torch
    x = _ints(ctx, PROGRAMS * 128)
    out = _full(ctx, PROGRAMS, torch.int32)
    ctx.launch((PROGRAMS,), x, out)
    return mismatch("out", out, x.view(PROGRAMS, 128).sum(1).to(torch.int32))


_KERNELS = [
    ("interleave", check_interleave),
    ("deinterleave", check_deinterleave),
    ("reshape_chain", check_reshape_chain),
    ("reshape_reorder", check_reshape_reorder),
    ("permute3d", check_permute3d),
    ("cat_reduce", check_cat_reduce),
    ("constant_table", check_constant_table),
    ("constant_small", check_constant_small),
    ("unsplat", check_unsplat),
]

CASES = [
    Case(f"shape_{name}_sm{target[-2:]}",
         f"test/Inputs/language/shape/{name}.ttir", check, target=target)
    for name, check in _KERNELS
    for target in ("cuda:90", "cuda:80")
]

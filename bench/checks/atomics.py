"""Atomics: tt.atomic_rmw of every kind and tt.atomic_cas, scalar and
tensor, with collisions between programs, packed f16/bf16 adds, a layout
that repeats elements across warps, a spin lock, and adds of zero (ordered
loads). The kernels are test/Inputs/language/atomics/*.ttir; each runs for
sm_80 and sm_90.

Where the programs' order decides a result, the check accepts every order:
float sums within the rounding their order allows, exchanged and swapped
values as a multiset (the old values and the final value together are the
initial value and the new ones), tickets as a permutation."""

from language_check import Case, mismatch

DIR = "test/Inputs/language/atomics/"


def problems(name, bad, describe):
    """[] when `bad` (a list of indices) is empty, else one line."""
    if not bad:
        return []
    return [f"{name}: {len(bad)} wrong; first: {describe(bad[0])}"]


# --------------------------------------------------------------------------
# Scatter-adds with collisions
# --------------------------------------------------------------------------

def check_histogram_f32(ctx):
    torch = ctx.torch
    n, bins = 100_000, 64  # not a multiple of the block: the tail is masked
    b = torch.randint(0, bins, (n,), device="cuda", dtype=torch.int32)
    w = torch.rand(n, device="cuda")
    hist = torch.zeros(bins + 16, device="cuda")  # bins past 64 stay 0
    ctx.launch(((n + 1023) // 1024,), b, w, hist, ("i32", n))
    want = torch.zeros(bins + 16, dtype=torch.float64, device="cuda")
    want.index_add_(0, b.long(), w.double())
    # ~1600 positive terms per bin, summed in any order by f32 adds: the
    # error is below (terms - 1) * 2^-24 of the sum.
    return mismatch("hist", hist, want, rtol=1e-4)


def check_histogram_i32(ctx):
    torch = ctx.torch
    n, bins = 100_000, 64
    b = torch.randint(0, bins, (n,), device="cuda", dtype=torch.int32)
    w = torch.randint(-5, 6, (n,), device="cuda", dtype=torch.int32)
    hist = torch.zeros(bins + 16, device="cuda", dtype=torch.int32)
    ctx.launch(((n + 1023) // 1024,), b, w, hist, ("i32", n))
    want = torch.zeros(bins + 16, dtype=torch.int64, device="cuda")
    want.index_add_(0, b.long(), w.long())
    return mismatch("hist", hist, want)


def check_packed_add(ctx, dtype, mantissa_bits):
    torch = ctx.torch
    rows, n = 8, 5 * 1024 + 512  # a multiple of 16, not of the block
    padded = 6 * 1024
    x = (torch.randn(rows, n, device="cuda") * 0.5).to(dtype)
    out0 = torch.randn(padded, device="cuda").to(dtype)
    out = out0.clone()
    ctx.launch((padded // 1024, rows), x, out, ("i32", n))
    want = out0.double().clone()
    want[:n] += x.double().sum(0)
    # Each of the `rows` adds rounds once to the element type, in any order:
    # at most half an ulp of a partial sum, bounded by the sum of magnitudes.
    ulp = 2.0 ** -mantissa_bits
    bound = torch.zeros(padded, dtype=torch.float64, device="cuda")
    bound[:n] = rows * ulp * (out0[:n].double().abs() +
                              x.double().abs().sum(0))
    diff = (out.double() - want).abs()
    bad = (diff > bound).nonzero().flatten().tolist()
    return problems(f"out ({dtype})", bad,
                    lambda i: f"index {i}: got {out[i].item()}, want "
                              f"{want[i].item()} +- {bound[i].item()}")


def check_add_f16(ctx):
    return check_packed_add(ctx, ctx.torch.float16, 10)


def check_add_bf16(ctx):
    return check_packed_add(ctx, ctx.torch.bfloat16, 7)


# --------------------------------------------------------------------------
# Every integer kind, returning old values
# --------------------------------------------------------------------------

def wrap(value, bits):
    """`value` as a signed `bits`-bit integer (two's complement)."""
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def unsigned(value, bits):
    return value & ((1 << bits) - 1)


def kinds(bits):
    """(name, combine) for the kernel's kinds, in its order."""
    return [
        ("and", lambda a, b: a & b),
        ("or", lambda a, b: a | b),
        ("xor", lambda a, b: a ^ b),
        ("add", lambda a, b: wrap(a + b, bits)),
        ("max", max),
        ("min", min),
        ("umax", lambda a, b: wrap(max(unsigned(a, bits),
                                       unsigned(b, bits)), bits)),
        ("umin", lambda a, b: wrap(min(unsigned(a, bits),
                                       unsigned(b, bits)), bits)),
        ("exch", lambda a, b: b),
    ]


def check_rmw_old(ctx, dtype, bits):
    torch = ctx.torch
    n, ops = 256, kinds(bits)
    # The whole i32 range; for i64 a quarter of it (torch.randint takes
    # int64 bounds), still with both signs and high bits set.
    span = bits - 1 if bits == 32 else bits - 2
    lo, hi = -(1 << span), (1 << span) - 1
    found = []
    for programs in (1, 8):
        init = torch.randint(lo, hi, (len(ops), n), device="cuda", dtype=dtype)
        vals = torch.randint(lo, hi, (programs, n), device="cuda", dtype=dtype)
        data = init.clone()
        olds = torch.zeros(programs, len(ops), n, device="cuda", dtype=dtype)
        ctx.launch((programs,), data, vals, olds)
        init_l, vals_l = init.tolist(), vals.tolist()
        data_l, olds_l = data.tolist(), olds.tolist()
        for k, (name, combine) in enumerate(ops):
            bad = []
            for i in range(n):
                column = [vals_l[p][i] for p in range(programs)]
                olds_i = [olds_l[p][k][i] for p in range(programs)]
                if name == "exch":
                    # The old values and the final one are the initial value
                    # and the exchanged ones, each once.
                    ok = (sorted(olds_i + [data_l[k][i]]) ==
                          sorted([init_l[k][i]] + column))
                else:
                    want = init_l[k][i]
                    for v in column:
                        want = combine(want, v)
                    ok = data_l[k][i] == want
                    if programs == 1:
                        ok = ok and olds_i[0] == init_l[k][i]
                if not ok:
                    bad.append(i)
            found += problems(f"{name} ({programs} programs)", bad,
                              lambda i, k=k: f"element {i}: init "
                              f"{init_l[k][i]}, final {data_l[k][i]}")
    return found


def check_rmw_old_i32(ctx):
    return check_rmw_old(ctx, ctx.torch.int32, 32)


def check_rmw_old_i64(ctx):
    return check_rmw_old(ctx, ctx.torch.int64, 64)


# --------------------------------------------------------------------------
# Compare-and-swap
# --------------------------------------------------------------------------

def check_cas(ctx, dtype):
    torch = ctx.torch
    programs, n = 16, 256
    data = torch.zeros(n, device="cuda", dtype=dtype)
    olds = torch.full((programs, n), -1, device="cuda", dtype=dtype)
    ctx.launch((programs,), data, olds)
    data_l, olds_l = data.tolist(), olds.tolist()
    bad = []
    for i in range(n):
        winner = data_l[i] - 1
        # The winner found 0, every other program the winner's value.
        ok = 0 <= winner < programs and all(
            olds_l[p][i] == (0 if p == winner else data_l[i])
            for p in range(programs))
        if not ok:
            bad.append(i)
    return problems("cas", bad, lambda i: f"element {i}: final {data_l[i]}, "
                    f"olds {[olds_l[p][i] for p in range(programs)]}")


def check_cas_i16(ctx):
    return check_cas(ctx, ctx.torch.int16)


def check_cas_i32(ctx):
    return check_cas(ctx, ctx.torch.int32)


def check_cas_i64(ctx):
    return check_cas(ctx, ctx.torch.int64)


# --------------------------------------------------------------------------
# Old values every thread needs
# --------------------------------------------------------------------------

def check_rows_are_tickets(name, rows, programs):
    """Each row constant, and the rows' values 0 .. programs - 1."""
    found = []
    constant = (rows == rows[:, :1]).all(dim=1)
    bad = (~constant).nonzero().flatten().tolist()
    found += problems(f"{name} rows", bad,
                      lambda p: f"program {p}: {rows[p].unique().tolist()}")
    values = sorted(rows[:, 0].double().tolist())
    if values != [float(p) for p in range(programs)]:
        found.append(f"{name}: row values {values} are not 0..{programs - 1}")
    return found


def check_scalar_result(ctx):
    torch = ctx.torch
    programs, n = 64, 512
    counter = torch.zeros(1, device="cuda", dtype=torch.int32)
    hcounter = torch.zeros(1, device="cuda", dtype=torch.float16)
    tickets = torch.full((programs, n), -1, device="cuda", dtype=torch.int32)
    halves = torch.full((programs, n), -1, device="cuda", dtype=torch.float16)
    ctx.launch((programs,), counter, hcounter, tickets, halves)
    found = mismatch("counter", counter,
                     torch.full_like(counter, programs))
    found += mismatch("hcounter", hcounter,
                      torch.full_like(hcounter, programs))
    found += check_rows_are_tickets("tickets", tickets, programs)
    found += check_rows_are_tickets("halves", halves, programs)
    return found


def check_broadcast_layout(ctx):
    torch = ctx.torch
    programs = 32
    acc = torch.zeros(32, device="cuda")
    counts = torch.zeros(32, device="cuda", dtype=torch.int32)
    out = torch.full((programs, 4, 32), -1.0, device="cuda")
    ctx.launch((programs,), acc, counts, out)
    # Each program adds each element once, whatever the warps hold.
    found = mismatch("acc", acc, torch.full_like(acc, programs))
    found += mismatch("counts", counts, torch.full_like(counts, programs))
    # Every warp stored the old values its program saw.
    found += mismatch("rows", out, out[:, :1, :].expand(-1, 4, -1))
    for i in range(32):
        seen = sorted(out[:, 0, i].tolist())
        if seen != [float(p) for p in range(programs)]:
            found.append(f"element {i}: old values {seen} are not "
                         f"0..{programs - 1}")
            break
    return found


def check_add_zero_loads(ctx):
    """Adds of zero read the element and leave memory as it was (a -0.0
    stays -0.0); a masked-off one returns 0."""
    torch = ctx.torch
    programs, n = 64, 256
    src_f = torch.randn(programs, device="cuda")
    src_f[::5] = -0.0
    src_i = torch.randint(-2**40, 2**40, (programs,), device="cuda",
                          dtype=torch.int64)
    before_f = src_f.clone()
    before_i = src_i.clone()
    out_f = torch.full((programs, n), -1.0, device="cuda")
    out_i = torch.full((programs, n), -1, device="cuda", dtype=torch.int64)
    out_m = torch.full((programs, n), -1.0, device="cuda")
    ctx.launch((programs,), src_f, src_i, out_f, out_i, out_m)
    found = mismatch("out_f", out_f, before_f[:, None].expand(-1, n))
    found += mismatch("out_i", out_i, before_i[:, None].expand(-1, n))
    even = (torch.arange(programs, device="cuda") % 2 == 0)[:, None]
    found += mismatch("out_m", out_m,
                      torch.where(even, before_f[:, None],
                                  torch.zeros_like(before_f)[:, None])
                      .expand(-1, n))
    found += mismatch("src_f bits", src_f.view(torch.int32),
                      before_f.view(torch.int32))
    found += mismatch("src_i", src_i, before_i)
    return found


# --------------------------------------------------------------------------
# A spin lock
# --------------------------------------------------------------------------

def check_spin_lock(ctx):
    torch = ctx.torch
    programs, n = 256, 256
    lock = torch.zeros(1, device="cuda", dtype=torch.int32)
    count = torch.zeros(1, device="cuda", dtype=torch.int32)
    out = torch.zeros(n, device="cuda")
    # Small integers: every sum is exact in f32, in any order.
    x = torch.randint(-8, 9, (programs, n), device="cuda").float()
    ctx.launch((programs,), lock, count, out, x)
    found = mismatch("out", out, x.sum(0))
    found += mismatch("count", count, torch.full_like(count, programs))
    found += mismatch("lock", lock, torch.zeros_like(lock))
    return found


def cases(name, check, ttir=None):
    path = DIR + (ttir or name) + ".ttir"
    return [Case(f"atomic_{name}_sm90", path, check),
            Case(f"atomic_{name}_sm80", path, check, target="cuda:80")]


CASES = (cases("histogram_f32", check_histogram_f32) +
         cases("histogram_i32", check_histogram_i32) +
         cases("add_f16_packed", check_add_f16) +
         cases("add_bf16_packed", check_add_bf16) +
         cases("rmw_old_i32", check_rmw_old_i32) +
         cases("rmw_old_i64", check_rmw_old_i64) +
         cases("cas_i16", check_cas_i16) +
         cases("cas_i32", check_cas_i32) +
         cases("cas_i64", check_cas_i64) +
         cases("scalar_result", check_scalar_result) +
         cases("broadcast_layout", check_broadcast_layout) +
         cases("spin_lock", check_spin_lock) +
         cases("add_zero_loads", check_add_zero_loads))

"""tt.histogram kernels (test/Inputs/language/histogram/), checked against
torch.bincount; each runs for sm_80 and sm_90 with 4 warps. Counts are
exact, so the checks are exact:

* 4096 int32 values in [0, 64) into 64 bins (one program);
* values in [-16, 80), so that some fall outside [0, 64) and are not
  counted, masked at n (not a multiple of the 2048 values a program
  counts): one histogram per program, the last one partly masked;
* 16 bins (fewer than the 32 lanes) over values in [-4, 20).
"""

from language_check import Case, mismatch

DIR = "test/Inputs/language/histogram/"


def counts(torch, values, bins):
    """torch.bincount of the values in [0, bins), as int32."""
    kept = values[(values >= 0) & (values < bins)].long()
    return torch.bincount(kept, minlength=bins).to(torch.int32)


def check_histogram_64(ctx):
    torch = ctx.torch
    x = torch.randint(0, 64, (4096,), device="cuda", dtype=torch.int32)
    out = torch.full((64,), -1, device="cuda", dtype=torch.int32)
    ctx.launch((1,), x, out)
    return mismatch("hist", out, counts(torch, x, 64))


def check_histogram_masked(ctx):
    torch = ctx.torch
    programs, block, n = 3, 2048, 2 * 2048 + 1000
    x = torch.randint(-16, 80, (programs * block,), device="cuda",
                      dtype=torch.int32)
    out = torch.full((programs, 64), -1, device="cuda", dtype=torch.int32)
    ctx.launch((programs,), x, out, ("i32", n))
    want = torch.stack([
        counts(torch, x[p * block:min((p + 1) * block, n)], 64)
        for p in range(programs)])
    return mismatch("hist", out, want)


def check_histogram_16(ctx):
    torch = ctx.torch
    x = torch.randint(-4, 20, (1024,), device="cuda", dtype=torch.int32)
    out = torch.full((16,), -1, device="cuda", dtype=torch.int32)
    ctx.launch((1,), x, out)
    return mismatch("hist", out, counts(torch, x, 16))


def cases(name, check):
    path = DIR + name + ".ttir"
    return [Case(f"{name}_sm90", path, check),
            Case(f"{name}_sm80", path, check, target="cuda:80")]


CASES = (cases("histogram_64", check_histogram_64) +
         cases("histogram_masked", check_histogram_masked) +
         cases("histogram_16", check_histogram_16))

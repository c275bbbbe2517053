"""tt.fp_to_fp: fp8 (f8E4M3FN, f8E5M2) to and from f32, f16 and bf16, and
round-toward-zero narrowing (f32 to f16, bf16 and f8E5M2). One kernel per
conversion (test/Inputs/language/fp8/: load, convert, store the bits), on
sm_90 (hardware cvt) and, for f8E5M2 and rtz, on sm_80 (Triton 3.6's bit
sequences; f8E4M3FN has no conversion there). Every case is named fp8_*
so that `--only fp8` selects the family.

Every result is compared bit for bit with a reference computed here from
what the instructions (and Triton's sequences) define. torch supplies the
rounding to nearest even: `x.to(torch.float8_e4m3fn)` and
`x.to(torch.float8_e5m2)` round f32 to nearest even exactly, subnormals
included, but their overflow differs from the hardware's: torch gives NaN
(e4m3fn) or inf (e5m2), while cvt's .satfinite clamps to the largest finite
value (448, 57344), inf included. The sm_90 reference is therefore torch's
conversion of x clamped to that value; where x is NaN the result only has
to be a NaN (PTX does not fix its bits).

The sm_80 sequences are emulated on their bits (they neither round to
nearest even nor saturate, and the reference says so exactly):
- f16 -> e5m2: the f16's top byte after adding 0x80 (ties away from zero,
  61440 and up become inf, NaNs with all top mantissa bits set wrap to 0);
- f32 -> e5m2: f32 -> f16 toward zero (cvt.rz.f16.f32), then as from f16;
- bf16 -> e5m2: Triton's clamp of the magnitude to [0x3800, 0x57e0], + 0x10,
  exponent rebias, shift; large values, inf and NaN give inf and NaN codes.
rtz to e5m2 (both targets) is the top byte of f32 -> f16 toward zero.
cvt.rz.f16.f32 of a NaN gives the GPU's canonical f16 NaN; the reference
takes that pattern from torch's f32 -> f16 conversion on the GPU (cvt.rn),
assuming both roundings give the same canonical NaN.

Upcasts run all 256 fp8 bit patterns and must be exact: finite values (and
e5m2's inf) equal torch's exact conversion; NaN codes give a NaN, and on
sm_80 e5m2 -> f16 gives exactly byte << 8 (payload kept). e5m2 -> bf16 is
Triton's multiply by 2^112 of the bits shifted into bf16's fields: exact
for finite values, but inf and NaN become the finite 65536 * (1, 1.25, 1.5,
1.75); the reference computes that (and is itself checked against torch on
the finite codes)."""

import math

from language_check import Case

INPUTS = "test/Inputs/language/fp8"

# name -> (torch dtype name, bytes)
FORMATS = {
    "f32": ("float32", 4), "f16": ("float16", 2), "bf16": ("bfloat16", 2),
    "e4m3": ("float8_e4m3fn", 1), "e5m2": ("float8_e5m2", 1),
}
FP8_MAX = {"e4m3": 448.0, "e5m2": 57344.0}


def dtype(torch, fmt):
    return getattr(torch, FORMATS[fmt][0])


def bits(torch, t):
    """The unsigned bit patterns of `t` as int64."""
    size = t.element_size()
    if size == 1:
        return t.view(torch.uint8).long()
    if size == 2:
        return t.view(torch.int16).long() & 0xFFFF
    return t.view(torch.int32).long() & 0xFFFFFFFF


def from_bits(torch, b, fmt):
    """The values of format `fmt` with unsigned bit patterns `b` (int64)."""
    size = FORMATS[fmt][1]
    if size == 1:
        return b.to(torch.uint8).view(dtype(torch, fmt))
    if size == 2:
        signed = torch.where(b >= 0x8000, b - 0x10000, b)
        return signed.to(torch.int16).view(dtype(torch, fmt))
    signed = torch.where(b >= 0x80000000, b - 0x100000000, b)
    return signed.to(torch.int32).view(dtype(torch, fmt))


def is_nan(torch, b, fmt):
    return from_bits(torch, b, fmt).float().isnan()


# --------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------

def all_16_bit_patterns(torch, fmt):
    return from_bits(torch, torch.arange(65536, dtype=torch.int64), fmt)


def f32_inputs(torch, fp8):
    """Every f16 value; the fp8 grid's midpoints (ties) and their f32
    neighbours; values around the largest finite fp8 and the smallest
    subnormal; random values over many scales; zeros, infs and NaNs."""
    parts = [all_16_bit_patterns(torch, "f16").float()]
    grid = torch.arange(0x80, dtype=torch.int64)
    grid = from_bits(torch, grid, fp8).double()
    grid = grid[grid.isfinite()].unique().sort().values
    mid = ((grid[1:] + grid[:-1]) / 2).float()
    up = torch.nextafter(mid, torch.full_like(mid, math.inf))
    down = torch.nextafter(mid, torch.zeros_like(mid))
    top = FP8_MAX[fp8]
    edges = torch.tensor([top, top * 1.0625, top * 1.125, top * 1.25,
                          top * 2, 65504.0, 65520.0, 1e30, 3.4e38,
                          2.0 ** -9, 2.0 ** -10, 2.0 ** -16, 2.0 ** -17,
                          2.0 ** -24, 2.0 ** -25, 1e-40, 0.0])
    gen = torch.Generator().manual_seed(0)
    scales = 2.0 ** torch.randint(-30, 30, (60000,), generator=gen)
    rand = torch.randn(60000, generator=gen) * scales
    for p in (mid, up, down, edges):
        parts += [p, -p]
    parts += [rand, torch.tensor([math.inf, -math.inf, math.nan, -math.nan])]
    return torch.cat(parts)


def source_inputs(torch, src, fp8):
    if src == "f32":
        return f32_inputs(torch, fp8)
    # Every f16 or bf16 bit pattern, and a tail that is not a whole block.
    x = all_16_bit_patterns(torch, src)
    return torch.cat([x, x[12345:12345 + 300]])


# --------------------------------------------------------------------------
# References (CPU)
# --------------------------------------------------------------------------

def f16_nan_bits(torch):
    """The GPU's canonical f16 NaN (what cvt.rz.f16.f32 makes of a NaN)."""
    nan = torch.full((1,), math.nan, device="cuda").half()
    return int(bits(torch, nan.cpu())[0])


def f32_to_f16_toward_zero(torch, x):
    """Bits of cvt.rz.f16.f32: torch's nearest-even f16, one step toward
    zero where that rounded away from zero (incl. overflow to inf)."""
    h = x.half()
    hb = bits(torch, h)
    away = h.double().abs() > x.double().abs()
    hb = torch.where(away, hb - 1, hb)
    return torch.where(x.isnan(), torch.full_like(hb, f16_nan_bits(torch)),
                       hb)


def satfinite_nearest_even(torch, x32, fp8):
    """cvt.rn.satfinite: nearest even, clamped to the largest finite."""
    top = FP8_MAX[fp8]
    return bits(torch, x32.clamp(-top, top).to(dtype(torch, fp8)))


def f16_bits_to_e5m2_half_up(hb):
    return ((hb + 0x80) & 0xFFFF) >> 8


def bf16_bits_to_e5m2_clamped(bb):
    magnitude = (bb & 0x7FFF).clamp(0x3800, 0x57E0)
    magnitude = ((magnitude + 0x10 - 0x3800) << 3) & 0xFFFF
    return (magnitude | (bb & 0x8000)) >> 8


def e5m2_to_bf16_scaled(torch, b):
    """Triton's f8E5M2 -> bf16: (bits << 8 & 0x7fff) >> 3 read as bf16,
    times 2^112, the sign put back."""
    f16 = b << 8
    magnitude = from_bits(torch, (f16 & 0x7FFF) >> 3, "bf16").float()
    scaled = bits(torch, (magnitude * 2.0 ** 112).bfloat16())
    return scaled | (f16 & 0x8000)


def downcast_reference(torch, x, src, dst, rounding, target):
    """(want bits, mask where any NaN of `dst` is right)."""
    nan_any = torch.zeros(x.shape, dtype=torch.bool)
    x32 = x.float()
    if dst in ("f16", "bf16"):  # rtz from f32
        if dst == "f16":
            want = f32_to_f16_toward_zero(torch, x32)
        else:
            want = bits(torch, x32) >> 16
        return want, x32.isnan()
    if rounding == "rtz":  # f32 -> e5m2: top byte of the f16 toward zero
        return f32_to_f16_toward_zero(torch, x32) >> 8, nan_any
    if target == 90:
        return satfinite_nearest_even(torch, x32, dst), x32.isnan()
    # sm_80, e5m2 only.
    if src == "bf16":
        return bf16_bits_to_e5m2_clamped(bits(torch, x)), nan_any
    hb = f32_to_f16_toward_zero(torch, x32) if src == "f32" else bits(torch, x)
    return f16_bits_to_e5m2_half_up(hb), nan_any


def upcast_reference(torch, b, src, dst, target):
    """(want bits, mask where any NaN of `dst` is right) for fp8 bits b."""
    fp8 = from_bits(torch, b, src)
    if src == "e5m2" and dst == "bf16":
        want = e5m2_to_bf16_scaled(torch, b)
        finite = fp8.float().isfinite()
        exact = bits(torch, fp8[finite].float().bfloat16())
        assert bool((want[finite] == exact).all()), "reference disagrees"
        return want, torch.zeros(b.shape, dtype=torch.bool)
    if src == "e5m2" and dst == "f16" and target == 80:
        return b << 8, torch.zeros(b.shape, dtype=torch.bool)
    nan = fp8.float().isnan()
    want = bits(torch, fp8.float().to(dtype(torch, dst)))
    return want, nan


# --------------------------------------------------------------------------
# Cases
# --------------------------------------------------------------------------

SENTINEL = 0x5A  # every byte of the output before the launch


def compare(torch, name, inputs, got, want, nan_any, dst):
    got_nan = is_nan(torch, got, dst)
    bad = torch.where(nan_any, ~got_nan, got != want)
    if not bool(bad.any()):
        return []
    idx = bad.nonzero().flatten()[:4].tolist()
    shown = ", ".join(
        f"in {int(inputs[i]):#x}: got {int(got[i]):#x}, want "
        + ("a NaN" if bool(nan_any[i]) else f"{int(want[i]):#x}")
        for i in idx)
    return [f"{name}: {int(bad.sum())} of {bad.numel()} differ ({shown})"]


def run_conversion(ctx, src, dst, rounding, target, block):
    torch = ctx.torch
    if src in FP8_MAX:  # all 256 patterns, four times, and a short tail
        b = torch.arange(256, dtype=torch.int64).repeat(4)
        b = torch.cat([b, b[:37]])
        x = from_bits(torch, b, src)
    else:  # rtz to f16/bf16 takes the f8E5M2 grid's ties too: harmless
        x = source_inputs(torch, src, dst if dst in FP8_MAX else "e5m2")
    n = x.numel()
    pad = 64
    out_bytes = FORMATS[dst][1]
    out = torch.full(((n + pad) * out_bytes,), SENTINEL, dtype=torch.uint8,
                     device="cuda")
    ctx.launch(((n + block - 1) // block,), x.cuda(), out, ("i32", n))
    out = out.cpu()
    problems = []
    if bool((out[n * out_bytes:] != SENTINEL).any()):
        problems.append("wrote past n (the mask)")
    got = bits(torch, out[:n * out_bytes].view(dtype(torch, dst)))
    if src in FP8_MAX:
        want, nan_any = upcast_reference(torch, bits(torch, x), src, dst,
                                         target)
    else:
        want, nan_any = downcast_reference(torch, x, src, dst, rounding,
                                           target)
    return problems + compare(torch, "y", bits(torch, x), got, want, nan_any,
                              dst)


def case(src, dst, rounding, target, block=1024):
    stem = f"fp_to_fp_{src}_{dst}" + (f"_{rounding}" if rounding else "")
    if block != 1024:
        stem += f"_b{block}"
    name = f"fp8_{src}_to_{dst}" + (f"_{rounding}" if rounding else "")
    name += ("" if block == 1024 else f"_b{block}") + f"_sm{target}"
    return Case(name, f"{INPUTS}/{stem}.ttir",
                lambda ctx: run_conversion(ctx, src, dst, rounding, target,
                                           block),
                target=f"cuda:{target}")


CASES = (
    [case(s, d, "rtne", 90) for s in ("f32", "f16", "bf16")
     for d in ("e4m3", "e5m2")]
    + [case("f32", "e4m3", "rtne", 90, block=128)]  # one register: padded
    + [case(s, d, None, 90) for s in ("e4m3", "e5m2")
       for d in ("f16", "bf16", "f32")]
    + [case("f32", d, "rtz", t) for t in (90, 80)
       for d in ("e5m2", "f16", "bf16")]
    + [case(s, "e5m2", "rtne", 80) for s in ("f32", "f16", "bf16")]
    + [case("e5m2", d, None, 80) for d in ("f16", "bf16", "f32")]
)

"""tt.dot_scaled, decomposed by tritongpu-accelerate-matmul into upcasts,
scale multiplies and a tt.dot (Triton's decomposition below sm_100): one
64x64 tile, K = 64, for the operand formats of
bench/make_dot_scaled_kernels.py (e2m1, e4m3, e5m2, bf16, fp16; scales on
both, one or neither side; fastMath on and off), and e2m1 x bf16 in a
pipelined loop over K = 256 (dot_scaled_loop.ttir).

The reference is torch's: fp4 codes decoded through their table (low
nibble first along K), fp8/bf16/fp16 values upcast, each times
2^(scale - 127) for its block of 32 along K, rounded to the compute type
(bf16, or f16 when an operand is fp16; exact for these values and
scales), NaN where the scale is 0xFF unless fastMath, then multiplied in
float64. The kernel accumulates exact products in f32, hence the small
relative bound. e4m3 runs on sm_90 only (no e4m3 conversion on sm_80)."""

import importlib.util
import os

from language_check import Case, ROOT

spec = importlib.util.spec_from_file_location(
    "make_dot_scaled_kernels",
    os.path.join(ROOT, "bench", "make_dot_scaled_kernels.py"))
kernels = importlib.util.module_from_spec(spec)
spec.loader.exec_module(kernels)

M, N, K = kernels.M, kernels.N, kernels.K
FP4 = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]


def make_operand(torch, fmt, rows, cols, k_dim, gen):
    """(device tensor the kernel reads, its float64 values) of a rows x cols
    operand whose K dim is `k_dim`; e2m1 is packed along K."""
    if fmt == "e2m1":
        codes = torch.randint(0, 16, (rows, cols), generator=gen)
        table = torch.tensor(FP4, dtype=torch.float64)
        values = table[codes & 7] * torch.where(codes >= 8, -1.0, 1.0)
        if k_dim == 1:
            packed = codes[:, 0::2] | (codes[:, 1::2] << 4)
        else:
            packed = codes[0::2, :] | (codes[1::2, :] << 4)
        return packed.to(torch.uint8).view(torch.int8).cuda(), values
    dtype = {"e4m3": torch.float8_e4m3fn, "e5m2": torch.float8_e5m2,
             "bf16": torch.bfloat16, "fp16": torch.float16}[fmt]
    x = (torch.randn(rows, cols, generator=gen) * 2).to(dtype)
    return x.cuda(), x.double()


def check_scaled(ctx, lhs, rhs, lscaled, rscaled, fast, k):
    """Runs a kernel of C (M x N) = scale(A, sa) @ scale(B, sb) with K = k
    and compares it with torch's float64 product of the same values."""
    torch = ctx.torch
    gen = torch.Generator().manual_seed(0)
    compute = torch.float16 if "fp16" in (lhs, rhs) else torch.bfloat16
    a, av = make_operand(torch, lhs, M, k, 1, gen)
    b, bv = make_operand(torch, rhs, k, N, 0, gen)

    def scales(rows):
        # Exponents around 127 keep every product exact in f16 too;
        # without fastMath one 0xFF (the NaN scale) per scaled side.
        s = torch.randint(122, 133, (rows, k // 32), generator=gen)
        if not fast:
            s[rows // 2, 1] = 255
        return s

    sa = scales(M) if lscaled else None
    sb = scales(N) if rscaled else None
    dummy = torch.zeros(1, dtype=torch.int8, device="cuda")

    def scaled(values, s, k_dim):
        v = values.to(compute).double()  # the upcast
        if s is None:
            return v
        factor = torch.pow(2.0, (s.double() - 127))
        nan = s == 255
        if k_dim == 0:  # b's scale is N x K/32
            factor, nan = factor.t(), nan.t()
        factor = factor.repeat_interleave(32, dim=k_dim)
        nan = nan.repeat_interleave(32, dim=k_dim)
        v = (v * factor).to(compute).double()
        if not fast:
            v = torch.where(nan, torch.full_like(v, float("nan")), v)
        return v

    ref = scaled(av, sa, 1) @ scaled(bv, sb, 0)
    c = torch.full((M, N), -7.0, device="cuda")

    def device_scales(s):
        if s is None:
            return dummy
        return s.to(torch.uint8).view(torch.int8).cuda()

    ctx.launch((1,), a, device_scales(sa), b, device_scales(sb), c)
    got = c.double().cpu()
    if (got.isnan() != ref.isnan()).any():
        return [f"NaN pattern differs: {int(got.isnan().sum())} NaN, "
                f"want {int(ref.isnan().sum())}"]
    finite = ~ref.isnan()
    err = ((got - ref)[finite].abs().max()
           / ref[finite].abs().max().clamp(min=1e-30)).item()
    if err > 1e-5:
        return [f"relative error {err:.3g} above 1e-5"]
    return []


def checker(name):
    return lambda ctx: check_scaled(ctx, *kernels.KERNELS[name], k=K)


def check_loop(ctx):
    """dot_scaled_loop.ttir: e2m1 (scaled) x bf16, K = 256 in 4 steps."""
    # Its signature has no sb: launch through a wrapper that drops it.
    launch = ctx.launch
    ctx.launch = lambda grid, a, sa, b, sb, c: launch(grid, a, sa, b, c)
    try:
        return check_scaled(ctx, "e2m1", "bf16", True, False, False, k=256)
    finally:
        ctx.launch = launch


def targets(name):
    lhs, rhs = kernels.KERNELS[name][:2]
    return (90,) if "e4m3" in (lhs, rhs) else (80, 90)


CASES = [
    Case(f"dot_scaled_{name}_sm{t}",
         f"test/Inputs/language/dot_scaled/dot_scaled_{name}.ttir",
         checker(name), target=f"cuda:{t}")
    for name in kernels.KERNELS for t in targets(name)
] + [
    Case(f"dot_scaled_loop_sm{t}",
         "test/Inputs/language/dot_scaled/dot_scaled_loop.ttir", check_loop,
         target=f"cuda:{t}", num_stages=3)
    for t in (80, 90)
]

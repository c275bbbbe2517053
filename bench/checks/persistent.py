"""A persistent matmul (test/Inputs/language/persistent): each program walks
the 128x128 tiles pid, pid + grid, ... of C = A @ B (f16 in, f32
accumulation, f16 out) in a loop marked tt.flatten around the K loop, which
tritongpu-fuse-nested-loops makes one pipelined loop. Shapes with several
tiles per program, partial tiles at the M and N edges, K not a multiple of
the 64-wide K step, programs without a tile, and K = 0 (the version of the
nest without the K loop: C is zero), against torch.matmul."""

from language_check import Case, mismatch

TTIR = "test/Inputs/language/persistent/matmul_persistent.ttir"

# (M, N, K, programs); M, N, K and the row strides are multiples of 16 (the
# kernel's tt.divisibility hints).
SHAPES = [
    (128, 128, 64, 1),
    (256, 256, 256, 3),
    (384, 272, 208, 5),
    (16, 16, 16, 2),
    (1024, 1024, 512, 132),
    (2048, 1536, 1024, 132),
    (1040, 784, 1008, 7),
    (144, 160, 0, 4),
]


def check_persistent_matmul(ctx):
    torch = ctx.torch
    problems = []
    for m, n, k, programs in SHAPES:
        torch.manual_seed(m * 31 + n * 7 + k)
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(k, n, device="cuda", dtype=torch.float16)
        c = torch.full((m, n), float("nan"), device="cuda",
                       dtype=torch.float16)
        # An (M, 0) tensor's row stride is 1; the kernel's hint says 16
        # (no row of A is read when K = 0).
        stride_am = a.stride(0) if k else 16
        ctx.launch((programs,), a, b, c, ("i32", m), ("i32", n), ("i32", k),
                   ("i32", stride_am), ("i32", b.stride(0)),
                   ("i32", c.stride(0)))
        want = torch.matmul(a.float(), b.float())
        # f16 output: half an ulp of the result, plus the f32 sum's order.
        problems += mismatch(f"M={m} N={n} K={k} grid={programs}", c.float(),
                             want, atol=2e-2, rtol=2e-3)
    return problems


CASES = [
    Case(f"persistent_matmul_sm{t}", TTIR, check_persistent_matmul,
         target=f"cuda:{t}", num_warps=8, num_stages=3)
    for t in (80, 90)
]

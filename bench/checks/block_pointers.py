"""Block pointers (tt.make_tensor_ptr, tt.advance, boundaryCheck, padding),
rewritten by triton-rewrite-tensor-pointer: 2-D copies of blocks that
overhang the tensor, and the block-pointer matmul of Triton's tutorial with
M, N and K not multiples of its tiles. The kernels are
test/Inputs/language/block_pointers/*.ttir; each runs for sm_80 and sm_90.

The copies run twice: once into a destination as large as the blocks, so
every out-of-bounds element read shows its padding (zero or NaN), once into
a destination checked against the source's shape, so every element the
store's boundary check masks off keeps its sentinel."""

from language_check import Case, mismatch

DIR = "test/Inputs/language/block_pointers/"
BLOCK_M, BLOCK_N = 32, 64  # the copies' block
SENTINEL = -7


def cdiv(a, b):
    return (a + b - 1) // b


def round16(x):
    """Row strides are multiples of 16 elements (the kernels' hints)."""
    return cdiv(x, 16) * 16


def copy_checker(dtype_name, padding, N=70):
    """N: the source's columns (neither it nor M = 100 a multiple of the
    block)."""
    def check(ctx):
        torch = ctx.torch
        dtype = getattr(torch, dtype_name)
        M = 100
        grid = (cdiv(M, BLOCK_M), cdiv(N, BLOCK_N))
        Mp, Np = grid[0] * BLOCK_M, grid[1] * BLOCK_N
        stride_src, stride_dst = round16(N + 3), round16(Np + 5)
        if dtype.is_floating_point:
            src = torch.randn(M, stride_src, device="cuda").to(dtype)
        else:
            src = torch.randint(-1000, 1000, (M, stride_src), device="cuda",
                                dtype=dtype)
        problems = []

        # Into a destination of whole blocks: the overhang reads the padding.
        dst = torch.full((Mp, stride_dst), SENTINEL, device="cuda",
                         dtype=dtype)
        ctx.launch(grid, src, dst, ("i32", M), ("i32", N),
                   ("i32", stride_src), ("i32", Mp), ("i32", Np),
                   ("i32", stride_dst))
        pad = float("nan") if padding == "nan" else 0
        want = torch.full((Mp, stride_dst), SENTINEL, device="cuda",
                          dtype=torch.float64)
        want[:, :Np] = pad
        want[:M, :N] = src[:, :N].double()
        problems += mismatch("padded copy", dst, want)

        # Into a destination of the source's shape: the store's mask keeps
        # the sentinel everywhere else, the rows' padding included.
        dst = torch.full((Mp, stride_dst), SENTINEL, device="cuda",
                         dtype=dtype)
        ctx.launch(grid, src, dst, ("i32", M), ("i32", N),
                   ("i32", stride_src), ("i32", M), ("i32", N),
                   ("i32", stride_dst))
        want = torch.full((Mp, stride_dst), SENTINEL, device="cuda",
                          dtype=torch.float64)
        want[:M, :N] = src[:, :N].double()
        problems += mismatch("masked copy", dst, want)
        return problems
    return check


def matmul_checker(M, N, K):
    def check(ctx):
        torch = ctx.torch
        sa, sb = round16(K), round16(N)
        a = torch.randn(M, sa, device="cuda", dtype=torch.float16)
        b = torch.randn(K, sb, device="cuda", dtype=torch.float16)
        # Columns past N stay NaN: the store checks N, and a padding that
        # leaked into the sum would show as a wrong value.
        a[:, K:] = float("nan")
        b[:, N:] = float("nan")
        c = torch.full((M, sb), float("nan"), device="cuda",
                       dtype=torch.float16)
        grid = (cdiv(M, 128) * cdiv(N, 128),)
        ctx.launch(grid, a, b, c, ("i32", M), ("i32", N), ("i32", K),
                   ("i32", sa), ("i32", sb), ("i32", sb))
        ref = a[:, :K].double() @ b[:, :N].double()
        want = torch.full((M, sb), float("nan"), device="cuda",
                          dtype=torch.float64)
        # f16 products summed in f32, then rounded to f16 (2^-11 relative).
        want[:, :N] = ref
        return mismatch("C", c, want, atol=2e-2, rtol=2e-3)
    return check


COPIES = [("copy_f32_zero", "float32", "zero"),
          ("copy_f32_nan", "float32", "nan"),
          ("copy_f16_nan", "float16", "nan"),
          ("copy_i32_zero", "int32", "zero")]

# matmul_f16: M, N, K without hints (odd sizes); matmul_f16_div16: hinted
# multiples of 16, not of the 128x128x32 tiles (vectorized, pipelined).
MATMULS = [("matmul_f16", (300, 200, 100)),
           ("matmul_f16_div16", (272, 176, 80))]

CASES = [
    Case(f"block_ptr_{name}_sm{t}", DIR + name + ".ttir",
         copy_checker(dtype, padding), target=f"cuda:{t}")
    for name, dtype, padding in COPIES for t in (80, 90)
] + [
    Case(f"block_ptr_{name}_sm{t}", DIR + name + ".ttir",
         matmul_checker(*shape), target=f"cuda:{t}")
    for name, shape in MATMULS for t in (80, 90)
]

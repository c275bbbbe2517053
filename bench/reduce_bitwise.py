#!/usr/bin/env python3
"""Reductions compiled by Triton and by tile must give the same bits: a float
sum rounds by the order its terms are combined in, so tile combines in
Triton's order (registers, then lanes from the largest shuffle distance
down, then the warps' partials as Triton's second shuffle round does).

Row, column and whole-block reductions (sum, max, argmax with ties, a
two-operand sum and sum of squares, integer sums and xor sums) over 1 to 16
warps, in float32, float16, bfloat16 and int32, each launched on random
inputs with a wide range of magnitudes. Three steps on a GPU machine:

    python bench/reduce_bitwise.py --save triton.pt
    python -m tile.triton --stats bench/reduce_bitwise.py --save tile.pt
    python bench/reduce_bitwise.py --compare tile.pt triton.pt

--compare prints, per output, whether the two runs agree bit for bit, and
ends with `N equal, N differ`; the exit status is 1 when any differs.
"""

from __future__ import annotations

import argparse
import sys

import torch
import triton
import triton.language as tl


@triton.jit
def row_reductions(x_ptr, sum_ptr, max_ptr, arg_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * N + tl.arange(0, N))
    tl.store(sum_ptr + row, tl.sum(x, 0))
    tl.store(max_ptr + row, tl.max(x, 0))
    tl.store(arg_ptr + row, tl.argmax(x, 0, tie_break_left=True))


@triton.jit
def block_sums(x_ptr, rows_ptr, cols_ptr, R: tl.constexpr, C: tl.constexpr):
    block = tl.program_id(0)
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    x = tl.load(x_ptr + block * R * C + r[:, None] * C + c[None, :])
    tl.store(rows_ptr + block * R + r, tl.sum(x, 1))
    tl.store(cols_ptr + block * C + c, tl.sum(x, 0))


@triton.jit
def _sum_and_squares(a, a2, b, b2):
    return a + b, a2 + b2


@triton.jit
def moments(x_ptr, sum_ptr, squares_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * N + tl.arange(0, N)).to(tl.float32)
    total, squares = tl.reduce((x, x * x), 0, _sum_and_squares)
    tl.store(sum_ptr + row, total)
    tl.store(squares_ptr + row, squares)


@triton.jit
def int_reductions(x_ptr, sum_ptr, xor_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * N + tl.arange(0, N))
    tl.store(sum_ptr + row, tl.sum(x, 0))
    tl.store(xor_ptr + row, tl.xor_sum(x, 0))


ROWS = 64


def wide_floats(shape: tuple[int, ...], dtype: torch.dtype,
                generator: torch.Generator) -> torch.Tensor:
    """Normal values scaled by 2^k, k uniform in [-8, 8]: sums of these round
    differently under almost any change of order."""
    values = torch.randn(shape, device="cuda", generator=generator)
    scale = torch.randint(-8, 9, shape, device="cuda", generator=generator)
    values = values * torch.pow(2.0, scale.float())
    # Repeat some values so that argmax meets ties.
    values[..., 1::7] = values[..., ::7][..., :values[..., 1::7].shape[-1]]
    return values.to(dtype)


def run() -> dict[str, torch.Tensor]:
    generator = torch.Generator(device="cuda").manual_seed(0)
    results: dict[str, torch.Tensor] = {}
    for dtype in (torch.float32, torch.float16, torch.bfloat16):
        name = str(dtype).split(".")[-1]
        for n in (128, 1024, 8192):
            x = wide_floats((ROWS, n), dtype, generator)
            for warps in (1, 4, 8, 16):
                if n // warps < 32:
                    continue
                out = [torch.empty(ROWS, device="cuda", dtype=t)
                       for t in (dtype, dtype, torch.int32)]
                row_reductions[(ROWS,)](x, *out, N=n, num_warps=warps)
                for what, tensor in zip(("sum", "max", "argmax"), out):
                    results[f"row_{what}_{name}_n{n}_w{warps}"] = tensor
                sums, squares = (torch.empty(ROWS, device="cuda")
                                 for _ in range(2))
                moments[(ROWS,)](x, sums, squares, N=n, num_warps=warps)
                results[f"moments_sum_{name}_n{n}_w{warps}"] = sums
                results[f"moments_squares_{name}_n{n}_w{warps}"] = squares
        for r, c, warps in ((64, 64, 4), (128, 256, 8), (256, 32, 16),
                            (16, 1024, 4)):
            x = wide_floats((ROWS, r, c), dtype, generator)
            rows = torch.empty(ROWS * r, device="cuda", dtype=dtype)
            cols = torch.empty(ROWS * c, device="cuda", dtype=dtype)
            block_sums[(ROWS,)](x, rows, cols, R=r, C=c, num_warps=warps)
            results[f"block_rows_{name}_{r}x{c}_w{warps}"] = rows
            results[f"block_cols_{name}_{r}x{c}_w{warps}"] = cols
    for n in (256, 4096):
        x = torch.randint(-2**31, 2**31 - 1, (ROWS, n), device="cuda",
                          dtype=torch.int32, generator=generator)
        for warps in (1, 8):
            sums, xors = (torch.empty(ROWS, device="cuda", dtype=torch.int32)
                          for _ in range(2))
            int_reductions[(ROWS,)](x, sums, xors, N=n, num_warps=warps)
            results[f"int_sum_n{n}_w{warps}"] = sums
            results[f"int_xor_n{n}_w{warps}"] = xors
    torch.cuda.synchronize()
    return {name: tensor.cpu() for name, tensor in results.items()}


def same_bits(a: torch.Tensor, b: torch.Tensor) -> bool:
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.is_floating_point():
        bits = {2: torch.int16, 4: torch.int32}[a.element_size()]
        return torch.equal(a.view(bits), b.view(bits))
    return torch.equal(a, b)


def compare(first: str, second: str) -> bool:
    a, b = torch.load(first), torch.load(second)
    equal = differ = 0
    for name in sorted(set(a) | set(b)):
        if name not in a or name not in b:
            print(f"{name}: only in {first if name in a else second}")
            differ += 1
            continue
        if same_bits(a[name], b[name]):
            equal += 1
            continue
        differ += 1
        mismatched = (a[name] != b[name]).sum().item()
        print(f"{name}: {mismatched} of {a[name].numel()} elements differ")
    print(f"{equal} equal, {differ} differ")
    return differ == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--save", help="write the outputs here")
    parser.add_argument("--compare", nargs=2, metavar=("A.pt", "B.pt"),
                        help="compare two saved runs instead of running")
    args = parser.parse_args()
    if args.compare:
        return 0 if compare(*args.compare) else 1
    results = run()
    if args.save:
        torch.save(results, args.save)
        print(f"saved {len(results)} outputs to {args.save}")
    try:
        import tile.triton
        print(f"tile enabled: {tile.triton.is_enabled()}, "
              f"stats: {tile.triton.stats()}")
    except ImportError:
        print("tile not importable: Triton's own compiler")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Dots smaller than one 16x8 mma.sync tile, on the GPU, with tile as
Triton's compiler: every shape with M and N in {1, 2, 4, 8, 16}, each
operand type mma.sync takes (f16, bf16, tf32, int8, f64, and fp8 where the
GPU has it) and 1 and 4 warps, checked against torch's product in float64.

    python -m tile.triton --stats bench/small_dot_check.py

The results must be exact for int8 and f64 and within the inputs' rounding
elsewhere (the operands are small integers, so f16, bf16 and fp8 products
and their sums are exact too; tf32 rounds the f32 inputs to 10 mantissa
bits). The last line is `N passed, N failed`; exit status 1 on a failure.
"""

from __future__ import annotations

import itertools
import sys

import torch
import triton
import triton.language as tl


@triton.jit
def small_dot(x_ptr, y_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
              K: tl.constexpr, PRECISION: tl.constexpr):
    m = tl.arange(0, M)[:, None]
    n = tl.arange(0, N)[None, :]
    k = tl.arange(0, K)
    x = tl.load(x_ptr + m * K + k[None, :])
    y = tl.load(y_ptr + k[:, None] * N + n)
    z = tl.dot(x, y, input_precision=PRECISION)
    tl.store(out_ptr + m * N + n, z)


def operand_types() -> list[tuple[torch.dtype, torch.dtype, str, int]]:
    """(operand dtype, result dtype, input precision, K) for each type."""
    types = [(torch.float16, torch.float32, "ieee", 16),
             (torch.bfloat16, torch.float32, "ieee", 16),
             (torch.float32, torch.float32, "tf32", 16),
             (torch.int8, torch.int32, "ieee", 32),
             (torch.float64, torch.float64, "ieee", 16),
             (torch.float8_e5m2, torch.float32, "ieee", 32)]
    if torch.cuda.get_device_capability() >= (8, 9):
        types.append((torch.float8_e4m3fn, torch.float32, "ieee", 32))
    return types


def check(m: int, n: int, k: int, dtype: torch.dtype, out_dtype: torch.dtype,
          precision: str, warps: int) -> str | None:
    """Runs one dot; a description of the mismatch, or None."""
    gen = torch.Generator(device="cuda").manual_seed(m * 1000 + n * 10 + k)
    # Small integers: every product and sum is exact in each operand type.
    x = torch.randint(-3, 4, (m, k), device="cuda", generator=gen)
    y = torch.randint(-3, 4, (k, n), device="cuda", generator=gen)
    # Out of the sums' range, so an element left unwritten shows.
    out = torch.full((m, n), 12345, device="cuda", dtype=out_dtype)
    small_dot[(1, )](x.to(dtype), y.to(dtype), out, m, n, k, precision,
                     num_warps=warps)
    expected = (x.double() @ y.double()).to(out_dtype)
    if not torch.equal(out, expected):
        return (f"max |error| "
                f"{(out.double() - expected.double()).abs().max().item()}")
    return None


def main() -> int:
    passed = failed = 0
    sizes = [1, 2, 4, 8, 16]
    for (dtype, out_dtype, precision, k), m, n, warps in itertools.product(
            operand_types(), sizes, sizes, [1, 4]):
        name = f"{m}x{n}x{k} {dtype} -> {out_dtype} ({precision}), {warps} warps"
        try:
            problem = check(m, n, k, dtype, out_dtype, precision, warps)
        except Exception as error:  # a compile error is a failure too
            problem = f"{type(error).__name__}: {error}"
        if problem:
            failed += 1
            print(f"FAIL {name}: {problem}")
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

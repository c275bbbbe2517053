#!/usr/bin/env python3
"""Dots smaller than one 16x8 mma.sync tile, on the GPU, with tile as
Triton's compiler: every shape with M and N in {1, 2, 4, 8, 16}, each
operand type mma.sync takes (f16, bf16, tf32, int8, f64, and fp8 where the
GPU has it) and 1 and 4 warps, and pipelined K loops of f16 and bf16 dots
up to 32x32, checked against torch's product in float64.

    python -m tile.triton --stats bench/small_dot_check.py

The operands and the incoming accumulator are small integers, which every
operand type holds exactly (tf32's 10 mantissa bits included), so every
product and sum is exact and the results must equal torch's. The last line
is `N passed, N failed`; exit status 1 on a failure.
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
    # out = x @ y + out: the accumulator comes in nonzero, so a wrong
    # mapping of its registers shows too.
    m = tl.arange(0, M)[:, None]
    n = tl.arange(0, N)[None, :]
    k = tl.arange(0, K)
    x = tl.load(x_ptr + m * K + k[None, :])
    y = tl.load(y_ptr + k[:, None] * N + n)
    acc = tl.load(out_ptr + m * N + n)
    z = tl.dot(x, y, acc, input_precision=PRECISION, out_dtype=acc.dtype)
    tl.store(out_ptr + m * N + n, z)


@triton.jit
def small_dot_loop(x_ptr, y_ptr, out_ptr, K, M: tl.constexpr, N: tl.constexpr,
                   BLOCK_K: tl.constexpr):
    # The K loop is pipelined: the operands reach the dot through shared
    # memory (cp.async, then ldmatrix where the tile allows).
    m = tl.arange(0, M)[:, None]
    n = tl.arange(0, N)[None, :]
    k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((M, N), tl.float32)
    for k0 in range(0, K, BLOCK_K):
        x = tl.load(x_ptr + m * K + (k0 + k)[None, :])
        y = tl.load(y_ptr + (k0 + k)[:, None] * N + n)
        acc = tl.dot(x, y, acc)
    tl.store(out_ptr + m * N + n, acc)


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
    acc = torch.randint(-50, 51, (m, n), device="cuda", generator=gen)
    out = acc.to(out_dtype)
    small_dot[(1, )](x.to(dtype), y.to(dtype), out, m, n, k, precision,
                     num_warps=warps)
    expected = (x.double() @ y.double() + acc.double()).to(out_dtype)
    if not torch.equal(out, expected):
        return (f"max |error| "
                f"{(out.double() - expected.double()).abs().max().item()}")
    return None


def check_loop(m: int, n: int, dtype: torch.dtype, warps: int) -> str | None:
    """small_dot_loop over K = 256 in steps of 32; as check()."""
    k, block_k = 256, 32
    gen = torch.Generator(device="cuda").manual_seed(m * 100 + n)
    x = torch.randint(-3, 4, (m, k), device="cuda", generator=gen)
    y = torch.randint(-3, 4, (k, n), device="cuda", generator=gen)
    out = torch.full((m, n), 12345.0, device="cuda")
    small_dot_loop[(1, )](x.to(dtype), y.to(dtype), out, k, m, n, block_k,
                          num_warps=warps, num_stages=3)
    expected = (x.double() @ y.double()).float()
    if not torch.equal(out, expected):
        return f"max |error| {(out - expected).abs().max().item()}"
    return None


def main() -> int:
    passed = failed = 0

    def record(name: str, run) -> None:
        nonlocal passed, failed
        try:
            problem = run()
        except Exception as error:  # a compile error is a failure too
            problem = f"{type(error).__name__}: {error}"
        if problem:
            failed += 1
            print(f"FAIL {name}: {problem}")
        else:
            passed += 1

    sizes = [1, 2, 4, 8, 16]
    for (dtype, out_dtype, precision, k), m, n, warps in itertools.product(
            operand_types(), sizes, sizes, [1, 4]):
        record(f"{m}x{n}x{k} {dtype} -> {out_dtype} ({precision}), "
               f"{warps} warps",
               lambda: check(m, n, k, dtype, out_dtype, precision, warps))
    for dtype, m, n in itertools.product([torch.float16, torch.bfloat16],
                                         [2, 4, 8, 16, 32], [2, 4, 8, 16, 32]):
        record(f"loop {m}x{n} {dtype}, 4 warps",
               lambda: check_loop(m, n, dtype, 4))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

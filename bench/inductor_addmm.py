#!/usr/bin/env python3
"""Times a Linear layer's bias matmul as Inductor's max-autotune addmm
template writes it (bf16, x @ w.T + bias, GROUP_M tile order), compiled for
sm_90 by Triton and by tile in one process: both kernels launched
alternately, the median of 100 launches each, three repetitions; checked
against torch first.

Runs on the GPU machine with the tile package importable and
TILE_COMPILER_LIBRARY set:

    python3 bench/inductor_addmm.py [--size 4096] [--config 4,3 8,5]

Each config is num_warps,num_stages for a 128x128x64 tile; --size must be a
multiple of 128 (the kernel does not mask its K loop). Prints registers (from
the loaded kernel), relative error and, per repetition, Triton's time over
tile's (above 1: tile faster).
"""

from __future__ import annotations

import argparse
import statistics

import torch
import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

import tile.triton


@triton.jit
def addmm_template(bias_ptr, x_ptr, w_ptr, out_ptr, M: tl.constexpr,
                   N: tl.constexpr, K: tl.constexpr):
    BLOCK_M: tl.constexpr = 128
    BLOCK_N: tl.constexpr = 128
    BLOCK_K: tl.constexpr = 64
    GROUP_M: tl.constexpr = 8
    pid = tl.program_id(0)
    grid_m = tl.cdiv(M, BLOCK_M)
    grid_n = tl.cdiv(N, BLOCK_N)
    group = pid // (GROUP_M * grid_n)
    rows_in_group = min(grid_m - group * GROUP_M, GROUP_M)
    pid_m = group * GROUP_M + pid % rows_in_group
    pid_n = (pid % (GROUP_M * grid_n)) // rows_in_group
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    am = tl.max_contiguous(tl.multiple_of(rm % M, BLOCK_M), BLOCK_M)
    wn = tl.max_contiguous(tl.multiple_of(rn % N, BLOCK_N), BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(x_ptr + am[:, None] * K + (k * BLOCK_K + rk)[None, :])
        b = tl.load(w_ptr + wn[None, :] * K + (k * BLOCK_K + rk)[:, None])
        acc += tl.dot(a, b, allow_tf32=False, out_dtype=tl.float32)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    bias = tl.load(bias_ptr + tl.broadcast_to(rn[None, :], acc.shape), mask,
                   eviction_policy="evict_last").to(tl.float32)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], acc + bias, mask)


def compile_both(size: int, num_warps: int, num_stages: int) -> dict:
    signature = {"bias_ptr": "*bf16", "x_ptr": "*bf16", "w_ptr": "*bf16",
                 "out_ptr": "*bf16", "M": "constexpr", "N": "constexpr",
                 "K": "constexpr"}
    source = ASTSource(addmm_template, signature,
                       {"M": size, "N": size, "K": size},
                       {(i,): [["tt.divisibility", 16]] for i in range(4)})
    options = {"num_warps": num_warps, "num_stages": num_stages}
    target = GPUTarget("cuda", 90, 32)
    kernels = {"triton": triton.compile(source, target=target, options=options)}
    with tile.triton.enabled():
        kernels["tile"] = triton.compile(source, target=target, options=options)
    return kernels


def launch_us(launch) -> float:
    """One launch's time in microseconds."""
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    launch()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--config", nargs="+", default=["4,3", "8,5"])
    parser.add_argument("--iters", type=int, default=100)
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    n = args.size
    if n <= 0 or n % 128:
        parser.error("--size must be a positive multiple of 128")
    x = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    w = torch.randn(n, n, device="cuda", dtype=torch.bfloat16)
    bias = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    ref = x.float() @ w.float().t() + bias.float()
    grid = (triton.cdiv(n, 128) ** 2, 1, 1)
    for config in args.config:
        num_warps, num_stages = map(int, config.split(","))
        kernels = compile_both(n, num_warps, num_stages)
        outs = {name: torch.empty_like(x) for name in kernels}
        launch = {
            name: (lambda k=k, o=outs[name]: k[grid](bias, x, w, o, n, n, n))
            for name, k in kernels.items()}
        for name, kernel in kernels.items():
            launch[name]()
            torch.cuda.synchronize()
            err = ((outs[name].float() - ref).abs().max()
                   / ref.abs().max()).item()
            print(f"{config} {name}: {kernel.n_regs} registers, "
                  f"relative error {err:.2e}")
            assert err < 1e-2, f"{name} computed a wrong result"
        ratios = []
        for rep in range(args.reps):
            for _ in range(10):
                for name in kernels:
                    launch[name]()
            times = {name: [] for name in kernels}
            for _ in range(args.iters):
                for name in kernels:
                    times[name].append(launch_us(launch[name]))
            med = {name: statistics.median(t) for name, t in times.items()}
            ratios.append(med["triton"] / med["tile"])
            print(f"{config} rep {rep}: Triton {med['triton']:.1f} us, tile "
                  f"{med['tile']:.1f} us, Triton's time / tile's "
                  f"{ratios[-1]:.4f}")
        print(f"{config}: median Triton's time / tile's "
              f"{statistics.median(ratios):.4f}, min {min(ratios):.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Triton's fused-attention tutorial (06) forward with warp_specialize=True
compiled by tile on a Hopper GPU, where tile's nvgpu-warp-specialization
takes the attention rewrite (a TMA producer, two consumers taking turns,
each overlapping its softmax with its own P x V wgmma): the output checked
against torch, and the time against Triton's compile of the same call with
warp_specialize=False (the tutorial's default on Hopper). The tutorial's
single test config is used (PYTEST_VERSION set: BLOCK_M 128, BLOCK_N 64,
2 stages, 4 warps), so both compile one kernel.

    python3 bench/tutorial_attention.py OUT.json [--triton-src DIR]

DIR is a checkout of Triton's repository (default build-triton/, git-ignored).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
from pathlib import Path

os.environ.setdefault("PYTEST_VERSION", "tile")  # the tutorial's one config

import torch  # noqa: E402
import triton  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT / "python"))
import tile.triton as tile_triton  # noqa: E402

SHAPES = [(4, 32, 4096, 128), (1, 16, 16384, 128), (4, 32, 4096, 64)]


def load_tutorial(src: Path):
    path = src / "python" / "tutorials" / "06-fused-attention.py"
    spec = importlib.util.spec_from_file_location("fused_attention", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tflops(shape: tuple[int, ...], ms: float) -> float:
    batch, heads, n, d = shape
    return 4.0 * batch * heads * n * n * d / (ms * 1e-3) / 1e12


def run_shape(tutorial, shape: tuple[int, ...], reps: int) -> dict:
    batch, heads, n, d = shape
    gen = torch.Generator(device="cuda").manual_seed(n + d)
    q, k, v = (torch.randn(shape, device="cuda", dtype=torch.float16,
                           generator=gen) for _ in range(3))
    scale = d ** -0.5
    want = torch.nn.functional.scaled_dot_product_attention(q, k, v,
                                                            scale=scale)
    calls = {}
    for name, use_tile, ws in (("triton", False, False), ("tile_ws", True,
                                                          True)):
        (tile_triton.enable if use_tile else tile_triton.disable)()
        out = tutorial.attention(q, k, v, False, scale, ws)
        torch.cuda.synchronize()
        err = (out.float() - want.float()).abs().max().item()
        calls[name] = {"max_abs_err": err,
                       "fn": lambda ws=ws: tutorial.attention(q, k, v, False,
                                                              scale, ws)}
    tile_triton.disable()
    ratios, times = [], {"triton": [], "tile_ws": []}
    for rep in range(reps):
        order = ["triton", "tile_ws"] if rep % 2 == 0 else ["tile_ws",
                                                           "triton"]
        for name in order:
            times[name].append(triton.testing.do_bench(calls[name]["fn"],
                                                       warmup=25, rep=200))
        ratios.append(times["triton"][-1] / times["tile_ws"][-1])
    result = {"shape": "x".join(map(str, shape)),
              "ratios": [round(r, 4) for r in ratios],
              "ratio": round(statistics.median(ratios), 4)}
    for name, call in calls.items():
        ms = statistics.median(times[name])
        result[name] = {"max_abs_err": call["max_abs_err"],
                        "ms": round(ms, 4),
                        "tflops": round(tflops(shape, ms), 1)}
    result["ok"] = call_ok(result)
    return result


def call_ok(result: dict) -> bool:
    return all(result[name]["max_abs_err"] <= 1e-2
               for name in ("triton", "tile_ws"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--triton-src", type=Path, default=ROOT / "build-triton")
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    tutorial = load_tutorial(args.triton_src)
    tile_triton.reset_stats()
    rows = []
    for shape in SHAPES:
        row = run_shape(tutorial, shape, args.reps)
        rows.append(row)
        print(json.dumps(row), flush=True)
    report = {"gpu": torch.cuda.get_device_name(), "rows": rows,
              "tile_stats": tile_triton.stats()}
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    return 0 if all(row["ok"] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

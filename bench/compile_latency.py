#!/usr/bin/env python3
"""Compile latency of Triton 3.6 and of tile as Triton's compiler, on the CPU.

The same kernels (python/tests/kernels.py: elementwise, reductions, scans,
softmax, dots in f16/bf16/fp8/tf32, atomics, descriptors, a persistent and
a warp-specialized loop, autotune configs) are compiled by ``triton.compile``
with Triton's own stages and with tile's stages hook, in one process,
interleaved, each compile from scratch (TRITON_ALWAYS_COMPILE=1). Both
include Triton's frontend and ptxas; the difference is TTIR -> PTX.

    python3 bench/compile_latency.py --target 90 --reps 11 --out results/

Prints a table (median and p90 seconds per kernel, ratio tile / Triton) and
writes compile_latency.json. Needs triton==3.6.0 and the tile package (or
python/ on sys.path and a built libtile-compiler.so); no GPU.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))
sys.path.insert(0, str(REPO / "python" / "tests"))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def time_compile(case, capability: int) -> float:
    from compile_helpers import compile_case
    start = time.perf_counter()
    compile_case(case, capability)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--target", type=int, default=90,
                        help="compute capability (80 or 90)")
    parser.add_argument("--reps", type=int, default=11,
                        help="compiles per kernel and compiler")
    parser.add_argument("--out", type=Path, help="folder for the JSON")
    parser.add_argument("--filter", help="only kernels whose name contains this")
    args = parser.parse_args()

    os.environ["TRITON_ALWAYS_COMPILE"] = "1"
    os.environ.setdefault("TRITON_CACHE_DIR",
                          str(Path("/tmp") / f"tile-compile-latency-{os.getpid()}"))
    import tile.triton
    from kernels import CASES

    cases = [c for c in CASES if args.target in c.capabilities
             and (not args.filter or args.filter in c.name)]
    # Warm both paths (imports, ptxas version query, library load).
    for compiler in ("triton", "tile"):
        if compiler == "tile":
            tile.triton.enable()
        time_compile(cases[0], args.target)
        tile.triton.disable()

    rows = []
    for case in cases:
        times: dict[str, list[float]] = {"triton": [], "tile": []}
        for _ in range(args.reps):
            for compiler in ("triton", "tile"):  # interleaved
                if compiler == "tile":
                    tile.triton.enable()
                try:
                    times[compiler].append(time_compile(case, args.target))
                finally:
                    tile.triton.disable()
        row = {"kernel": case.name, "target": f"sm_{args.target}"}
        for compiler, values in times.items():
            row[f"{compiler}_median"] = statistics.median(values)
            row[f"{compiler}_p90"] = percentile(values, 0.9)
            row[f"{compiler}_all"] = values
        row["ratio"] = row["tile_median"] / row["triton_median"]
        rows.append(row)
        print(f"{case.name:<28} triton {row['triton_median']:.3f}s "
              f"(p90 {row['triton_p90']:.3f})  tile {row['tile_median']:.3f}s "
              f"(p90 {row['tile_p90']:.3f})  tile/triton {row['ratio']:.3f}",
              flush=True)

    ratios = [r["ratio"] for r in rows]
    summary = {
        "kernels": len(rows),
        "median_ratio": statistics.median(ratios),
        "triton_median_of_medians": statistics.median(r["triton_median"] for r in rows),
        "tile_median_of_medians": statistics.median(r["tile_median"] for r in rows),
    }
    print("\n| kernel | Triton median (p90) s | tile median (p90) s | tile/Triton |")
    print("|---|--:|--:|--:|")
    for r in rows:
        print(f"| {r['kernel']} | {r['triton_median']:.3f} ({r['triton_p90']:.3f}) "
              f"| {r['tile_median']:.3f} ({r['tile_p90']:.3f}) | {r['ratio']:.3f} |")
    print(f"\nmedian ratio tile/Triton over {len(rows)} kernels: "
          f"{summary['median_ratio']:.3f}")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / "compile_latency.json"
        path.write_text(json.dumps({"summary": summary, "rows": rows}, indent=1))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

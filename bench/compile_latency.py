#!/usr/bin/env python3
"""Compile latency of Triton 3.6 and of tile as Triton's compiler, on the CPU.

The same kernels (python/tests/kernels.py: elementwise, reductions, scans,
softmax, dots in f16/bf16/fp8/tf32, atomics, descriptors, a persistent and
a warp-specialized loop, autotune configs) are compiled by ``triton.compile``
with Triton's own stages and with tile's stages hook, in one process,
interleaved, each compile from scratch (TRITON_ALWAYS_COMPILE=1). Both
include Triton's frontend and ptxas; the difference is TTIR -> PTX.

    python3 bench/compile_latency.py --target 90 --reps 11 --out results/

With --cache DIR (a TRITON_CACHE_DIR a program's run left behind, e.g. by
bench/torch_models.py --keep-caches or bench/tutorials.sh), the kernels are
that program's: each .ttir of the cache is compiled by ``triton.compile``
from the file with the options of its .json, so both compilers run TTIR ->
PTX -> cubin for exactly the configs the program compiled (the frontend is
not part of either time).

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


class CachedKernel:
    """A kernel of a Triton cache: its TTIR file and the options it was
    compiled with (the CUDA options among its .json metadata)."""

    def __init__(self, ttir: Path):
        from triton.backends.nvidia.compiler import CUDAOptions
        metadata = json.loads(ttir.with_suffix(".json").read_text())
        fields = CUDAOptions.__dataclass_fields__
        self.path = ttir
        self.name = f"{ttir.stem}/{ttir.parent.name[:8]}"
        self.capability = int(metadata["target"]["arch"])
        self.options = {key: value for key, value in metadata.items()
                        if key in fields and key not in ("arch", "backend_name")
                        and not isinstance(value, (list, dict))}

    def compile(self) -> float:
        import triton
        from triton.backends.compiler import GPUTarget
        start = time.perf_counter()
        triton.compile(str(self.path),
                       target=GPUTarget("cuda", self.capability, 32),
                       options=dict(self.options))
        return time.perf_counter() - start


def cached_kernels(cache: Path, name_filter: str | None) -> list[CachedKernel]:
    kernels = []
    for ttir in sorted(cache.glob("*/*.ttir")):
        if not ttir.with_suffix(".json").exists():
            continue
        if name_filter and name_filter not in ttir.stem:
            continue
        kernels.append(CachedKernel(ttir))
    return kernels


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--target", type=int, default=90,
                        help="compute capability (80 or 90)")
    parser.add_argument("--reps", type=int, default=11,
                        help="compiles per kernel and compiler")
    parser.add_argument("--out", type=Path, help="folder for the JSON")
    parser.add_argument("--filter", help="only kernels whose name contains this")
    parser.add_argument("--cache", type=Path,
                        help="time the kernels of this Triton cache instead")
    args = parser.parse_args()

    os.environ["TRITON_ALWAYS_COMPILE"] = "1"
    os.environ.setdefault("TRITON_CACHE_DIR",
                          str(Path("/tmp") / f"tile-compile-latency-{os.getpid()}"))
    import tile.triton
    if args.cache:
        cases = cached_kernels(args.cache, args.filter)
        compile_once = CachedKernel.compile
    else:
        from kernels import CASES
        cases = [c for c in CASES if args.target in c.capabilities
                 and (not args.filter or args.filter in c.name)]

        def compile_once(case) -> float:
            return time_compile(case, args.target)
    if not cases:
        print("no kernels to compile", file=sys.stderr)
        return 1
    # Warm both paths (imports, ptxas version query, library load).
    for compiler in ("triton", "tile"):
        if compiler == "tile":
            tile.triton.enable()
        compile_once(cases[0])
        tile.triton.disable()

    rows = []
    skipped = []
    for case in cases:
        times: dict[str, list[float]] = {"triton": [], "tile": []}
        try:
            for _ in range(args.reps):
                for compiler in ("triton", "tile"):  # interleaved
                    if compiler == "tile":
                        tile.triton.enable()
                    try:
                        times[compiler].append(compile_once(case))
                    finally:
                        tile.triton.disable()
        except Exception as error:
            if not args.cache:
                raise
            # A program's cache also holds the configs its autotuner
            # rejected (over the shared memory limit: Triton finds out at
            # launch, tile when it compiles).
            reason = str(error).strip().splitlines()[0][:200]
            skipped.append({"kernel": case.name, "reason": reason})
            print(f"{case.name[:60]:<28} skipped: {reason}", flush=True)
            continue
        capability = getattr(case, "capability", args.target)
        row = {"kernel": case.name, "target": f"sm_{capability}"}
        for compiler, values in times.items():
            row[f"{compiler}_median"] = statistics.median(values)
            row[f"{compiler}_p90"] = percentile(values, 0.9)
            row[f"{compiler}_all"] = values
        row["ratio"] = row["tile_median"] / row["triton_median"]
        rows.append(row)
        print(f"{case.name[:60]:<28} triton {row['triton_median']:.3f}s "
              f"(p90 {row['triton_p90']:.3f})  tile {row['tile_median']:.3f}s "
              f"(p90 {row['tile_p90']:.3f})  tile/triton {row['ratio']:.3f}",
              flush=True)

    if not rows:
        print("every kernel was skipped", file=sys.stderr)
        return 1
    ratios = [r["ratio"] for r in rows]
    summary = {
        "kernels": len(rows),
        "median_ratio": statistics.median(ratios),
        "triton_median_of_medians": statistics.median(r["triton_median"] for r in rows),
        "tile_median_of_medians": statistics.median(r["tile_median"] for r in rows),
        # The program's compile time: every kernel once, at its median.
        "triton_total": sum(r["triton_median"] for r in rows),
        "tile_total": sum(r["tile_median"] for r in rows),
    }
    summary["total_ratio"] = summary["tile_total"] / summary["triton_total"]
    summary["skipped"] = skipped
    print("\n| kernel | Triton median (p90) s | tile median (p90) s | tile/Triton |")
    print("|---|--:|--:|--:|")
    for r in rows:
        print(f"| {r['kernel']} | {r['triton_median']:.3f} ({r['triton_p90']:.3f}) "
              f"| {r['tile_median']:.3f} ({r['tile_p90']:.3f}) | {r['ratio']:.3f} |")
    print(f"\nmedian ratio tile/Triton over {len(rows)} kernels: "
          f"{summary['median_ratio']:.3f}; all kernels once: Triton "
          f"{summary['triton_total']:.2f}s, tile {summary['tile_total']:.2f}s "
          f"({summary['total_ratio']:.3f})")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / "compile_latency.json"
        path.write_text(json.dumps({"summary": summary, "rows": rows},
                                   indent=1))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

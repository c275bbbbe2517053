#!/usr/bin/env python3
"""Why Inductor's autotuner picked different configs under Triton and tile:
reads the `autotune` timings bench/torch_models.py records per phase and,
for every kernel whose pick differs, prints what each compiler measured for
both picks.

    python3 bench/autotune_picks.py OUTDIR/models.json [--json OUT]

A pick is a coin toss when each compiler timed the other's pick within
`--band` of its own; it is a compiler effect when tile timed Triton's pick
slower than Triton timed it by more than the band (or the reverse).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def best_timings(benchmarks: list) -> dict[str, float]:
    """config -> ms of a kernel's last benchmark (Inductor keeps the last
    pick when a kernel is benchmarked again)."""
    return {config: ms for config, ms in benchmarks[-1]}


def compare_kernel(triton: dict[str, float], tile: dict[str, float],
                   band: float) -> dict | None:
    triton_pick = min(triton, key=triton.get)
    tile_pick = min(tile, key=tile.get)
    if triton_pick == tile_pick or triton_pick not in tile \
            or tile_pick not in triton:
        return None
    # > 1: tile ran that config slower than Triton did.
    tile_over_triton = {"triton_pick": tile[triton_pick] / triton[triton_pick],
                        "tile_pick": tile[tile_pick] / triton[tile_pick]}
    margins = {"triton": triton[tile_pick] / triton[triton_pick],
               "tile": tile[triton_pick] / tile[tile_pick]}
    slower = max(tile_over_triton.values())
    if slower > 1 + band:
        verdict = "tile slower on a config"
    elif max(margins.values()) <= 1 + band:
        verdict = "coin toss"
    else:
        verdict = "configs differ by more than the band under one compiler"
    return {"triton_pick": triton_pick, "tile_pick": tile_pick,
            "ms": {"triton": {triton_pick: triton[triton_pick],
                              tile_pick: triton[tile_pick]},
                   "tile": {triton_pick: tile[triton_pick],
                            tile_pick: tile[tile_pick]}},
            "tile_over_triton": {k: round(v, 4)
                                 for k, v in tile_over_triton.items()},
            "margins": {k: round(v, 4) for k, v in margins.items()},
            "verdict": verdict}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("models", type=Path, help="torch_models.py's "
                        "models.json")
    parser.add_argument("--band", type=float, default=0.03,
                        help="relative difference read as noise "
                             "(default 0.03)")
    parser.add_argument("--json", type=Path, help="write the rows here")
    args = parser.parse_args()
    report = {}
    for workload, result in json.loads(args.models.read_text()).items():
        phases = result.get("autotune") or {}
        if set(phases) < {"triton", "tile"}:
            continue
        rows, same = {}, 0
        for kernel, benchmarks in phases["triton"].items():
            if kernel not in phases["tile"]:
                continue
            row = compare_kernel(best_timings(benchmarks),
                                 best_timings(phases["tile"][kernel]),
                                 args.band)
            if row is None:
                same += 1
            else:
                rows[kernel] = row
        report[workload] = {"same_pick": same, "different_pick": rows}
        print(f"{workload}: {same} kernels picked alike, {len(rows)} not")
        for kernel, row in rows.items():
            print(f"  {kernel}: {row['verdict']}; tile/Triton time on "
                  f"Triton's pick {row['tile_over_triton']['triton_pick']}, "
                  f"on tile's {row['tile_over_triton']['tile_pick']}; "
                  f"margins {row['margins']}")
            print(f"    Triton's pick {row['triton_pick']}")
            print(f"    tile's pick   {row['tile_pick']}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

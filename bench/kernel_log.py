#!/usr/bin/env python3
"""Summarizes TILE_TRITON_LOG files (one JSON line per kernel tile
compiled): per file, the kernels by outcome and, where the run set
TILE_TRITON_COMPARE=1, tile's shared memory against Triton's for the same
config (more / equal / less, and every kernel where tile needs more).

    python3 bench/kernel_log.py LOG.jsonl... [--json SUMMARY.json]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics


def summarize(path: str) -> dict:
    rows = [json.loads(line) for line in open(path) if line.strip()]
    outcomes = collections.Counter(row["outcome"] for row in rows)
    shared = collections.Counter()
    above, ratios = [], []
    for row in rows:
        ours, theirs = row.get("shared"), row.get("triton_shared")
        if ours is None or theirs is None:
            continue
        key = "more" if ours > theirs else "less" if ours < theirs else "equal"
        shared[key] += 1
        if key == "more":
            above.append({k: row.get(k) for k in (
                "kernel", "shared", "triton_shared", "num_warps", "num_stages",
                "outcome")})
            if theirs:
                ratios.append(ours / theirs)
    return {
        "kernels": len(rows),
        "by_tile": outcomes.get("compiled", 0),
        "outcomes": dict(outcomes),
        "not_compiled": [row for row in rows if row["outcome"] != "compiled"],
        "shared_vs_triton": {k: shared.get(k, 0) for k in ("more", "equal", "less")},
        "median_ratio_where_more": statistics.median(ratios) if ratios else None,
        "more": above,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("logs", nargs="+")
    parser.add_argument("--json")
    args = parser.parse_args()
    result = {}
    for path in args.logs:
        name = os.path.basename(path).removesuffix(".jsonl")
        summary = result[name] = summarize(path)
        print(f"{name}: {summary['kernels']} kernels, {summary['outcomes']}, "
              f"shared vs Triton {summary['shared_vs_triton']}")
        for row in summary["not_compiled"]:
            print(f"  not compiled by tile: {row['kernel']}: {row['outcome']}: "
                  f"{row.get('reason', '')[:300]}")
        for row in summary["more"]:
            print(f"  more shared than Triton: {row}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""tile's TTGIR against Triton's for the same TTIR, on the CPU.

Each TTIR of the bench (bench/data/*.ttir, Triton 3.6's dumps) is compiled
by ``triton.compile`` twice in one process, with Triton's own stages and
with tile's (the ``tile`` package's hook), for the target and options its
``.json`` names. Printed per kernel: the shared memory of each, the number
of ``ttg.convert_layout`` ops in each TTGIR, and whether both TTGIRs define
the same set of layouts. No GPU; needs triton==3.6.0 and a built
libtile-compiler.so (TILE_COMPILER_LIBRARY, or the installed package).

    python3 bench/ttgir_parity.py [--json OUT.json] [TTIR...]

Exit status 1 when a kernel takes more shared memory, more conversions or
other layouts with tile than with Triton.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "python"))

LAYOUT_DEFINITION = re.compile(r"^#\w+ = (#ttg\.\w+<.*>)$", re.M)


def summarize(kernel) -> dict:
    ttgir = kernel.asm["ttgir"]
    return {"shared": kernel.metadata.shared,
            "conversions": ttgir.count("ttg.convert_layout"),
            "layouts": sorted(set(LAYOUT_DEFINITION.findall(ttgir)))}


def compile_both(path: Path) -> tuple[dict, dict]:
    import triton
    import tile.triton
    from triton.backends.compiler import GPUTarget

    meta = json.loads(path.with_suffix(".json").read_text())
    capability = 80 if path.name.endswith(".sm80.ttir") else 90
    target = GPUTarget("cuda", capability, 32)
    options = {"num_warps": meta["num_warps"],
               "num_stages": meta["num_stages"]}
    theirs = summarize(triton.compile(str(path), target=target,
                                      options=options))
    with tile.triton.enabled():
        ours = summarize(triton.compile(str(path), target=target,
                                        options=options))
    return theirs, ours


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ttir", nargs="*", type=Path,
                        help="TTIR files (default bench/data/*.ttir)")
    parser.add_argument("--json", type=Path, help="write every number here")
    args = parser.parse_args()
    paths = args.ttir or sorted((REPO / "bench" / "data").glob("*.ttir"))

    rows, worse = {}, 0
    print(f"{'kernel':44} {'shared Triton/tile':>22} {'conversions':>12}  layouts")
    for path in paths:
        theirs, ours = compile_both(path)
        same_layouts = theirs["layouts"] == ours["layouts"]
        behind = (ours["shared"] > theirs["shared"] or
                  ours["conversions"] > theirs["conversions"] or
                  not same_layouts)
        worse += behind
        rows[path.name] = {"triton": theirs, "tile": ours}
        print(f"{path.name:44} {theirs['shared']:>10} / {ours['shared']:<10}"
              f" {theirs['conversions']:>5} / {ours['conversions']:<5} "
              f" {'same' if same_layouts else 'differ'}"
              f"{'  <-- behind Triton' if behind else ''}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    print(f"{len(paths) - worse} of {len(paths)} kernels: no more shared "
          f"memory, conversions or other layouts than Triton")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Compiles every kernel of the Python test suite (python/tests/kernels.py's
CASES) with Triton 3.6 for one capability into a Triton cache folder, so
that bench/sass_compare.py can compile them again with tile and compare the
SASS: a CPU survey of registers, spills and instruction counts over kernels
whose shapes came from real programs (test_core, the tutorials, Inductor).

    python3 bench/test_kernel_cache.py CACHE_DIR [--capability 90]
    python3 bench/sass_compare.py CACHE_DIR

Needs Triton (no GPU) and, for the second step, the self-contained
libtile-compiler.so (TILE_COMPILER_LIBRARY).
"""

from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = os.path.join(os.path.dirname(HERE), "python")
TESTS = os.path.join(PYTHON, "tests")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cache_dir")
    parser.add_argument("--capability", type=int, default=90,
                        choices=(80, 86, 89, 90))
    args = parser.parse_args()
    # Triton reads the cache folder when it first compiles.
    os.environ["TRITON_CACHE_DIR"] = os.path.abspath(args.cache_dir)
    # The test helpers import the tile package (left disabled here).
    sys.path[:0] = [TESTS, PYTHON]
    from compile_helpers import compile_case
    from kernels import CASES

    compiled = 0
    for case in CASES:
        if args.capability not in case.capabilities:
            continue
        try:
            compile_case(case, args.capability)
        except Exception as error:  # noqa: BLE001 - Triton's reason is shown
            print(f"{case.name}: Triton does not compile it: "
                  f"{str(error).strip().splitlines()[-1][:120]}")
            continue
        compiled += 1
    print(f"{compiled} kernels compiled into {args.cache_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

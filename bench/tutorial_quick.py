#!/usr/bin/env python3
"""Runs one of Triton's tutorials as a script, its benchmark sweeps cut to
their first and last point (the correctness checks and every autotuned
kernel stay; the sweep's middle only times the same kernels again), with no
plots or files written.

    python -m tile.triton --stats bench/tutorial_quick.py TUTORIAL.py [ARGS...]
"""

from __future__ import annotations

import os
import runpy
import sys

import triton.testing


def _quick(run):
    def quick_run(self, *args, **kwargs):
        benchmarks = self.benchmarks
        for bench in benchmarks if isinstance(benchmarks, list) else [benchmarks]:
            if len(bench.x_vals) > 2:
                bench.x_vals = [bench.x_vals[0], bench.x_vals[-1]]
        kwargs["show_plots"] = False
        kwargs["save_path"] = ""
        return run(self, *args, **kwargs)
    return quick_run


def main() -> None:
    path = os.path.abspath(sys.argv[1])
    triton.testing.Mark.run = _quick(triton.testing.Mark.run)
    os.environ.setdefault("MPLBACKEND", "Agg")
    sys.argv = [path] + sys.argv[2:]
    os.chdir(os.path.dirname(path))
    runpy.run_path(path, run_name="__main__")


if __name__ == "__main__":
    main()

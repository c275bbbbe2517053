#!/usr/bin/env python3
"""Runs tile's language-coverage kernels on the GPU and checks them against
torch.

Each module in bench/checks/ lists `CASES`: a TTIR kernel (usually under
test/Inputs/language/), how to compile it, and a `run(ctx)` function that
makes inputs with torch, launches the kernel through `ctx.launch` and
returns a list of mismatch descriptions (empty when the kernel is right).

Two steps, as for the benchmarks (the GPU machine has no LLVM 22):

    python3 bench/language_check.py --build      # here: tile-compile each case
    python3 bench/language_check.py              # GPU machine: run and check

`--only SUBSTRING` keeps the cases whose name contains it. The last line is
`N passed, N failed`; the exit status is 1 when a case fails.
"""

import argparse
import glob
import importlib.util
import os
import sys
import traceback
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import tilebench  # noqa: E402

ROOT = tilebench.ROOT
OUT = os.path.join(ROOT, "out", "language")


@dataclass
class Case:
    """One kernel and its check. `ttir` is relative to the repository."""
    name: str
    ttir: str
    run: object  # run(ctx) -> list of mismatch strings
    target: str = "cuda:90"
    num_warps: int = 4
    num_stages: int = None
    tags: list = field(default_factory=list)

    def outdir(self):
        return os.path.join(OUT, self.name)

    def stem(self):
        return os.path.join(self.outdir(),
                            os.path.splitext(os.path.basename(self.ttir))[0])


class Context:
    """What a case's run() gets: torch, and a launcher for its kernel."""

    def __init__(self, torch, driver, kernel):
        self.torch, self.driver, self.kernel = torch, driver, kernel

    def launch(self, grid, *args):
        """Launches once on `grid` and waits. Arguments: torch tensors
        (passed as pointers), or ("i32"|"i64"|"f32"|"ptr", value) pairs, or
        ("desc", tilebench.TensorSpec) for a TMA descriptor parameter (a
        CUtensorMap encoded from the kernel's tensordesc_meta; the shape
        and strides that follow it in Triton's ABI are separate arguments).
        Trailing scratch pointers the kernel declares are passed as null,
        but for the global scratch a kernel with global_scratch_size needs
        (tilebench.scratch_args)."""
        marshalled = []
        for a in args:
            if hasattr(a, "data_ptr"):
                marshalled.append(("ptr", a.data_ptr()))
            else:
                marshalled.append(a)
        sizes = {"ptr": 8, "i64": 8, "i32": 4, "f32": 4, "desc": 128}
        extra = self.kernel.image.launch_params(
            [sizes[t] for t, _ in marshalled])
        trailing, scratch = tilebench.scratch_args(self.kernel.image, grid,
                                                   extra, self.torch)
        marshalled += trailing
        stream = self.torch.cuda.current_stream().cuda_stream
        self.kernel.launcher(grid, marshalled, stream)()
        tilebench.wait_or_exit(self.torch, f"{self.kernel.kernel.label}: a launch")
        del scratch  # the launch is complete


def mismatch(name, got, want, atol=0.0, rtol=0.0):
    """[] when `got` matches `want` (torch tensors) within the tolerances,
    else one line naming the worst element."""
    got_f, want_f = got.double(), want.double()
    if got.shape != want.shape:
        return [f"{name}: shape {tuple(got.shape)} != {tuple(want.shape)}"]
    diff = (got_f - want_f).abs()
    bad = diff > atol + rtol * want_f.abs()
    bad |= got_f.isnan() != want_f.isnan()
    if not bool(bad.any()):
        return []
    idx = int(bad.flatten().nonzero()[0])
    return [f"{name}: {int(bad.sum())} of {bad.numel()} elements differ; "
            f"first at flat index {idx}: got {got_f.flatten()[idx].item()}, "
            f"want {want_f.flatten()[idx].item()}"]


def load_cases():
    cases = []
    for path in sorted(glob.glob(os.path.join(HERE, "checks", "*.py"))):
        if os.path.basename(path).startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location(
            "checks_" + os.path.basename(path)[:-3], path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        cases += module.CASES
    names = [c.name for c in cases]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise tilebench.BenchError(f"duplicate case names: {sorted(dup)}")
    return cases


def build(cases, build_dir):
    failed = 0
    for c in cases:
        error = tilebench.tile_compile(os.path.join(ROOT, c.ttir), c.outdir(),
                                       c.target, c.num_warps, c.num_stages,
                                       build_dir=build_dir)
        print(f"{'built' if error is None else 'FAILED'}: {c.name}")
        if error:
            failed += 1
            print("  " + error.replace("\n", "\n  "))
    return failed


def run(cases):
    import torch
    driver = tilebench.Driver()
    passed = failed = 0
    for c in cases:
        try:
            image = tilebench.KernelImage.load(c.name, c.stem() + ".ptx")
            kernel = driver.load(image)
            kernel.image = image
            problems = c.run(Context(torch, driver, kernel))
        except Exception:  # a crash of one case must not hide the others
            problems = ["raised:\n    " +
                        traceback.format_exc().replace("\n", "\n    ")]
        if problems:
            failed += 1
            print(f"FAIL {c.name}")
            for p in problems:
                print(f"  {p}")
        else:
            passed += 1
            print(f"ok   {c.name}")
    return passed, failed


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--build", action="store_true",
                   help="compile the cases with tools/tile-compile (no GPU)")
    p.add_argument("--build-dir", default=None,
                   help="tile's build folder for --build (default: build/)")
    p.add_argument("--only", default="", help="a substring of case names")
    p.add_argument("--list", action="store_true", help="list the cases")
    args = p.parse_args(argv)
    cases = [c for c in load_cases() if args.only in c.name]
    if args.list:
        for c in cases:
            print(f"{c.name}: {c.ttir} {c.target} w{c.num_warps}")
        return 0
    if args.build:
        failed = build(cases, args.build_dir)
        print(f"{len(cases) - failed} passed, {failed} failed")
        return 1 if failed else 0
    passed, failed = run(cases)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

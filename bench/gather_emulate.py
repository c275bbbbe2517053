#!/usr/bin/env python3
"""Runs the gather kernels of bench/checks/gather.py on the CPU: a check of
the tt.gather lowering for machines without a GPU.

Each kernel's LLVM IR (from `language_check.py --build`) runs on the host
through bench/scan_emulate.py's harness (one pthread per GPU thread of a
CTA, bar.sync a CTA-wide barrier, the CTAs one after the other). Inputs are
random (f32 sources, int32 indices in range); the reference is computed
here, and a gather only moves values, so outputs must match exactly.

  python3 bench/language_check.py --build --only gather
  python3 bench/gather_emulate.py [CASE...]

Exit status: 0 all passed, 1 a mismatch or a build failure.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "checks"))
import gather  # noqa: E402  (bench/checks/gather.py)
import scan_emulate  # noqa: E402
from scan import Tensor  # noqa: E402


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def reference(g, src, idx):
    """out[p][i...] = src[p or 0][i... with the axis replaced by the index]."""
    src_n, idx_n = numel(g.src_shape), numel(g.idx_shape)
    out = []
    for p in range(gather.PROGRAMS):
        base = 0 if g.shared_table else p * src_n
        for k in range(idx_n):
            coords, rest = [], k
            for d in reversed(g.idx_shape):
                coords.insert(0, rest % d)
                rest //= d
            coords[g.axis] = idx[p * idx_n + k]
            offset = 0
            for c, d in zip(coords, g.src_shape):
                offset = offset * d + c
            out.append(src[base + offset])
    return out


def run_case(case, work):
    g = gather.BY_KERNEL[os.path.splitext(os.path.basename(case.ttir))[0]]
    rng = random.Random(1)
    src_count = numel(g.src_shape) * (1 if g.shared_table else gather.PROGRAMS)
    src = Tensor([rng.uniform(-1, 1) for _ in range(src_count)], "f32")
    # Round through f32 so that the reference compares exactly.
    src = Tensor.unpack(src.pack(), "f32")
    idx = Tensor([rng.randrange(g.src_shape[g.axis])
                  for _ in range(numel(g.idx_shape) * gather.PROGRAMS)], "i32")
    want = reference(g, src, idx)
    stem = case.stem()
    with open(stem + ".llir") as f:
        ll = scan_emulate.host_ir(f.read())
    name = os.path.basename(stem)
    ll_path = os.path.join(work, case.name + ".ll")
    exe = os.path.join(work, case.name)
    with open(ll_path, "w") as f:
        f.write(ll)
    r = subprocess.run([scan_emulate.CLANG, "-O1", "-w", f"-DKERNEL={name}",
                        os.path.join(work, "harness.c"), ll_path, "-lpthread",
                        "-o", exe], capture_output=True, text=True)
    if r.returncode:
        return [f"build failed: {r.stderr[-1500:]}"]
    argv = [exe, str(gather.PROGRAMS), str(case.num_warps * 32)]
    for i, tensor in enumerate((src, idx)):
        path = os.path.join(work, f"{case.name}.in{i}")
        with open(path, "wb") as f:
            f.write(tensor.pack())
        argv += [str(len(tensor.pack())), path, "-"]
    out_path = os.path.join(work, f"{case.name}.out")
    argv += [str(4 * len(want)), "-", out_path]
    r = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    if r.returncode:
        return [f"run failed: {r.stdout[-500:]} {r.stderr[-500:]}"]
    with open(out_path, "rb") as f:
        got = Tensor.unpack(f.read(), "f32")
    bad = [k for k in range(len(want)) if got[k] != want[k]]
    if bad:
        k = bad[0]
        return [f"{len(bad)} of {len(want)} differ; first at {k}: "
                f"got {got[k]}, want {want[k]}"]
    return []


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("cases", nargs="*", help="only these cases")
    args = p.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "harness.c"), "w") as f:
            f.write(scan_emulate.HARNESS)
        for case in gather.CASES:
            if args.cases and case.name not in args.cases:
                continue
            try:
                problems = run_case(case, work)
            except (OSError, ValueError, subprocess.TimeoutExpired) as e:
                problems = [str(e)]
            failures += bool(problems)
            print(f"{'FAIL' if problems else 'ok  '} {case.name}")
            for problem in problems:
                print(f"  {problem}")
    print(f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

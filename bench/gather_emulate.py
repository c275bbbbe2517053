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

import os
import random
import sys

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
    outputs = scan_emulate.run_kernel(case, work, gather.PROGRAMS, (src, idx),
                                      [4 * len(want)])
    if isinstance(outputs, str):
        return [outputs]
    got = Tensor.unpack(outputs[0], "f32")
    bad = [k for k in range(len(want)) if got[k] != want[k]]
    if bad:
        k = bad[0]
        return [f"{len(bad)} of {len(want)} differ; first at {k}: "
                f"got {got[k]}, want {want[k]}"]
    return []


def main():
    return scan_emulate.run_all(gather.CASES, run_case,
                                __doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())

"""tt.gather kernels (test/Inputs/language/gather/): a 1-D table lookup and
2-D gathers along either axis, checked against torch.gather.

Each case launches 3 programs, so that a tile's offset is checked too. The
indices are random int32 in range for the gather axis; a gather only moves
values, so results must match exactly.

* lookup_f32_1024: one table of 1024 f32 shared by all programs, 1024
  indices per program: out = table[idx]. With one warp the whole table is
  in the warp: each index shuffles the 32 registers that may hold its
  element from the lane that holds it and selects one.
* gather_rows_f32_64x32: per program src 64x32, idx 128x32 in [0, 64):
  out = torch.gather(src, 0, idx).
* gather_cols_f32_32x64: per program src 32x64, idx 16x128 in [0, 64) (idx
  has fewer rows than src, as torch.gather allows):
  out = torch.gather(src, 1, idx).
* gather_in_rows_f32_128x32: per program src and idx 128x32, idx in
  [0, 32): out = torch.gather(src, 1, idx); each row lies within a warp, so
  the lowering uses warp shuffles (no shared memory).
"""

import os
from dataclasses import dataclass

from language_check import Case, mismatch

INPUTS = "test/Inputs/language/gather"
PROGRAMS = 3


@dataclass
class Gather:
    """One kernel: the per-program source and index shapes and the axis."""
    kernel: str
    src_shape: tuple
    idx_shape: tuple
    axis: int
    shared_table: bool = False  # one source for all programs


GATHERS = [
    Gather("lookup_f32_1024", (1024,), (1024,), 0, shared_table=True),
    Gather("gather_rows_f32_64x32", (64, 32), (128, 32), 0),
    Gather("gather_cols_f32_32x64", (32, 64), (16, 128), 1),
    Gather("gather_in_rows_f32_128x32", (128, 32), (128, 32), 1),
]


def make_check(g):
    def check(ctx):
        torch = ctx.torch
        gen = torch.Generator(device="cuda").manual_seed(0)
        src_programs = 1 if g.shared_table else PROGRAMS
        src = torch.randn((src_programs,) + g.src_shape, device="cuda",
                          generator=gen)
        idx = torch.randint(0, g.src_shape[g.axis], (PROGRAMS,) + g.idx_shape,
                            device="cuda", dtype=torch.int32, generator=gen)
        out = torch.empty((PROGRAMS,) + g.idx_shape, device="cuda")
        ctx.launch((PROGRAMS,), src, idx, out)
        want = torch.gather(src.expand((PROGRAMS,) + g.src_shape), g.axis + 1,
                            idx.long())
        return mismatch("out", out, want)
    return check


RUNS = [
    ("lookup_f32_1024", 4, "cuda:90"), ("lookup_f32_1024", 8, "cuda:80"),
    ("lookup_f32_1024", 1, "cuda:90"),
    ("gather_rows_f32_64x32", 4, "cuda:90"),
    ("gather_rows_f32_64x32", 4, "cuda:80"),
    ("gather_cols_f32_32x64", 4, "cuda:90"),
    ("gather_cols_f32_32x64", 8, "cuda:80"),
    ("gather_in_rows_f32_128x32", 4, "cuda:90"),
    ("gather_in_rows_f32_128x32", 8, "cuda:80"),
]

BY_KERNEL = {g.kernel: g for g in GATHERS}


def case_name(kernel, num_warps, target):
    return f"gather_{kernel}_w{num_warps}_sm{target.split(':')[1]}"


CASES = [
    Case(case_name(kernel, w, target), os.path.join(INPUTS, kernel + ".ttir"),
         make_check(BY_KERNEL[kernel]), target=target, num_warps=w)
    for kernel, w, target in RUNS
]

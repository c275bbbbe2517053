#!/usr/bin/env python3
"""Row reductions of the shapes Inductor generates (a log-softmax over 16
warps, an RMSNorm with an embedding add over 8 and 16 warps), compiled for
sm_90a by Triton 3.6 and by tile: SASS instructions and registers side by
side, a CPU check of the reduction lowering's code (ptxas of CUDA 13 and the
Triton wheel's cuobjdump, as bench/sass_compare.py uses them).

    TILE_COMPILER_LIBRARY=build/lib/self-contained/libtile-compiler.so \\
        PYTHONPATH=python python3 bench/reduction_probes.py
"""

from __future__ import annotations

import os
import sys
import tempfile

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sass_compare import sass  # noqa: E402  (puts python/ on the path)

import tile.triton  # noqa: E402


@triton.jit
def log_softmax(x_ptr, out_ptr, xnumel, rnumel, RBLOCK: tl.constexpr):
    row = tl.program_id(0)
    r = tl.arange(0, RBLOCK)
    mask = r < rnumel
    x = tl.load(x_ptr + row * rnumel + r, mask=mask,
                other=float("-inf")).to(tl.float32)
    m = tl.max(x, 0)
    s = tl.sum(tl.where(mask, tl.exp(x - m), 0.0), 0)
    y = x - m - tl.log(s)
    tl.store(out_ptr + row * rnumel + r, y.to(tl.bfloat16), mask=mask)


@triton.jit
def rms_norm(idx_ptr, emb_ptr, res_ptr, w_ptr, out_ptr, sum_ptr, xnumel,
             R: tl.constexpr):
    row = tl.program_id(0)
    r = tl.arange(0, R)[None, :]
    token = tl.load(idx_ptr + row)
    s = (tl.load(emb_ptr + token * R + r).to(tl.float32)
         + tl.load(res_ptr + row * R + r).to(tl.float32))
    scale = tl.rsqrt(tl.sum(s * s, 1)[:, None] / R + 1e-6)
    w = tl.load(w_ptr + r, eviction_policy="evict_last").to(tl.float32)
    tl.store(out_ptr + row * R + r, (s * scale * w).to(tl.bfloat16))
    tl.store(sum_ptr + row * R + r, s.to(tl.bfloat16))


#: name, kernel, signature, constexprs, warps
PROBES = [
    ("log-softmax, 8192 bf16 columns", log_softmax,
     {"x_ptr": "*bf16", "out_ptr": "*bf16", "xnumel": "i32", "rnumel": "i32",
      "RBLOCK": "constexpr"}, {"RBLOCK": 8192}, 16),
    *((f"RMSNorm + embedding, {columns} columns", rms_norm,
       {"idx_ptr": "*i64", "emb_ptr": "*bf16", "res_ptr": "*bf16",
        "w_ptr": "*bf16", "out_ptr": "*bf16", "sum_ptr": "*bf16",
        "xnumel": "i32", "R": "constexpr"}, {"R": columns}, warps)
      for columns, warps in ((1024, 8), (4096, 8), (4096, 16))),
]


def compile_probe(kernel, signature, constexprs, warps, with_tile: bool):
    source = triton.compiler.ASTSource(fn=kernel, signature=signature,
                                       constexprs=constexprs)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["TRITON_CACHE_DIR"] = cache
        if with_tile:
            with tile.triton.enabled():
                return triton.compile(source, target=GPUTarget("cuda", 90, 32),
                                      options={"num_warps": warps})
        return triton.compile(source, target=GPUTarget("cuda", 90, 32),
                              options={"num_warps": warps})


def main() -> int:
    print(f"{'probe':<40} {'warps':>5}  {'tile':>14}  {'Triton':>14}")
    for name, kernel, signature, constexprs, warps in PROBES:
        cells = []
        for with_tile in (True, False):
            compiled = compile_probe(kernel, signature, constexprs, warps,
                                     with_tile)
            with tempfile.TemporaryDirectory() as work:
                assembled = sass(compiled.asm["ptx"], "sm_90a", work)
            cells.append(f"{assembled.instructions} ({assembled.registers} r)")
        print(f"{name:<40} {warps:>5}  {cells[0]:>14}  {cells[1]:>14}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

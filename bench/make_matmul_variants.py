#!/usr/bin/env python3
"""Matmul TTIR variants: f16 and bf16, hinted and hint-free.

From examples/matmul/matmul_nopipe.ttir (Triton 3.6's TTIR of anchors'
matmul_kernel, BM = BN = 128, BK = 32, GM = 8, f16, tt.divisibility = 16 on
every argument) this writes

  out/matmul/matmul_<dtype>_s<S>/         hints kept: M, N, K and the row
                                          strides multiples of 16
  out/matmul/matmul_<dtype>_s<S>_nohint/  no tt.divisibility on the integer
                                          arguments (any M, N, K)

for dtype f16 and bf16 (pointee and element types replaced; the f32
accumulator and the truncf to the output type are as Triton prints them for
bf16) and S = 1 and 4 pipeline stages, and compiles each with
tools/tile-compile --target cuda:80 --num-warps 4 --num-stages S (mma.sync
m16n8k16, the like-for-like of Triton's sm_80 PTX; 4 stages: cp.async ring
buffers from tritongpu-pipeline).

  python3 bench/make_matmul_variants.py
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from tilebench import tile_compile  # noqa: E402

SOURCE = os.path.join(ROOT, "examples", "matmul", "matmul_nopipe.ttir")
INT_HINT = re.compile(r"(: i32) \{tt\.divisibility = 16 : i32\}")

#: (dtype, stages, hinted) of every variant, compiled with 4 warps.
VARIANTS = [(d, s, h) for d in ("f16", "bf16") for s in (1, 4) for h in (True, False)]


def variant_name(dtype, stages, hinted):
    return f"matmul_{dtype}_s{stages}" + ("" if hinted else "_nohint")


def variant_text(dtype, hinted):
    text = open(SOURCE).read()
    if dtype == "bf16":
        text = re.sub(r"(?<!b)f16(?![0-9])", "bf16", text)
    if not hinted:
        text = INT_HINT.sub(r"\1", text)
    return text


def main():
    out = os.path.join(ROOT, "out", "matmul")
    for dtype, stages, hinted in VARIANTS:
        name = variant_name(dtype, stages, hinted)
        folder = os.path.join(out, name)
        os.makedirs(folder, exist_ok=True)
        ttir = os.path.join(folder, "matmul.ttir")
        with open(ttir, "w") as f:
            f.write(variant_text(dtype, hinted))
        err = tile_compile(ttir, folder, "cuda:80", 4, num_stages=stages,
                           build_dir=os.path.join(ROOT, "build"))
        if err:
            sys.stderr.write(err + "\n")
            return 1
        print(f"compiled {name}: {folder}/matmul.ptx")
    return 0


if __name__ == "__main__":
    sys.exit(main())

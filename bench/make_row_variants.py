#!/usr/bin/env python3
"""Softmax and layer-norm TTIR variants, one per (BLOCK, num_warps, hints).

From examples/rows/{softmax,layernorm}.ttir (Triton 3.6's TTIR of anchors'
softmax_kernel, BLOCK = 4096, and layernorm_kernel, BLOCK = 8192) this writes
the TTIR Triton prints for other BLOCKs: every tensor of BLOCK elements and
the tl.arange bound take the new size (nothing else in those kernels depends
on it). "nohint" variants drop the tt.divisibility = 16 of the integer
arguments (strides, widths), so they hold for any width and row stride; the
pointer hints stay (torch's buffers are 16-byte aligned).

--compile runs tools/tile-compile (--target, default cuda:90) on each into
out/rows/<name>/ (ptxas included). bench/bench.py --build compiles the same
variants for its rows family.

  python3 bench/make_row_variants.py --compile
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from tilebench import tile_compile  # noqa: E402

# kernel -> (source TTIR, BLOCK in it)
SOURCES = {"softmax": ("examples/rows/softmax.ttir", 4096),
           "layernorm": ("examples/rows/layernorm.ttir", 8192)}

# (kernel, BLOCK, num_warps, hinted): what bench.py's rows cases need.
VARIANTS = [
    ("softmax", 4096, 8, True), ("softmax", 4096, 8, False),
    ("softmax", 1024, 4, False), ("softmax", 1, 1, False),
    ("layernorm", 8192, 8, True), ("layernorm", 8192, 8, False),
    ("layernorm", 1024, 4, False), ("layernorm", 1, 1, False),
]

INT_HINT = re.compile(r"(: i32) \{tt\.divisibility = 16 : i32\}")


def variant_name(kernel, block, warps, hinted):
    return f"{kernel}_b{block}_w{warps}" + ("" if hinted else "_nohint")


def variant_text(kernel, block, hinted):
    path, source_block = SOURCES[kernel]
    with open(os.path.join(ROOT, path)) as f:
        text = f.read()
    text = re.sub(rf"(?<![0-9]){source_block}(?![0-9])", str(block), text)
    if not hinted:
        text = INT_HINT.sub(r"\1", text)
    return text


def main(argv):
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default=os.path.join(ROOT, "out", "rows"),
                   help="output folder (default out/rows)")
    p.add_argument("--compile", action="store_true",
                   help="compile each variant with tools/tile-compile")
    p.add_argument("--target", default="cuda:90", help="default cuda:90")
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    args = p.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    for kernel, block, warps, hinted in VARIANTS:
        name = variant_name(kernel, block, warps, hinted)
        ttir = os.path.join(args.out, name + ".ttir")
        with open(ttir, "w") as f:
            f.write(variant_text(kernel, block, hinted))
        if not args.compile:
            print(ttir)
            continue
        err = tile_compile(ttir, os.path.join(args.out, name), args.target, warps,
                           build_dir=args.build_dir)
        if err:
            sys.stderr.write(err + "\n")
            print(f"FAILED {name}")
            return 1
        print(f"compiled {name}: {os.path.join(args.out, name, name + '.ptx')}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""TTGIR kernels that load a tensor in layout A, ttg.convert_layout it to
layout B and store it in layout B: out must equal in, whatever the lowering
chose (register permutation, warp shuffles or shared memory).

Each case is one program (grid 1) over a whole 1-D or 2-D tensor; element
(i, j) lives at i * N + j in both buffers. For i1 the kernel loads bytes,
converts `x != 0` and stores it back as 0/1 bytes, so out == (in != 0).

  python3 bench/make_convert_layout_kernels.py            # writes + compiles
  python3 bench/make_convert_layout_kernels.py --no-compile

writes out/convert_layout/<case>/<case>.ttgir, compiles each with
tools/tile-compile (PTX, cubin, <case>.json) and writes
out/convert_layout/cases.json, which bench/convert_layout_check.py reads on
the GPU machine (bench/convert_layout_emulate.py runs the same check on the
CPU). For every case it prints the strategy the PTX shows
(shfl.sync.idx, bar.sync + shared memory, or neither).
"""

import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

#: TTGIR element type and memory element type of each dtype.
DTYPES = {"f32": "f32", "f16": "f16", "bf16": "bf16", "f64": "f64",
          "i8": "i8", "i32": "i32", "i1": "i8"}


def blocked(spt, tpw, wpc, order):
    def lst(v):
        return "[" + ", ".join(str(x) for x in v) + "]"
    return (f"#ttg.blocked<{{sizePerThread = {lst(spt)}, threadsPerWarp = "
            f"{lst(tpw)}, warpsPerCTA = {lst(wpc)}, order = {lst(order)}}}>")


def mma(wpc):
    return (f"#ttg.nvidia_mma<{{versionMajor = 2, versionMinor = 0, "
            f"warpsPerCTA = [{wpc[0]}, {wpc[1]}], instrShape = [16, 8]}}>")


def mma3(wpc, n):
    return (f"#ttg.nvidia_mma<{{versionMajor = 3, versionMinor = 0, "
            f"warpsPerCTA = [{wpc[0]}, {wpc[1]}], instrShape = [16, {n}, 16]}}>")


#: name, shape, layout A, layout B, warps, dtype, expected strategy.
CASES = [
    # Same threads, registers reordered (register bases 0 and 1 swapped).
    ("regperm_f32", [32, 32],
     blocked([1, 4], [8, 4], [4, 1], [1, 0]),
     "#ttg.linear<{register = [[0, 2], [0, 1], [0, 16]], lane = [[0, 4], "
     "[0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>",
     4, "f32", "registers"),
    # Within each warp's rows: one element per lane -> pairs per lane.
    ("shfl_row_f32", [4, 64],
     blocked([1, 1], [1, 32], [4, 1], [1, 0]),
     blocked([1, 2], [1, 32], [4, 1], [1, 0]), 4, "f32", "shuffle"),
    # Within a warp, lanes walk columns first -> rows first (transpose-like).
    ("shfl_transpose_f16", [32, 32],
     blocked([1, 1], [8, 4], [4, 1], [1, 0]),
     blocked([1, 1], [8, 4], [4, 1], [0, 1]), 4, "f16", "shuffle"),
    ("shfl_lanes_f64", [32, 16],
     blocked([1, 2], [4, 8], [8, 1], [1, 0]),
     blocked([1, 2], [4, 8], [8, 1], [0, 1]), 8, "f64", "shuffle"),
    # Between warps.
    ("smem_1d_f32", [1024],
     blocked([1], [32], [4], [0]), blocked([4], [32], [4], [0]), 4, "f32",
     "shared"),
    ("smem_order_f16", [64, 64],
     blocked([1, 8], [4, 8], [4, 1], [1, 0]),
     blocked([8, 1], [8, 4], [1, 4], [0, 1]), 4, "f16", "shared"),
    ("smem_order_i8", [64, 128],
     blocked([1, 16], [8, 4], [8, 1], [1, 0]),
     blocked([4, 1], [32, 1], [2, 4], [0, 1]), 8, "i8", "shared"),
    ("smem_warps_bf16", [64, 64],
     blocked([1, 4], [2, 16], [2, 2], [1, 0]),
     blocked([1, 4], [2, 16], [4, 1], [1, 0]), 4, "bf16", "shared"),
    ("smem_i1", [32, 64],
     blocked([1, 4], [4, 8], [4, 1], [1, 0]),
     blocked([1, 1], [32, 1], [1, 4], [0, 1]), 4, "i1", "shared"),
    # mma v2 accumulator <-> blocked.
    ("mma_to_blocked_f32", [64, 64], mma([2, 2]),
     blocked([1, 4], [4, 8], [4, 1], [1, 0]), 4, "f32", "shared"),
    ("mma_to_blocked_f16_8w", [128, 64], mma([4, 2]),
     blocked([1, 8], [8, 4], [8, 1], [1, 0]), 8, "f16", "shared"),
    # wgmma accumulator -> blocked, as Hopper matmul epilogues store it:
    # 16-byte vector stores, ldmatrix loads, in rounds.
    ("mma3_to_blocked_f16_8w", [128, 256], mma3([8, 1], 256),
     blocked([1, 8], [1, 32], [8, 1], [1, 0]), 8, "f16", "shared"),
    ("mma3_to_blocked_bf16_4w", [128, 128], mma3([4, 1], 128),
     blocked([1, 8], [2, 16], [4, 1], [1, 0]), 4, "bf16", "shared"),
    ("mma3_to_blocked_f32_4w", [64, 64], mma3([4, 1], 64),
     blocked([1, 4], [4, 8], [4, 1], [1, 0]), 4, "f32", "shared"),
    ("blocked_to_mma_f32_8w", [64, 128],
     blocked([1, 4], [2, 16], [8, 1], [1, 0]), mma([2, 4]), 8, "f32",
     "shared"),
    ("mma_to_blocked_inwarp_f32", [64, 16], mma([4, 1]),
     blocked([2, 4], [8, 4], [4, 1], [1, 0]), 4, "f32", "shuffle"),
    # Narrow elements packed into 32-bit shuffles: bf16 pairs and four i8
    # per word, and f16 pairs behind per-thread selects (an mma accumulator
    # read in a blocked layout).
    ("shfl_pairs_bf16_1w", [2, 512],
     blocked([1, 4], [1, 32], [1, 1], [1, 0]),
     blocked([1, 8], [1, 32], [1, 1], [1, 0]), 1, "bf16", "shuffle"),
    ("shfl_words_i8", [8, 16],
     blocked([1, 1], [8, 4], [1, 1], [1, 0]),
     blocked([1, 1], [8, 4], [1, 1], [0, 1]), 1, "i8", "shuffle"),
    ("mma_to_blocked_inwarp_f16", [64, 16], mma([4, 1]),
     blocked([2, 4], [8, 4], [4, 1], [1, 0]), 4, "f16", "shuffle"),
    ("mma_same_as_blocked_f32", [16, 64], mma([1, 4]),
     blocked([1, 2], [8, 4], [1, 4], [1, 0]), 4, "f32", "registers"),
    # Slice layouts (elements held by several lanes or warps) <-> blocked.
    ("slice_to_blocked_f32", [128],
     "#ttg.slice<{dim = 1, parent = " +
     blocked([1, 4], [8, 4], [4, 1], [1, 0]) + "}>",
     blocked([1], [32], [4], [0]), 4, "f32", "shared"),
    ("blocked_to_slice_i32", [64],
     blocked([2], [32], [1], [0]),
     "#ttg.slice<{dim = 0, parent = " +
     blocked([1, 2], [1, 32], [1, 1], [1, 0]) + "}>", 1, "i32", "registers"),
    ("blocked_to_slice_8w_f32", [256],
     blocked([1], [32], [8], [0]),
     "#ttg.slice<{dim = 0, parent = " +
     blocked([1, 1], [4, 8], [2, 4], [1, 0]) + "}>", 8, "f32", "shared"),
]


def offsets_ir(shape, layout, tag):
    """IR lines computing tensor<...xi32, layout> of row-major offsets; returns
    (lines, value name)."""
    if len(shape) == 1:
        n = shape[0]
        return ([f"    %off{tag} = tt.make_range {{end = {n} : i32, start = 0 : i32}}"
                 f" : tensor<{n}xi32, {layout}>"], f"%off{tag}")
    m, n = shape
    s1 = f"#ttg.slice<{{dim = 1, parent = {layout}}}>"
    s0 = f"#ttg.slice<{{dim = 0, parent = {layout}}}>"
    t = f"{m}x{n}xi32, {layout}"
    return ([
        f"    %r{tag} = tt.make_range {{end = {m} : i32, start = 0 : i32}} : tensor<{m}xi32, {s1}>",
        f"    %re{tag} = tt.expand_dims %r{tag} {{axis = 1 : i32}} : tensor<{m}xi32, {s1}> -> tensor<{m}x1xi32, {layout}>",
        f"    %n{tag} = arith.constant dense<{n}> : tensor<{m}x1xi32, {layout}>",
        f"    %rm{tag} = arith.muli %re{tag}, %n{tag} : tensor<{m}x1xi32, {layout}>",
        f"    %rb{tag} = tt.broadcast %rm{tag} : tensor<{m}x1xi32, {layout}> -> tensor<{t}>",
        f"    %c{tag} = tt.make_range {{end = {n} : i32, start = 0 : i32}} : tensor<{n}xi32, {s0}>",
        f"    %ce{tag} = tt.expand_dims %c{tag} {{axis = 0 : i32}} : tensor<{n}xi32, {s0}> -> tensor<1x{n}xi32, {layout}>",
        f"    %cb{tag} = tt.broadcast %ce{tag} : tensor<1x{n}xi32, {layout}> -> tensor<{t}>",
        f"    %off{tag} = arith.addi %rb{tag}, %cb{tag} : tensor<{t}>",
    ], f"%off{tag}")


def kernel_ir(name, shape, a, b, warps, dtype):
    """The TTGIR module of one case."""
    mem = DTYPES[dtype]
    dims = "x".join(str(d) for d in shape)
    ta, tb = f"tensor<{dims}x{mem}, #A>", f"tensor<{dims}x{mem}, #B>"
    pa, pb = f"tensor<{dims}x!tt.ptr<{mem}>, #A>", f"tensor<{dims}x!tt.ptr<{mem}>, #B>"
    lines = [f"#A = {a}", f"#B = {b}",
             f'module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = '
             f'{warps} : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}} {{',
             f"  tt.func public @{name}(%in: !tt.ptr<{mem}> {{tt.divisibility = 16 : i32}}, "
             f"%out: !tt.ptr<{mem}> {{tt.divisibility = 16 : i32}}) attributes {{noinline = false}} {{"]
    body, offa = offsets_ir(shape, "#A", "a")
    lines += body
    lines += [f"    %pa0 = tt.splat %in : !tt.ptr<{mem}> -> {pa}",
              f"    %pa = tt.addptr %pa0, {offa} : {pa}, tensor<{dims}xi32, #A>",
              f"    %x = tt.load %pa : {pa}"]
    if dtype == "i1":
        lines += [f"    %z = arith.constant dense<0> : {ta}",
                  f"    %xa = arith.cmpi ne, %x, %z : {ta}",
                  f"    %y1 = ttg.convert_layout %xa : tensor<{dims}xi1, #A> -> tensor<{dims}xi1, #B>",
                  f"    %y = arith.extui %y1 : tensor<{dims}xi1, #B> to {tb}"]
    else:
        lines += [f"    %y = ttg.convert_layout %x : {ta} -> {tb}"]
    body, offb = offsets_ir(shape, "#B", "b")
    lines += body
    lines += [f"    %pb0 = tt.splat %out : !tt.ptr<{mem}> -> {pb}",
              f"    %pb = tt.addptr %pb0, {offb} : {pb}, tensor<{dims}xi32, #B>",
              f"    tt.store %pb, %y : {pb}",
              "    tt.return", "  }", "}", ""]
    return "\n".join(lines)


def strategy_of(ptx):
    """What the PTX of a kernel shows the conversion did."""
    if "bar.sync" in ptx or "barrier.sync" in ptx:
        return "shared"
    if "shfl.sync.idx" in ptx:
        return "shuffle"
    return "registers"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out-dir", default=os.path.join(ROOT, "out", "convert_layout"))
    p.add_argument("--no-compile", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    manifest, failed = [], 0
    for name, shape, a, b, warps, dtype, expected in CASES:
        d = os.path.join(args.out_dir, name)
        os.makedirs(d, exist_ok=True)
        src = os.path.join(d, name + ".ttgir")
        with open(src, "w") as f:
            f.write(kernel_ir(name, shape, a, b, warps, dtype))
        manifest.append({"name": name, "shape": shape, "dtype": dtype,
                         "num_warps": warps, "expected_strategy": expected,
                         "ptx": os.path.join(name, name + ".ptx")})
        if args.no_compile:
            continue
        cmd = [sys.executable, os.path.join(ROOT, "tools", "tile-compile"), src,
               "-o", d]
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if r.returncode != 0 or not os.path.isfile(os.path.join(d, name + ".ptx")):
            failed += 1
            print(f"{name}: tile-compile failed\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
            continue
        with open(os.path.join(d, name + ".ptx")) as f:
            ptx = f.read()
        got = strategy_of(ptx)
        manifest[-1]["strategy"] = got
        mark = "" if got == expected else f"  (expected {expected})"
        print(f"{name:28s} {dtype:5s} {warps} warps  {got}{mark}")
        if args.verbose:
            forms = re.findall(r"\b(?:ld|st)\.shared[\w.]*|shfl\.sync\.idx", ptx)
            for form in sorted(set(forms)):
                print(f"    {form}: {forms.count(form)}")
    with open(os.path.join(args.out_dir, "cases.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    if failed:
        print(f"{failed} of {len(CASES)} failed to compile")
        return 1
    print(f"wrote {len(CASES)} cases to {args.out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

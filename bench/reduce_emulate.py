#!/usr/bin/env python3
"""Runs a tt.reduce sum compiled by tile on the CPU and checks it against
Triton 3.6's order of combination, bit for bit: a check of the reduction
lowering for machines without a GPU (bench/reduce_bitwise.py is the GPU one,
against Triton's own compile).

The kernel sums float32 values with --warps warps (default 8; 4 registers a
thread, 32 lanes). Tile combines the warps' partials in each thread below 8
warps and by shuffles among lanes from 8 up; both must give Triton's bits.
Triton's order, from its ReduceOpToLLVM (warpReduce and
accumulatePartialReductions): each thread adds its registers in register
order; the lanes combine by xor shuffles from distance 16 down to 1, each
lane adding the other lane's value to its own; the warps' partials combine
the same way among as many lanes as warps (8 warps: distance 4, 2, 1) and
the first lane's value is the result. The kernel's LLVM IR runs on pthreads, one per GPU thread, with
bench/convert_layout_emulate.py's stand-ins plus one for butterfly
shuffles. Random inputs spread over 2^-8 to 2^8 make almost any other order
round differently; the report also counts how often the old order (lanes
from distance 1 up, warps in turn) would have differed.

    python3 bench/reduce_emulate.py [--trials N] [--warps W] [--rows R]

Exit status 0 when every trial matches.
"""

from __future__ import annotations

import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import convert_layout_emulate as emulate  # noqa: E402

LANES, REGISTERS = 32, 4

KERNEL = """
#b = #ttg.blocked<{{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [{warps}], order = [0]}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {warps} : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @sum_kernel(%in: !tt.ptr<f32> {{tt.divisibility = 16 : i32}}, %out: !tt.ptr<f32> {{tt.divisibility = 16 : i32}}) {{
    %r = tt.make_range {{end = {NUMEL} : i32, start = 0 : i32}} : tensor<{NUMEL}xi32, #b>
    %s = tt.splat %in : !tt.ptr<f32> -> tensor<{NUMEL}x!tt.ptr<f32>, #b>
    %p = tt.addptr %s, %r : tensor<{NUMEL}x!tt.ptr<f32>, #b>, tensor<{NUMEL}xi32, #b>
    %x = tt.load %p : tensor<{NUMEL}x!tt.ptr<f32>, #b>
    %t = "tt.reduce"(%x) <{{axis = 0 : i32}}> ({{
    ^bb0(%a: f32, %c: f32):
      %d = arith.addf %a, %c : f32
      tt.reduce.return %d : f32
    }}) : (tensor<{NUMEL}xf32, #b>) -> f32
    tt.store %out, %t : !tt.ptr<f32>
    tt.return
  }}
}}
"""

#: --rows R > 1: R rows of the same length, each summed (the partials of R
#: outputs go through scratch together; each thread holds every row).
ROWS_KERNEL = """
#b = #ttg.blocked<{{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, {warps}], order = [1, 0]}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {warps} : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @sum_kernel(%in: !tt.ptr<f32> {{tt.divisibility = 16 : i32}}, %out: !tt.ptr<f32> {{tt.divisibility = 16 : i32}}) {{
    %cols = tt.make_range {{end = {N} : i32, start = 0 : i32}} : tensor<{N}xi32, #ttg.slice<{{dim = 0, parent = #b}}>>
    %rows = tt.make_range {{end = {ROWS} : i32, start = 0 : i32}} : tensor<{ROWS}xi32, #ttg.slice<{{dim = 1, parent = #b}}>>
    %c2 = tt.expand_dims %cols {{axis = 0 : i32}} : tensor<{N}xi32, #ttg.slice<{{dim = 0, parent = #b}}>> -> tensor<1x{N}xi32, #b>
    %r2 = tt.expand_dims %rows {{axis = 1 : i32}} : tensor<{ROWS}xi32, #ttg.slice<{{dim = 1, parent = #b}}>> -> tensor<{ROWS}x1xi32, #b>
    %n = arith.constant dense<{N}> : tensor<{ROWS}x1xi32, #b>
    %rs = arith.muli %r2, %n : tensor<{ROWS}x1xi32, #b>
    %rb = tt.broadcast %rs : tensor<{ROWS}x1xi32, #b> -> tensor<{ROWS}x{N}xi32, #b>
    %cb = tt.broadcast %c2 : tensor<1x{N}xi32, #b> -> tensor<{ROWS}x{N}xi32, #b>
    %off = arith.addi %rb, %cb : tensor<{ROWS}x{N}xi32, #b>
    %s = tt.splat %in : !tt.ptr<f32> -> tensor<{ROWS}x{N}x!tt.ptr<f32>, #b>
    %p = tt.addptr %s, %off : tensor<{ROWS}x{N}x!tt.ptr<f32>, #b>, tensor<{ROWS}x{N}xi32, #b>
    %x = tt.load %p : tensor<{ROWS}x{N}x!tt.ptr<f32>, #b>
    %t = "tt.reduce"(%x) <{{axis = 1 : i32}}> ({{
    ^bb0(%a: f32, %c: f32):
      %d = arith.addf %a, %c : f32
      tt.reduce.return %d : f32
    }}) : (tensor<{ROWS}x{N}xf32, #b>) -> tensor<{ROWS}xf32, #ttg.slice<{{dim = 1, parent = #b}}>>
    %o = tt.splat %out : !tt.ptr<f32> -> tensor<{ROWS}x!tt.ptr<f32>, #ttg.slice<{{dim = 1, parent = #b}}>>
    %q = tt.addptr %o, %rows : tensor<{ROWS}x!tt.ptr<f32>, #ttg.slice<{{dim = 1, parent = #b}}>>, tensor<{ROWS}xi32, #ttg.slice<{{dim = 1, parent = #b}}>>
    tt.store %q, %t : tensor<{ROWS}x!tt.ptr<f32>, #ttg.slice<{{dim = 1, parent = #b}}>>
    tt.return
  }}
}}
"""

#: The harness's main, replaced: reads the input, runs one CTA, prints the
#: bits of each of the `rows` results.
MAIN = r"""
float emu_bfly_f32(int m, float v, int mask, int c) {
  uint32_t b; memcpy(&b, &v, 4); b = (uint32_t)shfl(b, (tid & 31) ^ mask);
  memcpy(&v, &b, 4); return v;
}
int main(int argc, char **argv) {
  int threads = atoi(argv[1]); size_t numel = atol(argv[2]);
  int rows = atoi(argv[4]);
  float *src = malloc(numel * 4), *dst = calloc(rows, 4);
  FILE *f = fopen(argv[3], "rb");
  if (!f || fread(src, 4, numel, f) != numel) return 2;
  fclose(f);
  in = src; out = dst;
  pthread_barrier_init(&bar, 0, threads);
  pthread_t t[1024];
  for (int i = 0; i < threads; ++i) pthread_create(&t[i], 0, run, (void *)(intptr_t)i);
  for (int i = 0; i < threads; ++i) pthread_join(t[i], 0);
  for (int r = 0; r < rows; ++r) {
    uint32_t bits; memcpy(&bits, dst + r, 4); printf("%08x ", bits);
  }
  printf("\n");
  return 0;
}
"""


def f32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


def bits(x: float) -> int:
    return struct.unpack("I", struct.pack("f", x))[0]


def butterfly(values: list[float], distances: tuple[int, ...]) -> float:
    """The first lane's value after xor shuffles at `distances`, each lane
    adding the other's value to its own."""
    for d in distances:
        values = [f32(values[i] + values[i ^ d]) for i in range(len(values))]
    return values[0]


def hex_words(words: list[int]) -> str:
    return " ".join(f"{w:08x}" for w in words)


def reference(x: list[float], warps: int, triton_order: bool) -> int:
    partials = []
    for w in range(warps):
        lanes = []
        for lane in range(LANES):
            acc = x[w * LANES + lane]
            for r in range(1, REGISTERS):
                acc = f32(acc + x[r * warps * LANES + w * LANES + lane])
            lanes.append(acc)
        partials.append(butterfly(lanes, (16, 8, 4, 2, 1) if triton_order
                                  else (1, 2, 4, 8, 16)))
    if triton_order:
        return bits(butterfly(partials, tuple(
            1 << k for k in reversed(range(warps.bit_length() - 1)))))
    total = partials[0]
    for p in partials[1:]:
        total = f32(total + p)
    return bits(total)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--warps", type=int, default=8,
                        choices=(1, 2, 4, 8, 16, 32))
    parser.add_argument("--rows", type=int, default=1, choices=(1, 2, 4, 8),
                        help="rows summed at once (1: a scalar result)")
    args = parser.parse_args()
    warps, rows = args.warps, args.rows
    row_length = warps * LANES * REGISTERS
    numel = rows * row_length
    kernel = KERNEL.format(warps=warps, NUMEL=numel) if rows == 1 else \
        ROWS_KERNEL.format(warps=warps, N=row_length, ROWS=rows)
    with tempfile.TemporaryDirectory() as work:
        ttgir = os.path.join(work, "sum.ttgir")
        with open(ttgir, "w") as f:
            f.write(kernel)
        subprocess.run([sys.executable, os.path.join(emulate.ROOT, "tools",
                                                     "tile-compile"),
                        ttgir, "-o", work, "--no-line-info",
                        "--stop-after", "llir"], check=True,
                       capture_output=True)
        with open(os.path.join(work, "sum.llir")) as f:
            ll = f.read().replace("@llvm.nvvm.shfl.sync.bfly.f32",
                                  "@emu_bfly_f32")
        harness = emulate.HARNESS[:emulate.HARNESS.index("int main(")] + MAIN
        for name, text in (("harness.c", harness),
                           ("kernel.ll", emulate.host_ir(ll))):
            with open(os.path.join(work, name), "w") as f:
                f.write(text)
        exe = os.path.join(work, "sum")
        subprocess.run([emulate.CLANG, "-O1", "-w", "-no-pie",
                        "-DKERNEL=sum_kernel",
                        os.path.join(work, "harness.c"),
                        os.path.join(work, "kernel.ll"), "-lpthread", "-o",
                        exe], check=True)
        rng = random.Random(0)
        mismatches = old_differs = 0
        for trial in range(args.trials):
            x = [f32(rng.gauss(0, 1) * 2.0 ** rng.randint(-8, 8))
                 for _ in range(numel)]
            data = os.path.join(work, "in.bin")
            with open(data, "wb") as f:
                f.write(struct.pack(f"{numel}f", *x))
            got = [int(word, 16) for word in subprocess.run(
                [exe, str(warps * LANES), str(numel), data, str(rows)],
                capture_output=True, text=True, check=True).stdout.split()]
            row_data = [x[r * row_length:(r + 1) * row_length]
                        for r in range(rows)]
            want = [reference(row, warps, triton_order=True)
                    for row in row_data]
            mismatches += got != want
            old_differs += [reference(row, warps, triton_order=False)
                            for row in row_data] != want
            print(f"trial {trial}: tile {hex_words(got)}, Triton's order "
                  f"{hex_words(want)}{'' if got == want else '  MISMATCH'}")
    print(f"{args.trials - mismatches} of {args.trials} trials match Triton's "
          f"order; the old order differs from it in {old_differs}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Runs a tt.reduce sum compiled by tile on the CPU and checks it against
Triton 3.6's order of combination, bit for bit: a check of the reduction
lowering for machines without a GPU (bench/reduce_bitwise.py is the GPU one,
against Triton's own compile).

The kernel sums 1024 float32 values with 8 warps (4 registers a thread).
Triton's order, from its ReduceOpToLLVM (warpReduce and
accumulatePartialReductions): each thread adds its registers in register
order; the lanes combine by xor shuffles from distance 16 down to 1, each
lane adding the other lane's value to its own; the warps' partials combine
the same way among 8 lanes (distance 4, 2, 1) and the first lane's value is
the result. The kernel's LLVM IR runs on pthreads, one per GPU thread, with
bench/convert_layout_emulate.py's stand-ins plus one for butterfly
shuffles. Random inputs spread over 2^-8 to 2^8 make almost any other order
round differently; the report also counts how often the old order (lanes
from distance 1 up, warps in turn) would have differed.

    python3 bench/reduce_emulate.py [--trials N]

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

WARPS, LANES, REGISTERS = 8, 32, 4
NUMEL = WARPS * LANES * REGISTERS

KERNEL = f"""
#b = #ttg.blocked<{{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [{WARPS}], order = [0]}}>
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {WARPS} : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}} {{
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

#: The harness's main, replaced: reads the input, runs one CTA, prints the
#: result's bits.
MAIN = r"""
float emu_bfly_f32(int m, float v, int mask, int c) {
  uint32_t b; memcpy(&b, &v, 4); b = (uint32_t)shfl(b, (tid & 31) ^ mask);
  memcpy(&v, &b, 4); return v;
}
int main(int argc, char **argv) {
  int threads = atoi(argv[1]); size_t numel = atol(argv[2]);
  float *src = malloc(numel * 4), *dst = malloc(16);
  FILE *f = fopen(argv[3], "rb");
  if (!f || fread(src, 4, numel, f) != numel) return 2;
  fclose(f);
  in = src; out = dst;
  pthread_barrier_init(&bar, 0, threads);
  pthread_t t[1024];
  for (int i = 0; i < threads; ++i) pthread_create(&t[i], 0, run, (void *)(intptr_t)i);
  for (int i = 0; i < threads; ++i) pthread_join(t[i], 0);
  uint32_t bits; memcpy(&bits, dst, 4); printf("%08x\n", bits);
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


def reference(x: list[float], triton_order: bool) -> int:
    partials = []
    for w in range(WARPS):
        lanes = []
        for lane in range(LANES):
            acc = x[w * LANES + lane]
            for r in range(1, REGISTERS):
                acc = f32(acc + x[r * WARPS * LANES + w * LANES + lane])
            lanes.append(acc)
        partials.append(butterfly(lanes, (16, 8, 4, 2, 1) if triton_order
                                  else (1, 2, 4, 8, 16)))
    if triton_order:
        return bits(butterfly(partials, (4, 2, 1)))
    total = partials[0]
    for p in partials[1:]:
        total = f32(total + p)
    return bits(total)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        ttgir = os.path.join(work, "sum.ttgir")
        with open(ttgir, "w") as f:
            f.write(KERNEL)
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
        subprocess.run([emulate.CLANG, "-O1", "-w", "-DKERNEL=sum_kernel",
                        os.path.join(work, "harness.c"),
                        os.path.join(work, "kernel.ll"), "-lpthread", "-o",
                        exe], check=True)
        rng = random.Random(0)
        mismatches = old_differs = 0
        for trial in range(args.trials):
            x = [f32(rng.gauss(0, 1) * 2.0 ** rng.randint(-8, 8))
                 for _ in range(NUMEL)]
            data = os.path.join(work, "in.bin")
            with open(data, "wb") as f:
                f.write(struct.pack(f"{NUMEL}f", *x))
            got = int(subprocess.run(
                [exe, str(WARPS * LANES), str(NUMEL), data],
                capture_output=True, text=True, check=True).stdout, 16)
            want = reference(x, triton_order=True)
            mismatches += got != want
            old_differs += reference(x, triton_order=False) != want
            print(f"trial {trial}: tile {got:08x}, Triton's order {want:08x}"
                  f"{'' if got == want else '  MISMATCH'}")
    print(f"{args.trials - mismatches} of {args.trials} trials match Triton's "
          f"order; the old order differs from it in {old_differs}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

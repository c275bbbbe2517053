#!/usr/bin/env python3
"""Speed of language-coverage kernels: tile's PTX of Triton 3.6's own TTIR
against Triton 3.6's PTX of the same program, on sm_90, launched the same
way (tilebench's driver) in one process, interleaved, by the project's
ratio rule (3 repetitions of the median of 100 launches).

The kernels (KERNELS below) are bandwidth-bound uses of the families the
language issue lists: a scan (cumsum along rows), a two-operand reduction
(argmax along rows), a scatter-add with float atomics, an interleave
(join + reshape) and a de-interleave (reshape + split), an f16 -> f8E5M2
downcast, associative scans with a custom combiner (running max, a
two-operand linear recurrence), philox random numbers (tl.rand), a row
sum that loops over a long row, a table lookup (tl.gather) and per-block
histograms (tl.histogram) summed with atomics.

Three steps, as the other Triton comparisons (the GPU machine has no LLVM):

  python3 bench/language_speed.py --dump bench/data/language   # GPU machine
  python3 bench/language_speed.py --build                      # here
  python3 bench/language_speed.py                              # GPU machine

The last prints one row per kernel (GB/s counts each input read once and
each output written once) and ends with the verdicts.
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import tilebench  # noqa: E402

DATA = os.path.join(HERE, "data", "language")
OURS = os.path.join(tilebench.ROOT, "out", "language-speed")

KERNELS_SOURCE = '''import triton
import triton.language as tl


@triton.jit
def cumsum_rows(x_ptr, y_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + offs)
    tl.store(y_ptr + row * N + offs, tl.cumsum(x, 0))


@triton.jit
def argmax_rows(x_ptr, y_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + offs)
    tl.store(y_ptr + row, tl.argmax(x, 0))


@triton.jit
def scatter_add(idx_ptr, val_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    i = tl.load(idx_ptr + offs, mask=m)
    v = tl.load(val_ptr + offs, mask=m)
    tl.atomic_add(out_ptr + i, v, mask=m)


@triton.jit
def interleave(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    o = tl.program_id(0) * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    tl.store(out_ptr + o, tl.interleave(x, y))


@triton.jit
def _max(a, b):
    return tl.maximum(a, b)


@triton.jit
def cummax_rows(x_ptr, y_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + row * N + offs)
    tl.store(y_ptr + row * N + offs, tl.associative_scan(x, 0, _max))


@triton.jit
def _recurrence(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2


@triton.jit
def recurrence_rows(a_ptr, b_ptr, h_ptr, N: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, N)
    a = tl.load(a_ptr + row * N + offs)
    b = tl.load(b_ptr + row * N + offs)
    _, h = tl.associative_scan((a, b), 0, _recurrence)
    tl.store(h_ptr + row * N + offs, h)


@triton.jit
def rand_fill(y_ptr, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.rand(seed, offs))


@triton.jit
def deinterleave(x_ptr, a_ptr, b_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * 2 * BLOCK + tl.arange(0, 2 * BLOCK)
    a, b = tl.split(tl.reshape(tl.load(x_ptr + offs), (BLOCK, 2)))
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(a_ptr + o, a)
    tl.store(b_ptr + o, b)


@triton.jit
def long_row_sum(x_ptr, y_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for start in range(0, N, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * N + offs, mask=offs < N, other=0.0)
    tl.store(y_ptr + row, tl.sum(acc, 0))


@triton.jit
def gather_lookup(table_ptr, idx_ptr, out_ptr, BLOCK: tl.constexpr,
                  T: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    table = tl.load(table_ptr + tl.arange(0, T))
    i = tl.load(idx_ptr + offs)
    tl.store(out_ptr + offs, tl.gather(table, i, 0))


@triton.jit
def histogram_blocks(x_ptr, out_ptr, BLOCK: tl.constexpr, BINS: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    h = tl.histogram(tl.load(x_ptr + offs), BINS)
    tl.atomic_add(out_ptr + tl.arange(0, BINS), h)


@triton.jit
def to_e5m2(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x.to(tl.float8e5).to(tl.uint8, bitcast=True))
'''

ROWS, COLS = 16384, 1024      # cumsum / argmax: 64 MiB of f32
N = 1 << 24                   # element-wise kernels
BINS = 4096                   # scatter-add targets
LONG_ROWS, LONG_COLS = 4096, 16384  # a row sum that loops over the row
TABLE = 1024                  # gather: a table lookup
HIST_BINS = 64
BLOCK = 1024
WARPS = 4


class Case:
    """One kernel: its inputs (`make(torch)` -> tensors), how to launch
    (`args(t)` -> launch arguments, `grid`), its outputs (indices into the
    tensors, reset before each checked launch), how close ours must be to
    Triton's, and the bytes it must move."""

    def __init__(self, name, make, args, grid, outputs, nbytes, atol=0.0,
                 rtol=0.0, constexprs=None, scalars=()):
        self.name, self.make, self.args, self.grid = name, make, args, grid
        self.outputs, self.nbytes, self.atol, self.rtol = outputs, nbytes, atol, rtol
        self.constexprs = constexprs or {}
        self.scalars = list(scalars)  # trailing non-tensor arguments


def cases():
    def rows(torch):
        return [torch.randn(ROWS, COLS, device="cuda"),
                torch.empty(ROWS, COLS, device="cuda")]

    def argmax_in(torch):
        return [torch.randn(ROWS, COLS, device="cuda"),
                torch.empty(ROWS, device="cuda", dtype=torch.int32)]

    def scatter(torch):
        return [torch.randint(0, BINS, (N,), device="cuda", dtype=torch.int32),
                torch.rand(N, device="cuda"),
                torch.zeros(BINS, device="cuda")]

    def pair(torch):
        return [torch.randn(N, device="cuda"), torch.randn(N, device="cuda"),
                torch.empty(2 * N, device="cuda")]

    def half(torch):
        return [torch.randn(N, device="cuda", dtype=torch.float16),
                torch.empty(N, device="cuda", dtype=torch.uint8)]

    def rec(torch):
        return [torch.rand(ROWS, COLS, device="cuda") * 0.5 + 0.5,
                torch.randn(ROWS, COLS, device="cuda"),
                torch.empty(ROWS, COLS, device="cuda")]

    def fill(torch):
        return [torch.empty(N, device="cuda")]

    def split_in(torch):
        return [torch.randn(2 * N, device="cuda"), torch.empty(N, device="cuda"),
                torch.empty(N, device="cuda")]

    def long_rows(torch):
        return [torch.randn(LONG_ROWS, LONG_COLS, device="cuda"),
                torch.empty(LONG_ROWS, device="cuda")]

    def lookup(torch):
        return [torch.randn(TABLE, device="cuda"),
                torch.randint(0, TABLE, (N,), device="cuda", dtype=torch.int32),
                torch.empty(N, device="cuda")]

    def hist(torch):
        return [torch.randint(0, HIST_BINS, (N,), device="cuda",
                              dtype=torch.int32),
                torch.zeros(HIST_BINS, device="cuda", dtype=torch.int32)]

    ptrs = lambda t: [("ptr", x.data_ptr()) for x in t]  # noqa: E731
    return [
        Case("gather_lookup", lookup, ptrs, (N // BLOCK,), [2], N * 8,
             constexprs={"BLOCK": BLOCK, "T": TABLE}),
        Case("histogram_blocks", hist, ptrs, (N // BLOCK,), [1], N * 4,
             constexprs={"BLOCK": BLOCK, "BINS": HIST_BINS}),
        Case("cummax_rows", rows, ptrs, (ROWS,), [1], 2 * ROWS * COLS * 4,
             constexprs={"N": COLS}),
        Case("recurrence_rows", rec, ptrs, (ROWS,), [2], 3 * ROWS * COLS * 4,
             atol=1e-3, rtol=1e-4, constexprs={"N": COLS}),
        Case("rand_fill", fill, lambda t: ptrs(t) + [("i32", 1234)],
             (N // BLOCK,), [0], N * 4, constexprs={"BLOCK": BLOCK},
             scalars=[1234]),
        Case("deinterleave", split_in, ptrs, (N // BLOCK,), [1, 2], 4 * N * 4,
             constexprs={"BLOCK": BLOCK}),
        Case("long_row_sum", long_rows,
             lambda t: ptrs(t) + [("i32", LONG_COLS)], (LONG_ROWS,), [1],
             LONG_ROWS * LONG_COLS * 4, atol=1e-2, rtol=1e-5,
             constexprs={"BLOCK": BLOCK}, scalars=[LONG_COLS]),
        Case("cumsum_rows", rows, ptrs, (ROWS,), [1], 2 * ROWS * COLS * 4,
             atol=1e-3, rtol=1e-5, constexprs={"N": COLS}),
        Case("argmax_rows", argmax_in, ptrs, (ROWS,), [1],
             ROWS * COLS * 4 + ROWS * 4, constexprs={"N": COLS}),
        Case("scatter_add", scatter,
             lambda t: ptrs(t) + [("i32", N)], ((N + BLOCK - 1) // BLOCK,),
             [2], N * 8 + BINS * 4, atol=1e-1, rtol=1e-5,
             constexprs={"BLOCK": BLOCK}, scalars=[N]),
        Case("interleave", pair, ptrs, (N // BLOCK,), [2], 4 * N * 4,
             constexprs={"BLOCK": BLOCK}),
        Case("to_e5m2", half, ptrs, (N // BLOCK,), [1], N * 3,
             constexprs={"BLOCK": BLOCK}),
    ]


# --------------------------------------------------------------------------
# --dump (GPU machine): Triton's TTIR, PTX and metadata
# --------------------------------------------------------------------------

def dump(out):
    from triton_dump import fresh_cache, load_kernels, params_of, strip_paths
    fresh_cache()
    import torch
    mod = load_kernels(KERNELS_SOURCE)
    os.makedirs(out, exist_ok=True)
    for case in cases():
        tensors = case.make(torch)
        args = list(tensors) + case.scalars
        ck = getattr(mod, case.name).warmup(*args, **case.constexprs,
                                            num_warps=WARPS, grid=(1,))
        ttir = strip_paths(ck.asm["ttir"])
        meta = {"name": ck.metadata.name, "num_warps": WARPS, "num_ctas": 1,
                "shared": ck.metadata.shared,
                "target": {"backend": "cuda", "arch": 90, "warp_size": 32},
                "params": params_of(ttir),
                "note": "Triton 3.6's own compile for sm_90a "
                        "(bench/language_speed.py --dump); its PTX takes two "
                        "more trailing scratch pointers (pass null)"}
        for ext, text in ((".ttir", ttir), (".ptx", strip_paths(ck.asm["ptx"]))):
            with open(os.path.join(out, case.name + ext), "w") as f:
                f.write(text)
        with open(os.path.join(out, case.name + ".json"), "w") as f:
            json.dump(meta, f, indent=2)
            f.write("\n")
        print("wrote", case.name)
    return 0


# --------------------------------------------------------------------------
# --build (here): tile's PTX of Triton's TTIR
# --------------------------------------------------------------------------

def build(build_dir):
    failed = 0
    for case in cases():
        error = tilebench.tile_compile(os.path.join(DATA, case.name + ".ttir"),
                                       os.path.join(OURS, case.name), "cuda:90",
                                       WARPS, build_dir=build_dir)
        print(("built " if error is None else "FAILED ") + case.name)
        if error:
            failed += 1
            print("  " + error.replace("\n", "\n  "))
    return 1 if failed else 0


# --------------------------------------------------------------------------
# run (GPU machine): check ours against Triton's, then time both
# --------------------------------------------------------------------------

def run(reps, iters):
    import torch
    driver = tilebench.Driver()
    timer = tilebench.Timer(torch, iters=iters)
    stream = torch.cuda.current_stream().cuda_stream
    rows, problems = [], 0
    for case in cases():
        tensors = case.make(torch)
        base = case.args(tensors)
        launchers = {}
        for label, path in (("triton", os.path.join(DATA, case.name + ".ptx")),
                            ("ours", os.path.join(OURS, case.name,
                                                  case.name + ".ptx"))):
            image = tilebench.KernelImage.load(label, path)
            kernel = driver.load(image)
            sizes = [8 if t in ("ptr", "i64") else 4 for t, _ in base]
            extra = image.launch_params(sizes)
            trailing, scratch = tilebench.scratch_args(image, case.grid, extra,
                                                       torch)
            launchers[label] = kernel.launcher(case.grid, base + trailing,
                                               stream)
            launchers[label].keepalive.append(scratch)
        results = {}
        for label, launch in launchers.items():
            for i in case.outputs:
                tensors[i].zero_()
            launch()
            torch.cuda.synchronize()
            results[label] = [tensors[i].clone() for i in case.outputs]
        ok = True
        for a, b in zip(results["ours"], results["triton"]):
            a, b = a.double(), b.double()
            if not torch.allclose(a, b, atol=case.atol, rtol=case.rtol,
                                  equal_nan=True):
                ok = False
        problems += not ok
        ratios, times = [], None
        for _ in range(reps):
            times = timer.interleaved(launchers)
            ratios.append(times["triton"] / times["ours"])
        verdict = tilebench.ratio_verdict(ratios, iters)
        rows.append((case, times, verdict, ok))
    print(f"| kernel | ours GB/s | Triton GB/s | ours/Triton per rep | median | "
          f"min | verdict | same result |")
    print("|---|--:|--:|---|--:|--:|---|---|")
    for case, times, v, ok in rows:
        print(f"| {case.name} | {tilebench.gbps(case.nbytes, times['ours']):.0f} "
              f"| {tilebench.gbps(case.nbytes, times['triton']):.0f} | "
              f"{' '.join(f'{r:.4f}' for r in v['ratios'])} | {v['median']:.4f} "
              f"| {v['min']:.4f} | {v['verdict']} | {'yes' if ok else 'NO'} |")
    return 1 if problems else 0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--dump", metavar="OUT", help="dump Triton's compiles (GPU)")
    p.add_argument("--build", action="store_true", help="compile ours (here)")
    p.add_argument("--build-dir", default=None)
    p.add_argument("--reps", type=int, default=tilebench.RULE_REPS)
    p.add_argument("--iters", type=int, default=tilebench.RULE_ITERS)
    args = p.parse_args(argv)
    if args.dump:
        return dump(args.dump)
    if args.build:
        return build(args.build_dir)
    return run(args.reps, args.iters)


if __name__ == "__main__":
    sys.exit(main())

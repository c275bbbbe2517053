"""Softmax and layer norm: tile's kernels against Triton 3.6's, on a GPU.

Runs the variants bench/make_row_variants.py compiled (out/rows/<name>/) on
row shapes whose BLOCK and hints hold for the variant (DESIGN.md's GPU
protocol): the smallest compiled BLOCK (1, 1024, 4096 or 8192) that covers the
width, masked beyond it; hinted variants only where the width and the row
strides are multiples of 16. --random N adds N random shapes (1-64 rows, any
width up to the largest BLOCK, padded or not), checked but not timed. Each case is checked
against torch (softmax: torch.softmax; layer norm: F.layer_norm in f16), and
masked cases run on padded rows (row strides larger than the width, the
padding filled with NaN) to check that nothing outside the rows is read into
the result or written.

The headline shapes are timed for ours and for Triton 3.6's PTX of the same
kernel (bench/data/{softmax_f32_4096,layernorm_f16_8192}.ptx, dumped by
anchors' triton_kernels.py for sm_90), both loaded and launched by the same
driver-API code (tilebench.Driver), same grid (one program per row), same
block, each with its own dynamic shared memory. GB/s counts one read and one
write of the matrix (as the anchors do). Prints a table and writes
OUT/rows.json (and OUT/rows.png with matplotlib).

  python3 bench/bench_rows.py --variants out/rows --out $OUT [--random 1000]

Exit status: 0 all checks passed, 1 a check failed, 2 bad input or no GPU.
"""

import argparse
import json
import os
import platform
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilebench import BenchError, Driver, KernelImage, Timer, gbps  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# (kernel, rows, width, timed): every width class, masked and 1-row/1-column
# edges; the first two are the anchors' shapes.
CASES = [
    ("softmax", 8192, 4096, True),
    ("layernorm", 4096, 8192, True),
    ("softmax", 1, 4096, False),
    ("softmax", 1000, 1000, False),
    ("softmax", 37, 3001, False),
    ("softmax", 4096, 1, False),
    ("softmax", 64, 4096, False),
    ("layernorm", 1, 8192, False),
    ("layernorm", 1000, 1000, False),
    ("layernorm", 300, 5000, False),
    ("layernorm", 7, 1, False),
    ("layernorm", 64, 8192, False),
]

TRITON = {"softmax": "softmax_f32_4096", "layernorm": "layernorm_f16_8192"}
TRITON_BLOCK = {"softmax": 4096, "layernorm": 8192}
EPS = 1e-5


def next_pow2(n):
    return 1 << (n - 1).bit_length()


def pick_variant(kernel, width, stride_in, stride_out):
    """The variant whose BLOCK and hints hold for this case: the smallest
    compiled BLOCK that covers the width (masked beyond it), hinted only
    when the width and both row strides are multiples of 16."""
    block = next(b for b in (1, 1024, TRITON_BLOCK[kernel]) if b >= width)
    warps = {1: 1, 1024: 4}.get(block, 8)
    hinted = (block == TRITON_BLOCK[kernel] and
              all(v % 16 == 0 for v in (width, stride_in, stride_out)))
    name = f"{kernel}_b{block}_w{warps}" + ("" if hinted else "_nohint")
    return name, block


def random_cases(count, seed):
    """`count` random (kernel, rows, width, padded) cases: 1 to 64 rows,
    widths from 1 to the kernel's largest BLOCK (edges included), padded
    rows half of the time."""
    import random
    rng = random.Random(seed)
    cases = []
    for i in range(count):
        kernel = rng.choice(["softmax", "layernorm"])
        top = TRITON_BLOCK[kernel]
        width = rng.choice([1, 2, 15, 16, 17, 1023, 1024, 1025, top - 1, top,
                            rng.randint(1, top), rng.randint(1, 64)])
        rows = rng.choice([1, 2, 3, rng.randint(1, 64)])
        cases.append((kernel, rows, width, rng.random() < 0.5))
    return cases


def parse_args(argv):
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--variants", default=os.path.join(os.path.dirname(HERE), "out", "rows"),
                   help="folder of compiled variants (bench/make_row_variants.py --compile)")
    p.add_argument("--triton-dir", default=os.path.join(HERE, "data"),
                   help="folder with Triton's PTX and .json")
    p.add_argument("--out", default=os.environ.get("OUT", "bench-out"))
    p.add_argument("--check-only", action="store_true",
                   help="check every case, time nothing (for compute-sanitizer)")
    p.add_argument("--random", type=int, default=0, metavar="N",
                   help="also check N random shapes (no timing)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--max-rows", type=int, default=0,
                   help="cap each case's rows (small shapes for compute-sanitizer)")
    p.add_argument("--iters", type=int, default=200)
    p.add_argument("--warmup", type=int, default=25)
    return p.parse_args(argv)


class Rows:
    """Allocates and checks one case."""

    def __init__(self, torch, kernel, rows, width, padded):
        self.torch, self.kernel, self.rows, self.width = torch, kernel, rows, width
        dtype = torch.float32 if kernel == "softmax" else torch.float16
        # layernorm_kernel takes one stride for X and Y.
        pad_in, pad_out = ((5, 3) if kernel == "softmax" else (3, 3)) if padded else (0, 0)
        g = torch.Generator(device="cuda").manual_seed(rows * 7919 + width)
        full_in = torch.randn(rows, width + pad_in, device="cuda", dtype=dtype, generator=g)
        if pad_in:
            full_in[:, width:] = float("nan")
        self.x = full_in[:, :width]
        self.full_out = torch.full((rows, width + pad_out), float("nan"), device="cuda", dtype=dtype)
        self.out = self.full_out[:, :width]
        self.pad_out = pad_out
        if kernel == "layernorm":
            self.w = torch.rand(width, device="cuda", dtype=dtype, generator=g)
            self.b = torch.rand(width, device="cuda", dtype=dtype, generator=g)
        self.stride_in, self.stride_out = full_in.stride(0), self.full_out.stride(0)

    def args(self):
        if self.kernel == "softmax":
            return [("ptr", self.out.data_ptr()), ("ptr", self.x.data_ptr()),
                    ("i32", self.stride_in), ("i32", self.stride_out), ("i32", self.width)]
        # layernorm_kernel uses one stride for X and Y.
        return [("ptr", self.x.data_ptr()), ("ptr", self.out.data_ptr()),
                ("ptr", self.w.data_ptr()), ("ptr", self.b.data_ptr()),
                ("i32", self.stride_in), ("i32", self.width), ("f32", EPS)]

    def reference(self):
        torch = self.torch
        if self.kernel == "softmax":
            return torch.softmax(self.x, 1)
        return torch.nn.functional.layer_norm(self.x, (self.width,), self.w, self.b, EPS)

    def check(self):
        """Returns (ok, max abs error, note)."""
        torch = self.torch
        ref = self.reference()
        err = (self.out.float() - ref.float()).abs().max().item() if self.out.numel() else 0.0
        tol = 1e-6 if self.kernel == "softmax" else 1e-2
        ok = torch.allclose(self.out.float(), ref.float(), atol=tol, rtol=1e-4 if self.kernel == "softmax" else 0)
        note = ""
        if self.pad_out and not torch.isnan(self.full_out[:, self.width:]).all().item():
            ok, note = False, "wrote outside the rows"
        return ok, err, note


def main(argv):
    args = parse_args(argv)
    try:
        import torch
    except ImportError:
        print("bench_rows: torch is not installed", file=sys.stderr)
        return 2
    if not torch.cuda.is_available():
        print("bench_rows: no GPU", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    driver = Driver()
    timer = None if args.check_only else Timer(torch, iters=args.iters,
                                                warmup=args.warmup)
    loaded = {}

    def kernel_for(label, path, json_path=None):
        if label not in loaded:
            image = KernelImage.load(label, path, json_path)
            loaded[label] = (image, driver.load(image))
        return loaded[label]

    stream = torch.cuda.current_stream().cuda_stream
    results, failures = [], 0
    print(f"{'kernel':10} {'rows x width':>14} {'variant':28} {'check':6} {'max err':>9}"
          f" {'ours GB/s':>10} {'Triton GB/s':>12} {'ours/Triton':>11}")
    cases = [(k, r, w, t, None) for k, r, w, t in CASES]
    cases += [(k, r, w, False, pad) for k, r, w, pad in
              random_cases(args.random, args.seed)]
    for kernel, rows, width, timed, pad in cases:
        if args.max_rows:
            rows = min(rows, args.max_rows)
        timed = timed and not args.check_only
        padded = (pad if pad is not None else
                  not timed and (width % 16 != 0 or rows % 2 == 1))
        case = Rows(torch, kernel, rows, width, padded)
        name, block = pick_variant(kernel, width, case.stride_in, case.stride_out)
        image, ours = kernel_for(name, os.path.join(args.variants, name, name + ".ptx"))
        base = case.args()
        sizes = [8 if t == "ptr" else 4 for t, _ in base]
        extra = image.launch_params(sizes)
        launch = ours.launcher((rows,), base + [("ptr", 0)] * extra, stream)
        launch()
        torch.cuda.synchronize()
        ok, err, note = case.check()
        failures += not ok
        row = dict(kernel=kernel, rows=rows, width=width, variant=name, block=block,
                   padded=padded, ok=ok, max_err=err, note=note)
        line = (f"{kernel:10} {f'{rows} x {width}':>14} {name:28} {'OK' if ok else 'FAIL':6}"
                f" {err:9.2e}")
        if timed:
            tname = TRITON[kernel]
            timage, triton = kernel_for("triton " + tname,
                                        os.path.join(args.triton_dir, tname + ".ptx"),
                                        os.path.join(args.triton_dir, tname + ".json"))
            textra = timage.launch_params(sizes)
            tlaunch = triton.launcher((rows,), base + [("ptr", 0)] * textra, stream)
            elem = case.x.element_size()
            nbytes = 2 * elem * rows * width
            ours_ms = timer.median_ms(launch)
            triton_ms = timer.median_ms(tlaunch)
            # Triton's result too, so the baseline is known to be correct.
            tlaunch()
            torch.cuda.synchronize()
            tok, terr, _ = case.check()
            row.update(ours_ms=ours_ms, triton_ms=triton_ms,
                       ours_GBps=gbps(nbytes, ours_ms), triton_GBps=gbps(nbytes, triton_ms),
                       ratio=triton_ms / ours_ms, triton_ok=tok, triton_max_err=terr)
            line += (f" {row['ours_GBps']:10.0f} {row['triton_GBps']:12.0f}"
                     f" {row['ratio']:11.3f}")
        if pad is None or not ok:
            print(line + (f"  ({note})" if note else ""), flush=True)
        results.append(row)

    summary = dict(gpu=torch.cuda.get_device_name(), host=platform.node(),
                   torch=torch.__version__, cases=results, failures=failures)
    with open(os.path.join(args.out, "rows.json"), "w") as f:
        json.dump(summary, f, indent=2)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        timed = [r for r in results if "ours_GBps" in r]
        fig, ax = plt.subplots(figsize=(6, 3.5))
        labels = [f"{r['kernel']}\n{r['rows']}x{r['width']}" for r in timed]
        xs = range(len(timed))
        ax.bar([x - 0.2 for x in xs], [r["ours_GBps"] for r in timed], 0.4, label="tile")
        ax.bar([x + 0.2 for x in xs], [r["triton_GBps"] for r in timed], 0.4, label="Triton 3.6 PTX")
        ax.set_xticks(list(xs), labels)
        ax.set_ylabel("GB/s")
        ax.legend()
        fig.tight_layout()
        fig.savefig(os.path.join(args.out, "rows.png"), dpi=120)
    except ImportError:
        pass
    print(f"{len(results)} cases, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BenchError as e:
        print(f"bench_rows: {e}", file=sys.stderr)
        sys.exit(2)

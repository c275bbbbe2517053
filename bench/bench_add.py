#!/usr/bin/env python3
"""Vector add: tile's kernel against Triton 3.6's, in one process, on a GPU.

Loads OUR add kernel (PTX or cubin from tools/tile-compile, plus its .json)
and Triton 3.6's PTX of the same kernel (bench/data/add_f32_b1024.ptx, dumped
by Triton from anchors' add_kernel; or compiled here by Triton when
--triton-ptx is not given), launches both THE SAME WAY through the CUDA driver
API (tilebench.Driver: cuModuleLoadDataEx + cuLaunchKernel via ctypes, on
torch's stream, same grid = cdiv(n, 1024) and block = num_warps * 32; Triton's
PTX gets its two trailing scratch pointers as null), and:

  * checks out == x + y exactly against torch for sizes from 16 to 2^28,
    including non-multiples of 1024, and that nothing past n is written;
    sizes that break the kernel's tt.divisibility hint on n (16 in Triton's
    dump) are skipped for the PTX kernels, and run by @triton.jit only;
  * times every kernel with CUDA events (median of --iters launches after
    --warmup, L2 cleared before each) over a size sweep, 2^26 as the headline:
    ours, Triton's PTX, Triton's own @triton.jit launch, and torch's x + y;
  * prints a table (size, ours GB/s, Triton GB/s, ours/Triton, ...), writes
    OUT/add.json and OUT/add.png (if matplotlib is installed).

GB/s counts 3 * n * 4 bytes per launch (two reads, one write). Exit status:
0 all checks passed, 1 a check failed, 2 bad input or no GPU.

  python3 bench/bench_add.py --ptx out/add_kernel/add_kernel.ptx \\
      --json out/add_kernel/add_kernel.json \\
      --triton-ptx bench/data/add_f32_b1024.ptx --out $OUT

--dry-run checks the inputs and prints the plan without torch or a GPU.
"""

import argparse
import json
import os
import platform
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilebench import BenchError, Driver, KernelImage, Timer, gbps  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BLOCK = 1024  # elements per program, in both kernels
ELEM_BYTES = 4

#: Sizes checked for correctness: small, around multiples of 1024, large.
CHECK_SIZES = [1, 3, 16, 48, 1000, 1008, 1023, 1024, 1025, 1040, 4096, 10000,
               65536 + 16, 100003, 2**20, 2**20 + 1008, 2**24 + 16, 2**26,
               2**26 + 528, 2**28]


def parse_args(argv):
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ptx", help="our kernel's PTX (from tools/tile-compile)")
    p.add_argument("--cubin", help="our kernel's cubin (instead of --ptx)")
    p.add_argument("--json", help="our kernel's metadata (default: beside the PTX)")
    p.add_argument("--triton-ptx",
                   help="Triton 3.6's PTX of add_kernel, e.g. "
                        "bench/data/add_f32_b1024.ptx (default: compile it "
                        "here with Triton)")
    p.add_argument("--triton-json",
                   help="its metadata (default: beside the PTX)")
    p.add_argument("--out", default=os.environ.get("OUT", "bench-out"),
                   help="folder for add.json and add.png (default: $OUT)")
    p.add_argument("--iters", type=int, default=100,
                   help="timed launches per measurement (median; >= 100 "
                        "recommended)")
    p.add_argument("--warmup", type=int, default=25, help="untimed launches first")
    p.add_argument("--sweep", default="12:28",
                   help="log2 sizes to time, LO:HI[:STEP] (default 12:28)")
    p.add_argument("--headline", default="2^26",
                   help="the size reported as the headline (default 2^26)")
    p.add_argument("--check-sizes", default=None,
                   help="comma-separated sizes to check (default: 1 ... 2^28)")
    p.add_argument("--no-jit", action="store_true",
                   help="do not time Triton's @triton.jit launch")
    p.add_argument("--dry-run", action="store_true",
                   help="check the inputs and print the plan; no torch, no GPU")
    args = p.parse_args(argv)
    if bool(args.ptx) == bool(args.cubin):
        p.error("give our kernel as exactly one of --ptx or --cubin")
    if args.iters < 1 or args.warmup < 0:
        p.error("--iters must be >= 1 and --warmup >= 0")
    try:
        args.headline = eval_size(args.headline)
    except ValueError:
        p.error(f"--headline: bad size {args.headline}")
    try:
        parts = [int(v) for v in args.sweep.split(":")]
        lo, hi = parts[0], parts[1]
        step = parts[2] if len(parts) > 2 else 1
        args.sweep_sizes = [2**k for k in range(lo, hi + 1, step)]
        if args.headline not in args.sweep_sizes:
            args.sweep_sizes = sorted(args.sweep_sizes + [args.headline])
    except (ValueError, IndexError):
        p.error(f"--sweep: expected LO:HI[:STEP], got {args.sweep}")
    if args.check_sizes:
        try:
            args.check_sizes = [int(eval_size(s)) for s in args.check_sizes.split(",")]
        except ValueError:
            p.error(f"--check-sizes: bad size list {args.check_sizes}")
    else:
        args.check_sizes = CHECK_SIZES
    return args


def eval_size(s):
    """'2^26', '2**26+528', '1024' -> int."""
    s = s.strip().replace("^", "**")
    total = 0
    for term in s.split("+"):
        if "**" in term:
            b, e = term.split("**")
            total += int(b) ** int(e)
        else:
            total += int(term)
    return total


def n_divisibility(kernel):
    """The tt.divisibility hint on parameter n (index 3), 1 if none."""
    params = kernel.meta.get("params") or []
    if len(params) > 3:
        return int(params[3].get("divisibility", 1))
    return 1


def check_signature(kernel):
    """Our add kernel must be (ptr, ptr, ptr, i32) per its metadata."""
    params = kernel.meta.get("params")
    if params is None:
        return
    types = [p.get("type", "") for p in params]
    ok = (len(types) >= 4 and all(t.startswith(("!tt.ptr<f32", "!llvm.ptr"))
                                 for t in types[:3]) and types[3] == "i32")
    if not ok or len(types) != 4:
        raise BenchError(f"{kernel.label}: expected params (f32*, f32*, f32*, i32), "
                         f"the metadata says {types}")


def load_kernels(args):
    """Our kernel and, if given as a file, Triton's PTX (KernelImage each)."""
    ours = KernelImage.load("ours", args.ptx or args.cubin, args.json)
    check_signature(ours)
    theirs = None
    if args.triton_ptx:
        theirs = KernelImage.load("triton-ptx", args.triton_ptx, args.triton_json)
    return ours, theirs


def plan(args, ours, theirs):
    """Prints what will run (also the whole of --dry-run)."""
    print(ours.describe())
    extra = ours.launch_params([8, 8, 8, 4])
    print(f"  launch: grid cdiv(n, {BLOCK}), block {ours.block}, "
          f"{extra} trailing null pointer(s); n divisibility "
          f"{n_divisibility(ours)}")
    if theirs:
        print(theirs.describe())
        extra = theirs.launch_params([8, 8, 8, 4])
        print(f"  launch: grid cdiv(n, {BLOCK}), block {theirs.block}, "
              f"{extra} trailing null pointer(s); n divisibility "
              f"{n_divisibility(theirs)}")
    else:
        print("triton-ptx: compiled in this process by Triton (warmup)")
    print(f"check sizes: {args.check_sizes}")
    print(f"timing sizes: {args.sweep_sizes} ({args.iters} iters, "
          f"{args.warmup} warm-up, median)")


# --------------------------------------------------------------------------
# Triton's own kernel (anchors/triton_kernels.py's add_kernel, unchanged)
# --------------------------------------------------------------------------

try:  # Triton is optional until run(): --dry-run works without it.
    import triton
    import triton.language as tl
except ImportError as e:
    triton, TRITON_IMPORT_ERROR = None, e
else:
    TRITON_IMPORT_ERROR = None

    # Triton resolves names through the function's module globals, so the
    # kernel is defined at module level.
    @triton.jit
    def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        y = tl.load(y_ptr + offs, mask=m)
        tl.store(out_ptr + offs, x + y, mask=m)


def make_triton_kernel():
    """Returns (triton module, Triton's @triton.jit add_kernel), or raises
    ImportError."""
    if triton is None:
        raise ImportError(f"cannot import triton: {TRITON_IMPORT_ERROR}")
    return triton, add_kernel


def triton_ptx_in_process(torch, triton_mod, add_kernel):
    """Compiles add_kernel with Triton here (n divisible by 16, as in the
    corpus dump) and returns a KernelImage of its PTX."""
    x = torch.zeros(1024, device="cuda")
    try:
        compiled = add_kernel.warmup(x, x, x, 1024, BLOCK=BLOCK, grid=(1,))
        md = compiled.metadata
    except Exception as e:
        raise BenchError(f"Triton could not compile add_kernel here ({e}); "
                         "pass --triton-ptx bench/data/add_f32_b1024.ptx")
    meta = {"name": md.name, "num_warps": md.num_warps, "shared": md.shared,
            "num_ctas": getattr(md, "num_ctas", 1),
            "params": [{"name": "x_ptr", "type": "!tt.ptr<f32>"},
                       {"name": "y_ptr", "type": "!tt.ptr<f32>"},
                       {"name": "out_ptr", "type": "!tt.ptr<f32>"},
                       {"name": "n", "type": "i32", "divisibility": 16}]}
    ptx = compiled.asm["ptx"]
    ptx = ptx.encode() if isinstance(ptx, str) else ptx
    return KernelImage("triton-ptx", ptx, meta,
                       {"image": f"compiled by Triton {triton_mod.__version__}",
                        "json": "(compiled metadata)"})


# --------------------------------------------------------------------------
# The run
# --------------------------------------------------------------------------

def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        ours, theirs = load_kernels(args)
        if args.dry_run:
            plan(args, ours, theirs)
            print("dry run: no GPU touched")
            return 0
        return run(args, ours, theirs)
    except BenchError as e:
        print(f"bench_add: error: {e}", file=sys.stderr)
        return 2


def run(args, ours, theirs):
    try:
        import torch
    except ImportError:
        raise BenchError("torch is not installed: run this on the GPU machine")
    if not torch.cuda.is_available():
        raise BenchError("no GPU: torch.cuda.is_available() is False")
    torch.cuda.init()
    torch.zeros(1, device="cuda")  # create torch's (primary) context
    driver = Driver(torch.cuda.current_device())

    triton_mod = jit = None
    try:
        triton_mod, jit = make_triton_kernel()
    except Exception as e:  # ImportError, or Triton failing to set up
        print(f"note: Triton unavailable ({e}); no @triton.jit reference")
        if theirs is None:
            raise BenchError("no --triton-ptx and Triton cannot compile it here")
    if theirs is None:
        theirs = triton_ptx_in_process(torch, triton_mod, jit)
    plan(args, ours, theirs)

    props = torch.cuda.get_device_properties(0)
    env = {"gpu": props.name, "sms": props.multi_processor_count,
           "cap": list(torch.cuda.get_device_capability()),
           "torch": torch.__version__,
           "triton": getattr(triton_mod, "__version__", None),
           "python": platform.python_version()}
    print(env)

    loaded = {"ours": driver.load(ours), "triton-ptx": driver.load(theirs)}
    extras = {"ours": ours.launch_params([8, 8, 8, 4]),
              "triton-ptx": theirs.launch_params([8, 8, 8, 4])}
    divis = {"ours": n_divisibility(ours), "triton-ptx": n_divisibility(theirs)}
    stream = torch.cuda.current_stream().cuda_stream

    def launchers(x, y, out, n):
        """{variant: no-argument launch function} for one problem."""
        grid = ((n + BLOCK - 1) // BLOCK,)
        fns = {}
        for key, k in loaded.items():
            a = [("ptr", x.data_ptr()), ("ptr", y.data_ptr()),
                 ("ptr", out.data_ptr()), ("i32", n)] + [("ptr", 0)] * extras[key]
            fns[key] = k.launcher(grid, a, stream)
        if jit is not None and not args.no_jit:
            fns["triton-jit"] = lambda: jit[grid](x, y, out, n, BLOCK=BLOCK)
        fns["torch"] = lambda: torch.add(x, y, out=out[:n])
        return fns

    # ---- correctness -----------------------------------------------------
    failures = 0
    checks = []
    print("\ncorrectness (out == x + y exactly; out[n:] untouched):")
    for n in args.check_sizes:
        gen = torch.Generator(device="cuda").manual_seed(n)
        x = torch.randn(n, device="cuda", generator=gen)
        y = torch.randn(n, device="cuda", generator=gen)
        want = x + y
        row = {"n": n}
        pad = 4096
        for key in ["ours", "triton-ptx", "triton-jit"]:
            if key == "triton-jit" and (jit is None or args.no_jit):
                continue
            div = divis.get(key, 1)
            if n % div:
                row[key] = f"skipped (n % {div} != 0 breaks the divisibility hint)"
                continue
            out = torch.full((n + pad,), float("nan"), device="cuda")
            fn = launchers(x, y, out, n)[key]
            try:
                fn()
                torch.cuda.synchronize()
            except Exception as e:  # a launch error is a failed check
                row[key] = f"FAIL (launch: {e})"
                failures += 1
                continue
            body_ok = torch.equal(out[:n], want)
            tail_ok = bool(torch.isnan(out[n:]).all())
            if body_ok and tail_ok:
                row[key] = "ok"
            else:
                bad = (out[:n] != want).nonzero()
                first = int(bad[0]) if len(bad) else None
                row[key] = ("FAIL" + (f" ({len(bad)} wrong, first at {first})"
                                      if first is not None else "")
                            + ("" if tail_ok else " (wrote past n)"))
                failures += 1
            del out
        checks.append(row)
        print("  " + "  ".join(f"{k}={v}" for k, v in row.items()))
        del x, y, want
        torch.cuda.empty_cache()

    # ---- timing ----------------------------------------------------------
    timer = Timer(torch, args.iters, args.warmup)
    rows = []
    print()
    for n in args.sweep_sizes:
        x = torch.randn(n, device="cuda")
        y = torch.randn(n, device="cuda")
        out = torch.empty(n, device="cuda")
        nbytes = 3 * n * ELEM_BYTES
        row = {"n": n, "bytes": nbytes}
        for key, fn in launchers(x, y, out, n).items():
            if key in divis and n % divis[key]:
                continue
            ms = timer.median_ms(fn)
            row[f"{key}_ms"] = ms
            row[f"{key}_GBps"] = gbps(nbytes, ms)
        if row.get("ours_ms") and row.get("triton-ptx_ms"):
            row["ratio"] = row["triton-ptx_ms"] / row["ours_ms"]  # ours/Triton speed
        rows.append(row)
        del x, y, out
        torch.cuda.empty_cache()

    print_table(rows)
    headline = next((r for r in rows if r["n"] == args.headline), None)
    if headline and "ratio" in headline:
        print(f"\nheadline n = {args.headline}: ours {headline['ours_GBps']:.0f} GB/s, "
              f"Triton {headline['triton-ptx_GBps']:.0f} GB/s, "
              f"ours/Triton = {headline['ratio']:.3f}")
    print(f"correctness: {'all passed' if not failures else f'{failures} FAILED'}")

    os.makedirs(args.out, exist_ok=True)
    result = {
        "env": env,
        "config": {"block": BLOCK, "iters": args.iters, "warmup": args.warmup,
                   "timing": "CUDA events, median, L2 cleared before each launch",
                   "bytes_per_launch": "3 * n * 4",
                   "launcher": "cuModuleLoadDataEx + cuLaunchKernel (ctypes), "
                               "torch's current stream"},
        "kernels": {k.label: {"source": k.source, "name": k.name,
                              "num_warps": k.num_warps, "shared": k.shared,
                              "block": k.block, "params": k.param_sizes}
                    for k in (ours, theirs)},
        "correctness": checks,
        "failures": failures,
        "timing": rows,
        "headline": headline,
    }
    path = os.path.join(args.out, "add.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    print(f"wrote {path}")
    plot(rows, os.path.join(args.out, "add.png"))
    return 1 if failures else 0


def print_table(rows):
    """size | ours GB/s | Triton GB/s | ours/Triton | jit GB/s | torch GB/s"""
    head = (f"{'n':>11} {'ours GB/s':>10} {'Triton GB/s':>12} {'ours/Triton':>12}"
            f" {'jit GB/s':>10} {'torch GB/s':>11}")
    print(head)
    print("-" * len(head))

    def cell(row, key, width, fmt="{:.0f}"):
        v = row.get(key)
        return (fmt.format(v) if v is not None else "-").rjust(width)

    for r in rows:
        print(f"{r['n']:>11} {cell(r, 'ours_GBps', 10)} "
              f"{cell(r, 'triton-ptx_GBps', 12)} {cell(r, 'ratio', 12, '{:.3f}')} "
              f"{cell(r, 'triton-jit_GBps', 10)} {cell(r, 'torch_GBps', 11)}")


def plot(rows, path):
    """GB/s against size, one line per variant; skipped without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("note: matplotlib is not installed: no plot")
        return
    fig, ax = plt.subplots(figsize=(8, 5))
    for key, label in [("ours", "tile (ours)"), ("triton-ptx", "Triton 3.6 PTX"),
                       ("triton-jit", "Triton @jit launch"), ("torch", "torch x + y")]:
        pts = [(r["n"], r[f"{key}_GBps"]) for r in rows if f"{key}_GBps" in r]
        if pts:
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=label)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("n (f32 elements)")
    ax.set_ylabel("GB/s (3 * 4 * n bytes per launch)")
    ax.set_title("vector add: tile vs Triton 3.6 (same driver-API launcher)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"wrote {path}")


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Vector add in every dtype, hinted and hint-free: our PTX against torch.

For every compiled variant in out/variants/<name>/ (<name>.json + <name>.ptx,
written by bench/make_add_variants.py --compile from examples/variants/), this
loads the PTX through tilebench's driver-API launcher (the same one
bench_add.py uses), launches it with grid = cdiv(n, BLOCK) and checks, byte
for byte, that out == x + y as torch computes it:

  * i1 (torch.bool): Triton's `x + y` on i1 is arith.addi, modulo 2: x ^ y,
    stored as a 0/1 byte;
  * i8 i16 i32: (x + y) computed in int64 and truncated (wrapping); inputs are
    random bytes, so every bit pattern and overflow occurs; i64: torch's
    wrapping x + y;
  * f16 bf16 f32 f64: torch's x + y (one IEEE rounding in both; torch's
    f32 intermediate for f16/bf16 rounds the same); inputs randn scaled by
    2^-8 .. 2^8;
  * every byte of the output buffer outside out[0:n] (before and after,
    filled with 0xA5) must be untouched.

Sizes: 1, 2, 3, 15, 16, 17, 1000, 1023, 1024, 1025, 4097, 65537, 2^20,
2^20 + 3, 2^24, 2^28. A hinted variant (tt.divisibility = 16 on the pointers
and n) runs only where its hints hold: n % 16 == 0, pointers 16-byte aligned
(offset 0, and 16 bytes in). A hint-free variant runs on every size, with x, y
and out at element offsets (0,0,0), (1,1,1), (2,2,2), (3,3,3) and (1,2,3)
from an aligned allocation.

Prints a table (variant, sizes checked, offsets, mismatches) and writes
OUT/variants.json. Exit status: 0 all passed, 1 a check failed, 2 bad input or
no GPU. Nothing is timed (bench_add.py times f32 against Triton).

  python3 bench/bench_add_variants.py --out $OUT

--dry-run lists the variants and the plan without torch or a GPU.
"""

import argparse
import glob
import json
import os
import platform
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilebench import BenchError, Driver, KernelImage  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

SIZES = [1, 2, 3, 15, 16, 17, 1000, 1023, 1024, 1025, 4097, 65537, 1 << 20,
         (1 << 20) + 3, 1 << 24, 1 << 28]
DTYPES = ["i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"]
ELEM_BYTES = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "f16": 2,
              "bf16": 2, "f32": 4, "f64": 8}
NOHINT_OFFSETS = [(0, 0, 0), (1, 1, 1), (2, 2, 2), (3, 3, 3), (1, 2, 3)]
PAD = 64          # elements of output buffer checked past the largest offset
SENTINEL = 0xA5   # every byte of the output buffer before a launch


class Variant:
    """One compiled variant: its KernelImage, dtype, hints and BLOCK."""

    def __init__(self, name, directory, use_cubin):
        self.name = name
        image = os.path.join(directory, name + (".cubin" if use_cubin else ".ptx"))
        self.kernel = KernelImage.load(name, image, os.path.join(directory, name + ".json"))
        params = self.kernel.meta.get("params")
        if not params or len(params) < 4:
            raise BenchError(f"{name}: its json has no params for (x, y, out, n)")
        types = [p.get("type", "") for p in params[:4]]
        m = re.fullmatch(r"!tt\.ptr<(\w+)>", types[0])
        if not m or types[1] != types[0] or types[2] != types[0] or types[3] != "i32":
            raise BenchError(f"{name}: parameters {types} are not (ptr, ptr, ptr, i32)")
        self.dtype = m.group(1)
        if self.dtype not in DTYPES:
            raise BenchError(f"{name}: element type {self.dtype} not handled")
        self.es = ELEM_BYTES[self.dtype]
        self.ptr_div = max(int(p.get("divisibility", 1)) for p in params[:3])
        self.n_div = int(params[3].get("divisibility", 1))
        self.hinted = self.ptr_div > 1 or self.n_div > 1
        self.block = 1024
        ttir = os.path.join(directory, name + ".ttir")
        if os.path.isfile(ttir):
            with open(ttir) as f:
                ends = set(re.findall(r"tt\.make_range \{end = (\d+) : i32, start = 0",
                                      f.read()))
            if len(ends) == 1:
                self.block = int(ends.pop())
        self.extra = self.kernel.launch_params([8, 8, 8, 4])

    def offsets(self):
        """(x, y, out) element offsets the hints allow."""
        if not self.hinted:
            return NOHINT_OFFSETS
        if self.ptr_div > 1:
            k = max(1, self.ptr_div // self.es)  # next aligned start
            if (k * self.es) % self.ptr_div:
                return [(0, 0, 0)]
            return [(0, 0, 0), (k, k, k)]
        return NOHINT_OFFSETS

    def sizes(self, sizes):
        return [n for n in sizes if n % self.n_div == 0]

    def describe(self):
        return (f"{self.name}: {self.dtype}, "
                f"{'hints: ptr %d, n %d' % (self.ptr_div, self.n_div) if self.hinted else 'no hints'}"
                f", BLOCK {self.block}, {self.kernel.num_warps} warps, "
                f"{self.extra} extra null ptr(s), {self.kernel.source['image']}")


def find_variants(directory, names, use_cubin):
    found = []
    for d in sorted(glob.glob(os.path.join(directory, "*", ""))):
        name = os.path.basename(os.path.dirname(d))
        if names and name not in names:
            continue
        if not os.path.isfile(os.path.join(d, name + ".json")):
            continue
        found.append(Variant(name, d, use_cubin))
    if names:
        missing = set(names) - {v.name for v in found}
        if missing:
            raise BenchError(f"no compiled variant {', '.join(sorted(missing))} in "
                             f"{directory}")
    if not found:
        raise BenchError(f"no compiled variants in {directory} (run "
                         "bench/make_add_variants.py --compile, and carry out/)")
    order = {d: i for i, d in enumerate(DTYPES)}
    found.sort(key=lambda v: (order[v.dtype], v.hinted is False, v.name))
    return found


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--dir", default=os.path.join(ROOT, "out", "variants"),
                   help="compiled variants, one folder each (default out/variants)")
    p.add_argument("--variants", nargs="*", help="only these (folder names)")
    p.add_argument("--sizes", nargs="*", type=lambda s: int(eval(s, {}, {})),
                   help="sizes (Python expressions, e.g. 2**20+3)")
    p.add_argument("--max-size", type=lambda s: int(eval(s, {}, {})),
                   help="drop sizes above this")
    p.add_argument("--cubin", action="store_true",
                   help="load <name>.cubin instead of the PTX")
    p.add_argument("--out", default=os.environ.get("OUT"),
                   help="folder for variants.json (default $OUT)")
    p.add_argument("--dry-run", action="store_true")
    return p.parse_args(argv)


# --------------------------------------------------------------------------
# Data and references
# --------------------------------------------------------------------------

def torch_dtype(torch, d):
    return {"i1": torch.bool, "i8": torch.int8, "i16": torch.int16,
            "i32": torch.int32, "i64": torch.int64, "f16": torch.float16,
            "bf16": torch.bfloat16, "f32": torch.float32,
            "f64": torch.float64}[d]


def random_data(torch, d, m, gen):
    """m random elements of dtype d on the GPU."""
    dt = torch_dtype(torch, d)
    if d == "i1":
        return torch.rand(m, device="cuda", generator=gen) < 0.5
    if d.startswith("i"):  # every bit pattern
        raw = torch.randint(0, 256, (m * ELEM_BYTES[d],), device="cuda",
                            dtype=torch.uint8, generator=gen)
        return raw.view(dt)
    wide = torch.float64 if d == "f64" else torch.float32
    scale = torch.exp2(torch.randint(-8, 9, (m,), device="cuda",
                                     generator=gen).to(wide))
    return (torch.randn(m, device="cuda", dtype=wide, generator=gen) * scale).to(dt)


def reference(torch, d, x, y):
    """What Triton's add gives: see the module docstring."""
    if d == "i1":
        return x ^ y
    if d in ("i8", "i16", "i32"):
        return (x.to(torch.int64) + y.to(torch.int64)).to(x.dtype)
    return x + y


# --------------------------------------------------------------------------

def main(argv=None):
    args = parse_args(argv)
    sizes = args.sizes or SIZES
    if args.max_size:
        sizes = [n for n in sizes if n <= args.max_size]
    try:
        variants = find_variants(args.dir, args.variants, args.cubin)
    except BenchError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"{len(variants)} variants:")
    for v in variants:
        print("  " + v.describe())
        print(f"    sizes {v.sizes(sizes)}\n    offsets {v.offsets()}")
    if args.dry_run:
        return 0
    if not args.out:
        print("error: give --out (or set OUT)", file=sys.stderr)
        return 2
    try:
        return run(args, variants, sizes)
    except BenchError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def run(args, variants, sizes):
    import torch
    if not torch.cuda.is_available():
        raise BenchError("torch sees no GPU")
    driver = Driver()
    props = torch.cuda.get_device_properties(0)
    env = {"gpu": props.name, "cap": list(torch.cuda.get_device_capability()),
           "torch": torch.__version__, "python": platform.python_version()}
    print(env)
    loaded = {v.name: driver.load(v.kernel) for v in variants}
    stream = torch.cuda.current_stream().cuda_stream
    t0 = time.time()

    rows = []             # one per (variant, n, offsets)
    sticky = None         # a launch error poisons the context: stop there
    for d in DTYPES:
        group = [v for v in variants if v.dtype == d]
        if not group or sticky:
            continue
        es = ELEM_BYTES[d]
        dt = torch_dtype(torch, d)
        for n in sizes:
            todo = [v for v in group if n in v.sizes(sizes)]
            if not todo or sticky:
                continue
            maxk = max(max(o) for v in todo for o in v.offsets())
            gen = torch.Generator(device="cuda").manual_seed(n * 31 + DTYPES.index(d))
            xb = random_data(torch, d, n + maxk, gen)
            yb = random_data(torch, d, n + maxk, gen)
            ob = torch.empty((n + maxk + PAD) * es, dtype=torch.uint8, device="cuda")
            for p in (xb, yb, ob):
                assert p.data_ptr() % 256 == 0, "torch allocation not aligned"
            wants = {}
            for v in todo:
                for (kx, ky, ko) in v.offsets():
                    x, y = xb[kx:kx + n], yb[ky:ky + n]
                    if (kx, ky) not in wants:
                        wants[(kx, ky)] = reference(torch, d, x, y).contiguous().view(torch.uint8)
                    want = wants[(kx, ky)]
                    ob.fill_(SENTINEL)
                    out = ob.view(dt)[ko:ko + n]
                    grid = ((n + v.block - 1) // v.block,)
                    a = [("ptr", x.data_ptr()), ("ptr", y.data_ptr()),
                         ("ptr", out.data_ptr()), ("i32", n)] + [("ptr", 0)] * v.extra
                    row = {"variant": v.name, "dtype": d, "hinted": v.hinted, "n": n,
                           "offsets": [kx, ky, ko]}
                    try:
                        loaded[v.name].launcher(grid, a, stream)()
                        torch.cuda.synchronize()
                    except Exception as e:  # launch or asynchronous fault
                        row["result"] = f"FAIL (launch: {e})"
                        rows.append(row)
                        sticky = f"{v.name} n={n} offsets {(kx, ky, ko)}: {e}"
                        break
                    body = ob[ko * es:(ko + n) * es]
                    bad = (body.view(-1, es) != want.view(-1, es)).any(dim=1)
                    nbad = int(bad.sum())
                    head_ok = bool((ob[:ko * es] == SENTINEL).all())
                    tail_ok = bool((ob[(ko + n) * es:] == SENTINEL).all())
                    if nbad == 0 and head_ok and tail_ok:
                        row["result"] = "ok"
                    else:
                        first = int(bad.nonzero()[0]) if nbad else None
                        row["result"] = "FAIL"
                        row["wrong"] = nbad
                        if first is not None:
                            row["first_wrong"] = first
                            row["got"] = body.view(-1, es)[first].tolist()
                            row["want"] = want.view(-1, es)[first].tolist()
                        if not head_ok:
                            row["wrote_before"] = True
                        if not tail_ok:
                            row["wrote_after"] = True
                        print(f"  FAIL {v.name} n={n} offsets {(kx, ky, ko)}: "
                              + json.dumps({k: row[k] for k in row if k not in
                                            ("variant", "dtype", "hinted", "n", "offsets")}))
                    rows.append(row)
                if sticky:
                    break
            del xb, yb, ob, wants
            if n >= 1 << 24:
                torch.cuda.empty_cache()
        print(f"  {d}: done ({time.time() - t0:.1f} s)")

    # ---- summary ---------------------------------------------------------
    summary = []
    for v in variants:
        mine = [r for r in rows if r["variant"] == v.name]
        ns = sorted({r["n"] for r in mine})
        offs = sorted({tuple(r["offsets"]) for r in mine})
        fails = [r for r in mine if r["result"] != "ok"]
        summary.append({"variant": v.name, "dtype": v.dtype, "hinted": v.hinted,
                        "checks": len(mine), "sizes": ns,
                        "offsets": [list(o) for o in offs],
                        "sizes_skipped": [n for n in sizes if n not in v.sizes(sizes)],
                        "mismatches": len(fails)})
    w = max(len(s["variant"]) for s in summary)
    head = (f"{'variant':<{w}}  {'sizes checked':<22}  {'offsets (x,y,out)':<34}  "
            f"{'checks':>6}  mismatches")
    print("\n" + head + "\n" + "-" * len(head))
    for s in summary:
        ns = s["sizes"]
        sz = (f"{len(ns)} ({ns[0]}..{ns[-1]})" if ns else "none")
        offs = " ".join("%d%d%d" % tuple(o) for o in s["offsets"])
        print(f"{s['variant']:<{w}}  {sz:<22}  {offs:<34}  {s['checks']:>6}  "
              f"{s['mismatches']}")
    failures = sum(s["mismatches"] for s in summary)
    total = sum(s["checks"] for s in summary)
    if sticky:
        print(f"\nstopped after a launch error (the context is unusable): {sticky}")
    print(f"\n{total} checks, {failures} failed, {time.time() - t0:.1f} s")

    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "variants.json")
    with open(path, "w") as f:
        json.dump({"env": env,
                   "config": {"sizes": sizes, "nohint_offsets": NOHINT_OFFSETS,
                              "check": "bytes of out[0:n] == torch reference; "
                                       "every other byte of the buffer untouched",
                              "launcher": "tilebench.Driver (cuModuleLoadDataEx + "
                                          "cuLaunchKernel, ctypes)",
                              "image": "cubin" if args.cubin else "ptx"},
                   "summary": summary, "checks": rows,
                   "stopped": sticky, "failures": failures}, f, indent=1)
    print(f"wrote {path}")
    return 1 if failures or sticky else 0


if __name__ == "__main__":
    sys.exit(main())

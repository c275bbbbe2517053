#!/usr/bin/env python3
"""Random differential test: our compiled kernels against torch.

Draws CASES random launches over every precompiled variant in
out/variants/*/ (bench/make_add_variants.py --compile): a random variant, a
random runtime size n (1-element edges, small odd sizes, non-powers of two
up to 2^22), random element offsets of x, y and out (any offset 0..7 for a
hint-free variant; multiples of the hinted alignment otherwise; hinted
variants also only get sizes the n hint allows) and a grid with up to two
extra programs beyond cdiv(n, BLOCK), so the masks are exercised. Each
launch must produce exactly torch's x + y and write nothing outside
out[0:n]. Prints one line per failure and `N cases, M mismatches`; writes
$OUT/random_diff.json; exit 1 on any mismatch.

    python3 bench/random_diff.py --cases 1000 --seed 1 --out $OUT
"""
import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_add_variants import (ELEM_BYTES, PAD, SENTINEL,  # noqa: E402
                                find_variants, random_data, reference,
                                torch_dtype)
from tilebench import Driver  # noqa: E402


def draw_size(rng, n_div):
    """A size from a mix of edge cases and random magnitudes, divisible by
    n_div."""
    kind = rng.random()
    if kind < 0.2:
        n = rng.randint(1, 40)
    elif kind < 0.5:
        n = rng.randint(1, 5000)
    elif kind < 0.9:
        n = rng.randint(1, 1 << 20)
    else:
        n = rng.randint(1, 1 << 22)
    n = max(n_div, n - n % n_div)
    return n


def draw_offsets(rng, variant):
    if not variant.hinted or variant.ptr_div <= 1:
        return tuple(rng.randint(0, 7) for _ in range(3))
    step = max(1, variant.ptr_div // variant.es)
    return tuple(step * rng.randint(0, 3) for _ in range(3))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default="out/variants")
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=os.environ.get("OUT"))
    args = parser.parse_args()
    import torch

    variants = find_variants(args.dir, None, False)
    driver = Driver()
    loaded = {v.name: driver.load(v.kernel) for v in variants}
    stream = torch.cuda.current_stream().cuda_stream
    rng = random.Random(args.seed)
    gen = torch.Generator(device="cuda").manual_seed(args.seed)
    start = time.time()
    failures, rows = 0, []
    for case in range(args.cases):
        v = rng.choice(variants)
        n = draw_size(rng, v.n_div)
        kx, ky, ko = draw_offsets(rng, v)
        es = ELEM_BYTES[v.dtype]
        xb = random_data(torch, v.dtype, n + kx, gen)
        yb = random_data(torch, v.dtype, n + ky, gen)
        x, y = xb[kx:kx + n], yb[ky:ky + n]
        want = reference(torch, v.dtype, x, y).contiguous().view(torch.uint8)
        ob = torch.full(((n + ko + PAD) * es,), SENTINEL, dtype=torch.uint8,
                        device="cuda")
        out = ob.view(torch_dtype(torch, v.dtype))[ko:ko + n]
        extra = rng.randint(0, 2)
        grid = ((n + v.block - 1) // v.block + extra,)
        params = [("ptr", x.data_ptr()), ("ptr", y.data_ptr()),
                  ("ptr", out.data_ptr()), ("i32", n)] + [("ptr", 0)] * v.extra
        loaded[v.name].launcher(grid, params, stream)()
        torch.cuda.synchronize()
        body = ob[ko * es:(ko + n) * es]
        wrong = int((body.view(-1, es) != want.view(-1, es)).any(dim=1).sum())
        outside = not (bool((ob[:ko * es] == SENTINEL).all()) and
                       bool((ob[(ko + n) * es:] == SENTINEL).all()))
        row = {"case": case, "variant": v.name, "n": n,
               "offsets": [kx, ky, ko], "grid": grid[0], "wrong": wrong,
               "wrote_outside": outside}
        rows.append(row)
        if wrong or outside:
            failures += 1
            print("FAIL", json.dumps(row))
    elapsed = time.time() - start
    used = sorted({r["variant"] for r in rows})
    print(f"{len(used)} variants, sizes {min(r['n'] for r in rows)}.."
          f"{max(r['n'] for r in rows)}, {elapsed:.1f} s")
    print(f"{len(rows)} cases, {failures} mismatches")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "random_diff.json"), "w") as f:
            json.dump({"seed": args.seed, "cases": rows,
                       "mismatches": failures, "seconds": elapsed}, f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

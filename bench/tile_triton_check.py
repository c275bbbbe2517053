#!/usr/bin/env python3
"""A torch.compile'd function with reductions, on the GPU, for checking tile
as Triton's compiler end to end (Inductor generates the Triton kernels,
tile compiles them, Inductor's launcher runs them).

    python -m tile.triton --stats bench/tile_triton_check.py --save tile.pt
    python bench/tile_triton_check.py --save triton.pt
    python bench/tile_triton_check.py --compare tile.pt triton.pt

The function: a layer norm, a matmul, a softmax and row sums and maxima
(Inductor's persistent and looped reductions, fused pointwise) in float32
and bfloat16. Each run checks the compiled outputs against eager PyTorch;
--compare checks two runs' outputs against each other (float32 1e-5,
bfloat16 1e-2, relative to the largest value; against eager, bfloat16 gets
two bfloat16 steps). Exit status 1 on a mismatch.
"""

from __future__ import annotations

import argparse
import os
import sys

import torch

#: Tolerance of one compiled run against another, relative to the largest
#: magnitude, by dtype.
TOLERANCE = {torch.float32: 1e-5, torch.bfloat16: 1e-2}
#: Against eager PyTorch, whose bfloat16 softmax rounds at other points:
#: two bfloat16 steps at 1.0 (Triton's own compile is 1.5 steps away).
EAGER_TOLERANCE = {torch.float32: 1e-5, torch.bfloat16: 2 ** -6}


def model(x: torch.Tensor, w: torch.Tensor, bias: torch.Tensor):
    y = torch.nn.functional.layer_norm(x, x.shape[-1:])
    scores = torch.softmax(y @ w + bias, dim=-1)
    return (scores, scores.sum(dim=-1), y.amax(dim=0),
            (y * y).mean(dim=-1).rsqrt())


def inputs(dtype: torch.dtype, rows: int = 4096, cols: int = 1024):
    generator = torch.Generator(device="cuda").manual_seed(0)
    x = torch.randn(rows, cols, device="cuda", generator=generator).to(dtype)
    w = (torch.randn(cols, 512, device="cuda", generator=generator)
         / cols ** 0.5).to(dtype)
    bias = torch.randn(512, device="cuda", generator=generator).to(dtype)
    return x, w, bias


def relative_error(got: torch.Tensor, want: torch.Tensor) -> float:
    scale = want.float().abs().max().clamp_min(1e-30)
    return float((got.float() - want.float()).abs().max() / scale)


def check(outputs, references, dtype, what: str, tolerance=TOLERANCE) -> bool:
    ok = True
    for i, (got, want) in enumerate(zip(outputs, references)):
        error = relative_error(got, want)
        good = error <= tolerance[dtype]
        ok &= good
        print(f"{what} {str(dtype).split('.')[-1]} output {i} "
              f"{tuple(got.shape)}: max error {error:.2e} relative to the "
              f"largest value ({'ok' if good else 'MISMATCH'})")
    return ok


def warm_compile_workers(timeout: float = 120.0) -> None:
    """Starts Inductor's compile workers and waits until Inductor uses them,
    so that the kernels compile in those processes, not in this one."""
    import time
    from torch._inductor.async_compile import AsyncCompile
    AsyncCompile.warm_pool()
    deadline = time.monotonic() + timeout
    while not AsyncCompile.use_process_pool():
        if time.monotonic() > deadline:
            print("the compile workers did not come up; compiling here")
            return
        time.sleep(0.5)
    print("compile workers ready")


def run(save: str | None, warm_pool: bool) -> bool:
    if warm_pool:
        warm_compile_workers()
    compiled = torch.compile(model)
    results, ok = {}, True
    for dtype in TOLERANCE:
        args = inputs(dtype)
        outputs = compiled(*args)
        torch.cuda.synchronize()
        ok &= check(outputs, model(*args), dtype, "compiled vs eager:",
                    EAGER_TOLERANCE)
        results[str(dtype)] = [o.cpu() for o in outputs]
    if save:
        torch.save(results, save)
        print(f"saved {save}")
    try:
        import tile.triton
        print(f"tile enabled: {tile.triton.is_enabled()}, "
              f"stats: {tile.triton.stats()}")
    except ImportError:
        print("tile not importable: Triton's own compiler")
    return ok


def compare(first: str, second: str) -> bool:
    a, b = torch.load(first), torch.load(second)
    ok = True
    for dtype in TOLERANCE:
        ok &= check(a[str(dtype)], b[str(dtype)], dtype,
                    f"{os.path.basename(first)} vs {os.path.basename(second)}:")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--save", help="write the compiled outputs here")
    parser.add_argument("--warm-pool", action="store_true",
                        help="compile in Inductor's worker processes")
    parser.add_argument("--compare", nargs=2, metavar=("A.pt", "B.pt"),
                        help="compare two saved runs instead of running")
    args = parser.parse_args()
    ok = compare(*args.compare) if args.compare else run(args.save, args.warm_pool)
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

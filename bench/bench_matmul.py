"""Matmul: tile's mma.sync kernels against Triton 3.6's sm_80 PTX, on a GPU.

Loads each of our matmul kernels (PTX from tools/tile-compile, with its
.json) and Triton 3.6's sm_80 PTX of the same kernel and tile config
(bench/data/matmul_f16_{nopipe,ampere}.sm80.ptx: BM = BN = 128, BK = 32,
GM = 8, 4 warps; 1 and 4 stages), launches both the same way through the
driver API (tilebench.Driver: same grid cdiv(M,128)*cdiv(N,128), same block,
each with its own dynamic shared memory), checks C against torch (fp16
inputs, fp32 accumulation, max abs error within fp16 tolerance) and times
them (median of CUDA-event-timed launches, L2 cleared before each), with
torch.matmul (cuBLAS) for reference. Prints a table (TFLOP/s, ours/Triton)
and writes OUT/matmul.json.

  python3 bench/bench_matmul.py --ours nopipe=out/mm/nopipe/matmul.ptx \\
      --ours ampere=out/mm/ampere/matmul.ptx --out $OUT

--ours NAME=PTX pairs a kernel of ours with Triton's config NAME (nopipe or
ampere). --shapes lists M,N,K triples (default: 8192^3, 4096^3 and the
masked 1000^3; odd shapes need a kernel whose hints hold: our variants
without divisibility on M, N, K and strides).
Exit status: 0 all checks passed, 1 a check failed, 2 bad input or no GPU.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilebench import BenchError, Driver, KernelImage, Timer  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BM = BN = 128


def parse_args(argv):
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--ours", action="append", default=[], metavar="CONFIG=PTX",
                   help="our kernel for a Triton config (nopipe, ampere)")
    p.add_argument("--shapes", default="8192,8192,8192;4096,4096,4096;1000,1000,1000")
    p.add_argument("--dtype", default="f16", choices=["f16", "bf16"])
    p.add_argument("--triton-dir", default=os.path.join(HERE, "data"))
    p.add_argument("--out", default=os.environ.get("OUT", "bench-out"))
    p.add_argument("--check-only", action="store_true",
                   help="check, time nothing (for compute-sanitizer)")
    p.add_argument("--iters", type=int, default=50)
    p.add_argument("--warmup", type=int, default=10)
    args = p.parse_args(argv)
    args.shapes = [tuple(int(v) for v in s.split(",")) for s in args.shapes.split(";")]
    return args


def hints_hold(kernel, values):
    """Whether the kernel's tt.divisibility hints hold for these values."""
    for param, value in zip(kernel.meta.get("params") or [], values):
        d = param.get("divisibility")
        if d and param["type"] == "i32" and value % d:
            return False
    return True


def main(argv):
    args = parse_args(argv)
    try:
        import torch
    except ImportError:
        print("bench_matmul: torch is not installed", file=sys.stderr)
        return 2
    if not torch.cuda.is_available():
        print("bench_matmul: no GPU", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    driver = Driver()
    timer = Timer(torch, iters=args.iters, warmup=args.warmup)
    if args.check_only:
        timer.median_ms = lambda fn: float("nan")
    stream = torch.cuda.current_stream().cuda_stream
    dtype = torch.float16 if args.dtype == "f16" else torch.bfloat16

    kernels = []
    for spec in args.ours:
        config, path = spec.split("=", 1)
        ours = KernelImage.load(f"ours {config}", path)
        tname = f"matmul_f16_{config}.sm80"
        triton = None
        if args.dtype == "f16":
            triton = KernelImage.load(f"triton {config}",
                                      os.path.join(args.triton_dir, tname + ".ptx"),
                                      os.path.join(args.triton_dir, tname + ".json"))
        kernels.append((config, ours, driver.load(ours),
                        triton, driver.load(triton) if triton else None))

    results, failures = [], 0
    print(f"{'config':8} {'M x N x K':>20} {'check':6} {'max err':>8} {'ours TF/s':>10}"
          f" {'Triton TF/s':>12} {'ours/Triton':>11} {'cuBLAS TF/s':>12}")
    for M, N, K in args.shapes:
        g = torch.Generator(device="cuda").manual_seed(M * 31 + N * 7 + K)
        a = torch.randn(M, K, device="cuda", dtype=dtype, generator=g)
        b = torch.randn(K, N, device="cuda", dtype=dtype, generator=g)
        ref = (a.float() @ b.float())
        flops = 2.0 * M * N * K
        cublas_ms = timer.median_ms(lambda: torch.matmul(a, b))
        grid = ((M + BM - 1) // BM * ((N + BN - 1) // BN),)
        for config, ours, ours_k, triton, triton_k in kernels:
            c = torch.full((M, N), float("nan"), device="cuda", dtype=dtype)
            base = [("ptr", a.data_ptr()), ("ptr", b.data_ptr()), ("ptr", c.data_ptr()),
                    ("i32", M), ("i32", N), ("i32", K),
                    ("i32", a.stride(0)), ("i32", b.stride(0)), ("i32", c.stride(0))]
            values = [M, N, K, a.stride(0), b.stride(0), c.stride(0)]
            row = dict(config=config, M=M, N=N, K=K, dtype=args.dtype)
            if not hints_hold(ours, [0, 0, 0] + values):
                row["skipped"] = "our kernel's hints do not hold"
                print(f"{config:8} {f'{M} x {N} x {K}':>20} skipped (hints)")
                results.append(row)
                continue
            sizes = [8 if t == "ptr" else 4 for t, _ in base]
            launch = ours_k.launcher(grid, base + [("ptr", 0)] * ours.launch_params(sizes), stream)
            launch()
            torch.cuda.synchronize()
            err = (c.float() - ref).abs().max().item()
            tol = 0.02 * ref.abs().max().item() + 1e-2
            ok = err <= tol and not torch.isnan(c).any().item()
            failures += not ok
            ours_ms = timer.median_ms(launch)
            row.update(ok=ok, max_err=err, ours_ms=ours_ms, ours_TFLOPs=flops / ours_ms / 1e9,
                       cublas_ms=cublas_ms, cublas_TFLOPs=flops / cublas_ms / 1e9)
            line = (f"{config:8} {f'{M} x {N} x {K}':>20} {'OK' if ok else 'FAIL':6} {err:8.2e}"
                    f" {row['ours_TFLOPs']:10.1f}")
            if triton_k and hints_hold(triton, [0, 0, 0] + values):
                tlaunch = triton_k.launcher(grid, base + [("ptr", 0)] * triton.launch_params(sizes), stream)
                triton_ms = timer.median_ms(tlaunch)
                tlaunch()
                torch.cuda.synchronize()
                terr = (c.float() - ref).abs().max().item()
                row.update(triton_ms=triton_ms, triton_TFLOPs=flops / triton_ms / 1e9,
                           ratio=triton_ms / ours_ms, triton_max_err=terr)
                line += f" {row['triton_TFLOPs']:12.1f} {row['ratio']:11.3f}"
            else:
                line += f" {'-':>12} {'-':>11}"
            print(line + f" {row['cublas_TFLOPs']:12.1f}", flush=True)
            results.append(row)

    with open(os.path.join(args.out, "matmul.json"), "w") as f:
        json.dump(dict(gpu=torch.cuda.get_device_name(), results=results,
                       failures=failures), f, indent=2)
    print(f"{len(results)} runs, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BenchError as e:
        print(f"bench_matmul: {e}", file=sys.stderr)
        sys.exit(2)

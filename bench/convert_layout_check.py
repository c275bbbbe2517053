#!/usr/bin/env python3
"""Checks on the GPU that every ttg.convert_layout kernel of
bench/make_convert_layout_kernels.py moves each element to its place.

Each kernel loads a tensor in layout A, converts it to layout B and stores
it in layout B at the same offsets, so out must equal in bit for bit
(out == (in != 0) for the i1 case, which goes through bytes). Inputs are
random bits (every pattern, NaNs included, is compared as raw bytes); the
output buffer starts as 0xA5 bytes, so an element nobody stored shows up.
Each kernel runs on 3 different inputs.

  python3 bench/convert_layout_check.py [--dir out/convert_layout]

Needs torch and the CUDA driver; loads the PTX through bench/tilebench.py's
driver-API launcher. Exit status: 0 all passed, 1 a mismatch, 2 bad input or
no GPU.
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilebench import BenchError, Driver, KernelImage  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

ELEM_BYTES = {"f32": 4, "f16": 2, "bf16": 2, "f64": 8, "i8": 1, "i32": 4,
              "i1": 1}


def check_case(torch, driver, case, base, trials):
    """Runs one case `trials` times; returns the number of wrong elements."""
    kernel = KernelImage.load(case["name"], os.path.join(base, case["ptx"]))
    loaded = driver.load(kernel)
    numel = 1
    for d in case["shape"]:
        numel *= d
    nbytes = numel * ELEM_BYTES[case["dtype"]]
    extra = kernel.launch_params([8, 8])
    stream = torch.cuda.current_stream().cuda_stream
    wrong = 0
    for trial in range(trials):
        gen = torch.Generator(device="cuda").manual_seed(trial)
        src = torch.randint(0, 256, (nbytes,), dtype=torch.uint8,
                            device="cuda", generator=gen)
        if trial == 1:
            src[::3] = 0  # some zeros for the i1 case
        dst = torch.full((nbytes,), 0xA5, dtype=torch.uint8, device="cuda")
        args = [("ptr", src.data_ptr()), ("ptr", dst.data_ptr())]
        args += [("ptr", 0)] * extra
        loaded.launcher((1,), args, stream)()
        torch.cuda.synchronize()
        expected = (src != 0).to(torch.uint8) if case["dtype"] == "i1" else src
        eb = ELEM_BYTES[case["dtype"]]
        bad = (dst.view(-1, eb) != expected.view(-1, eb)).any(dim=1)
        count = int(bad.sum())
        if count and wrong == 0:
            first = int(bad.nonzero()[0])
            print(f"  {case['name']}: trial {trial}: {count}/{numel} elements "
                  f"wrong, first at {first}: got "
                  f"{dst.view(-1, eb)[first].tolist()} expected "
                  f"{expected.view(-1, eb)[first].tolist()}")
        wrong += count
    return wrong


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dir", default=os.path.join(ROOT, "out", "convert_layout"),
                   help="folder written by make_convert_layout_kernels.py")
    p.add_argument("--trials", type=int, default=3)
    args = p.parse_args()
    manifest = os.path.join(args.dir, "cases.json")
    try:
        with open(manifest) as f:
            cases = json.load(f)
    except OSError as e:
        print(f"convert_layout_check: {e} (run bench/make_convert_layout_"
              "kernels.py first and carry out/convert_layout here)")
        return 2
    try:
        import torch
        if not torch.cuda.is_available():
            raise BenchError("torch sees no GPU")
        torch.cuda.init()
        driver = Driver()
        failures = 0
        for case in cases:
            wrong = check_case(torch, driver, case, args.dir, args.trials)
            status = "ok" if wrong == 0 else f"FAIL ({wrong} wrong)"
            print(f"{case['name']:28s} {case['dtype']:5s} "
                  f"{case['num_warps']} warps  "
                  f"{case.get('strategy', '?'):9s} {status}")
            failures += wrong != 0
    except (BenchError, ImportError) as e:
        print(f"convert_layout_check: {e}")
        return 2
    print(f"{len(cases) - failures}/{len(cases)} cases correct")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

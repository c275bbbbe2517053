#!/usr/bin/env python3
"""Dumps Triton 3.6's own TTIR of the vector add for every dtype, with and
without the tt.divisibility hints: the ground truth make_add_variants.py's
generated variants are compared with (--check-against).

Runs on the GPU machine (needs torch + Triton; Triton specializes from real
tensors). The kernel is anchors/triton_kernels.py's add_kernel, written to a
temporary triton_kernels.py at the same line (44), so the locations match
examples/add_kernel.ttir; the temporary path is printed as
"triton_kernels.py", as in the corpus.

  hinted:  16-byte-aligned tensors, n = 16384 (Triton adds
           tt.divisibility = 16 to every argument)
  nohint:  tensors offset by one element, n = 1001 (no hints at all)

  python3 bench/dump_add_variants_triton.py --out $OUT/triton_ttir
"""

import argparse
import importlib.util
import os
import re
import sys
import tempfile

KERNEL = '''import triton
import triton.language as tl

@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(out_ptr + offs, x + y, mask=m)
'''

DTYPES = ["i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"]


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    args = p.parse_args()
    # A fresh cache: a cached compile would carry an earlier run's locations.
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp()
    import torch
    import triton

    tdt = {"i1": torch.bool, "i8": torch.int8, "i16": torch.int16,
           "i32": torch.int32, "i64": torch.int64, "f16": torch.float16,
           "bf16": torch.bfloat16, "f32": torch.float32, "f64": torch.float64}
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "triton_kernels.py")
    lines = KERNEL.splitlines()
    # `@triton.jit` on line 43, `def add_kernel` on line 44, as in
    # anchors/triton_kernels.py.
    at = next(i for i, l in enumerate(lines) if l.startswith("def add_kernel"))
    head, body = lines[:at - 1], lines[at - 1:]
    pad = 42 - len(head)
    with open(path, "w") as f:
        f.write("\n".join(head + ["#"] * pad + body) + "\n")
    spec = importlib.util.spec_from_file_location("triton_kernels", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    os.makedirs(args.out, exist_ok=True)
    print("triton", triton.__version__)
    for d in DTYPES:
        for hint in (True, False):
            n = 16384 if hint else 1001
            k = 0 if hint else 1
            base = torch.zeros(n + 16, device="cuda", dtype=tdt[d])
            x, o = base[k:k + n], base[k:k + n]
            y = torch.zeros(n + 16, device="cuda", dtype=tdt[d])[k:k + n]
            ck = mod.add_kernel.warmup(x, y, o, n, BLOCK=1024, grid=(1,))
            # Any path (a cached compile may name an earlier temporary file).
            text = re.sub(r'"[^"]*triton_kernels\.py"', '"triton_kernels.py"',
                          ck.asm["ttir"])
            name = f"add_{d}" + ("" if hint else "_nohint")
            with open(os.path.join(args.out, name + ".ttir"), "w") as f:
                f.write(text)
            print("wrote", name)
    return 0


if __name__ == "__main__":
    sys.exit(main())

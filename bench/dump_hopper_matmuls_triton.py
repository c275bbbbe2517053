#!/usr/bin/env python3
"""Dumps Triton 3.6's TTIR, PTX and launch metadata of the Hopper matmul
configs the wgmma bench family runs (bench/families/wgmma.py, MatmulHopper).

Runs on the GPU machine (torch + Triton; Triton specializes from real
tensors). The kernel is anchors/triton_kernels.py's matmul_kernel with one
change: C is stored in C's own element type, so bf16 products stay bf16.
Every config is compiled for 4096^3 problems (all sizes and row strides
multiples of 16, so Triton adds tt.divisibility = 16 to them, and strides of
1 become constants, as in the corpus):

  name                           operands   tile           warps stages  B
  matmul_hopper_f16_w8_s3        f16->f16   128x256x64     8     3       K x N
  matmul_hopper_f16_w4_s4        f16->f16   128x128x32     4     4       K x N
  matmul_hopper_bf16_w8_s3       bf16->bf16 128x256x64     8     3       K x N
  matmul_hopper_bf16_w4_s4       bf16->bf16 128x128x32     4     4       K x N
  matmul_hopper_fp8_w8_s3        e4m3->f16  128x256x128    8     3       N x K
  matmul_hopper_tf32_w4_s3       f32->f32   128x128x32     4     3       N x K

fp8 and tf32 read B K-major (stored N x K): wgmma takes those types only
K-major, and Triton transposes a K x N B in registers and stops pipelining
it. Writes OUT/NAME.ttir, OUT/NAME.ptx and OUT/NAME.json (kernel name,
warps, stages, shared bytes, the parameters left after specialization).

  python3 bench/dump_hopper_matmuls_triton.py --out $OUT/hopper
"""

import argparse
import json
import os
import sys

from triton_dump import fresh_cache, load_kernels, params_of, strip_paths

KERNEL = '''import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, s_am, s_ak, s_bk, s_bn, s_cm, s_cn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GM: tl.constexpr):
    pid = tl.program_id(0)
    npm = tl.cdiv(M, BM); npn = tl.cdiv(N, BN)
    in_group = GM * npn
    first_m = (pid // in_group) * GM
    gsz = min(npm - first_m, GM)
    pid_m = first_m + ((pid % in_group) % gsz)
    pid_n = (pid % in_group) // gsz
    offs_am = (pid_m * BM + tl.arange(0, BM)) % M
    offs_bn = (pid_n * BN + tl.arange(0, BN)) % N
    offs_k = tl.arange(0, BK)
    a_ptrs = a_ptr + offs_am[:, None] * s_am + offs_k[None, :] * s_ak
    b_ptrs = b_ptr + offs_k[:, None] * s_bk + offs_bn[None, :] * s_bn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK * s_ak
        b_ptrs += BK * s_bk
    c = acc.to(c_ptr.dtype.element_ty)
    offs_cm = pid_m * BM + tl.arange(0, BM)
    offs_cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + s_cm * offs_cm[:, None] + s_cn * offs_cn[None, :], c,
             mask=(offs_cm[:, None] < M) & (offs_cn[None, :] < N))
'''

#: name -> (operand dtype, output dtype, BM, BN, BK, warps, stages, B K-major)
CONFIGS = {
    "matmul_hopper_f16_w8_s3": ("f16", "f16", 128, 256, 64, 8, 3, False),
    "matmul_hopper_f16_w4_s4": ("f16", "f16", 128, 128, 32, 4, 4, False),
    "matmul_hopper_bf16_w8_s3": ("bf16", "bf16", 128, 256, 64, 8, 3, False),
    "matmul_hopper_bf16_w4_s4": ("bf16", "bf16", 128, 128, 32, 4, 4, False),
    "matmul_hopper_fp8_w8_s3": ("fp8", "f16", 128, 256, 128, 8, 3, True),
    "matmul_hopper_tf32_w4_s3": ("f32", "f32", 128, 128, 32, 4, 3, True),
}


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("--size", type=int, default=4096)
    args = p.parse_args()
    fresh_cache()
    import torch
    import triton

    dtypes = {"f16": torch.float16, "bf16": torch.bfloat16,
              "fp8": torch.float8_e4m3fn, "f32": torch.float32}
    mod = load_kernels(KERNEL)
    os.makedirs(args.out, exist_ok=True)
    print("triton", triton.__version__)
    n = args.size
    for name, (dt, out, bm, bn, bk, warps, stages, b_kmajor) in CONFIGS.items():
        a = torch.zeros(n, n, device="cuda", dtype=torch.float16).to(dtypes[dt])
        b = torch.zeros(n, n, device="cuda", dtype=torch.float16).to(dtypes[dt])
        if b_kmajor:
            b = b.t()  # K x N view of an N x K buffer: s_bk = 1, s_bn = K
        c = torch.zeros(n, n, device="cuda", dtype=dtypes[out])
        ck = mod.matmul_kernel.warmup(
            a, b, c, n, n, n, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
            c.stride(0), c.stride(1), BM=bm, BN=bn, BK=bk, GM=8,
            num_warps=warps, num_stages=stages, grid=(1,))
        ttir = strip_paths(ck.asm["ttir"])
        with open(os.path.join(args.out, name + ".ttir"), "w") as f:
            f.write(ttir)
        # Source paths of this machine's temporary folder and installation
        # are not the kernel's business.
        ptx = strip_paths(ck.asm["ptx"])
        with open(os.path.join(args.out, name + ".ptx"), "w") as f:
            f.write(ptx)
        meta = {"name": ck.metadata.name, "num_warps": warps,
                "num_stages": stages, "shared": ck.metadata.shared,
                "tile": [bm, bn, bk], "operands": dt, "output": out,
                "b_kmajor": b_kmajor,
                "params": params_of(ttir),
                "note": "Triton 3.6's own compile for sm_90a "
                        "(bench/dump_hopper_matmuls_triton.py); its PTX "
                        "takes two more trailing scratch pointers (pass null)"}
        with open(os.path.join(args.out, name + ".json"), "w") as f:
            json.dump(meta, f, indent=2)
            f.write("\n")
        print("wrote", name, "shared", ck.metadata.shared)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Dumps Triton 3.6's own compiles of the TMA matmuls the tma bench family
runs: TTIR, TTGIR, LLIR, PTX and the launch metadata, tensor-descriptor
metadata (`tensordesc_meta`: swizzle, block shape, element type per
descriptor argument) included.

Runs on the GPU machine (torch + Triton). The kernels take host-side
`TensorDescriptor`s; A is M x K, B is N x K (read K-major, as Triton's
persistent-matmul tutorial does), C is M x N:

  name                      operands  tile          warps stages
  matmul_tma_f16_w8_s3      f16->f16  128x256x64    8     3
  matmul_tma_f16_w4_s3      f16->f16  128x128x64    4     3
  matmul_tma_fp8_w8_s3      e4m3->f16 128x256x128   8     3
  matmul_tma_persistent_f16_w8_s3
                            f16->f16  128x256x64    8     3   (persistent)
  matmul_tma_ws_f16_w4_s3   f16->f16  128x128x64    4     3   (persistent,
                            device-side descriptors, warp-specialized)

The warp-specialized kernel takes plain pointers and makes its descriptors
with `tl.make_tensor_descriptor` (global scratch from `triton.set_allocator`);
its tile loop is `tl.range(..., warp_specialize=True)`, which Triton 3.6
splits on Hopper with `nvgpu-warp-specialization` (4 warps only).

The persistent kernels run NUM_SMS programs (132, the H100's SMs), each
looping over output tiles with `tl.range(..., flatten=True)` around the K
loop, as Triton's persistent-matmul tutorial does.

  python3 bench/dump_tma_matmuls_triton.py --out $OUT/tma [--only NAME]
"""

import argparse
import json
import os
import sys

from triton_dump import fresh_cache, load_kernels, params_of, strip_paths

KERNEL = '''import triton
import triton.language as tl


@triton.jit
def matmul_tma(a_desc, b_desc, c_desc, M, N, K,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GM: tl.constexpr):
    pid = tl.program_id(0)
    npm = tl.cdiv(M, BM); npn = tl.cdiv(N, BN)
    in_group = GM * npn
    first_m = (pid // in_group) * GM
    gsz = min(npm - first_m, GM)
    pid_m = first_m + ((pid % in_group) % gsz)
    pid_n = (pid % in_group) // gsz
    offs_am = pid_m * BM
    offs_bn = pid_n * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([offs_am, k * BK])
        b = b_desc.load([offs_bn, k * BK])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([offs_am, offs_bn], acc.to(c_desc.dtype))


@triton.jit
def matmul_tma_persistent(a_desc, b_desc, c_desc, M, N, K,
                          BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                          GM: tl.constexpr, NUM_SMS: tl.constexpr):
    npm = tl.cdiv(M, BM); npn = tl.cdiv(N, BN)
    k_tiles = tl.cdiv(K, BK)
    in_group = GM * npn
    for tile in tl.range(tl.program_id(0), npm * npn, NUM_SMS, flatten=True):
        first_m = (tile // in_group) * GM
        gsz = min(npm - first_m, GM)
        pid_m = first_m + ((tile % in_group) % gsz)
        pid_n = (tile % in_group) // gsz
        offs_am = pid_m * BM
        offs_bn = pid_n * BN
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(k_tiles):
            a = a_desc.load([offs_am, k * BK])
            b = b_desc.load([offs_bn, k * BK])
            acc = tl.dot(a, b.T, acc)
        c_desc.store([offs_am, offs_bn], acc.to(c_desc.dtype))


@triton.jit
def matmul_tma_ws(a_ptr, b_ptr, c_ptr, M, N, K,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                  GM: tl.constexpr, NUM_SMS: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1],
                                       block_shape=[BN, BK])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BM, BN])
    npm = tl.cdiv(M, BM); npn = tl.cdiv(N, BN)
    k_tiles = tl.cdiv(K, BK)
    in_group = GM * npn
    for tile in tl.range(tl.program_id(0), npm * npn, NUM_SMS,
                         warp_specialize=True):
        first_m = (tile // in_group) * GM
        gsz = min(npm - first_m, GM)
        pid_m = first_m + ((tile % in_group) % gsz)
        pid_n = (tile % in_group) // gsz
        offs_am = pid_m * BM
        offs_bn = pid_n * BN
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(k_tiles):
            a = a_desc.load([offs_am, k * BK])
            b = b_desc.load([offs_bn, k * BK])
            acc = tl.dot(a, b.T, acc)
        c_desc.store([offs_am, offs_bn], acc.to(c_desc.dtype))
'''

#: The persistent kernel's program count: the H100's SMs.
NUM_SMS = 132

#: name -> (operand dtype, output dtype, BM, BN, BK, warps, stages)
CONFIGS = {
    "matmul_tma_f16_w8_s3": ("f16", "f16", 128, 256, 64, 8, 3),
    "matmul_tma_f16_w4_s3": ("f16", "f16", 128, 128, 64, 4, 3),
    "matmul_tma_fp8_w8_s3": ("fp8", "f16", 128, 256, 128, 8, 3),
    "matmul_tma_persistent_f16_w8_s3": ("f16", "f16", 128, 256, 64, 8, 3),
    "matmul_tma_ws_f16_w4_s3": ("f16", "f16", 128, 128, 64, 4, 3),
}


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("--size", type=int, default=8192)
    p.add_argument("--only", help="dump only this config")
    args = p.parse_args()
    fresh_cache()
    import torch
    import triton
    from triton.tools.tensor_descriptor import TensorDescriptor

    # Device-side descriptors live in global scratch that Triton asks the
    # allocator for at each launch.
    triton.set_allocator(lambda size, alignment, stream: torch.empty(
        size, device="cuda", dtype=torch.int8))
    dtypes = {"f16": torch.float16, "fp8": torch.float8_e4m3fn}
    mod = load_kernels(KERNEL)
    os.makedirs(args.out, exist_ok=True)
    print("triton", triton.__version__)
    n = args.size
    for name, (dt, out, bm, bn, bk, warps, stages) in CONFIGS.items():
        if args.only and name != args.only:
            continue
        ws = "_ws_" in name
        persistent = ws or "persistent" in name
        fn = (mod.matmul_tma_ws if ws else mod.matmul_tma_persistent
              if persistent else mod.matmul_tma)
        extra = {"NUM_SMS": NUM_SMS} if persistent else {}
        # Random operands, as the bench uses: on zeros the tensor cores draw
        # less power and the H100 holds higher clocks (681 TF/s against 579
        # on randn for matmul_tma_f16_w8_s3 under do_bench).
        a = torch.randn(n, n, device="cuda", dtype=torch.float16).to(dtypes[dt])
        b = torch.randn(n, n, device="cuda", dtype=torch.float16).to(dtypes[dt])
        c = torch.zeros(n, n, device="cuda", dtype=dtypes[out])
        if ws:
            a_d, b_d, c_d = a, b, c
        else:
            a_d = TensorDescriptor.from_tensor(a, [bm, bk])
            b_d = TensorDescriptor.from_tensor(b, [bn, bk])
            c_d = TensorDescriptor.from_tensor(c, [bm, bn])
        ck = fn.warmup(a_d, b_d, c_d, n, n, n, BM=bm, BN=bn, BK=bk,
                       GM=8, num_warps=warps, num_stages=stages,
                       grid=(1,), **extra)
        for stage in ("ttir", "ttgir", "llir", "ptx"):
            with open(os.path.join(args.out, f"{name}.{stage}"), "w") as f:
                f.write(strip_paths(ck.asm[stage]))
        meta = {"name": ck.metadata.name, "num_warps": warps,
                "total_num_warps": ck.metadata.num_warps,
                "num_stages": stages, "shared": ck.metadata.shared,
                "global_scratch_size": ck.metadata.global_scratch_size,
                "global_scratch_align": ck.metadata.global_scratch_align,
                "tile": [bm, bn, bk], "operands": dt, "output": out,
                "tensordesc_meta": list(getattr(ck.metadata, "tensordesc_meta", None) or []),
                "params": params_of(ck.asm["ttir"]),
                "note": "Triton 3.6's own compile for sm_90a "
                        "(bench/dump_tma_matmuls_triton.py)"}
        with open(os.path.join(args.out, name + ".json"), "w") as f:
            json.dump(meta, f, indent=2, default=str)
            f.write("\n")
        # One timing of Triton's own launch, for orientation only: the bench
        # harness makes the real comparison.
        tiles = triton.cdiv(n, bm) * triton.cdiv(n, bn)
        grid = (min(tiles, NUM_SMS) if persistent else tiles,)
        run = lambda: fn[grid](a_d, b_d, c_d, n, n, n, BM=bm, BN=bn, BK=bk,
                               GM=8, num_warps=warps, num_stages=stages, **extra)
        ms = triton.testing.do_bench(run)
        print("wrote", name, "shared", ck.metadata.shared,
              f"{2 * n ** 3 / ms * 1e-9:.0f} TF/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

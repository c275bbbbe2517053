#!/usr/bin/env python3
"""Dumps Triton 3.6's TTIR, PTX and launch metadata of the attention configs
the attention_ttir bench family runs (bench/families/wgmma.py), for sm_90a
and sm_80.

Runs on the GPU machine (torch + Triton). The kernel is anchors'
attn_kernel (one program per BM query rows of one head, online softmax over
BN-key blocks) with a CAUSAL switch: a causal program first runs over the
key blocks wholly below its diagonal without a mask, then over the
diagonal block with the mask, as Triton's tutorial does. Every config is
compiled for 4 x 32 heads x 4096 keys, so N_CTX and the pointers carry
tt.divisibility = 16:

  name                        D    BM   BN  warps stages causal
  attn_causal_f16_d64         64   128  64  4     3      yes
  attn_fwd_f16_d128           128  128  64  8     3      no
  attn_causal_f16_d128        128  128  64  8     3      yes

Writes OUT/NAME.ttir, OUT/NAME.ptx, OUT/NAME.json (sm_90a, compiled from
real tensors) and OUT/NAME.sm80.{ttir,ptx,json} (the same specialization
compiled for sm_80 without running it).

  python3 bench/dump_attention_triton.py --out $OUT/attention
"""

import argparse
import json
import os
import sys

from triton_dump import fresh_cache, hinted_params, load_kernels, strip_paths

KERNEL = '''import triton
import triton.language as tl


@triton.jit
def attn_blocks(acc, l_i, m_i, q, K, V, base, offs_m, offs_n, offs_d, lo, hi,
                qk_scale, D: tl.constexpr, BN: tl.constexpr, MASKED: tl.constexpr):
    for start_n in range(lo, hi, BN):
        k = tl.load(K + base + (start_n + offs_n)[None, :] * D + offs_d[:, None])
        qk = tl.dot(q, k)
        if MASKED:
            keep = offs_m[:, None] >= (start_n + offs_n)[None, :]
            qk = tl.where(keep, qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = tl.load(V + base + (start_n + offs_n)[:, None] * D + offs_d[None, :])
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    return acc, l_i, m_i


@triton.jit
def attn_kernel(Q, K, V, O, sm_scale, N_CTX, D: tl.constexpr, BM: tl.constexpr,
                BN: tl.constexpr, CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    base = tl.program_id(1).to(tl.int64) * N_CTX * D
    offs_m = start_m * BM + tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    offs_d = tl.arange(0, D)
    q = tl.load(Q + base + offs_m[:, None] * D + offs_d[None, :])
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    acc = tl.zeros([BM, D], tl.float32)
    qk_scale = sm_scale * 1.44269504
    if CAUSAL:
        acc, l_i, m_i = attn_blocks(acc, l_i, m_i, q, K, V, base, offs_m, offs_n,
                                    offs_d, 0, start_m * BM, qk_scale, D, BN, False)
        acc, l_i, m_i = attn_blocks(acc, l_i, m_i, q, K, V, base, offs_m, offs_n,
                                    offs_d, start_m * BM, (start_m + 1) * BM,
                                    qk_scale, D, BN, True)
    else:
        acc, l_i, m_i = attn_blocks(acc, l_i, m_i, q, K, V, base, offs_m, offs_n,
                                    offs_d, 0, N_CTX, qk_scale, D, BN, False)
    acc = acc / l_i[:, None]
    tl.store(O + base + offs_m[:, None] * D + offs_d[None, :], acc.to(tl.float16))
'''

#: name -> (D, BM, BN, warps, stages, causal)
CONFIGS = {
    "attn_causal_f16_d64": (64, 128, 64, 4, 3, True),
    "attn_fwd_f16_d128": (128, 128, 64, 8, 3, False),
    "attn_causal_f16_d128": (128, 128, 64, 8, 3, True),
}

SIGNATURE = {"Q": "*fp16", "K": "*fp16", "V": "*fp16", "O": "*fp16",
             "sm_scale": "fp32", "N_CTX": "i32", "D": "constexpr",
             "BM": "constexpr", "BN": "constexpr", "CAUSAL": "constexpr"}
#: Parameters Triton marks tt.divisibility = 16 for these tensors and N_CTX.
DIVISIBLE = ("Q", "K", "V", "O", "N_CTX")


def write(out, stem, ck, config, arch):
    """Writes stem.ttir/.ptx/.json with this machine's paths removed."""
    d, bm, bn, warps, stages, causal = config
    ttir = strip_paths(ck.asm["ttir"])
    ptx = strip_paths(ck.asm["ptx"])
    params = hinted_params(stem, ttir, DIVISIBLE)
    with open(os.path.join(out, stem + ".ttir"), "w") as f:
        f.write(ttir)
    with open(os.path.join(out, stem + ".ptx"), "w") as f:
        f.write(ptx)
    meta = {"name": ck.metadata.name, "num_warps": warps, "num_stages": stages,
            "shared": ck.metadata.shared, "num_ctas": 1,
            "target": {"backend": "cuda", "arch": arch, "warp_size": 32},
            "head_dim": d, "tile": [bm, bn], "causal": causal,
            "params": params,
            "note": f"Triton 3.6's own compile for sm_{arch}"
                    f"{'a' if arch == 90 else ''} "
                    "(bench/dump_attention_triton.py); its PTX takes two more "
                    "trailing scratch pointers (pass null)"}
    with open(os.path.join(out, stem + ".json"), "w") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")
    print("wrote", stem, "shared", ck.metadata.shared)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    args = p.parse_args()
    fresh_cache()
    import torch
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    mod = load_kernels(KERNEL)
    os.makedirs(args.out, exist_ok=True)
    print("triton", triton.__version__)
    batch, heads, n = 4, 32, 4096
    names = list(SIGNATURE)
    for name, config in CONFIGS.items():
        d, bm, bn, warps, stages, causal = config
        q = torch.zeros(batch, heads, n, d, device="cuda", dtype=torch.float16)
        ck = mod.attn_kernel.warmup(
            q, q, q, q, 0.125, n, D=d, BM=bm, BN=bn, CAUSAL=causal,
            num_warps=warps, num_stages=stages, grid=(1,))
        write(args.out, name, ck, config, 90)
        # sm_80: the same specialization, compiled without running.
        attrs = {(names.index(k),): [["tt.divisibility", 16]] for k in DIVISIBLE}
        src = ASTSource(fn=mod.attn_kernel, signature=SIGNATURE,
                        constexprs={"D": d, "BM": bm, "BN": bn, "CAUSAL": causal},
                        attrs=attrs)
        ck80 = triton.compile(src, target=GPUTarget("cuda", 80, 32),
                              options={"num_warps": warps, "num_stages": stages})
        write(args.out, name + ".sm80", ck80, config, 80)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Dumps Triton 3.6's own compile of the attention backward the
attention_bwd bench family runs: TTIR (tile's input), PTX and the launch
metadata, for sm_90a.

Needs only Triton (it compiles without a GPU). The kernel is a
flash-attention backward in the shape of Triton's tutorial 06: one program
per block of BN1 keys of one head computes that block's dK and dV, looping
over blocks of BM1 queries, then dQ for the block of BM2 queries with the
same index, looping over blocks of BN2 keys. It recomputes the
probabilities from the forward's base-2 log-sum-exp (LSE, one f32 per
query row) and takes delta = rowsum(O * dO) (DELTA, f32) as an input, as
the tutorial's preprocessing kernel computes it, and K already multiplied
by sm_scale * log2(e), as the tutorial's host code passes it (K @ Q^T is
then the exponent of the forward's exp2; every dot operand but the
probabilities is a loaded block). A causal kernel runs the
blocks crossed by the diagonal masked and the others unmasked. The tile
sizes, warps and stages are the tutorial's on Hopper:

  name                       D    BM1 BN1 BM2 BN2 warps stages causal
  attn_bwd_f16_d64           64   32  128 128 32  4     5      no
  attn_bwd_causal_f16_d64    64   32  128 128 32  4     5      yes
  attn_bwd_f16_d128          128  32  128 128 32  4     5      no
  attn_bwd_causal_f16_d128   128  32  128 128 32  4     5      yes

  python3 bench/dump_attention_bwd_triton.py --out bench/data
"""

import argparse
import json
import os
import sys

from triton_dump import fresh_cache, hinted_params, load_kernels, strip_paths

KERNEL = '''import triton
import triton.language as tl


@triton.jit
def key_block_grads(dk, dv, k, v, Q, DO, LSE, DELTA, base, row0, keys, lo, hi,
                    D: tl.constexpr, BM: tl.constexpr, MASKED: tl.constexpr):
    dims = tl.arange(0, D)
    for start in range(lo, hi, BM):
        rows = start + tl.arange(0, BM)
        q_t = tl.load(Q + base + rows[None, :] * D + dims[:, None])
        lse = tl.load(LSE + row0 + rows)
        p_t = tl.math.exp2(tl.dot(k, q_t) - lse[None, :])
        if MASKED:
            p_t = tl.where(rows[None, :] >= keys[:, None], p_t, 0.0)
        do = tl.load(DO + base + rows[:, None] * D + dims[None, :])
        dv += tl.dot(p_t.to(tl.float16), do)
        delta = tl.load(DELTA + row0 + rows)
        ds_t = p_t * (tl.dot(v, tl.trans(do)) - delta[None, :])
        dk += tl.dot(ds_t.to(tl.float16), tl.trans(q_t))
    return dk, dv


@triton.jit
def query_block_grads(dq, q, do, lse, delta, K, V, base, rows, lo, hi,
                      D: tl.constexpr, BN: tl.constexpr, MASKED: tl.constexpr):
    dims = tl.arange(0, D)
    for start in range(lo, hi, BN):
        keys = start + tl.arange(0, BN)
        k_t = tl.load(K + base + keys[None, :] * D + dims[:, None])
        v_t = tl.load(V + base + keys[None, :] * D + dims[:, None])
        p = tl.math.exp2(tl.dot(q, k_t) - lse[:, None])
        if MASKED:
            p = tl.where(rows[:, None] >= keys[None, :], p, 0.0)
        ds = p * (tl.dot(do, v_t) - delta[:, None])
        dq += tl.dot(ds.to(tl.float16), tl.trans(k_t))
    return dq


@triton.jit
def attn_bwd(Q, K, V, DO, DQ, DK, DV, LSE, DELTA, sm_scale, N_CTX,
             D: tl.constexpr, BM1: tl.constexpr, BN1: tl.constexpr,
             BM2: tl.constexpr, BN2: tl.constexpr, CAUSAL: tl.constexpr):
    # K holds the keys times sm_scale * log2(e).
    head = tl.program_id(1)
    base = head.to(tl.int64) * N_CTX * D
    row0 = head.to(tl.int64) * N_CTX
    dims = tl.arange(0, D)

    # dK and dV of the keys [n0, n0 + BN1).
    n0 = tl.program_id(0) * BN1
    keys = n0 + tl.arange(0, BN1)
    k = tl.load(K + base + keys[:, None] * D + dims[None, :])
    v = tl.load(V + base + keys[:, None] * D + dims[None, :])
    dk = tl.zeros([BN1, D], dtype=tl.float32)
    dv = tl.zeros([BN1, D], dtype=tl.float32)
    first_row = 0
    if CAUSAL:
        # Queries above the keys see none of them; those of the diagonal
        # block see some.
        first_row = n0 + BN1
        dk, dv = key_block_grads(dk, dv, k, v, Q, DO, LSE, DELTA, base, row0,
                                 keys, n0, first_row, D, BM1, True)
    dk, dv = key_block_grads(dk, dv, k, v, Q, DO, LSE, DELTA, base, row0, keys,
                             first_row, N_CTX, D, BM1, False)
    tl.store(DK + base + keys[:, None] * D + dims[None, :],
             (dk * sm_scale).to(tl.float16))
    tl.store(DV + base + keys[:, None] * D + dims[None, :], dv.to(tl.float16))

    # dQ of the queries [m0, m0 + BM2): the scaled K carries sm_scale * log2(e)
    # into it, ln(2) takes log2(e) out.
    m0 = tl.program_id(0) * BM2
    rows = m0 + tl.arange(0, BM2)
    q = tl.load(Q + base + rows[:, None] * D + dims[None, :])
    do = tl.load(DO + base + rows[:, None] * D + dims[None, :])
    lse = tl.load(LSE + row0 + rows)
    delta = tl.load(DELTA + row0 + rows)
    dq = tl.zeros([BM2, D], dtype=tl.float32)
    last_key = N_CTX
    if CAUSAL:
        last_key = m0
        dq = query_block_grads(dq, q, do, lse, delta, K, V, base, rows, m0,
                               m0 + BM2, D, BN2, True)
    dq = query_block_grads(dq, q, do, lse, delta, K, V, base, rows, 0, last_key,
                           D, BN2, False)
    tl.store(DQ + base + rows[:, None] * D + dims[None, :],
             (dq * 0.6931471805599453).to(tl.float16))
'''

#: name -> (D, BM1, BN1, BM2, BN2, warps, stages, causal)
CONFIGS = {
    "attn_bwd_f16_d64": (64, 32, 128, 128, 32, 4, 5, False),
    "attn_bwd_causal_f16_d64": (64, 32, 128, 128, 32, 4, 5, True),
    "attn_bwd_f16_d128": (128, 32, 128, 128, 32, 4, 5, False),
    "attn_bwd_causal_f16_d128": (128, 32, 128, 128, 32, 4, 5, True),
    # Triton's compile with 8 warps, where the 4-warp one spills: the
    # baseline of TILE_BENCH_TRITON_BASELINE=w8.
    "attn_bwd_w8_f16_d128": (128, 32, 128, 128, 32, 8, 5, False),
    "attn_bwd_w8_causal_f16_d128": (128, 32, 128, 128, 32, 8, 5, True),
}

SIGNATURE = {"Q": "*fp16", "K": "*fp16", "V": "*fp16", "DO": "*fp16",
             "DQ": "*fp16", "DK": "*fp16", "DV": "*fp16", "LSE": "*fp32",
             "DELTA": "*fp32", "sm_scale": "fp32", "N_CTX": "i32",
             "D": "constexpr", "BM1": "constexpr", "BN1": "constexpr",
             "BM2": "constexpr", "BN2": "constexpr", "CAUSAL": "constexpr"}
#: Parameters marked tt.divisibility = 16, as Triton's launcher marks them for
#: these tensors and an N_CTX that is a multiple of 128.
DIVISIBLE = ("Q", "K", "V", "DO", "DQ", "DK", "DV", "LSE", "DELTA", "N_CTX")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "data"))
    parser.add_argument("--only", nargs="*", choices=sorted(CONFIGS),
                        help="dump these configs only")
    args = parser.parse_args()
    fresh_cache()
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    mod = load_kernels(KERNEL)
    names = list(SIGNATURE)
    attrs = {(names.index(p),): [["tt.divisibility", 16]] for p in DIVISIBLE}
    for stem, config in CONFIGS.items():
        if args.only and stem not in args.only:
            continue
        d, bm1, bn1, bm2, bn2, warps, stages, causal = config
        constants = {"D": d, "BM1": bm1, "BN1": bn1, "BM2": bm2, "BN2": bn2,
                     "CAUSAL": causal}
        source = ASTSource(fn=mod.attn_bwd, signature=SIGNATURE,
                           constexprs=constants, attrs=attrs)
        kernel = triton.compile(source, target=GPUTarget("cuda", 90, 32),
                                options={"num_warps": warps,
                                         "num_stages": stages})
        ttir = strip_paths(kernel.asm["ttir"])
        params = hinted_params(stem, ttir, DIVISIBLE)
        meta = kernel.metadata
        info = {"name": meta.name, "num_warps": warps, "num_stages": stages,
                "shared": meta.shared, "num_ctas": 1,
                "global_scratch_size": meta.global_scratch_size,
                "global_scratch_align": meta.global_scratch_align,
                "target": {"backend": "cuda", "arch": 90, "warp_size": 32},
                "head_dim": d, "tiles": [bm1, bn1, bm2, bn2], "causal": causal,
                "params": params,
                "note": "Triton 3.6's own compile for sm_90a "
                        "(bench/dump_attention_bwd_triton.py); its PTX takes "
                        "two more trailing scratch pointers (pass null)"}
        for suffix, text in ((".ttir", ttir),
                             (".ptx", strip_paths(kernel.asm["ptx"]))):
            with open(os.path.join(args.out, stem + suffix), "w") as f:
                f.write(text)
        with open(os.path.join(args.out, stem + ".json"), "w") as f:
            json.dump(info, f, indent=2)
            f.write("\n")
        print(stem, "shared", meta.shared)
    return 0


if __name__ == "__main__":
    sys.exit(main())

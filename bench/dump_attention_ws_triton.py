#!/usr/bin/env python3
"""Dumps Triton 3.6's own compile of the warp-specialized attention forward
the attention_ws bench family runs: TTIR (tile's input), PTX and the launch
metadata, for sm_90a.

Needs only Triton (it compiles without a GPU). The kernel is a flash
attention forward over one head per program row, with its key loop
`tl.range(..., warp_specialize=True)` and its descriptors made on the device
over the (batch * heads * N) x D rows of Q, K, V and O; Triton 3.6 splits it
on Hopper with nvgpu-warp-specialization (4 warps, 12 after the split).
The causal kernel (attn_ws_causal) splits the key loop at the diagonal
into two marked loops, the second masked, as Triton's tutorial does; Triton
3.6 fails to compile it (its nvgpu-warp-specialization pass fails), so only
its TTIR is dumped.

  python3 bench/dump_attention_ws_triton.py --out bench/data
"""

import argparse
import glob
import json
import os

from triton_dump import fresh_cache, load_kernels, params_of, strip_paths

KERNEL = '''import triton
import triton.language as tl


@triton.jit
def attn_ws(Q, K, V, O, sm_scale, N_CTX,
            HEAD: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.num_programs(1) * N_CTX
    q_desc = tl.make_tensor_descriptor(Q, [rows, HEAD], [HEAD, 1], [BLOCK_M, HEAD])
    k_desc = tl.make_tensor_descriptor(K, [rows, HEAD], [HEAD, 1], [BLOCK_N, HEAD])
    v_desc = tl.make_tensor_descriptor(V, [rows, HEAD], [HEAD, 1], [BLOCK_N, HEAD])
    o_desc = tl.make_tensor_descriptor(O, [rows, HEAD], [HEAD, 1], [BLOCK_M, HEAD])
    head_row = tl.program_id(1) * N_CTX
    first = head_row + tl.program_id(0) * BLOCK_M
    q = q_desc.load([first, 0])
    scale = sm_scale * 1.44269504
    best = tl.full([BLOCK_M], float("-inf"), tl.float32)
    total = tl.full([BLOCK_M], 1.0, tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD], dtype=tl.float32)
    for start in tl.range(0, N_CTX, BLOCK_N, warp_specialize=True):
        scores = tl.dot(q, k_desc.load([head_row + start, 0]).T)
        new_best = tl.maximum(best, tl.max(scores, 1) * scale)
        p = tl.math.exp2(scores * scale - new_best[:, None])
        alpha = tl.math.exp2(best - new_best)
        acc = tl.dot(p.to(tl.float16), v_desc.load([head_row + start, 0]),
                     acc * alpha[:, None])
        total = total * alpha + tl.sum(p, 1)
        best = new_best
    o_desc.store([first, 0], (acc / total[:, None]).to(tl.float16))


@triton.jit
def attn_ws_blocks(q, k_desc, v_desc, acc, best, total, head_row, rows, lo, hi,
                   scale, BLOCK_N: tl.constexpr, DIAGONAL: tl.constexpr):
    for start in tl.range(lo, hi, BLOCK_N, warp_specialize=True):
        scores = tl.dot(q, k_desc.load([head_row + start, 0]).T)
        if DIAGONAL:
            keys = start + tl.arange(0, BLOCK_N)
            scores = scores * scale + tl.where(rows[:, None] >= keys[None, :],
                                               0, -1.0e6)
            new_best = tl.maximum(best, tl.max(scores, 1))
            scores = scores - new_best[:, None]
        else:
            new_best = tl.maximum(best, tl.max(scores, 1) * scale)
            scores = scores * scale - new_best[:, None]
        p = tl.math.exp2(scores)
        alpha = tl.math.exp2(best - new_best)
        acc = tl.dot(p.to(tl.float16), v_desc.load([head_row + start, 0]),
                     acc * alpha[:, None])
        total = total * alpha + tl.sum(p, 1)
        best = new_best
    return acc, best, total


@triton.jit
def attn_ws_causal(Q, K, V, O, sm_scale, N_CTX,
                   HEAD: tl.constexpr, BLOCK_M: tl.constexpr,
                   BLOCK_N: tl.constexpr):
    rows = tl.num_programs(1) * N_CTX
    q_desc = tl.make_tensor_descriptor(Q, [rows, HEAD], [HEAD, 1], [BLOCK_M, HEAD])
    k_desc = tl.make_tensor_descriptor(K, [rows, HEAD], [HEAD, 1], [BLOCK_N, HEAD])
    v_desc = tl.make_tensor_descriptor(V, [rows, HEAD], [HEAD, 1], [BLOCK_N, HEAD])
    o_desc = tl.make_tensor_descriptor(O, [rows, HEAD], [HEAD, 1], [BLOCK_M, HEAD])
    head_row = tl.program_id(1) * N_CTX
    diagonal = tl.program_id(0) * BLOCK_M
    q = q_desc.load([head_row + diagonal, 0])
    query_rows = diagonal + tl.arange(0, BLOCK_M)
    scale = sm_scale * 1.44269504
    best = tl.full([BLOCK_M], float("-inf"), tl.float32)
    total = tl.full([BLOCK_M], 1.0, tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD], dtype=tl.float32)
    # The key blocks left of the diagonal, then the diagonal's (masked).
    acc, best, total = attn_ws_blocks(q, k_desc, v_desc, acc, best, total,
                                      head_row, query_rows, 0, diagonal, scale,
                                      BLOCK_N, False)
    acc, best, total = attn_ws_blocks(q, k_desc, v_desc, acc, best, total,
                                      head_row, query_rows, diagonal,
                                      diagonal + BLOCK_M, scale, BLOCK_N, True)
    o_desc.store([head_row + diagonal, 0],
                 (acc / total[:, None]).to(tl.float16))
'''

#: name -> (head dim, BLOCK_M, BLOCK_N, warps, stages, causal, marked):
#: with `marked` false the same kernels with warp_specialize=False, which
#: Triton compiles without warp specialization (the bench's baselines).
CONFIGS = {"attn_ws_f16_d128": (128, 128, 64, 4, 3, False, True),
           "attn_ws_f16_d64": (64, 128, 64, 4, 3, False, True),
           "attn_ws_causal_f16_d128": (128, 128, 64, 4, 3, True, True),
           "attn_ws_causal_f16_d64": (64, 128, 64, 4, 3, True, True),
           "attn_nows_f16_d128": (128, 128, 64, 4, 3, False, False),
           "attn_nows_f16_d64": (64, 128, 64, 4, 3, False, False),
           "attn_nows_causal_f16_d128": (128, 128, 64, 4, 3, True, False),
           "attn_nows_causal_f16_d64": (64, 128, 64, 4, 3, True, False),
           "attn_nows_s2_f16_d128": (128, 128, 64, 4, 2, False, False),
           "attn_nows_s2_f16_d64": (64, 128, 64, 4, 2, False, False),
           "attn_nows_s2_causal_f16_d128": (128, 128, 64, 4, 2, True, False),
           "attn_nows_s2_causal_f16_d64": (64, 128, 64, 4, 2, True, False),
           # Blocks of 128 keys (FA3 takes 128 to 176 at head dim 128).
           "attn_ws_n128_f16_d128": (128, 128, 128, 4, 3, False, True),
           "attn_ws_n128_f16_d64": (64, 128, 128, 4, 3, False, True),
           "attn_nows_s2_n128_f16_d128": (128, 128, 128, 4, 2, False, False),
           "attn_nows_s2_n128_f16_d128_w8": (128, 128, 128, 8, 2, False,
                                             False)}


def cached_ttir():
    """The TTIR stage Triton's cache holds of the one compile since
    fresh_cache(): Triton writes each stage as it finishes, so it is there
    when a later stage fails."""
    found = glob.glob(os.path.join(os.environ["TRITON_CACHE_DIR"], "*",
                                   "*.ttir"))
    if len(found) != 1:
        raise RuntimeError(f"expected one cached TTIR, found {found}")
    with open(found[0]) as f:
        return f.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "data"))
    parser.add_argument("--only", nargs="*", choices=sorted(CONFIGS),
                        help="dump these configs only")
    args = parser.parse_args()
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    marked = load_kernels(KERNEL)
    unmarked = load_kernels(KERNEL.replace("warp_specialize=True",
                                           "warp_specialize=False"))
    for name, (d, bm, bn, warps, stages, causal, ws) in CONFIGS.items():
        mod = marked if ws else unmarked
        if args.only and name not in args.only:
            continue
        fresh_cache()
        signature = {"Q": "*fp16", "K": "*fp16", "V": "*fp16", "O": "*fp16",
                     "sm_scale": "fp32", "N_CTX": "i32", "HEAD": "constexpr",
                     "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"}
        constants = {"HEAD": d, "BLOCK_M": bm, "BLOCK_N": bn}
        aligned = {(i,): [["tt.divisibility", 16]] for i in (0, 1, 2, 3, 5)}
        source = ASTSource(mod.attn_ws_causal if causal else mod.attn_ws,
                           signature, constants, aligned)
        info = {"num_warps": warps, "num_stages": stages, "head_dim": d,
                "tile": [bm, bn], "causal": causal,
                "warp_specialize": ws, "tensordesc_meta": []}
        try:
            kernel = triton.compile(source, target=GPUTarget("cuda", 90, 32),
                                    options={"num_warps": warps,
                                             "num_stages": stages})
        except Exception as error:  # noqa: BLE001 - Triton's reason is kept
            # Triton 3.6's nvgpu-warp-specialization fails on the causal
            # kernel's two marked loops: only its TTIR (tile's input) is kept.
            ttir = strip_paths(cached_ttir())
            reason = str(error).strip().splitlines()[-1][:200]
            info.update({"name": source.name.split(".")[-1],
                         "params": params_of(ttir),
                         "note": "TTIR only: Triton 3.6's compile for sm_90a "
                                 f"fails ({reason}); "
                                 "bench/dump_attention_ws_triton.py"})
            outputs = ((".ttir", ttir),)
            print(name, "TTIR only:", reason)
        else:
            ttir = strip_paths(kernel.asm["ttir"])
            outputs = ((".ttir", ttir),
                       (".ptx", strip_paths(kernel.asm["ptx"])))
            meta = kernel.metadata
            info.update({"name": meta.name, "total_num_warps": meta.num_warps,
                         "shared": meta.shared,
                         "global_scratch_size": meta.global_scratch_size,
                         "global_scratch_align": meta.global_scratch_align,
                         "params": params_of(ttir),
                         "note": "Triton 3.6's own compile for sm_90a"
                                 + ("" if ws else ", warp_specialize=False")
                                 + " (bench/dump_attention_ws_triton.py)"})
            print(name, "warps", meta.num_warps, "shared", meta.shared)
        for suffix, text in outputs:
            with open(os.path.join(args.out, name + suffix), "w") as f:
                f.write(text)
        with open(os.path.join(args.out, name + ".json"), "w") as f:
            json.dump(info, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()

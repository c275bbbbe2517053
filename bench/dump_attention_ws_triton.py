#!/usr/bin/env python3
"""Dumps Triton 3.6's own compile of the warp-specialized attention forward
the attention_ws bench family runs: TTIR (tile's input), PTX and the launch
metadata, for sm_90a.

Needs only Triton (it compiles without a GPU). The kernel is a flash
attention forward over one head per program row, with its key loop
`tl.range(..., warp_specialize=True)` and its descriptors made on the device
over the (batch * heads * N) x D rows of Q, K, V and O; Triton 3.6 splits it
on Hopper with nvgpu-warp-specialization (4 warps, 12 after the split).

  python3 bench/dump_attention_ws_triton.py --out bench/data
"""

import argparse
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
'''

#: name -> (head dim, BLOCK_M, BLOCK_N, warps, stages)
CONFIGS = {"attn_ws_f16_d128": (128, 128, 64, 4, 3),
           "attn_ws_f16_d64": (64, 128, 64, 4, 3)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "data"))
    args = parser.parse_args()
    fresh_cache()
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    mod = load_kernels(KERNEL)
    for name, (d, bm, bn, warps, stages) in CONFIGS.items():
        signature = {"Q": "*fp16", "K": "*fp16", "V": "*fp16", "O": "*fp16",
                     "sm_scale": "fp32", "N_CTX": "i32", "HEAD": "constexpr",
                     "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"}
        constants = {"HEAD": d, "BLOCK_M": bm, "BLOCK_N": bn}
        aligned = {(i,): [["tt.divisibility", 16]] for i in (0, 1, 2, 3, 5)}
        kernel = triton.compile(
            ASTSource(mod.attn_ws, signature, constants, aligned),
            target=GPUTarget("cuda", 90, 32),
            options={"num_warps": warps, "num_stages": stages})
        ttir = strip_paths(kernel.asm["ttir"])
        for suffix, text in ((".ttir", ttir),
                             (".ptx", strip_paths(kernel.asm["ptx"]))):
            with open(os.path.join(args.out, name + suffix), "w") as f:
                f.write(text)
        meta = kernel.metadata
        info = {"name": meta.name, "num_warps": warps,
                "total_num_warps": meta.num_warps, "num_stages": stages,
                "shared": meta.shared,
                "global_scratch_size": meta.global_scratch_size,
                "global_scratch_align": meta.global_scratch_align,
                "head_dim": d, "tile": [bm, bn], "causal": False,
                "tensordesc_meta": [], "params": params_of(ttir),
                "note": "Triton 3.6's own compile for sm_90a "
                        "(bench/dump_attention_ws_triton.py)"}
        with open(os.path.join(args.out, name + ".json"), "w") as f:
            json.dump(info, f, indent=2)
            f.write("\n")
        print(name, "warps", meta.num_warps, "shared", meta.shared)


if __name__ == "__main__":
    main()

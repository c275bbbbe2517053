"""Attention kernels for the compile-only tests: backward dK/dV loops
(plain, with a relative-position bias, and flex-style with a mask and a
score_mod), the bench families' warp-specialized forward and tutorial-style
backward (their sources are the bench dump scripts'), and the cases that
compile them."""

from __future__ import annotations

import importlib
import os
import sys

import triton
import triton.language as tl

from case import Case


@triton.jit
def key_block(K, V, HEAD: tl.constexpr, BLOCK_N: tl.constexpr):
    # The program's block of keys and values, and their row and column
    # offsets.
    keys = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    dims = tl.arange(0, HEAD)
    k = tl.load(K + keys[:, None] * HEAD + dims[None, :])
    v = tl.load(V + keys[:, None] * HEAD + dims[None, :])
    return keys, dims, k, v


@triton.jit
def attention_dkdv(Q, K, V, DO, LSE, DK, DV, N_CTX, HEAD: tl.constexpr,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # An attention backward's dK/dV loop (one program per block of keys,
    # the loop over blocks of queries), as flex attention's backward and
    # Triton's tutorial have it: four dots per iteration, two of them
    # updates of an accumulator the loop carries for them alone.
    keys, dims, k, v = key_block(K, V, HEAD, BLOCK_N)
    dk = tl.zeros([BLOCK_N, HEAD], dtype=tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD], dtype=tl.float32)
    for start in tl.range(0, N_CTX, BLOCK_M):
        rows = start + tl.arange(0, BLOCK_M)
        q_t = tl.load(Q + rows[None, :] * HEAD + dims[:, None])
        do = tl.load(DO + rows[:, None] * HEAD + dims[None, :])
        p_t = tl.math.exp2(tl.dot(k, q_t) - tl.load(LSE + rows)[None, :])
        dv += tl.dot(p_t.to(tl.float16), do)
        dp_t = tl.dot(v, tl.trans(do))
        dk += tl.dot((p_t * dp_t).to(tl.float16), tl.trans(q_t))
    tl.store(DK + keys[:, None] * HEAD + dims[None, :], dk.to(tl.float16))
    tl.store(DV + keys[:, None] * HEAD + dims[None, :], dv.to(tl.float16))


@triton.jit
def relative_bias_dk(Q, K, DO, LSE, DK, N_CTX, slope, HEAD: tl.constexpr,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # A dK loop with flex attention's relative-position score_mod: the
    # query offsets the loop advances are expanded to a row of the scores
    # (slope * (q_idx - kv_idx)) as well as addressing the loads.
    keys = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    dims = tl.arange(0, HEAD)
    k = tl.load(K + keys[:, None] * HEAD + dims[None, :])
    dk = tl.zeros([BLOCK_N, HEAD], dtype=tl.float32)
    rows = tl.arange(0, BLOCK_M)
    for _ in range(0, N_CTX, BLOCK_M):
        q_t = tl.load(Q + rows[None, :] * HEAD + dims[:, None])
        bias = slope * (rows[None, :] - keys[:, None]).to(tl.float32)
        p_t = tl.math.exp2(tl.dot(k, q_t) + bias
                           - tl.load(LSE + rows)[None, :])
        do = tl.load(DO + rows[:, None] * HEAD + dims[None, :])
        dk += tl.dot(p_t.to(tl.float16), do)
        rows += BLOCK_M
    tl.store(DK + keys[:, None] * HEAD + dims[None, :], dk)


@triton.jit
def masked_bias_dkdv(Q, K, V, DO, LSE, DELTA, DK, DV, N_CTX, slope,
                     HEAD: tl.constexpr, BLOCK_M: tl.constexpr,
                     BLOCK_N: tl.constexpr):
    # Flex attention's backward dK/dV loop in small: a causal mask and a
    # relative-position score_mod on the scores, both read from the query
    # offsets the loop advances, which also address the row loads (the
    # log-sum-exp and delta rows in the scores' layout).
    keys, dims, k, v = key_block(K, V, HEAD, BLOCK_N)
    dk = tl.zeros([BLOCK_N, HEAD], dtype=tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD], dtype=tl.float32)
    rows = tl.arange(0, BLOCK_M)
    for _ in range(0, N_CTX, BLOCK_M):
        in_range = rows < N_CTX
        q_t = tl.load(Q + rows[None, :] * HEAD + dims[:, None],
                      mask=in_range[None, :])
        visible = rows[None, :] >= keys[:, None]
        s_t = tl.dot(k, q_t) + slope * (rows[None, :] - keys[:, None]).to(
            tl.float32)
        s_t = tl.where(visible, s_t, float("-inf"))
        p_t = tl.math.exp2(s_t - tl.load(LSE + rows, mask=in_range)[None, :])
        do = tl.load(DO + rows[:, None] * HEAD + dims[None, :],
                     mask=in_range[:, None])
        dv += tl.dot(p_t.to(tl.float16), do)
        dp_t = tl.dot(v, tl.trans(do))
        ds_t = p_t * (dp_t - tl.load(DELTA + rows, mask=in_range)[None, :])
        dk += tl.dot(tl.where(visible, ds_t, 0.0).to(tl.float16),
                     tl.trans(q_t))
        rows += BLOCK_M
    tl.store(DK + keys[:, None] * HEAD + dims[None, :], dk.to(tl.float16))
    tl.store(DV + keys[:, None] * HEAD + dims[None, :], dv.to(tl.float16))


def _bench_module(dump_script: str):
    """A bench/dump_*_triton.py script, whose KERNEL is the one source of a
    bench family's kernels and of Triton's compile of them in bench/data."""
    bench = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                         "..", "bench")
    sys.path.insert(0, bench)
    try:
        return importlib.import_module(dump_script)
    finally:
        sys.path.remove(bench)


def _bench_kernels(dump_script: str):
    """The kernels of `dump_script`'s KERNEL, loaded as Triton reads them."""
    kernel_source = _bench_module(dump_script).KERNEL
    return _bench_module("triton_dump").load_kernels(kernel_source)


# The attention_ws family's kernels (key loops marked for warp
# specialization, descriptors made on the device) and the attention_bwd
# family's tutorial-06-style backward.
_attention_ws = _bench_kernels("dump_attention_ws_triton")
attention_ws = _attention_ws.attn_ws
attention_ws_causal = _attention_ws.attn_ws_causal
_attention_bwd_dump = _bench_module("dump_attention_bwd_triton")
attention_bwd = _bench_kernels("dump_attention_bwd_triton").attn_bwd


def _attention_bwd_case(name: str, config: str) -> "Case":
    """The attention_bwd bench family's config `config` (its tile sizes,
    warps, stages and hints, from the dump script that gives the bench
    Triton's compile of it)."""
    dump = _attention_bwd_dump
    d, bm1, bn1, bm2, bn2, warps, stages, causal = dump.CONFIGS[config]
    names = list(dump.SIGNATURE)
    return Case(name, attention_bwd, dump.SIGNATURE,
                {"D": d, "BM1": bm1, "BN1": bn1, "BM2": bm2, "BN2": bn2,
                 "CAUSAL": causal}, {"num_warps": warps, "num_stages": stages},
                capabilities=(90,),
                aligned=tuple(names.index(p) for p in dump.DIVISIBLE))


_ATTENTION_WS_SIGNATURE = {
    "Q": "*fp16", "K": "*fp16", "V": "*fp16", "O": "*fp16", "sm_scale": "fp32",
    "N_CTX": "i32", "HEAD": "constexpr", "BLOCK_M": "constexpr",
    "BLOCK_N": "constexpr"}

ATTENTION_CASES = [
    # tile's attention rewrite (a producer and two consumers, 12 warps) at
    # head dim 128; at 64 the loop keeps Triton's schedule (4 warps).
    Case("attention_dkdv", attention_dkdv,
         {"Q": "*fp16", "K": "*fp16", "V": "*fp16", "DO": "*fp16",
          "LSE": "*fp32", "DK": "*fp16", "DV": "*fp16", "N_CTX": "i32",
          "HEAD": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"},
         {"HEAD": 64, "BLOCK_M": 64, "BLOCK_N": 128},
         {"num_warps": 8, "num_stages": 3}),
    Case("attention_ws_d128", attention_ws, _ATTENTION_WS_SIGNATURE,
         {"HEAD": 128, "BLOCK_M": 128, "BLOCK_N": 64},
         {"num_warps": 4, "num_stages": 3}, capabilities=(90,),
         aligned=(0, 1, 2, 3, 5)),
    Case("attention_ws_d64", attention_ws, _ATTENTION_WS_SIGNATURE,
         {"HEAD": 64, "BLOCK_M": 128, "BLOCK_N": 64},
         {"num_warps": 4, "num_stages": 3}, capabilities=(90,),
         aligned=(0, 1, 2, 3, 5)),
    Case("relative_bias_dk", relative_bias_dk,
         {"Q": "*fp16", "K": "*fp16", "DO": "*fp16", "LSE": "*fp32",
          "DK": "*fp32", "N_CTX": "i32", "slope": "fp32",
          "HEAD": "constexpr", "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"},
         {"HEAD": 64, "BLOCK_M": 64, "BLOCK_N": 128},
         {"num_warps": 4, "num_stages": 3}, capabilities=(90,)),
    # Head dim 128 at 8 warps: the two f32 accumulators take half of the
    # registers, so whatever else the loop carries per pipeline stage
    # decides whether it spills.
    Case("masked_bias_dkdv_d128", masked_bias_dkdv,
         {"Q": "*fp16", "K": "*fp16", "V": "*fp16", "DO": "*fp16",
          "LSE": "*fp32", "DELTA": "*fp32", "DK": "*fp16", "DV": "*fp16",
          "N_CTX": "i32", "slope": "fp32", "HEAD": "constexpr",
          "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"},
         {"HEAD": 128, "BLOCK_M": 64, "BLOCK_N": 128},
         {"num_warps": 8, "num_stages": 3}, capabilities=(90,)),
    # The attention_bwd bench family's backward (dK/dV then dQ per program,
    # 4 warps, 5 stages): tile's shared memory is below Triton's for both.
    _attention_bwd_case("attention_bwd_d64", "attn_bwd_f16_d64"),
    _attention_bwd_case("attention_bwd_causal_d128",
                        "attn_bwd_causal_f16_d128"),
]

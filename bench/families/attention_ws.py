"""The attention_ws family: a flash-attention forward whose key loop is
`tl.range(..., warp_specialize=True)` (bench/dump_attention_ws_triton.py:
head dim 128 and 64, 128x64 tiles, 4 warps, 3 stages, descriptors made on
the device), against Triton 3.6's PTX of the same kernel with
warp_specialize=False and 2 stages (see AttentionWs.triton).

This family builds its TTGIR here, with the options of tile's attention
rewrite (nvgpu-warp-specialization) set explicitly: tile's TTGIR pipeline
(pipelines/ttgir.pipeline) through mlir-opt and libtile.so; tile-compile
takes it from the LLVM stage on, once with the consumers taking turns at
the tensor cores only (ping-pong; kernels attn_ws_d128 and attn_ws_d64),
once with neither (attn_ws_d128_nopp) and once with each consumer's
softmax beside its previous P x V wgmma as well (overlap, the pipeline's
default; attn_ws_d128_overlap and attn_ws_d64_overlap; the pipeline
itself leaves head dim 64 alone). The causal kernel (the key loop split at
the diagonal into two marked loops, CAUSAL_STEM) is rewritten with the
option `causal` (attn_ws_d128_causal, attn_ws_d64_causal). Run it with
`bench.py --family attention_ws`: its checks say whether the rewrite
computes attention, its timing how each compares with Triton's kernel of
the same problem."""

import functools
import os
import subprocess

from . import ROOT, Variant, read
from .wgmma import Attention, AttentionProblem

STEM = "attn_ws_f16_d{head}"
#: The causal kernel: its key loop split at the diagonal into two marked
#: loops, the second masked.
CAUSAL_STEM = "attn_ws_causal_f16_d{head}"
#: The same kernel as STEM with blocks of 128 keys.
N128_STEM = "attn_ws_n128_f16_d{head}"
BLOCK_M, WARPS, STAGES = 128, 4, 3


def ttgir_with_attention_rewrite(head=128, ping_pong=True, overlap=False,
                                 causal=False, slots=STAGES, block_n=64,
                                 blocks_per_sm=1, build_dir=None):
    """STEM.ttir (CAUSAL_STEM.ttir with `causal`, N128_STEM.ttir with
    `block_n` 128; head dim `head`) through
    tile's TTGIR pipeline for sm_90 with the attention rewrite on; its
    consumers take turns at the tensor cores unless `ping_pong` is false, and
    with `overlap` each runs a block's softmax beside the previous block's
    P x V wgmma; the K and V rings have `slots` slots; the registers are
    split so that `blocks_per_sm` blocks fit an SM."""
    build = build_dir or os.environ.get("TILE_BUILD_DIR",
                                        os.path.join(ROOT, "build"))
    plugin = os.path.join(build, "lib", "libtile.so")
    text = read("pipelines/ttgir.pipeline").strip()
    for name, value in (("target", "cuda:90"), ("num-warps", str(WARPS)),
                        ("threads-per-warp", "32"), ("num-ctas", "1"),
                        ("num-stages", str(STAGES))):
        text = text.replace("$" + name, value)
    ws = f"nvgpu-warp-specialization{{num-stages={STAGES}}}"
    assert ws in text, "the TTGIR pipeline no longer names " + ws
    options = (f"num-stages={slots} attention=true "
               f"ping-pong={str(ping_pong).lower()} "
               f"overlap={str(overlap).lower()} "
               f"causal={str(causal).lower()} min-head-dim=64 "
               f"blocks-per-sm={blocks_per_sm}")
    text = text.replace(ws, f"nvgpu-warp-specialization{{{options}}}")
    mlir_opt = os.environ.get("TILE_MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
    stem = CAUSAL_STEM if causal else N128_STEM if block_n == 128 else STEM
    result = subprocess.run(
        [mlir_opt, f"--load-dialect-plugin={plugin}", "-p", text,
         os.path.join(ROOT, "bench", "data",
                      stem.format(head=head) + ".ttir")],
        capture_output=True, text=True, check=False)
    if result.returncode != 0 or "ttg.warp_specialize" not in result.stdout:
        raise RuntimeError("the attention rewrite did not apply:\n"
                           + result.stderr[-2000:])
    return result.stdout


class AttentionWs(Attention):
    """Warp-specialized attention, ours (tile's attention rewrite) against
    Triton's compile of the same problem."""
    name = "attention_ws"
    opt_in = True
    # attn_ws_dD: the consumers ping-pong (the rewrite's default);
    # attn_ws_d128_nopp: they do not (ping-pong=false); attn_ws_dD_overlap:
    # they ping-pong and overlap their softmax with their own P x V wgmma;
    # attn_ws_dD_causal: the causal kernel (two marked loops, causal=true),
    # with ping-pong and overlap; attn_ws_d128_overlap_s4: ping-pong and
    # overlap with rings of 4 slots (FA3's depth) instead of the loop's 3;
    # attn_ws_d128_overlap_s2: with rings of 2.
    #: kernel -> (our kernel's name, head dim, ping-pong, overlap, causal[,
    #: slots[, keys per block[, blocks per SM]]])
    ours = {"attn_ws_d128": ("attn_ws_f16_d128_ws", 128, True, False, False),
            "attn_ws_d128_nopp": ("attn_ws_f16_d128_ws_nopp", 128, False,
                                  False, False),
            "attn_ws_d128_overlap": ("attn_ws_f16_d128_ws_overlap", 128, True,
                                     True, False),
            "attn_ws_d64": ("attn_ws_f16_d64_ws", 64, True, False, False),
            "attn_ws_d64_overlap": ("attn_ws_f16_d64_ws_overlap", 64, True,
                                    True, False),
            "attn_ws_d128_causal": ("attn_ws_causal_f16_d128_ws", 128, True,
                                    True, True),
            "attn_ws_d64_causal": ("attn_ws_causal_f16_d64_ws", 64, True,
                                   True, True),
            "attn_ws_d128_overlap_s4": ("attn_ws_f16_d128_ws_overlap_s4", 128,
                                        True, True, False, 4),
            "attn_ws_d128_overlap_s2": ("attn_ws_f16_d128_ws_overlap_s2", 128,
                                        True, True, False, 2),
            "attn_ws_d128_n128_overlap": ("attn_ws_n128_f16_d128_ws_overlap",
                                          128, True, True, False, STAGES,
                                          128),
            "attn_ws_d128_n128_overlap_s2": (
                "attn_ws_n128_f16_d128_ws_overlap_s2", 128, True, True, False,
                2, 128),
            "attn_ws_d64_n128_overlap": ("attn_ws_n128_f16_d64_ws_overlap", 64,
                                         True, True, False, STAGES, 128),
            "attn_ws_d64_2cta": ("attn_ws_f16_d64_ws_2cta", 64, True, False,
                                 False, STAGES, 64, 2)}
    kernels = tuple(ours)
    targets = ("sm_90",)
    shape_help = "BxHxN (N a multiple of 128), e.g. 4x32x4096"
    arg_types = {kernel: ("ptr",) * 4 + ("f32", "i32") for kernel in kernels}

    def variants(self, target):
        return [Variant(kernel, name,
                        functools.partial(ttgir_with_attention_rewrite,
                                          *config),
                        WARPS, STAGES, suffix=".ttgir")
                for kernel, (name, *config) in self.ours.items()]

    def triton(self, kernel, target):
        # The baseline is Triton 3.6's compile of the same kernel with
        # warp_specialize=False and 2 stages (attn_nows_s2[_causal]_f16_dD
        # in bench/data: 4 warps, Triton's Hopper pipeline of its TMA
        # loads), its fastest compile of it on the H100 (497-510 TF/s at
        # head dim 128, against 403-413 with 3 stages): its own
        # warp-specialized compile computes NaN once a program runs more
        # than two key blocks (H200, N >= 256), and fails to compile the
        # causal kernel. TILE_BENCH_TRITON_BASELINE picks another: "s3" the
        # same with 3 stages, "tutorial" Triton's compile of the
        # tutorial-style forward of bench/data (attn_fwd/attn_causal_f16_dD:
        # pointer loads, 8 warps at head dim 128), "ws" Triton's
        # warp-specialized compile (not causal).
        _, head, _, _, causal = self.ours[kernel][:5]
        which = os.environ.get("TILE_BENCH_TRITON_BASELINE", "s2")
        if which == "tutorial":
            return f"attn_{'causal' if causal else 'fwd'}_f16_d{head}"
        if which == "ws" and not causal:
            return STEM.format(head=head)
        if which == "s2_n128" and not causal and head == 128:
            # Triton's compile with blocks of 128 keys: TILE_BENCH_TRITON_
            # BASELINE=s2_n128 (4 warps) or s2_n128_w8 (8 warps).
            return "attn_nows_s2_n128_f16_d128"
        if which == "s2_n128_w8" and not causal and head == 128:
            return "attn_nows_s2_n128_f16_d128_w8"
        stages = "" if which == "s3" else "_s2"
        return f"attn_nows{stages}{'_causal' if causal else ''}_f16_d{head}"

    def problem(self, torch, kernel, shape):
        name, head, _, _, causal = self.ours[kernel][:5]
        return AttentionProblem(torch, *shape, d=head, causal=causal,
                                candidates=(name,))

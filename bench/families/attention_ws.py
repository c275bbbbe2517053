"""The attention_ws family: a flash-attention forward whose key loop is
`tl.range(..., warp_specialize=True)` (bench/dump_attention_ws_triton.py:
head dim 128, 128x64 tiles, 4 warps, 3 stages, descriptors made on the
device), against Triton 3.6's PTX of the same TTIR, which Triton's Hopper
nvgpu-warp-specialization splits into a TMA producer and two consumers.

tile's attention rewrite of nvgpu-warp-specialization is off in the
pipelines until it has run on a GPU, so this family builds its TTGIR here:
tile's TTGIR pipeline (pipelines/ttgir.pipeline) with the rewrite's option
`attention` on, through mlir-opt and libtile.so; tile-compile takes it from
the LLVM stage on. Run it with `bench.py --family attention_ws`: its check
says whether the rewrite computes attention, its timing how it compares."""

import os
import subprocess

from . import ROOT, Variant, read
from .wgmma import Attention, AttentionProblem

STEM = "attn_ws_f16_d128"
HEAD, BLOCK_M, WARPS, STAGES = 128, 128, 4, 3


def ttgir_with_attention_rewrite(build_dir=None):
    """STEM.ttir through tile's TTGIR pipeline for sm_90 with the attention
    rewrite on."""
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
    text = text.replace(
        ws, f"nvgpu-warp-specialization{{num-stages={STAGES} attention=true}}")
    mlir_opt = os.environ.get("TILE_MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
    result = subprocess.run(
        [mlir_opt, f"--load-dialect-plugin={plugin}", "-p", text,
         os.path.join(ROOT, "bench", "data", STEM + ".ttir")],
        capture_output=True, text=True, check=False)
    if result.returncode != 0 or "ttg.warp_specialize" not in result.stdout:
        raise RuntimeError("the attention rewrite did not apply:\n"
                           + result.stderr[-2000:])
    return result.stdout


class AttentionWs(Attention):
    """Warp-specialized attention, ours (tile's attention rewrite) against
    Triton's own warp-specialized compile of the same kernel."""
    name = "attention_ws"
    opt_in = True
    kernels = ("attn_ws_d128",)
    targets = ("sm_90",)
    shape_help = "BxHxN (N a multiple of 128), e.g. 4x32x4096"
    arg_types = {"attn_ws_d128": ("ptr",) * 4 + ("f32", "i32")}

    def variants(self, target):
        return [Variant("attn_ws_d128", STEM + "_ws", ttgir_with_attention_rewrite,
                        WARPS, STAGES, suffix=".ttgir")]

    def triton(self, kernel, target):
        return STEM

    def problem(self, torch, kernel, shape):
        return AttentionProblem(torch, *shape, d=HEAD, causal=False,
                                candidates=(STEM + "_ws",))

"""Inductor-shaped kernels take Triton's layouts: the same blocked layouts,
the same number of layout conversions and no more shared memory than
Triton's own compile. Where layouts reach a value from several anchors,
or pointer contiguity ties between dims, tile decides as Triton 3.6 does."""

from __future__ import annotations

import os
import re
import subprocess

import pytest
import triton

from compile_helpers import compile_case, compile_case_with_tile
from inductor_kernels import INDUCTOR_CASES


def _layouts(ttgir: str) -> list[str]:
    return sorted(set(re.findall(r"^#\w+ = (#ttg\.blocked<.*>)$", ttgir, re.M)))


@pytest.mark.parametrize("capability", [80, 90])
@pytest.mark.parametrize("case", INDUCTOR_CASES, ids=lambda case: case.name)
def test_inductor_kernel_layouts_match_triton(case, capability):
    reference = compile_case(case, capability)
    ours = compile_case_with_tile(case, capability)
    theirs, mine = reference.asm["ttgir"], ours.asm["ttgir"]
    assert mine != theirs  # tile's TTGIR, not Triton's from its cache
    assert _layouts(mine) == _layouts(theirs)
    assert (mine.count("ttg.convert_layout") ==
            theirs.count("ttg.convert_layout"))
    # The same conversions; tile's scratch may take them in more rounds.
    assert ours.metadata.shared <= reference.metadata.shared


def _registers(cubin: bytes, tmp_path) -> int:
    tool = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia",
                        "bin", "cuobjdump")
    if not os.access(tool, os.X_OK):
        pytest.skip("no cuobjdump in the Triton wheel")
    path = tmp_path / "kernel.cubin"
    path.write_bytes(cubin)
    usage = subprocess.run([tool, "-res-usage", str(path)], check=True,
                           capture_output=True, text=True).stdout
    return int(re.search(r"REG:(\d+)", usage).group(1))


@pytest.mark.parametrize("case", [c for c in INDUCTOR_CASES
                                  if c.name == "residual_rms_norm"],
                         ids=lambda case: case.name)
def test_inductor_kernel_registers_match_triton(case, tmp_path):
    """The same registers as Triton's compile: LLVM is optimized as Triton
    optimizes it (the SLP vectorizer on, no target machine), so a word's two
    bf16 halves are converted as a pair where they are used and ptxas
    schedules the loads as in Triton's kernel (tile's took 70 registers
    against Triton's 86 and ran 12 % slower on the H200)."""
    reference = compile_case(case, 90)
    ours = compile_case_with_tile(case, 90)
    assert ours.asm["ptx"] != reference.asm["ptx"]
    assert (_registers(ours.asm["cubin"], tmp_path) ==
            _registers(reference.asm["cubin"], tmp_path))

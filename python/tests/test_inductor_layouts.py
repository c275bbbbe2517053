"""Inductor-shaped kernels take Triton's layouts: the same blocked layouts,
the same number of layout conversions and no more shared memory than
Triton's own compile. Where layouts reach a value from several anchors,
or pointer contiguity ties between dims, tile decides as Triton 3.6 does."""

from __future__ import annotations

import re

import pytest

import tile.triton
from compile_helpers import compile_case
from inductor_kernels import INDUCTOR_CASES


def _layouts(ttgir: str) -> list[str]:
    return sorted(set(re.findall(r"^#\w+ = (#ttg\.blocked<.*>)$", ttgir, re.M)))


@pytest.mark.parametrize("capability", [80, 90])
@pytest.mark.parametrize("case", INDUCTOR_CASES, ids=lambda case: case.name)
def test_inductor_kernel_layouts_match_triton(case, capability):
    reference = compile_case(case, capability)
    tile.triton.enable()
    try:
        ours = compile_case(case, capability)
    finally:
        tile.triton.disable()
    theirs, mine = reference.asm["ttgir"], ours.asm["ttgir"]
    assert mine != theirs  # tile's TTGIR, not Triton's from its cache
    assert _layouts(mine) == _layouts(theirs)
    assert (mine.count("ttg.convert_layout") ==
            theirs.count("ttg.convert_layout"))
    # The same conversions; tile's scratch may take them in more rounds.
    assert ours.metadata.shared <= reference.metadata.shared

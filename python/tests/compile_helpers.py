"""Compiling a test kernel with Triton and with tile, and reading PTX."""

from __future__ import annotations

import re

import triton
from triton.backends.compiler import GPUTarget

import tile.triton

#: The most shared memory one block may use (opt-in), by capability.
SHARED_MEMORY_LIMIT = {80: 166912, 86: 101376, 89: 101376, 90: 232448}


def compile_case(case, capability: int):
    return triton.compile(case.source(), target=GPUTarget("cuda", capability, 32),
                          options=dict(case.options))


def compile_case_with_tile(case, capability: int):
    """compile_case with tile as Triton's compiler for this one compile."""
    with tile.triton.enabled():
        return compile_case(case, capability)


def entry_parameters(ptx: str) -> list[str]:
    """The kinds of the PTX entry's parameters: `.u64 .ptr .global`, `.u32`,
    `.align 64 .b8[128]`, ... (names and pointer alignments dropped)."""
    match = re.search(r"\.visible \.entry \w+\(\s*(.*?)\)", ptx, re.S)
    assert match, "no .entry in the PTX"
    kinds = []
    for param in match.group(1).split(","):
        words = param.split()
        assert words[0] == ".param", param
        kind = words[1:-1]
        if ".ptr" in kind and ".align" in kind:  # pointee alignment: a hint
            i = kind.index(".align")
            del kind[i:i + 2]
        name = words[-1]
        array = re.search(r"\[\d+\]$", name)
        kinds.append(" ".join(kind) + (array.group(0) if array else ""))
    return kinds

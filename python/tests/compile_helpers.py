"""Compiling a test kernel with Triton and with tile, and reading PTX."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile

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


def ptxas_usage(ptx: str, capability: int) -> dict[str, int]:
    """The registers per thread and bytes of spill stores ptxas (Triton's,
    as its compile uses) reports for `ptx` on sm_`capability`."""
    from triton.backends.nvidia.compiler import get_ptxas
    arch = f"sm_{capability}" + ("a" if capability == 90 else "")
    with tempfile.TemporaryDirectory() as workdir:
        path = os.path.join(workdir, "kernel.ptx")
        with open(path, "w") as f:
            f.write(ptx)
        log = subprocess.run(
            [get_ptxas(capability).path, f"-arch={arch}", "-v", path, "-o",
             path + ".cubin"], capture_output=True, text=True, check=True).stderr
    usage = {}
    for key, pattern in (("registers", r"Used (\d+) registers"),
                         ("spill_bytes", r"(\d+) bytes spill stores")):
        match = re.search(pattern, log)
        assert match, log
        usage[key] = int(match.group(1))
    return usage


def spill_bytes(ptx: str, capability: int) -> int:
    """The bytes of spill stores ptxas reports for `ptx` (ptxas_usage)."""
    return ptxas_usage(ptx, capability)["spill_bytes"]


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

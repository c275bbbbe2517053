"""tile's kernels live under cache keys of their own (tile's version and the
library's hash), so that Triton's cache never answers for tile or the other
way round; a hit needs no compile."""

from __future__ import annotations

import os

import tile.triton
from compile_helpers import compile_case
from kernels import CASES

CASE = CASES[0]


def test_tile_and_triton_never_share_a_cache_entry(fresh_triton_cache):
    triton_kernel = compile_case(CASE, 90)
    tile.triton.enable()
    try:
        tile.triton.reset_stats()
        tile_kernel = compile_case(CASE, 90)
        assert tile.triton.stats()["compiled"] == 1
        again = compile_case(CASE, 90)
        assert tile.triton.stats()["compiled"] == 1  # a cache hit
        assert again.hash == tile_kernel.hash
    finally:
        tile.triton.disable()
    assert tile_kernel.hash != triton_kernel.hash
    from triton.runtime.cache import get_cache_manager
    folders = {get_cache_manager(k.hash).cache_dir
               for k in (tile_kernel, triton_kernel)}
    assert len(folders) == 2
    assert {str(fresh_triton_cache / f) for f in os.listdir(fresh_triton_cache)} \
        == folders
    # Triton again, with tile off: its own entry, not tile's.
    assert compile_case(CASE, 90).asm["ptx"] == triton_kernel.asm["ptx"]


def test_the_key_names_tiles_version_and_library(library):
    salt = tile.triton.cache_salt()
    assert salt == f"tile-{tile.__version__}-{library.digest[:16]}"
    from triton.backends.compiler import GPUTarget
    from triton.backends.nvidia.compiler import CUDABackend
    plain = CUDABackend(GPUTarget("cuda", 90, 32)).hash()
    tile.triton.enable()
    try:
        assert CUDABackend(GPUTarget("cuda", 90, 32)).hash() == f"{plain}-{salt}"
        # Triton after 3.6 asks the hook itself for a key (no arguments).
        from triton import knobs
        assert knobs.runtime.add_stages_inspection_hook() == (salt, salt)
    finally:
        tile.triton.disable()
    assert CUDABackend(GPUTarget("cuda", 90, 32)).hash() == plain


def test_enabled_block_restores_the_compiler_before_it():
    import pytest

    with tile.triton.enabled():
        assert tile.triton.is_enabled()
    assert not tile.triton.is_enabled()
    with pytest.raises(ValueError):
        with tile.triton.enabled():
            raise ValueError("inside the block")
    assert not tile.triton.is_enabled()
    tile.triton.enable()
    try:
        with tile.triton.enabled():
            pass
        assert tile.triton.is_enabled()
    finally:
        tile.triton.disable()


def test_enable_refuses_to_stack_on_another_hook():
    from triton import knobs
    import pytest

    def other_hook(*args, **kwargs):
        return None

    knobs.runtime.add_stages_inspection_hook = other_hook
    try:
        with pytest.raises(RuntimeError, match="another stages hook"):
            tile.triton.enable()
        assert not tile.triton.is_enabled()
    finally:
        knobs.runtime.add_stages_inspection_hook = None

"""A kernel tile cannot compile: an error naming the kernel, the stage and
the reason, and nothing of it in Triton's cache; with TILE_TRITON_FALLBACK=1
Triton compiles it instead, with one warning per kernel, counted."""

from __future__ import annotations

import os
import pickle
import warnings

import pytest

import tile.triton
from compile_helpers import compile_case
from kernels import CASES, Case, masked_axpy, matmul_case
from tile._library import CompileResult, Library
from tile.triton import (TileCompilationError, TileFallbackWarning,
                         TileOutOfResources)
from triton.runtime.errors import OutOfResources

# Blackwell: Triton compiles it for sm_100, tile does not.
BLACKWELL = 100

# Operands of 192 KiB in shared memory (a 256x256 f16 tile of A and a
# 256x128 one of B, unpipelined): over sm_80's 163 KiB per block. Triton
# compiles it too; its launcher then raises OutOfResources.
OVER_SHARED_MEMORY = matmul_case("dot_over_shared", "fp16", "fp16", "ieee",
                             capabilities=(80,), block=(256, 128, 256),
                             num_stages=1)


def _cache_files(cache):
    if not cache.exists():
        return []
    return [os.path.join(root, name) for root, _, names in os.walk(cache)
            for name in names]


def test_unsupported_kernel_is_an_error_naming_kernel_stage_reason(
        tile_enabled, fresh_triton_cache):
    with pytest.raises(TileCompilationError) as info:
        compile_case(CASES[0], BLACKWELL)
    error = info.value
    assert error.kernel == "masked_axpy"
    assert error.stage == "options"
    assert "this kernel targets sm_100" in error.reason
    assert str(error).startswith("tile could not compile kernel 'masked_axpy' "
                                 "in stage 'options': ")
    assert tile.triton.stats()["failed"] == 1
    assert _cache_files(fresh_triton_cache) == []


@pytest.mark.parametrize("fallback", [False, True])
def test_over_the_shared_memory_limit_is_tritons_out_of_resources(
        fresh_triton_cache, fallback):
    tile.triton.enable(fallback=fallback)
    tile.triton.reset_stats()
    with warnings.catch_warnings():
        warnings.simplefilter("error", TileFallbackWarning)
        with pytest.raises(TileOutOfResources) as info:
            compile_case(OVER_SHARED_MEMORY, 80)
    error = info.value
    # What Triton's autotuner and Inductor catch to drop a config.
    assert isinstance(error, OutOfResources)
    assert isinstance(error, TileCompilationError)
    assert (error.required, error.limit, error.name) == (
        196608, 166912, "shared memory")
    assert error.kernel == "matmul_bias_relu"
    assert "196608 bytes of shared memory" in str(error)
    assert tile.triton.stats()["out_of_resources"] == 1
    assert tile.triton.stats()["fell_back"] == 0
    assert _cache_files(fresh_triton_cache) == []
    copy = pickle.loads(pickle.dumps(error))
    assert isinstance(copy, TileOutOfResources) and copy.limit == 166912


def _failing_compile(stage: str, error: str):
    def compile(self, ir, **options):
        return CompileResult(succeeded=False, failed_stage=stage, error=error,
                             kernel_name="masked_axpy", metadata={},
                             diagnostics=[{"severity": "error",
                                           "message": "boom", "stage": stage}])
    return compile


def test_a_failing_stage_leaves_no_cache_entry(tile_enabled, fresh_triton_cache,
                                               monkeypatch):
    with monkeypatch.context() as patch:
        patch.setattr(Library, "compile",
                      _failing_compile("ttgir", "k.py:3:4: boom"))
        with pytest.raises(TileCompilationError) as info:
            compile_case(CASES[0], 80)
    assert (info.value.stage, info.value.reason) == ("ttgir", "k.py:3:4: boom")
    assert info.value.diagnostics[0]["message"] == "boom"
    assert _cache_files(fresh_triton_cache) == []
    # The same kernel compiles once tile can: nothing stale in the way.
    kernel = compile_case(CASES[0], 80)
    assert tile.triton.stats()["compiled"] == 1
    assert ".target sm_80" in kernel.asm["ptx"]


def test_fallback_compiles_with_triton_and_warns_once(tile_enabled,
                                                      monkeypatch):
    monkeypatch.setenv("TILE_TRITON_FALLBACK", "1")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = compile_case(CASES[0], BLACKWELL)
        other = Case("axpy_512", masked_axpy, CASES[0].signature,
                     {"BLOCK": 512}, CASES[0].options)
        second = compile_case(other, BLACKWELL)
    fallbacks = [w for w in caught if issubclass(w.category, TileFallbackWarning)]
    assert len(fallbacks) == 1, [str(w.message) for w in caught]
    assert "masked_axpy" in str(fallbacks[0].message)
    assert "Triton's compiler compiles it instead" in str(fallbacks[0].message)
    stats = tile.triton.stats()
    assert stats["fell_back"] == 2 and stats["compiled"] == 0
    for kernel in (first, second):
        assert kernel.asm["cubin"][:4] == b"\x7fELF"
        # Triton's own TTGIR (tile writes no sm_100 module).
        assert 'ttg.target = "cuda:100"' in kernel.asm["ttgir"]


def test_fallback_argument_overrides_the_environment(monkeypatch):
    monkeypatch.setenv("TILE_TRITON_FALLBACK", "1")
    tile.triton.enable(fallback=False)
    try:
        with pytest.raises(TileCompilationError):
            compile_case(CASES[0], BLACKWELL)
    finally:
        tile.triton.disable()


def test_targets_tile_does_not_compile_for(tile_enabled):
    with pytest.raises(TileCompilationError) as info:
        compile_case(CASES[0], 100)
    assert info.value.stage == "options"
    assert "sm_100" in info.value.reason

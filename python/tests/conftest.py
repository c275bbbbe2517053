"""Fixtures of tile's Python tests: compile-only (no GPU), each test with a
cache folder of its own so that Triton's cache cannot answer for tile."""

from __future__ import annotations

import pytest

import tile
import tile.triton


@pytest.fixture(autouse=True)
def fresh_triton_cache(tmp_path, monkeypatch):
    """A new TRITON_CACHE_DIR per test; tile disabled around each test."""
    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "triton-cache"))
    monkeypatch.delenv("TILE_TRITON_FALLBACK", raising=False)
    tile.triton.disable()
    yield tmp_path / "triton-cache"
    tile.triton.disable()


@pytest.fixture
def tile_enabled():
    tile.triton.enable()
    tile.triton.reset_stats()
    yield
    tile.triton.disable()


@pytest.fixture(scope="session")
def library():
    return tile.load_library()

"""tile as Triton's compiler.

``enable()`` installs Triton's stages hook
(``triton.knobs.runtime.add_stages_inspection_hook``): from then on every
kernel Triton compiles in this process (``@triton.jit`` launches,
``triton.compile``, autotuning, Inductor) is compiled by tile from TTIR
onward; Triton's frontend builds the TTIR, Triton's ptxas call makes the
cubin and Triton's launcher (or Inductor's static launcher) runs it.

* ``TILE_TRITON=1`` in the environment enables tile at interpreter start
  (the ``tile-triton.pth`` file the package installs), so that Inductor's
  compile workers, which are separate processes, use tile too.
* ``python -m tile.triton PROGRAM.py ARGS...`` runs a program with tile as
  the compiler.
* Triton 3.6.0's cache does not key on the hook: while tile is enabled, the
  NVIDIA backend's hash carries tile's version and the SHA-256 of
  libtile-compiler.so, so tile's kernels live under cache keys of their own,
  never mixed with Triton's.
* ``TILE_TRITON_LOG=FILE`` appends one JSON line per kernel compiled, from
  every process (``{"pid", "kernel", "outcome", "seconds"[, "reason"]}``;
  compiled kernels add ``shared``, ``num_warps`` and ``num_stages``). With
  ``TILE_TRITON_COMPARE=1`` Triton also compiles each kernel up to LLVM IR
  and the line adds ``triton_shared`` and ``triton_num_warps``.
* A kernel tile cannot compile raises ``TileCompilationError`` (the kernel,
  the stage, the reason). With ``TILE_TRITON_FALLBACK=1`` (or
  ``enable(fallback=True)``) Triton compiles it instead, with one
  ``TileFallbackWarning`` per kernel; ``stats()`` counts both.
* A config that needs more shared memory than a block may use raises
  ``TileOutOfResources``, which is also Triton's ``OutOfResources``: the
  autotuner and Inductor drop the config as they do when Triton's launcher
  raises it. It never falls back; ``stats()["out_of_resources"]`` counts it.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import warnings
from typing import Any, Iterator, Optional

from tile._library import load_library
from tile.triton._stages import (SUPPORTED_CAPABILITIES, KernelCompile,
                                 TileCompilationError, TileFallbackWarning,
                                 TileOutOfResources, env_flag,
                                 kernel_name_of)

__all__ = ["SUPPORTED_CAPABILITIES", "TileCompilationError",
           "TileFallbackWarning", "TileOutOfResources", "cache_salt",
           "disable", "enable", "enabled",
           "is_enabled", "stats", "reset_stats"]

_FALLBACK_ENV = "TILE_TRITON_FALLBACK"
#: A file to which every process appends one JSON line per kernel it
#: compiles (pid, kernel, outcome, seconds, reason): the record of a run
#: whose kernels compile in many processes.
_LOG_ENV = "TILE_TRITON_LOG"


class _Hook:
    """The installed hook: the stages hook itself, what it replaced, and the
    counts stats() reports."""

    def __init__(self, fallback: Optional[bool]):
        self.library = load_library()
        self.fallback = fallback
        self.lock = threading.Lock()
        self.counts = {"compiled": 0, "fell_back": 0, "failed": 0,
                       "out_of_resources": 0}
        self.seconds = 0.0
        self.warned: set[str] = set()
        self.previous_hook: Any = None
        self.original_hash: Any = None

    def salt(self) -> str:
        return f"tile-{self.library.version.split()[0]}-{self.library.digest[:16]}"

    def falls_back(self) -> bool:
        if self.fallback is not None:
            return self.fallback
        return env_flag(_FALLBACK_ENV)

    def record(self, outcome: str, seconds: float, kernel: str = "",
               reason: str = "", details: Optional[dict[str, Any]] = None
               ) -> None:
        with self.lock:
            self.counts[outcome] += 1
            self.seconds += seconds
        log = os.environ.get(_LOG_ENV)
        if log:
            entry = {"pid": os.getpid(), "kernel": kernel, "outcome": outcome,
                     "seconds": round(seconds, 6)}
            if reason:
                entry["reason"] = reason
            entry.update(details or {})
            # One short line per write: appends from many processes (Inductor's
            # workers) do not interleave.
            with open(log, "a") as f:
                f.write(json.dumps(entry) + "\n")

    def warn_once(self, kernel: str, message: str) -> None:
        with self.lock:
            if kernel in self.warned:
                return
            self.warned.add(kernel)
        warnings.warn(message, TileFallbackWarning, stacklevel=3)

    def __call__(self, backend=None, stages=None, options=None, language=None,
                 capability=None):
        # Triton after 3.6 also calls the hook with no arguments, for a
        # (cache key, specialization hash) pair.
        if stages is None and options is None and language is None and \
                capability is None:
            salt = self.salt()
            return salt, salt
        from triton.backends.compiler import Language
        kernel = KernelCompile(self.library, backend, options, capability,
                               stages, self, self.falls_back())
        if language == Language.TRITON:
            kernel.install(stages)
        else:
            stages["ttgir"] = _refuse_gluon(kernel)
        return None


def _refuse_gluon(kernel: KernelCompile):
    triton_ttgir = kernel.triton_stages["ttgir"]

    def ttgir(src, metadata):
        kernel.kernel = kernel_name_of(str(src))
        error = TileCompilationError(
            kernel.kernel, "ttgir", "Gluon kernels are not compiled by tile")
        kernel.fail(error, metadata)
        return triton_ttgir(src, metadata)

    return ttgir


_hook: Optional[_Hook] = None
_hook_lock = threading.Lock()


def enable(*, fallback: Optional[bool] = None) -> None:
    """Makes tile the compiler of every Triton kernel compiled from now on in
    this process. `fallback`: compile with Triton what tile cannot (None:
    as TILE_TRITON_FALLBACK says). Kernels this process already compiled
    and keeps in memory stay Triton's."""
    global _hook
    from triton import knobs
    from triton.backends.nvidia.compiler import CUDABackend
    with _hook_lock:
        if _hook is not None:
            _hook.fallback = fallback
            return
        hook = _Hook(fallback)
        current = knobs.runtime.add_stages_inspection_hook
        if current is not None:
            raise RuntimeError("another stages hook is installed "
                               f"({current!r}); tile cannot take over "
                               "Triton's stages alongside it")
        hook.original_hash = CUDABackend.__dict__["hash"]
        original = CUDABackend.hash

        def hash_with_tile(self) -> str:
            return f"{original(self)}-{hook.salt()}"

        CUDABackend.hash = hash_with_tile
        knobs.runtime.add_stages_inspection_hook = hook
        _hook = hook


def disable() -> None:
    """Gives the compile back to Triton's own stages."""
    global _hook
    from triton import knobs
    from triton.backends.nvidia.compiler import CUDABackend
    with _hook_lock:
        if _hook is None:
            return
        if knobs.runtime.add_stages_inspection_hook is _hook:
            knobs.runtime.add_stages_inspection_hook = None
        CUDABackend.hash = _hook.original_hash
        _hook = None


@contextlib.contextmanager
def enabled() -> Iterator[None]:
    """tile compiles Triton's kernels inside the block; after it (an
    exception included) compiling goes back to whoever did it before."""
    was_enabled = is_enabled()
    enable()
    try:
        yield
    finally:
        if not was_enabled:
            disable()


def is_enabled() -> bool:
    """Whether tile compiles Triton's kernels in this process."""
    return _hook is not None


def cache_salt() -> str:
    """What tile adds to Triton's cache key: its version and the SHA-256 of
    libtile-compiler.so."""
    return (_hook or _Hook(None)).salt()


def stats() -> dict[str, Any]:
    """Kernels compiled by tile, fallen back to Triton, failed, over the
    shared-memory limit, and the seconds tile's compiles took (ptxas
    included), in this process since enable()."""
    if _hook is None:
        return {"compiled": 0, "fell_back": 0, "failed": 0,
                "out_of_resources": 0, "compile_seconds": 0.0}
    with _hook.lock:
        return {**_hook.counts, "compile_seconds": _hook.seconds}


def reset_stats() -> None:
    """Sets the counts of stats() back to zero."""
    if _hook is not None:
        with _hook.lock:
            _hook.counts = dict.fromkeys(_hook.counts, 0)
            _hook.seconds = 0.0

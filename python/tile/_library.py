"""ctypes bindings of libtile-compiler.so (plugin/compiler/TileCompiler.h)."""

from __future__ import annotations

import ctypes
import functools
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

#: TileCompiler.h's TILE_COMPILER_API_VERSION this module is written against.
API_VERSION = 1

#: tile_stage, in compilation order.
STAGES = ("ttir", "ttgir", "llvm_mlir", "llir", "ptx")

_PACKAGE_DIR = Path(__file__).resolve().parent
_LIBRARY_NAME = "libtile-compiler.so"


class LibraryNotFoundError(RuntimeError):
    """No libtile-compiler.so where tile looks for it."""


class _Options(ctypes.Structure):
    _fields_ = [
        ("target", ctypes.c_char_p),
        ("num_warps", ctypes.c_int32),
        ("num_stages", ctypes.c_int32),
        ("num_ctas", ctypes.c_int32),
        ("maxnreg", ctypes.c_int32),
        ("enable_fp_fusion", ctypes.c_int32),
        ("enable_reflect_ftz", ctypes.c_int32),
        ("line_info", ctypes.c_int32),
        ("ptx_version", ctypes.c_int32),
        ("libdevice_path", ctypes.c_char_p),
        ("keep_stages", ctypes.c_uint32),
    ]


def library_candidates() -> list[Path]:
    """Where libtile-compiler.so is looked for, in order: $TILE_COMPILER_LIBRARY,
    the copy a wheel carries, then a build tree beside the package (an
    editable install from a checkout), the self-contained build first."""
    candidates = []
    if os.environ.get("TILE_COMPILER_LIBRARY"):
        candidates.append(Path(os.environ["TILE_COMPILER_LIBRARY"]))
    candidates.append(_PACKAGE_DIR / "_lib" / _LIBRARY_NAME)
    repo = _PACKAGE_DIR.parent.parent
    build = Path(os.environ.get("TILE_BUILD_DIR", repo / "build"))
    candidates.append(build / "lib" / "self-contained" / _LIBRARY_NAME)
    candidates.append(build / "lib" / _LIBRARY_NAME)
    return candidates


@dataclass
class CompileResult:
    """The outcome of one compile (tile_result)."""

    succeeded: bool
    failed_stage: str
    error: str
    kernel_name: str
    metadata: dict[str, Any]
    diagnostics: list[dict[str, Any]]
    stages: dict[str, str] = field(default_factory=dict)


class Library:
    """A loaded libtile-compiler.so."""

    def __init__(self, path: Path):
        self.path = path
        self._lib = ctypes.CDLL(str(path))
        lib = self._lib
        lib.tile_options_init.argtypes = [ctypes.POINTER(_Options)]
        lib.tile_options_init.restype = None
        lib.tile_api_version.restype = ctypes.c_int32
        lib.tile_version.restype = ctypes.c_char_p
        lib.tile_compile.argtypes = [ctypes.c_char_p, ctypes.c_size_t,
                                     ctypes.c_char_p, ctypes.POINTER(_Options)]
        lib.tile_compile.restype = ctypes.c_void_p
        for name in ("tile_result_failed_stage", "tile_result_error",
                     "tile_result_diagnostics_json", "tile_result_kernel_name",
                     "tile_result_metadata_json"):
            getattr(lib, name).argtypes = [ctypes.c_void_p]
            getattr(lib, name).restype = ctypes.c_char_p
        lib.tile_result_succeeded.argtypes = [ctypes.c_void_p]
        lib.tile_result_succeeded.restype = ctypes.c_int32
        lib.tile_result_stage.argtypes = [ctypes.c_void_p, ctypes.c_int,
                                          ctypes.POINTER(ctypes.c_size_t)]
        lib.tile_result_stage.restype = ctypes.c_void_p
        lib.tile_result_destroy.argtypes = [ctypes.c_void_p]
        lib.tile_result_destroy.restype = None
        if lib.tile_api_version() != API_VERSION:
            raise RuntimeError(f"{path} implements API version "
                               f"{lib.tile_api_version()}; this package "
                               f"needs {API_VERSION}")

    @property
    def version(self) -> str:
        return self._lib.tile_version().decode()

    @functools.cached_property
    def digest(self) -> str:
        """The SHA-256 of the library file: what tile's cache keys on."""
        sha = hashlib.sha256()
        with open(self.path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                sha.update(chunk)
        return sha.hexdigest()

    def compile(self, ir: str, *, source_name: str = "<input>",
                target: str = "cuda:90", num_warps: int = 4,
                num_stages: int = 3, num_ctas: int = 1,
                maxnreg: Optional[int] = None, enable_fp_fusion: bool = True,
                enable_reflect_ftz: bool = True, line_info: bool = True,
                ptx_version: Optional[int] = None,
                libdevice_path: Optional[str] = None,
                keep: tuple[str, ...] = ("ptx",)) -> CompileResult:
        """Compiles TTIR (or TTGIR) text to PTX; `keep` names the stages
        whose text the result holds (STAGES)."""
        options = _Options()
        self._lib.tile_options_init(ctypes.byref(options))
        options.target = target.encode()
        options.num_warps = num_warps
        options.num_stages = num_stages
        options.num_ctas = num_ctas
        options.maxnreg = maxnreg or 0
        options.enable_fp_fusion = int(enable_fp_fusion)
        options.enable_reflect_ftz = int(enable_reflect_ftz)
        options.line_info = int(line_info)
        options.ptx_version = ptx_version or 0
        options.libdevice_path = libdevice_path.encode() if libdevice_path else None
        mask = 0
        for stage in keep:
            mask |= 1 << STAGES.index(stage)
        options.keep_stages = mask
        data = ir.encode()
        handle = self._lib.tile_compile(data, len(data), source_name.encode(),
                                        ctypes.byref(options))
        if not handle:
            raise MemoryError("tile_compile returned no result")
        try:
            return self._read_result(handle)
        finally:
            self._lib.tile_result_destroy(handle)

    def _read_result(self, handle: int) -> CompileResult:
        lib = self._lib
        stages = {}
        size = ctypes.c_size_t()
        for index, name in enumerate(STAGES):
            text = lib.tile_result_stage(handle, index, ctypes.byref(size))
            if text:
                stages[name] = ctypes.string_at(text, size.value).decode()
        return CompileResult(
            succeeded=bool(lib.tile_result_succeeded(handle)),
            failed_stage=lib.tile_result_failed_stage(handle).decode(),
            error=lib.tile_result_error(handle).decode(errors="replace"),
            kernel_name=lib.tile_result_kernel_name(handle).decode(),
            metadata=json.loads(lib.tile_result_metadata_json(handle)),
            diagnostics=json.loads(lib.tile_result_diagnostics_json(handle)),
            stages=stages,
        )


@functools.lru_cache(maxsize=None)
def load_library() -> Library:
    """The first libtile-compiler.so of library_candidates(), loaded once."""
    tried = library_candidates()
    for path in tried:
        if path.is_file():
            return Library(path)
    raise LibraryNotFoundError(
        "libtile-compiler.so not found; looked in " +
        ", ".join(str(p) for p in tried) +
        " (build tile, or set TILE_COMPILER_LIBRARY)")

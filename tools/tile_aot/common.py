"""What every part of tile-aot shares: its errors, its log line,
tools/tile-compile loaded as a module, and all-or-nothing file writing."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import tempfile
from types import ModuleType


TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TILE_COMPILE = os.path.join(TOOLS, "tile-compile")


def load_tile_compile() -> ModuleType:
    """tile-compile as a module: its IR readers (find_kernel, find_matching,
    split_top_level) are the ones that wrote the metadata we read."""
    loader = importlib.machinery.SourceFileLoader("tile_compile", TILE_COMPILE)
    spec = importlib.util.spec_from_loader("tile_compile", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


tc = load_tile_compile()


class UsageError(Exception):
    """Bad arguments: exit status 2."""


class CompileError(Exception):
    """The kernel did not compile: exit status 1."""


def log(msg: str) -> None:
    print(f"tile-aot: {msg}", flush=True)


def write_files(files: dict[str, str]) -> None:
    """Writes {path: text} all or nothing: each to a temporary file first,
    then renamed into place."""
    temps = []
    try:
        for path, text in files.items():
            folder = os.path.dirname(os.path.abspath(path))
            os.makedirs(folder, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tile-aot-")
            temps.append((tmp, path))
            with os.fdopen(fd, "w") as f:
                f.write(text)
        for tmp, path in temps:
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)
    finally:
        for tmp, _ in temps:
            if os.path.exists(tmp):
                os.unlink(tmp)

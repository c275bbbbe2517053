"""tile: Triton's tile-level GPU compiler on stock MLIR, compiling in-process.

``tile.compile`` compiles TTIR or TTGIR text to PTX through
libtile-compiler.so; ``tile.triton`` makes tile the compiler of Triton's own
frontend, launcher and Inductor.
"""

from tile._library import (STAGES, CompileResult, Library,
                           LibraryNotFoundError, load_library)

__version__ = "0.4.0"

__all__ = ["STAGES", "CompileResult", "Library", "LibraryNotFoundError",
           "compile", "load_library", "__version__"]


def compile(ir: str, **options) -> CompileResult:
    """Compiles TTIR (or TTGIR) text; see Library.compile for the options."""
    return load_library().compile(ir, **options)

"""Packaging beyond pyproject.toml: the interpreter-start hook
(tile-triton.pth) goes to the top of site-packages, and a wheel carries
libtile-compiler.so when one is given ($TILE_COMPILER_LIBRARY) or built
(../build/lib/self-contained/)."""

import os
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _library():
    given = os.environ.get("TILE_COMPILER_LIBRARY")
    if given:
        return Path(given)
    built = HERE.parent / "build" / "lib" / "self-contained" / "libtile-compiler.so"
    return built if built.is_file() else None


class BuildPy(build_py):
    """Adds tile-triton.pth beside the packages (site-packages itself) and,
    outside editable installs, the compiler library to tile/_lib/."""

    def run(self):
        super().run()
        shutil.copy(HERE / "tile-triton.pth", Path(self.build_lib) / "tile-triton.pth")
        library = _library()
        if library and not self.editable_mode:
            target = Path(self.build_lib) / "tile" / "_lib"
            target.mkdir(parents=True, exist_ok=True)
            shutil.copy(library, target / "libtile-compiler.so")

    def get_outputs(self, include_bytecode=True):
        return [*super().get_outputs(include_bytecode),
                str(Path(self.build_lib) / "tile-triton.pth")]


setup(cmdclass={"build_py": BuildPy})

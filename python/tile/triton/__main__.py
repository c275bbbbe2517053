"""python -m tile.triton [--stats] PROGRAM.py ARGS... | -m MODULE ARGS...

Runs a Python program with tile as Triton's compiler: TILE_TRITON=1 is set
for the program and every process it starts (Inductor's compile workers
enable tile from the package's .pth file), and tile is enabled here before
the program's first line. Where the package is not installed into
site-packages (no .pth), Inductor is asked to compile in this process
(TORCHINDUCTOR_COMPILE_THREADS=1) so that no kernel escapes tile.
"""

from __future__ import annotations

import os
import runpy
import sys
import sysconfig
from pathlib import Path


def _pth_installed() -> bool:
    """Whether tile-triton.pth sits where this interpreter reads .pth files."""
    import site
    folders = {sysconfig.get_paths()["purelib"], *site.getsitepackages()}
    if site.ENABLE_USER_SITE:
        folders.add(site.getusersitepackages())
    return any((Path(folder) / "tile-triton.pth").is_file() for folder in folders)


USAGE = ("usage: python -m tile.triton [--stats] PROGRAM.py ARGS...\n"
         "       python -m tile.triton [--stats] -m MODULE ARGS...")


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    show_stats = False
    while args and args[0] in ("--stats", "-h", "--help"):
        if args.pop(0) == "--stats":
            show_stats = True
        else:
            print(__doc__.strip() + "\n\n" + USAGE)
            return 0
    if not args or (args[0] == "-m" and len(args) < 2):
        print(USAGE, file=sys.stderr)
        return 2

    os.environ["TILE_TRITON"] = "1"
    if not _pth_installed():
        os.environ.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")

    import tile.triton
    tile.triton.enable()
    try:
        if args[0] == "-m":
            sys.argv = args[1:]
            runpy.run_module(args[1], run_name="__main__", alter_sys=True)
        else:
            sys.argv = args
            sys.path.insert(0, str(Path(args[0]).resolve().parent))
            runpy.run_path(args[0], run_name="__main__")
    finally:
        if show_stats:
            print(f"tile.triton.stats(): {tile.triton.stats()}",
                  file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Compiles every kernel of a Triton cache again with tile and compares the
SASS with Triton's: instruction count, registers, and the instruction kinds
whose counts differ. A CPU check for the kernels a GPU run left behind
(bench/torch_models.py keeps each phase's TRITON_CACHE_DIR with --keep-caches;
a cache holds each kernel's .ttir, Triton's .ptx and the .json of its
options).

    python3 bench/sass_compare.py CACHE_DIR [--only SUBSTRING] [--kinds]
        [--keep DIR]

Needs the self-contained libtile-compiler.so (TILE_COMPILER_LIBRARY),
ptxas (TILE_PTXAS, default /usr/local/cuda/bin/ptxas) and cuobjdump (the
Triton wheel's). Kernels where tile's SASS is more than 3 % longer are
marked `<<`. With --keep, each compared kernel's PTX and SASS from both
compilers are written to DIR as NAME.{tile,triton}.{ptx,sass}.
"""

from __future__ import annotations

import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "python"))

INSTRUCTION = re.compile(r"^\s+/\*[0-9a-f]{4}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)",
                         re.M)


def triton_tool(name: str) -> str:
    import triton
    return os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia",
                        "bin", name)


def sass(ptx: str, arch: str, workdir: str,
         keep: str | None = None) -> tuple[collections.Counter, int]:
    """Instruction kinds of `ptx` assembled by ptxas, and its registers.
    With `keep` (a path without suffix), the PTX and SASS are saved there."""
    path = os.path.join(workdir, "kernel.ptx")
    with open(path, "w") as f:
        f.write(ptx)
    ptxas = os.environ.get("TILE_PTXAS", "/usr/local/cuda/bin/ptxas")
    log = subprocess.run([ptxas, f"-arch={arch}", "-v", path, "-o",
                          path + ".cubin"], capture_output=True, text=True)
    if log.returncode != 0:
        raise RuntimeError(log.stderr.strip())
    registers = re.search(r"Used (\d+) registers", log.stderr)
    dump = subprocess.run([triton_tool("cuobjdump"), "-sass", path + ".cubin"],
                          capture_output=True, text=True, check=True).stdout
    if keep:
        for suffix, text in ((".ptx", ptx), (".sass", dump)):
            with open(keep + suffix, "w") as f:
                f.write(text)
    return (collections.Counter(INSTRUCTION.findall(dump)),
            int(registers.group(1)) if registers else -1)


def kept(directory: str | None, name: str, compiler: str) -> str | None:
    return os.path.join(directory, f"{name}.{compiler}") if directory else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cache", help="a TRITON_CACHE_DIR of Triton's compile")
    parser.add_argument("--only", help="kernels whose name contains this")
    parser.add_argument("--kinds", action="store_true",
                        help="list the instruction kinds whose counts differ")
    parser.add_argument("--keep", metavar="DIR",
                        help="write both compilers' PTX and SASS to DIR")
    args = parser.parse_args()

    from tile._library import load_library
    library = load_library()
    libdevice = os.path.join(os.path.dirname(triton_tool("ptxas")), "..",
                             "lib", "libdevice.10.bc")
    longer = 0
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    with tempfile.TemporaryDirectory() as workdir:
        for ttir in sorted(glob.glob(os.path.join(args.cache, "*", "*.ttir"))):
            base = ttir[:-len(".ttir")]
            name = os.path.basename(base)
            if args.only and args.only not in name:
                continue
            if not (os.path.exists(base + ".ptx")
                    and os.path.exists(base + ".json")):
                continue
            with open(base + ".json") as f:
                meta = json.load(f)
            arch = f"sm_{meta['target']['arch']}" + (
                "a" if meta["target"]["arch"] == 90 else "")
            with open(ttir) as f:
                result = library.compile(
                    f.read(), target=f"cuda:{meta['target']['arch']}",
                    num_warps=meta["num_warps"],
                    num_stages=meta["num_stages"], keep=("ptx",),
                    libdevice_path=libdevice)
            if not result.succeeded:
                print(f"{name}: tile failed: {result.error}")
                continue
            with open(base + ".ptx") as f:
                theirs, their_registers = sass(f.read(), arch, workdir,
                                               kept(args.keep, name, "triton"))
            ours, our_registers = sass(result.stages["ptx"], arch, workdir,
                                       kept(args.keep, name, "tile"))
            count, their_count = sum(ours.values()), sum(theirs.values())
            mark = " <<" if count > 1.03 * their_count else ""
            longer += bool(mark)
            print(f"{name[:72]:72s} w{meta['num_warps']:<2d} tile {count:5d} "
                  f"instr {our_registers:3d} regs | Triton {their_count:5d} "
                  f"instr {their_registers:3d} regs{mark}")
            if args.kinds:
                kinds = sorted(set(ours) | set(theirs))
                print("    " + ", ".join(f"{k} {ours[k]}/{theirs[k]}"
                                         for k in kinds if ours[k] != theirs[k]))
    print(f"{longer} kernels more than 3 % longer under tile")
    return 0


if __name__ == "__main__":
    sys.exit(main())

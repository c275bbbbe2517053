#!/usr/bin/env python3
"""Compiles every kernel of a Triton cache again with tile and compares the
SASS with Triton's: instruction count, registers, spill stores, and the
instruction kinds whose counts differ. A CPU check for the kernels a GPU run left behind
(bench/torch_models.py keeps each phase's TRITON_CACHE_DIR with --keep-caches;
a cache holds each kernel's .ttir, Triton's .ptx and the .json of its
options).

    python3 bench/sass_compare.py CACHE_DIR [--only SUBSTRING] [--kinds]
        [--keep DIR]

Needs the self-contained libtile-compiler.so (TILE_COMPILER_LIBRARY),
ptxas (TILE_PTXAS, default /usr/local/cuda/bin/ptxas) and cuobjdump (the
Triton wheel's). Kernels where tile's SASS is more than 3 % longer are
marked `<<`, those where ptxas spills more bytes for tile's than for
Triton's `!!`. With --keep, each compared kernel's PTX and SASS from both
compilers are written to DIR as NAME-HASH.{tile,triton}.{ptx,sass} (HASH:
the first characters of its cache folder).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "python"))

INSTRUCTION = re.compile(r"^\s+/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)",
                         re.M)


def triton_tool(name: str) -> str:
    import triton
    return os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia",
                        "bin", name)


@dataclasses.dataclass
class Assembled:
    """What ptxas made of a kernel's PTX."""
    kinds: collections.Counter
    registers: int
    spill_bytes: int

    @property
    def instructions(self) -> int:
        return sum(self.kinds.values())


def sass(ptx: str, arch: str, workdir: str,
         keep: str | None = None) -> Assembled:
    """`ptx` assembled by ptxas: its instruction kinds, registers and bytes
    of spill stores. With `keep` (a path without suffix), the PTX and SASS
    are saved there."""
    path = os.path.join(workdir, "kernel.ptx")
    with open(path, "w") as f:
        f.write(ptx)
    ptxas = os.environ.get("TILE_PTXAS", "/usr/local/cuda/bin/ptxas")
    log = subprocess.run([ptxas, f"-arch={arch}", "-v", path, "-o",
                          path + ".cubin"], capture_output=True, text=True)
    if log.returncode != 0:
        raise RuntimeError(log.stderr.strip())
    registers = re.search(r"Used (\d+) registers", log.stderr)
    spills = re.search(r"(\d+) bytes spill stores", log.stderr)
    dump = subprocess.run([triton_tool("cuobjdump"), "-sass", path + ".cubin"],
                          capture_output=True, text=True, check=True).stdout
    if keep:
        for suffix, text in ((".ptx", ptx), (".sass", dump)):
            with open(keep + suffix, "w") as f:
                f.write(text)
    return Assembled(collections.Counter(INSTRUCTION.findall(dump)),
                     int(registers.group(1)) if registers else -1,
                     int(spills.group(1)) if spills else 0)


def kept(directory: str | None, base: str, compiler: str) -> str | None:
    """Where --keep writes one compiler's files of the kernel at `base`:
    NAME-HASH.COMPILER (autotune configs of one kernel share its name)."""
    if not directory:
        return None
    name = os.path.basename(base)
    config = os.path.basename(os.path.dirname(base))[:8]
    return os.path.join(directory, f"{name}-{config}.{compiler}")


def kernel_warps(base: str, total: int) -> int:
    """The num_warps the kernel at `base` was compiled with: its TTGIR's
    `ttg.num-warps` where the cache holds it, else the metadata's total."""
    try:
        with open(base + ".ttgir") as f:
            match = re.search(r'"ttg\.num-warps" = (\d+)', f.read())
    except OSError:
        return total
    return int(match.group(1)) if match else total


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
    longer = spilling = 0
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
            # A warp-specialized kernel's metadata counts every warp (12);
            # the compile takes the kernel's own, which its TTGIR records.
            meta["num_warps"] = kernel_warps(base, meta["num_warps"])
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
                theirs = sass(f.read(), arch, workdir,
                              kept(args.keep, base, "triton"))
            ours = sass(result.stages["ptx"], arch, workdir,
                        kept(args.keep, base, "tile"))
            mark = " <<" if ours.instructions > 1.03 * theirs.instructions else ""
            longer += bool(mark)
            if ours.spill_bytes > theirs.spill_bytes:
                mark += " !!"
                spilling += 1
            print(f"{name[:72]:72s} w{meta['num_warps']:<2d} tile "
                  f"{ours.instructions:5d} instr {ours.registers:3d} regs "
                  f"{ours.spill_bytes:4d} spilled | Triton "
                  f"{theirs.instructions:5d} instr {theirs.registers:3d} regs "
                  f"{theirs.spill_bytes:4d} spilled{mark}")
            if args.kinds:
                kinds = sorted(set(ours.kinds) | set(theirs.kinds))
                print("    " + ", ".join(
                    f"{k} {ours.kinds[k]}/{theirs.kinds[k]}" for k in kinds
                    if ours.kinds[k] != theirs.kinds[k]))
    print(f"{longer} kernels more than 3 % longer under tile, {spilling} "
          f"spilling more")
    return 0


if __name__ == "__main__":
    sys.exit(main())

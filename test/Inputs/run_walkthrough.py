#!/usr/bin/env python3
"""Runs every ```sh block of a walkthrough page, in order, from the
repository root with `build/` pointing at the build tree and `out/` at a
scratch folder; fails (printing the block) when a command fails."""
import os
import pathlib
import re
import subprocess
import sys


def main():
    page, src, build, scratch = map(pathlib.Path, sys.argv[1:5])
    text = page.read_text()
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    if not blocks:
        print("no sh blocks in", page)
        return 1
    (scratch / "out").mkdir(parents=True, exist_ok=True)
    for i, block in enumerate(blocks):
        script = block.replace("build/", f"{build}/").replace(
            "out/", f"{scratch}/out/")
        # tile-compile's default build folder is <src>/build: point it here.
        env = dict(os.environ, TILE_BUILD_DIR=str(build))
        result = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script],
                                cwd=src, capture_output=True, text=True,
                                env=env)
        if result.returncode != 0:
            print(f"FAIL block {i}:\n{block}\n{result.stdout}\n{result.stderr}")
            return 1
        print(f"ok block {i}: {result.stdout.strip().splitlines()[-1:]}")
    print(f"{len(blocks)} blocks ran")
    return 0


if __name__ == "__main__":
    sys.exit(main())

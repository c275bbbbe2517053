#!/usr/bin/env python3
"""Builds tile-fuzz's seed corpus: every file of test/corpus and every .mlir
test input under test/ (split at `// -----`, RUN/CHECK lines kept: they are
comments to the parser), one seed per file or split, named by content hash.

usage: make-seeds.py TILE_ROOT SEED_DIR
"""
import hashlib
import os
import re
import sys


def seeds(root):
    test = os.path.join(root, "test")
    corpus = os.path.join(test, "corpus")
    for name in sorted(os.listdir(corpus)):
        path = os.path.join(corpus, name)
        if os.path.isfile(path) and name.endswith((".ttir", ".ttgir", ".mlir")):
            yield open(path, "rb").read()
    for dirpath, dirnames, filenames in os.walk(test):
        dirnames.sort()
        for name in sorted(filenames):
            if not name.endswith(".mlir"):
                continue
            text = open(os.path.join(dirpath, name), "rb").read()
            for part in re.split(rb"(?m)^// -----.*$", text):
                if part.strip():
                    yield part
    for name in ("examples",):
        d = os.path.join(root, name)
        for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            if f.endswith((".ttir", ".ttgir", ".mlir")):
                yield open(os.path.join(d, f), "rb").read()


def main():
    root, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    n = 0
    for data in seeds(root):
        path = os.path.join(out, hashlib.sha1(data).hexdigest())
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(data)
            n += 1
    print(f"make-seeds: {n} new seeds, {len(os.listdir(out))} in {out}")


if __name__ == "__main__":
    main()

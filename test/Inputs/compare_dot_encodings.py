#!/usr/bin/env python3
"""Compares how two TTGIR files lay out their matmuls: for every tt.dot,
ttg.local_alloc and ttg.local_load, in order, the op name and its types with
every encoding alias written out (so #shared in one file and #shared1 in the
other compare by meaning). Prints `dot encodings identical` or the
differing lines. With --ignore-order the ops are compared as multisets
(for files whose op order differs only by scheduling, e.g. Triton's
tritongpu-reorder-instructions). Usage:
compare_dot_encodings.py [--ignore-order] OURS TRITON"""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from check_corpus import strip_locations  # noqa: E402

OPS = ("tt.dot", "ttg.local_alloc", "ttg.local_load")


def expand_aliases(text):
    """Replaces #alias references by their definitions, innermost first."""
    aliases = {}
    body = []
    for line in text.splitlines():
        match = re.match(r"^#(\w+) = (.*)$", line)
        if match:
            aliases[match.group(1)] = match.group(2)
        else:
            body.append(line)

    def expand(s):
        for _ in range(8):
            s = re.sub(r"#(\w+)\b(?![<.])",
                       lambda m: aliases.get(m.group(1), m.group(0)), s)
        return s

    return [expand(line) for line in body]


def matmul_ops(path):
    ops = []
    for line in expand_aliases(strip_locations(pathlib.Path(path).read_text())):
        for op in OPS:
            if f" {op} " in line or line.lstrip().startswith(op + " "):
                # The op name and everything after the last " : " (types).
                ops.append(f"{op} : {line.rsplit(' : ', 1)[-1].strip()}")
    return ops


def main():
    args = sys.argv[1:]
    ignore_order = "--ignore-order" in args
    args = [a for a in args if a != "--ignore-order"]
    ours, triton = (matmul_ops(p) for p in args[:2])
    if ignore_order:
        ours, triton = sorted(ours), sorted(triton)
    if ours == triton:
        print("dot encodings identical")
        return 0
    print(f"{len(ours)} ops in tile, {len(triton)} in triton")
    for i in range(max(len(ours), len(triton))):
        a = ours[i] if i < len(ours) else "<none>"
        b = triton[i] if i < len(triton) else "<none>"
        if a != b:
            print(f"op {i}:\n  tile:   {a}\n  triton: {b}")
    return 1


if __name__ == "__main__":
    sys.exit(main())

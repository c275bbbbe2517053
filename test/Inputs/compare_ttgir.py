#!/usr/bin/env python3
"""Compares two TTGIR files up to locations and SSA value names.

usage: compare_ttgir.py [--layouts] OURS TRITON

Default: prints `identical` or a diff of the whole text.
--layouts: compares what the layout passes decide, ignoring the order in
which independent ops (e.g. hoisted constants) print: the multiset of
(op, result types with their encodings spelled out) and the number of
ttg.convert_layout ops. Prints `same layouts` or what differs."""
import collections
import difflib
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from check_corpus import alpha_rename, strip_locations  # noqa: E402

ALIAS = re.compile(r"^(#[\w.]+) = (.*)$", re.M)
OP = re.compile(r"^\s*(?:%[\w#:, %]+ = )?\"?([a-z_]+\.[\w.]+)\"?.*?(?::\s*(.*))?$")


def layout_signature(text):
    aliases = dict(ALIAS.findall(text))
    body = ALIAS.sub("", text)
    for name in sorted(aliases, key=len, reverse=True):
        body = re.sub(re.escape(name) + r"\b", aliases[name], body)
    ops = collections.Counter()
    for line in body.splitlines():
        m = OP.match(line)
        if m:
            ops[(m.group(1), (m.group(2) or "").strip())] += 1
    return ops


def main():
    args = sys.argv[1:]
    layouts = args and args[0] == "--layouts"
    if layouts:
        args = args[1:]
    ours, triton = (alpha_rename(strip_locations(pathlib.Path(p).read_text()))
                    for p in args[:2])
    if layouts:
        a, b = layout_signature(ours), layout_signature(triton)
        if a == b:
            print("same layouts")
            return 0
        for key in sorted(set(a) | set(b)):
            if a[key] != b[key]:
                print(f"{key[0]} : {key[1]}  tile {a[key]} x, triton {b[key]} x")
        return 1
    if ours == triton:
        print("identical")
        return 0
    print("\n".join(difflib.unified_diff(triton.splitlines(),
                                         ours.splitlines(), "triton", "tile",
                                         lineterm="")))
    return 1


if __name__ == "__main__":
    sys.exit(main())

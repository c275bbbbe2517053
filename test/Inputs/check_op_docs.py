#!/usr/bin/env python3
"""Checks that every op section of a generated dialect doc has a summary
(the italic line under the heading), a description and an ```mlir example."""
import re
import sys

text = open(sys.argv[1]).read()
sections = re.split(r"^### `", text, flags=re.M)[1:]
ops = [s for s in sections if "Op)" in s.splitlines()[0]]
bad = []
for section in ops:
    name = section.split("`")[0]
    body = section.split("#### ")[0]
    has_summary = re.search(r"^_.+_$", body, re.M) is not None
    prose = [l for l in body.splitlines()[1:]
             if l.strip() and not l.startswith(("_", "```", "Syntax", "operation ::="))]
    if not has_summary or not prose or "```mlir" not in body:
        bad.append(name)
for name in bad:
    print("missing summary, description or example:", name)
print(f"{len(ops)} ops, each with a summary, a description and an example"
      if not bad else f"{len(bad)} of {len(ops)} ops lack documentation")

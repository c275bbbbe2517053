#!/usr/bin/env python3
"""Checks docs/Coverage.md against the dialects: every op of the generated
dialect docs has exactly one row, no row names an op that does not exist,
every status is one of the words the page defines, and every op the page
calls lowered is one convert-triton-gpu-to-llvm accepts (its C++ class is
in the isSupported list of TTGToLLVM.cpp), and the other way round.

usage: check_op_coverage.py SRC_ROOT DIALECT_DOC.md...
"""
import re
import sys

STATUSES = ("lowered", "rewritten", "not yet", "unsupported")


def dialect_ops(paths):
    ops = []
    for path in paths:
        for heading in re.findall(r"^### `([^`]+)` \(([^)]*)\)", open(path).read(),
                                  re.M):
            name, kind = heading
            if kind.endswith("Op") or "::" in kind:
                ops.append(name)
    return ops


def class_names(root):
    """mnemonic -> C++ class name, from the ODS defs."""
    names = {}
    for td in ("dialects/tt/TTOps.td", "dialects/ttg/TTGOps.td",
               "dialects/ttg/TTNGOps.td", "dialects/ttg/TTNGTensorMemoryOps.td",
               "dialects/ttg/TTNGTmaOps.td", "dialects/ttg/TTNGClusterOps.td"):
        text = open(f"{root}/{td}").read()
        for prefix, cls, mnemonic in re.findall(
                r"def (TT|TTG|TTNG)_(\w+)\s*:\s*\w+<\"([\w.]+)\"", text):
            names[f"{prefix.lower()}.{mnemonic}"] = cls
    return names


def lowered_classes(root):
    text = open(f"{root}/passes/conversion/TTGToLLVM/TTGToLLVM.cpp").read()
    body = re.search(r"bool isSupported\(Operation \*op\) \{(.*?)\n\}", text,
                     re.S).group(1)
    return set(re.findall(r"(?:tt|ttg|ttng)::(\w+)", body))


def rows(root):
    table = {}
    for line in open(f"{root}/docs/Coverage.md"):
        m = re.match(r"\| `([\w.]+)` \| ([^|]+) \|", line)
        if m:
            if m.group(1) in table:
                print(f"FAIL: two rows for {m.group(1)}")
            table[m.group(1)] = m.group(2).strip()
    return table


def main():
    root, docs = sys.argv[1], sys.argv[2:]
    ops = dialect_ops(docs)
    table = rows(root)
    classes = class_names(root)
    lowered = lowered_classes(root)
    failures = 0
    for op in ops:
        if op not in table:
            print(f"FAIL: {op} has no row in docs/Coverage.md")
            failures += 1
    for op, status in table.items():
        if op not in ops:
            print(f"FAIL: docs/Coverage.md has a row for {op}, which no dialect "
                  "defines")
            failures += 1
            continue
        if not status.startswith(STATUSES):
            print(f"FAIL: {op}: status '{status}' is not one of {STATUSES}")
            failures += 1
        cls = classes.get(op)
        if cls is None:
            continue
        says = status.startswith("lowered")
        if says != (cls in lowered):
            print(f"FAIL: {op}: the page says '{status}' but "
                  f"convert-triton-gpu-to-llvm {'accepts' if cls in lowered else 'refuses'} it")
            failures += 1
    print(f"{len(ops)} ops, {len(table)} rows, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Checks that a registered stage pipeline runs the passes of its .pipeline
file, in the file's order: compares the file with mlir-opt's
--dump-pass-pipeline of the registered pipeline (on stdin), both without
their option groups ({...}: the file's placeholders, the dump's values) and
whitespace.

  check_pipeline_text.py pipelines/ttgir.pipeline < dump
"""
import sys


def passes_only(text):
    """`builtin.module(a{x=1}, b)` -> `builtin.module(a,b)`."""
    kept, depth = [], 0
    for c in text:
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif depth == 0 and not c.isspace():
            kept.append(c)
    return "".join(kept)


def main():
    with open(sys.argv[1]) as f:
        expected = passes_only(f.read())
    dump = sys.stdin.read()
    start = dump.find("builtin.module(")
    if start < 0:
        print(f"error: no builtin.module(...) in the dump:\n{dump}")
        return 1
    actual = passes_only(dump[start:])
    if actual != expected:
        print(f"error: {sys.argv[1]} and the registered pipeline differ\n"
              f"  file:       {expected}\n  registered: {actual}")
        return 1
    print(f"same passes: {actual}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

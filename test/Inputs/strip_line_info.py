#!/usr/bin/env python3
"""Prints a PTX file without its line information: the .loc and .file
directives, the labels llc adds for the line tables, and the DWARF sections
at the end. Line info must not change the code: the PTX of a kernel compiled
with it, stripped, equals the PTX compiled without it."""
import re
import sys

LABEL = re.compile(r"^\$L__(tmp|func_begin|func_end)\d+:")


def strip(text):
    kept = []
    for line in text.splitlines():
        if re.match(r"\s*\.section\s+\.debug", line):
            break
        stripped = line.strip()
        if stripped.startswith((".loc", ".file")) or LABEL.match(stripped):
            continue
        kept.append(line)
    return "\n".join(kept).rstrip() + "\n"


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        sys.stdout.write(strip(f.read()))

#!/usr/bin/env python3
"""Counts instructions in the loops of a PTX file.

usage: ptx_loops.py FILE PREFIX...

A loop is the code from a label down to a branch back to it (a backward
`bra`, predicated or not), as llc lays out an scf.for: the header label,
the body, the latch's conditional branch back. For every such loop, in
order, prints

  loop LABEL: N instructions
    PREFIX: COUNT        (one line per PREFIX given)

where COUNT is the number of instructions in the loop (nested loops
included) whose opcode (after an optional `@%p` / `@!%p` guard) starts with
PREFIX, e.g. `ld.shared` (not `ldmatrix`), `ldmatrix`, `wgmma.mma_async`.
Comments, directives (`.loc`), labels and the lines of a multi-line operand
list are not instructions. Exits 1 if the file has no loop."""
import re
import sys

LABEL = re.compile(r"^(\$?[\w$.]+):")
BRANCH = re.compile(r"\bbra(?:\.uni)?\s+(\$?[\w$.]+)\s*;")
OPCODE = re.compile(r"^\s*(?:@!?%\w+\s+)?([a-z][\w.:]*)")


def instructions(lines):
    """The opcode of each instruction line, in order."""
    for line in lines:
        text = line.split("//", 1)[0]
        if not text.strip() or LABEL.match(text.strip()):
            continue
        if text.lstrip().startswith((".", "{", "}", "%", "$")):
            continue
        m = OPCODE.match(text)
        if m:
            yield m.group(1)


def loops(lines):
    """(label, first line, last line) of each backward branch's loop."""
    defined = {}
    found = []
    for index, line in enumerate(lines):
        m = LABEL.match(line)
        if m:
            defined[m.group(1)] = index
            continue
        m = BRANCH.search(line.split("//", 1)[0])
        if m and m.group(1) in defined:
            found.append((m.group(1), defined[m.group(1)], index))
    return found


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    lines = open(sys.argv[1]).read().splitlines()
    prefixes = sys.argv[2:]
    found = loops(lines)
    if not found:
        print("no loop")
        return 1
    for label, first, last in found:
        opcodes = list(instructions(lines[first:last + 1]))
        print(f"loop {label}: {len(opcodes)} instructions")
        for prefix in prefixes:
            count = sum(1 for op in opcodes if op.startswith(prefix))
            print(f"  {prefix}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Compares two TTGIR files up to locations and SSA value names.

usage: compare_ttgir.py [--layouts | --loops] OURS TRITON
       compare_ttgir.py --loop-summary FILE

Default: prints `identical` or a diff of the whole text.
--layouts: compares what the layout passes decide, ignoring the order in
which independent ops (e.g. hoisted constants) print: the multiset of
(op, result types with their encodings spelled out) and the number of
ttg.convert_layout ops. Prints `same layouts` or what differs.
--loops: compares what matters in the loops of a pipelined kernel, not the
pipeliner's bookkeeping (async tokens, ring indices, where a copy or a
shared-memory read is placed): the mma layouts, and per scf.for the tensors
it carries, its conversions and its dots (each operand `shared` or its
register type), in order; then the conversions outside loops. Prints
`same loops` or a diff of the two summaries.
--loop-summary: prints that summary of one file, one fact per line, every
#ttg.nvidia_mma written mmaN (N in order of first appearance)."""
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


def expand_aliases(text):
    """The text without its alias definitions, every alias spelled out."""
    aliases = dict(ALIAS.findall(text))
    body = ALIAS.sub("", text)
    for name in sorted(aliases, key=len, reverse=True):
        body = re.sub(re.escape(name) + r"\b", aliases[name], body)
    return body


def split_top_level(text, separator):
    """Splits `text` at `separator` where no bracket is open."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        c = text[i]
        if c in "<([{":
            depth += 1
        elif c in ">)]}" and not (c == ">" and text[i - 1] == "-"):
            depth -= 1
        elif depth == 0 and text.startswith(separator, i):
            parts.append(text[start:i])
            i += len(separator)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return [part.strip() for part in parts]


def op_types(line):
    """The functional type of an op line: what follows its top-level ` : `."""
    parts = split_top_level(line, " : ")
    return parts[-1] if len(parts) > 1 else ""


MMA = re.compile(r"#ttg\.nvidia_mma<\{[^}]*\}>")
DOT = re.compile(r"=\s*(tt\.dot|ttng\.warp_group_dot)\s")


def loop_summary(text):
    """The facts --loops compares, one a line (see the module docstring)."""
    body = expand_aliases(strip_locations(text))
    mmas = []
    for m in MMA.finditer(body):
        if m.group(0) not in mmas:
            mmas.append(m.group(0))
    for index, mma in enumerate(mmas):
        body = body.replace(mma, f"mma{index}")
    lines = [f"mma{index} = {mma}" for index, mma in enumerate(mmas)]
    source = body.splitlines()
    in_loop = [False] * len(source)
    loop = 0
    for start, line in enumerate(source):
        if not re.search(r"=\s*scf\.for\s", line):
            continue
        indent = len(line) - len(line.lstrip())
        end = start + 1
        while end < len(source) and not (
                source[end].startswith(" " * indent + "}")
                and len(source[end]) - len(source[end].lstrip()) == indent):
            end += 1
        carried = split_top_level(line.split("->", 1)[1].rsplit(":", 1)[0]
                                  .strip()[1:-1], ",")
        lines += [f"loop {loop} carries {t}" for t in carried
                  if t.startswith("tensor<")]
        for inner in range(start + 1, end):
            in_loop[inner] = True
            lines += [f"loop {loop} {fact}"
                      for fact in body_facts(source[inner])]
        loop += 1
    lines += [fact for index, line in enumerate(source) if not in_loop[index]
              for fact in body_facts(line) if fact.startswith("convert")]
    return lines


def body_facts(line):
    """`convert SRC -> DST` or `dot OP A .. B .. -> RESULT` for one op line."""
    if "ttg.convert_layout" in line:
        return ["convert " + op_types(line)]
    m = DOT.search(line)
    if not m:
        return []
    operands, result = split_top_level(op_types(line), "->")
    a, b = (("shared" if t.startswith("!ttg.memdesc") else t)
            for t in split_top_level(operands, " * "))
    return [f"dot {m.group(1)} A {a} B {b} -> {result}"]


def main():
    args = sys.argv[1:]
    if args and args[0] == "--loop-summary":
        print("\n".join(loop_summary(pathlib.Path(args[1]).read_text())))
        return 0
    if args and args[0] == "--loops":
        a, b = (loop_summary(pathlib.Path(p).read_text()) for p in args[1:3])
        if a == b:
            print("same loops")
            return 0
        print("\n".join(difflib.unified_diff(b, a, "triton", "tile",
                                             lineterm="")))
        return 1
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

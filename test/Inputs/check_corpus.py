#!/usr/bin/env python3
"""Checks tile against Triton 3.6's own TTIR/TTGIR dumps.

For every dump (--glob) in the given folder:
  1. stock mlir-opt with libtile.so parses and verifies it;
  2. print -> parse -> print is a fixed point;
  3. printed with --mlir-use-nameloc-as-prefix (so SSA names come from the
     name locations, as in Triton's dumps), the text equals the dump once
     location text (`loc(...)`, `#locN = ...` lines) is removed.
Prints one line per file and check; exits 1 on any failure.
"""
import argparse
import difflib
import pathlib
import re
import subprocess
import sys


def strip_locations(text):
    """Removes `loc(...)` (balanced parentheses) and #loc alias lines."""
    out = []
    i = 0
    while i < len(text):
        if text.startswith("loc(", i) and (i == 0 or not text[i - 1].isalnum()):
            depth = 0
            j = i + 3
            while j < len(text):
                if text[j] == "(":
                    depth += 1
                elif text[j] == ")":
                    depth -= 1
                    if depth == 0:
                        break
                elif text[j] == '"':
                    j = text.index('"', j + 1)
                j += 1
            i = j + 1
            # The printer puts one space before a location; drop it too.
            if out and out[-1] == " ":
                out.pop()
            continue
        out.append(text[i])
        i += 1
    lines = []
    for line in "".join(out).splitlines():
        if re.match(r"^#loc\d*\s*=", line):
            continue
        lines.append(line.rstrip())
    return "\n".join(line for line in lines if line.strip()) + "\n"


def alpha_rename(text):
    """Renames SSA values to %v0, %v1, ... in order of first appearance."""
    names = {}

    def rename(match):
        return names.setdefault(match.group(0), f"%v{len(names)}")

    return re.sub(r"%[A-Za-z_$.\-][\w$.\-]*|%\d+", rename, text)


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mlir-opt", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument(
        "--alpha-equivalent", action="append", default=[],
        help="a file whose print may differ from the dump only in SSA names")
    parser.add_argument("--glob", default="*.ttir",
                        help="which dumps to check (*.ttir or *.ttgir)")
    parser.add_argument("corpus")
    args = parser.parse_args()
    opt = [args.mlir_opt, "--load-dialect-plugin=" + args.plugin]
    files = sorted(pathlib.Path(args.corpus).glob(args.glob))
    if not files:
        print("no", args.glob, "files in", args.corpus)
        return 1
    failures = 0
    for path in files:
        name = path.name
        first = run(opt + [str(path)])
        if first.returncode != 0:
            print(f"FAIL parse {name}\n{first.stderr}")
            failures += 1
            continue
        print(f"ok parse {name}")
        second = run(opt + ["-"], stdin=first.stdout)
        if second.returncode != 0 or second.stdout != first.stdout:
            print(f"FAIL fixed-point {name}")
            failures += 1
        else:
            print(f"ok fixed-point {name}")
        named = run(opt + ["--mlir-use-nameloc-as-prefix", str(path)])
        expected = strip_locations(path.read_text())
        actual = strip_locations(named.stdout)
        check = "same-as-dump"
        if name in args.alpha_equivalent:
            check = "same-as-dump-up-to-ssa-names"
            expected, actual = alpha_rename(expected), alpha_rename(actual)
        if named.returncode != 0 or expected != actual:
            diff = difflib.unified_diff(expected.splitlines(),
                                        actual.splitlines(), "triton", "tile",
                                        lineterm="")
            print(f"FAIL {check} {name}\n" + "\n".join(diff))
            failures += 1
        else:
            print(f"ok {check} {name}")
    print(f"{len(files)} files, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fails when a file of the repository names a folder of the machine it was
made on: a checkout or home folder, a temporary folder Python or pip made,
also where a PTX dump spells it as bytes of its DWARF sections (the compile
unit's directory). Dumps and logs are written with paths relative to the
repository, the kernel file's name, or a placeholder (OUT, TMP) instead."""
import pathlib
import re
import subprocess
import sys

from lint_support import summarize

# Spelled in pieces, so this file and its test do not match themselves.
FOLDER = re.compile("/" + "(?:work|root|home)/" + r"|/tmp/(?:tmp\w{6,}|pip-)")
PTX_BYTES = re.compile(r"^\s*\.b8\s+(\d+)", re.M)
PRINTABLE = re.compile(rb"[ -~]{4,}")
SELF = ("test/Inputs/check_machine_paths.py", "test/lint/machine-paths.test")


def repository_files(root):
    """Tracked files where root is a git checkout, else every file below
    root but build and output folders."""
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--cached",
                              "--others", "--exclude-standard"],
                             capture_output=True, check=True).stdout
        if out:
            return sorted(p for p in out.decode().split("\0") if p)
    except (OSError, subprocess.CalledProcessError):
        pass
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*")
                  if p.is_file() and not p.relative_to(root).as_posix()
                  .startswith(("build", "out/", ".git/")))


def dwarf_strings(ptx):
    """The printable strings in the `.b8` bytes of a PTX file's debug
    sections (where the compile unit's directory is)."""
    start = ptx.find(".section\t.debug")
    if start < 0:
        start = ptx.find(".section .debug")
    if start < 0:
        return []
    data = bytes(int(b) & 0xFF for b in PTX_BYTES.findall(ptx[start:]))
    return [s.decode() for s in PRINTABLE.findall(data)]


def violations_in(rel, text):
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        match = FOLDER.search(line)
        if match:
            found.append(f"{rel}:{number}: names {match.group(0)!r}")
    if rel.endswith(".ptx"):
        for string in dwarf_strings(text):
            match = FOLDER.search(string + "/")
            if match:
                found.append(f"{rel}: DWARF bytes name {string!r}")
    return found


def main(root):
    root = pathlib.Path(root)
    checked, found = 0, []
    for rel in repository_files(root):
        if rel in SELF:
            continue
        try:
            text = (root / rel).read_text()
        except (UnicodeDecodeError, OSError):
            continue  # binary files and dangling links
        checked += 1
        found += violations_in(rel, text)
    for line in found:
        print(line)
    return summarize(checked, len(found), "names of a machine's folders")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

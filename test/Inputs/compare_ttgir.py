#!/usr/bin/env python3
"""Compares two TTGIR files up to locations and SSA value names: prints
`identical` or a diff. Usage: compare_ttgir.py OURS TRITON"""
import difflib
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from check_corpus import alpha_rename, strip_locations  # noqa: E402


def main():
    ours, triton = (alpha_rename(strip_locations(pathlib.Path(p).read_text()))
                    for p in sys.argv[1:3])
    if ours == triton:
        print("identical")
        return 0
    print("\n".join(difflib.unified_diff(triton.splitlines(),
                                         ours.splitlines(), "triton", "tile",
                                         lineterm="")))
    return 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Cases that pass with Triton's compiler and fail with tile, from two JUnit
XML files of the same pytest run (bench/test_core.sh), grouped by test and
first error line (numbers as N), most common first.

    python3 bench/compare_junit.py triton.xml tile.xml [--list FAILURES.txt]
"""

from __future__ import annotations

import argparse
import collections
import re
import xml.etree.ElementTree as ElementTree


def outcomes(path: str) -> dict[str, tuple[str, str]]:
    """case name -> (passed | failed | skipped, first line of the error)."""
    result = {}
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        status, message = "passed", ""
        for child in case:
            if child.tag in ("failure", "error"):
                status = "failed"
                message = (child.get("message") or "").splitlines()[0:1]
                message = message[0] if message else ""
            elif child.tag == "skipped":
                status = "skipped"
        result[case.get("name")] = (status, message)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("triton")
    parser.add_argument("tile")
    parser.add_argument("--list", help="write every such case and its error")
    args = parser.parse_args()
    triton, tile = outcomes(args.triton), outcomes(args.tile)
    for name, run in (("Triton", triton), ("tile", tile)):
        counts = collections.Counter(status for status, _ in run.values())
        print(f"{name}: {counts['passed']} passed, {counts['failed']} failed, "
              f"{counts['skipped']} skipped")
    regressions = sorted((case, tile[case][1]) for case in tile
                         if tile[case][0] == "failed"
                         and triton.get(case, ("",))[0] == "passed")
    print(f"{len(regressions)} cases fail with tile and pass with Triton")
    groups = collections.Counter()
    example = {}
    for case, message in regressions:
        key = (case.split("[")[0], re.sub(r"0x[0-9a-f]+|\d+", "N", message)[:140])
        groups[key] += 1
        example.setdefault(key, message[:260])
    for key, count in groups.most_common():
        print(f"{count:5d} {key[0]}: {example[key]}")
    if args.list:
        with open(args.list, "w") as f:
            f.writelines(f"{case}\t{message}\n" for case, message in regressions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

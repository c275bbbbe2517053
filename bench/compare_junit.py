#!/usr/bin/env python3
"""Cases that pass with Triton's compiler and fail with tile, from the JUnit
XML files of the same pytest run (bench/test_core.sh), grouped by test and
first error line (numbers as N), most common first.

    python3 bench/compare_junit.py triton.xml tile.xml [--list FAILURES.txt]
        [--json SUMMARY.json] [--baseline full|failures]
    python3 bench/compare_junit.py --failed tile.xml   # node IDs, one a line

With --baseline failures, Triton ran only the cases tile failed: a case
missing from its XML counts as passed with Triton when tile passed it.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import xml.etree.ElementTree as ElementTree


def node_id(case: ElementTree.Element) -> str:
    """pytest's node ID of a JUnit test case: the file from its classname
    (`unit.language.test_core` -> `unit/language/test_core.py`), then the
    test's name with its parameters."""
    module = case.get("classname") or ""
    path = module.replace(".", "/") + ".py" if module else ""
    return f"{path}::{case.get('name')}" if path else case.get("name")


def outcomes(path: str) -> dict[str, tuple[str, str]]:
    """node ID -> (passed | failed | skipped, first line of the error)."""
    result = {}
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        # pytest's report of the session itself (an internal error, such
        # as the interrupt that ends a run at its time limit) is no case.
        if case.get("classname") == "pytest" and case.get("name") == "internal":
            continue
        status, message = "passed", ""
        for child in case:
            if child.tag in ("failure", "error"):
                status = "failed"
                message = (child.get("message") or "").splitlines()[0:1]
                message = message[0] if message else ""
            elif child.tag == "skipped":
                status = "skipped"
        result[node_id(case)] = (status, message)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("xml", nargs="+", help="triton.xml tile.xml, or tile.xml")
    parser.add_argument("--failed", action="store_true",
                        help="print the node IDs of the failed cases of one file")
    parser.add_argument("--baseline", choices=("full", "failures"),
                        default="full")
    parser.add_argument("--list", help="write every such case and its error")
    parser.add_argument("--json", help="write the counts and the classes")
    args = parser.parse_args()
    if args.failed:
        for case, (status, _) in outcomes(args.xml[0]).items():
            if status == "failed":
                print(case)
        return 0
    triton, tile = outcomes(args.xml[0]), outcomes(args.xml[1])
    if args.baseline == "failures":
        triton = {case: triton.get(case, tile[case]) for case in tile}
    counts = {}
    for name, run in (("Triton", triton), ("tile", tile)):
        counts[name] = collections.Counter(status for status, _ in run.values())
        print(f"{name}: {counts[name]['passed']} passed, "
              f"{counts[name]['failed']} failed, "
              f"{counts[name]['skipped']} skipped")
    regressions = sorted((case, tile[case][1]) for case in tile
                         if tile[case][0] == "failed"
                         and triton.get(case, ("",))[0] == "passed")
    print(f"{len(regressions)} cases fail with tile and pass with Triton")
    groups = collections.Counter()
    example = {}
    for case, message in regressions:
        test = case.split("::")[-1].split("[")[0]
        key = (test, re.sub(r"0x[0-9a-f]+|\d+", "N", message)[:140])
        groups[key] += 1
        example.setdefault(key, message[:260])
    for key, count in groups.most_common():
        print(f"{count:5d} {key[0]}: {example[key]}")
    if args.list:
        with open(args.list, "w") as f:
            f.writelines(f"{case}\t{message}\n" for case, message in regressions)
    if args.json:
        summary = {
            "cases": len(tile),
            "triton_passed": counts["Triton"]["passed"],
            "tile_passed": counts["tile"]["passed"],
            "skipped": counts["tile"]["skipped"],
            "tile_only_failures": len(regressions),
            "triton_baseline": args.baseline,
            "classes": [{"test": test, "count": count, "example": example[key]}
                        for key, count in groups.most_common()
                        for test in [key[0]]],
        }
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Parses every ```mlir example of generated docs with stock mlir-opt and
libtile.so, so an example in ODS can never go stale.
Usage: check_doc_examples.py --mlir-opt BIN --plugin SO DOC.md..."""
import argparse
import re
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mlir-opt", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("docs", nargs="+")
    args = parser.parse_args()
    total = failures = 0
    for doc in args.docs:
        text = open(doc).read()
        for match in re.finditer(r"```mlir\n(.*?)```", text, re.S):
            total += 1
            example = match.group(1)
            result = subprocess.run(
                [args.mlir_opt, "--load-dialect-plugin=" + args.plugin, "-"],
                input=example, capture_output=True, text=True)
            if result.returncode != 0:
                failures += 1
                print(f"FAIL example in {doc}:\n{example}\n{result.stderr}")
    print(f"{total} examples, {failures} failures")
    return 1 if failures or not total else 0


if __name__ == "__main__":
    sys.exit(main())

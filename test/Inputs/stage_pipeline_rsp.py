#!/usr/bin/env python3
"""Writes an mlir-opt response file that runs one of tile's stage pipelines
(a pipelines/*.pipeline file) with its `$option` placeholders filled in and,
optionally, extra options for some of its passes: what the registered
tile-<stage> pipeline runs, with a pass option the registered pipeline does
not expose (an option that is off until a GPU run turns it on, say).

    stage_pipeline_rsp.py PIPELINE --plugin LIB --set num-stages=3 ... \
        --pass-options nvgpu-warp-specialization=attention=true -o OUT.rsp

then `mlir-opt @OUT.rsp kernel.ttir`.
"""

import argparse
import re
import sys


def expand(text: str, values: dict[str, str], extra: dict[str, str]) -> str:
    def fill(match: re.Match) -> str:
        name = match.group(1)
        if name not in values:
            sys.exit(f"stage_pipeline_rsp.py: no value for ${name} (--set {name}=...)")
        return values[name]

    text = re.sub(r"\$([A-Za-z][A-Za-z0-9-]*)", fill, text.strip())
    for name, options in extra.items():
        # The pass with options `{...}` or without any.
        pattern = re.compile(re.escape(name) + r"(\{[^}]*\})?(?=[,)])")
        found = pattern.search(text)
        if not found:
            sys.exit(f"stage_pipeline_rsp.py: the pipeline has no pass {name}")
        current = (found.group(1) or "{}")[1:-1]
        merged = (current + " " + options).strip()
        text = text[:found.start()] + f"{name}{{{merged}}}" + text[found.end():]
    return text


def pairs(items: list[str], what: str) -> dict[str, str]:
    result = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            sys.exit(f"stage_pipeline_rsp.py: {what} needs NAME=VALUE, got {item!r}")
        result[key] = value
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pipeline")
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--pass-options", action="append", default=[],
                        metavar="PASS=OPTIONS")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    with open(args.pipeline) as f:
        text = expand(f.read(), pairs(args.set, "--set"),
                      pairs(args.pass_options, "--pass-options"))
    with open(args.output, "w") as f:
        # Quoted: the pipeline's options are separated by spaces.
        f.write(f'--load-dialect-plugin={args.plugin}\n"--pass-pipeline={text}"\n')


if __name__ == "__main__":
    main()

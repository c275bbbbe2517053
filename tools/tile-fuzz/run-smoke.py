#!/usr/bin/env python3
"""Runs tile-fuzz for a short smoke run and says plainly what went wrong.

usage: run-smoke.py TILE_FUZZ WORK_DIR SECONDS LIBFUZZER_FLAGS...

Seeds and the growing corpus live in WORK_DIR; crash, timeout and leak
inputs are written to WORK_DIR/artifacts/. On success prints libFuzzer's
final statistics. On a finding prints libFuzzer's report, the input that
caused it, and the command that reproduces it, then exits 1.
"""
import glob
import os
import subprocess
import sys


def main(argv):
    fuzzer, work, seconds, flags = argv[0], argv[1], argv[2], argv[3:]
    artifacts = os.path.join(work, "artifacts")
    os.makedirs(artifacts, exist_ok=True)
    os.makedirs(os.path.join(work, "corpus"), exist_ok=True)
    cmd = [fuzzer, f"-max_total_time={seconds}", "-print_final_stats=1",
           f"-artifact_prefix={artifacts}/", *flags,
           os.path.join(work, "corpus"), os.path.join(work, "seeds")]
    run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, errors="replace")
    log = run.stdout
    with open(os.path.join(work, "fuzz.log"), "w") as f:
        f.write(log)
    findings = sorted(glob.glob(os.path.join(artifacts, "*")))
    if run.returncode == 0 and not findings:
        print("\n".join(l for l in log.splitlines() if l.startswith("stat::")))
        return 0
    print(f"tile-fuzz exited with {run.returncode}; findings: {findings}")
    lines = log.splitlines()
    start = next((i for i, l in enumerate(lines)
                  if "ERROR" in l or "deadly signal" in l or "timeout" in l),
                 max(0, len(lines) - 60))
    print("\n".join(lines[start:start + 80]))
    for path in findings:
        data = open(path, "rb").read()
        print(f"--- {path} ({len(data)} bytes) ---")
        print(data[:4000].decode("utf-8", "replace"))
        print(f"reproduce: TILE_FUZZ_VERBOSE=1 {fuzzer} {path}")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

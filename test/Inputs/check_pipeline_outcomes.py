#!/usr/bin/env python3
"""Runs tile-to-llvm on every corpus dump. Each one must either compile or
stop with exactly one diagnostic naming an op the lowering does not support
yet, or a tensor too large for the register budget: never a crash, never IR
that a verifier rejects halfway."""
import pathlib
import subprocess
import sys

SUPPORTED_FAILURE = "is not supported by convert-triton-gpu-to-llvm yet"
# A tensor whose layout needs more registers per thread than the lowering
# emits IR for (FMA dot operands broadcast over a whole tile, say).
REGISTER_LIMIT = "registers per thread for"


def main():
    mlir_opt, plugin, corpus = sys.argv[1:4]
    failures = 0
    for path in sorted(pathlib.Path(corpus).glob("*.tt*ir")):
        result = subprocess.run(
            [mlir_opt, f"--load-dialect-plugin={plugin}", "--tile-to-llvm",
             str(path), "-o", "/dev/null"],
            capture_output=True, text=True)
        errors = [l for l in result.stderr.splitlines() if "error:" in l]
        if result.returncode == 0 and not errors:
            print(f"compiled {path.name}")
        elif (result.returncode == 1 and len(errors) == 1 and
              SUPPORTED_FAILURE in errors[0]):
            op = errors[0].split("'")[1]
            print(f"unsupported {path.name}: {op}")
        elif (result.returncode == 1 and len(errors) == 1 and
              REGISTER_LIMIT in errors[0]):
            op = errors[0].split("'")[1]
            print(f"too many registers {path.name}: {op}")
        else:
            failures += 1
            print(f"FAIL {path.name} (exit {result.returncode}):\n"
                  f"{result.stderr[-2000:]}")
    print(f"{failures} unexpected outcomes")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env bash
# Triton's test_core.py on a GPU machine, with Triton's compiler and with
# tile (TILE_TRITON=1, the tile package installed with its .pth so that
# every xdist worker enables it), then the cases only tile fails. Triton's
# tests come from a checkout of Triton's repository in a git-ignored folder
# (TRITON_SRC, default build-triton/: python/test/conftest.py and
# python/test/unit/language/); the self-contained library is carried in
# build/lib/self-contained/.
#
#   bench/test_core.sh OUTDIR [PYTEST ARGS...]
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: bench/test_core.sh OUTDIR [PYTEST ARGS...]}; shift
tests=${TRITON_SRC:-$repo/build-triton}/python/test
mkdir -p "$out"
export TILE_COMPILER_LIBRARY=${TILE_COMPILER_LIBRARY:-$repo/build/lib/self-contained/libtile-compiler.so}
python3 -m pip install -q --no-deps --no-build-isolation --no-index "$repo/python"
run() {  # run NAME ENV...: one whole run, its JUnit XML in OUTDIR/NAME.xml
  local name=$1; shift
  (cd "$tests" && env TRITON_CACHE_DIR="$(mktemp -d)" "$@" python3 -m pytest \
    --rootdir=. --confcutdir=. -n 16 -q -p no:cacheprovider -o junit_logging=no \
    --junitxml="$out/$name.xml" unit/language/test_core.py "${PYTEST_ARGS[@]}" \
    > "$out/$name.log" 2>&1)
  tail -1 "$out/$name.log"
}
PYTEST_ARGS=("$@")
run triton TILE_TRITON=0
run tile TILE_TRITON=1 TILE_TRITON_LOG="$out/tile-kernels.jsonl"
python3 -m pip uninstall -q -y tile
python3 "$repo/bench/compare_junit.py" "$out/triton.xml" "$out/tile.xml" \
  --list "$out/tile-only-failures.txt" | tee "$out/summary.txt"
gzip -f "$out"/*.log "$out"/*.xml "$out/tile-kernels.jsonl" 2>/dev/null

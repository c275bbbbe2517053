#!/usr/bin/env bash
# Triton's language tests on a GPU machine, with Triton's compiler and with
# tile (TILE_TRITON=1, the tile package installed with its .pth so that
# every xdist worker enables it), then the cases only tile fails. Triton's
# tests come from a checkout of Triton's repository in a git-ignored folder
# (TRITON_SRC, default build-triton/: python/test/conftest.py and
# python/test/unit/language/); the self-contained library is carried in
# build/lib/self-contained/.
#
#   bench/test_core.sh OUTDIR [TEST FILE...]
#
# The files default to unit/language/test_core.py. With BASELINE=failures
# Triton runs only the cases tile fails (a shorter run; Triton's outcome on
# the others is not measured); by default it runs every case. A run that
# reaches RUN_TIMEOUT is interrupted (SIGINT), so that pytest still writes
# the report of the cases it finished.
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: bench/test_core.sh OUTDIR [TEST FILE...]}; shift
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(unit/language/test_core.py)
tests=${TRITON_SRC:-$repo/build-triton}/python/test
baseline=${BASELINE:-full}
limit=${RUN_TIMEOUT:-480}
mkdir -p "$out"
export TILE_COMPILER_LIBRARY=${TILE_COMPILER_LIBRARY:-$repo/build/lib/self-contained/libtile-compiler.so}
python3 -m pip install -q --no-deps --no-build-isolation --no-index "$repo/python"
run() {  # run NAME ENV... -- CASES...: one run, its JUnit XML in OUTDIR/NAME.xml
  local name=$1; shift
  local env=()
  while [ "$1" != "--" ]; do env+=("$1"); shift; done; shift
  (cd "$tests" && env TRITON_CACHE_DIR="$(mktemp -d)" "${env[@]}" timeout -s INT -k 30 "$limit" \
    python3 -m pytest --rootdir=. --confcutdir=. -n 16 -q -p no:cacheprovider \
    -o junit_logging=no --junitxml="$out/$name.xml" "$@" > "$out/$name.log" 2>&1)
  echo "$name: $(tail -1 "$out/$name.log")"
}
run tile TILE_TRITON=1 TILE_TRITON_LOG="$out/tile-kernels.jsonl" -- "${files[@]}"
if [ "$baseline" = failures ]; then
  mapfile -t failed < <(python3 "$repo/bench/compare_junit.py" --failed "$out/tile.xml")
  if [ ${#failed[@]} -gt 0 ]; then
    run triton TILE_TRITON=0 -- "${failed[@]}"
  else
    cp "$out/tile.xml" "$out/triton.xml"
  fi
else
  run triton TILE_TRITON=0 -- "${files[@]}"
fi
python3 -m pip uninstall -q -y tile
python3 "$repo/bench/compare_junit.py" "$out/triton.xml" "$out/tile.xml" \
  --baseline "$baseline" --list "$out/tile-only-failures.txt" \
  --json "$out/summary.json" | tee "$out/summary.txt"
gzip -f "$out"/*.log "$out"/*.xml "$out/tile-kernels.jsonl" 2>/dev/null

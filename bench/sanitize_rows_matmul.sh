#!/usr/bin/env bash
# compute-sanitizer memcheck and racecheck on the softmax and layer-norm
# variants (out/rows, bench/make_row_variants.py --compile; every case of
# bench_rows.py capped at 8 rows) and on the matmul (out/mm/nopipe, a 256^3
# f16 problem). Racecheck is what checks the barriers between reductions
# and around shared buffers. Run on the GPU machine with out/ carried.
set -u
findings=0
run() {
  local tool=$1; shift
  local o
  o=$(compute-sanitizer --tool "$tool" "$@" 2>&1)
  local s
  s=$(echo "$o" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -1)
  echo "$tool $*: $s"
  echo "$o" | grep -qE "cases, 0 failed|runs, 0 failed" || { echo "$o" | tail -20; findings=$((findings+1)); }
  echo "$s" | grep -qE "ERROR SUMMARY: 0 errors|0 hazards displayed \(0 errors, 0 warnings\)" || findings=$((findings+1))
}
for tool in memcheck racecheck; do
  run $tool python3 bench/bench_rows.py --check-only --max-rows 8 --out /tmp/sanitize-rows
  run $tool python3 bench/bench_matmul.py --check-only --shapes 256,256,256 \
    --ours nopipe=out/mm/nopipe/matmul.ptx --out /tmp/sanitize-mm
done
echo "compute-sanitizer: $findings runs with findings"

#!/usr/bin/env bash
# compute-sanitizer memcheck and racecheck on bench.py families (the
# arguments; by default rows and matmul: the softmax, layer-norm and matmul
# kernels), every problem checked
# (not timed) at capped shapes (--small: 8 rows; matmul dimensions up to 256),
# ours and Triton's. Racecheck is what checks the barriers between reductions
# and around shared buffers. Run on the GPU machine with out/bench carried
# (python3 bench/bench.py --build here).
set -u
findings=0
run() {
  local tool=$1; shift
  local o
  o=$(compute-sanitizer --tool "$tool" "$@" 2>&1)
  local s
  s=$(echo "$o" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -1)
  echo "$tool $*: $s"
  echo "$o" | grep -qE "problems checked, 0 failed" || { echo "$o" | tail -20; findings=$((findings+1)); }
  echo "$s" | grep -qE "ERROR SUMMARY: 0 errors|0 hazards displayed \(0 errors, 0 warnings\)" || findings=$((findings+1))
}
for tool in memcheck racecheck; do
  for family in ${*:-rows matmul}; do
    run $tool python3 bench/bench.py --family $family --check-only --small \
      --out /tmp/sanitize-$family
  done
done
echo "compute-sanitizer: $findings runs with findings"

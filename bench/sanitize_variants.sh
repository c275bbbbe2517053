#!/usr/bin/env bash
# compute-sanitizer memcheck and racecheck on every compiled add variant
# (out/variants, bench/make_add_variants.py --compile) at a small shape
# (2000 of 2048 elements, two programs), launched by tile-run. Run on the
# GPU machine with build/bin/tile-run carried.
set -u
errs=0; hz=0; n=0
for d in out/variants/*/; do
  v=$(basename $d); t=$(echo $v | sed -E 's/add_([a-z0-9]+).*/\1/'); [ "$t" = i1 ] && t=i8
  for tool in memcheck racecheck; do
    o=$(compute-sanitizer --tool $tool ./build/bin/tile-run $d/$v.json $d/$v.cubin --grid 2 --arg buf:$t:2048:random --arg buf:$t:2048:random --arg buf:$t:2048:zeros --arg i32:2000 --iters 0 --warmup 0 2>&1)
    n=$((n+1))
    s=$(echo "$o" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY")
    echo "$v $tool: $s"
    echo "$s" | grep -qE "ERROR SUMMARY: 0 errors|0 hazards displayed \(0 errors, 0 warnings\)" || errs=$((errs+1))
  done
done
echo "compute-sanitizer: $n runs, $errs with findings"

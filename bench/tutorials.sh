#!/usr/bin/env bash
# Triton's tutorials 01-09 and 11 on a GPU machine with tile compiling every
# kernel: each runs as a script (bench/tutorial_quick.py: its checks and
# autotuning as written, benchmark sweeps cut to their end points; 06's
# checks are its pytest cases), with TILE_TRITON_COMPARE=1 so that the
# kernel log records Triton's shared memory for each config beside tile's.
# Tutorials come from a checkout of Triton's repository in a git-ignored
# folder (TRITON_SRC, default build-triton/).
#
#   bench/tutorials.sh OUTDIR
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: bench/tutorials.sh OUTDIR}
tutorials=${TRITON_SRC:-$repo/build-triton}/python/tutorials
limit=${RUN_TIMEOUT:-200}
mkdir -p "$out"
export TILE_COMPILER_LIBRARY=${TILE_COMPILER_LIBRARY:-$repo/build/lib/self-contained/libtile-compiler.so}
export TILE_TRITON_COMPARE=1 MPLBACKEND=Agg
python3 -m pip install -q --no-deps --no-build-isolation --no-index "$repo/python"
: > "$out/tutorials.log"
run() {  # run NAME COMMAND...: one tutorial, its kernels in OUTDIR/NAME.jsonl
  local name=$1; shift
  local start=$SECONDS
  echo "##### $name: $*" >> "$out/tutorials.log"
  TRITON_CACHE_DIR=$(mktemp -d) TILE_TRITON=1 TILE_TRITON_LOG="$out/$name.jsonl" \
    timeout "$limit" "$@" >> "$out/tutorials.log" 2>&1
  local rc=$?
  echo "##### $name: exit status $rc in $((SECONDS - start)) s" >> "$out/tutorials.log"
  echo "$name $rc $((SECONDS - start))" >> "$out/status.txt"
  echo "$name: exit status $rc"
}
: > "$out/status.txt"
# Tutorial 07 passes libdevice from a Triton source tree
# (third_party/nvidia/backend/lib); a checkout of python/ alone lacks it, so
# that path gets the installed wheel's copy.
libdevice=$tutorials/../../third_party/nvidia/backend/lib/libdevice.10.bc
wheel_libdevice=$(python3 -c 'import os, triton; print(os.path.join(os.path.dirname(
  triton.__file__), "backends", "nvidia", "lib", "libdevice.10.bc"))')
if [ ! -e "$libdevice" ] && [ -n "$wheel_libdevice" ] && [ -e "$wheel_libdevice" ]; then
  mkdir -p "$(dirname "$libdevice")"
  ln -sfn "$wheel_libdevice" "$libdevice"
fi
for t in 01-vector-add 02-fused-softmax 03-matrix-multiplication \
    04-low-memory-dropout 05-layer-norm 07-extern-functions 08-grouped-gemm \
    09-persistent-matmul 11-programmatic-dependent-launch; do
  run "$t" python3 "$repo/bench/tutorial_quick.py" "$tutorials/$t.py"
done
# Each pytest worker holds its own tensors: with two or four workers the
# largest cases (12 GiB allocations) overflowed an 80 GB H100.
run 06-fused-attention python3 -m pytest -q -p no:cacheprovider \
  -n "${ATTENTION_WORKERS:-1}" \
  "$tutorials/06-fused-attention.py"
python3 -m pip uninstall -q -y tile
python3 "$repo/bench/kernel_log.py" "$out"/*.jsonl --json "$out/kernels.json" \
  | tee "$out/kernels.txt"
cat "$out"/*.jsonl | gzip > "$out/kernels.jsonl.gz"
rm -f "$out"/*.jsonl
gzip -f "$out/tutorials.log"

#!/usr/bin/env bash
# tile as Triton's compiler on a GPU machine without LLVM 22: the
# self-contained libtile-compiler.so (carried in build/lib/self-contained/)
# runs Triton's tutorial 01 and a torch.compile'd function with reductions
# through `python -m tile.triton`, with Inductor's static launcher and with
# Triton's, in-process and through Inductor's compile workers, and compares
# the outputs with Triton's own compile. Every kernel compiled is logged
# (TILE_TRITON_LOG). Triton's tutorials are taken from a checkout of
# Triton's repository in a git-ignored folder (TRITON_SRC, default
# build-triton/).
#
#   bench/gpu_integration.sh OUTDIR
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: bench/gpu_integration.sh OUTDIR}
triton_src=${TRITON_SRC:-$repo/build-triton}
mkdir -p "$out"
export TILE_COMPILER_LIBRARY=${TILE_COMPILER_LIBRARY:-$repo/build/lib/self-contained/libtile-compiler.so}
export PYTHONPATH=$repo/python${PYTHONPATH:+:$PYTHONPATH}
export TORCHINDUCTOR_FORCE_DISABLE_CACHES=1
status=0
step() { echo; echo "=== $*"; }
run() {  # run LOG COMMAND...: the command's output into LOG and here
  local log=$1; shift
  echo "+ $*" | tee "$out/$log"
  "$@" 2>&1 | tee -a "$out/$log"
  local rc=${PIPESTATUS[0]}
  echo "exit status $rc" | tee -a "$out/$log"
  [ "$rc" -eq 0 ] || status=1
}
summarize() {  # the kernels a log file of TILE_TRITON_LOG records
  python3 - "$1" <<'PY'
import collections, json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
outcomes = collections.Counter(r["outcome"] for r in rows)
pids = len({r["pid"] for r in rows})
print(f"{sys.argv[1]}: {len(rows)} kernels from {pids} process(es): {dict(outcomes)}")
for r in rows:
    if r["outcome"] != "compiled":
        print("  not compiled by tile:", r)
PY
}

step "machine"
{ nvidia-smi -L; ldd --version | head -1; python3 -V
  python3 -c "import triton, torch; print('triton', triton.__version__, 'torch', torch.__version__)"
  ls -l "$TILE_COMPILER_LIBRARY"
  python3 -c "import tile; print('tile', tile.load_library().version, tile.load_library().path)"
} 2>&1 | tee "$out/machine.log"

step "Triton's tutorial 01 (vector add), tile compiling, Triton's launcher"
export TRITON_CACHE_DIR=$(mktemp -d)
TILE_TRITON_LOG=$out/tutorial01-kernels.jsonl \
  run tutorial01.log bash -c "cd '$triton_src/python/tutorials' && MPLBACKEND=Agg python3 -m tile.triton --stats 01-vector-add.py"
summarize "$out/tutorial01-kernels.jsonl" | tee -a "$out/tutorial01.log"

step "torch.compile with reductions: Triton's own compile (reference)"
export TRITON_CACHE_DIR=$(mktemp -d)
run torch-compile-triton.log python3 "$repo/bench/tile_triton_check.py" --save "$out/triton.pt"

step "torch.compile: tile, in-process (no .pth installed), Inductor's static launcher (strict)"
export TRITON_CACHE_DIR=$(mktemp -d)
TILE_TRITON_LOG=$out/static-kernels.jsonl TORCHINDUCTOR_STRICT_STATIC_CUDA_LAUNCHER=1 \
  run torch-compile-tile-static.log python3 -m tile.triton --stats "$repo/bench/tile_triton_check.py" --save "$out/tile-static.pt"
summarize "$out/static-kernels.jsonl" | tee -a "$out/torch-compile-tile-static.log"

step "torch.compile: tile, Triton's launcher"
export TRITON_CACHE_DIR=$(mktemp -d)
TILE_TRITON_LOG=$out/triton-launcher-kernels.jsonl TORCHINDUCTOR_USE_STATIC_CUDA_LAUNCHER=0 \
  run torch-compile-tile-triton-launcher.log python3 -m tile.triton --stats "$repo/bench/tile_triton_check.py" --save "$out/tile-triton-launcher.pt"
summarize "$out/triton-launcher-kernels.jsonl" | tee -a "$out/torch-compile-tile-triton-launcher.log"

step "torch.compile: tile installed (.pth), TILE_TRITON=1, Inductor's compile workers"
# Into this machine's own Python environment (a venv of it would not see
# torch): pip without network, no dependencies; uninstalled at the end.
if python3 -m pip install --no-deps --no-build-isolation --no-index "$repo/python" \
     > "$out/pip-install.log" 2>&1; then
  export TRITON_CACHE_DIR=$(mktemp -d)
  TILE_TRITON=1 TILE_TRITON_LOG=$out/workers-kernels.jsonl TORCHINDUCTOR_COMPILE_THREADS=4 \
    run torch-compile-tile-workers.log bash -c "cd /tmp && PYTHONPATH= python3 '$repo/bench/tile_triton_check.py' --warm-pool --save '$out/tile-workers.pt'"
  summarize "$out/workers-kernels.jsonl" | tee -a "$out/torch-compile-tile-workers.log"
  python3 -m pip uninstall -y tile >> "$out/pip-install.log" 2>&1
else
  echo "could not install the package (pip-install.log); the worker path was not run"
  cat "$out/pip-install.log"; status=1
fi

step "outputs: tile's runs against Triton's"
for run_name in tile-static tile-triton-launcher tile-workers; do
  [ -f "$out/$run_name.pt" ] &&
    run "compare-$run_name.log" python3 "$repo/bench/tile_triton_check.py" --compare "$out/$run_name.pt" "$out/triton.pt"
done
rm -f "$out"/*.pt
# One log and one kernel record (the machine returns few files).
for f in "$out"/*-kernels.jsonl; do
  python3 -c "import json,sys; [print(json.dumps({**json.loads(l), 'run': sys.argv[2]})) for l in open(sys.argv[1])]" "$f" "$(basename "$f" -kernels.jsonl)"
done > "$out/kernels.jsonl"
rm -f "$out"/*-kernels.jsonl
for log in machine tutorial01 torch-compile-triton torch-compile-tile-static \
    torch-compile-tile-triton-launcher torch-compile-tile-workers pip-install \
    compare-tile-static compare-tile-triton-launcher compare-tile-workers; do
  [ -f "$out/$log.log" ] && { echo "##### $log"; cat "$out/$log.log"; rm "$out/$log.log"; }
done > "$out/gpu_integration.log"
echo; echo "overall: $([ $status -eq 0 ] && echo PASS || echo FAIL)" | tee -a "$out/gpu_integration.log"
exit $status

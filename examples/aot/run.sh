#!/usr/bin/env bash
# Builds and runs the AOT demo in this folder (written by
# examples/aot/generate.sh) on a machine with the CUDA toolkit and driver;
# prints PASS or FAIL last and exits non-zero on FAIL.
#
#   ./run.sh                       # CC (default cc), CUDA_HOME (/usr/local/cuda)
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"
cuda=${CUDA_HOME:-/usr/local/cuda}
cc=${CC:-cc}

# libcuda.so comes with the driver as libcuda.so.1; the toolkit's stub is
# what the linker reads, the driver's library what runs.
if ! "$cc" -std=c11 -O2 -Wall -I"$cuda/include" ./*.c -o aot-demo \
    -L"$cuda/lib64/stubs" -L"$cuda/lib64" -lcuda -lm; then
  echo "FAIL: the build failed ($cc, CUDA in $cuda)"
  exit 1
fi
./aot-demo

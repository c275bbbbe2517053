#!/usr/bin/env bash
# Writes the AOT demo into one folder that a GPU machine with nothing but the
# CUDA toolkit and driver can build and run (no LLVM, no Python there):
# C launchers of the corpus add, softmax and matmul (tools/tile-aot, with
# their cubins inside), main.c, which runs and checks them, and run.sh.
#
#   examples/aot/generate.sh [OUTDIR]        # default: out/aot-demo
#   TARGET=cuda:80 examples/aot/generate.sh  # for an A100 (default cuda:90)
#
# Then copy OUTDIR to the GPU machine and run ./run.sh there: it prints PASS
# or FAIL last. Needs a tile build (build/, or TILE_BUILD_DIR) and, for the
# cubins, ptxas (without it the PTX is embedded and the driver compiles it).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/out/aot-demo}
target=${TARGET:-cuda:90}
corpus=$root/test/corpus

aot() {
  python3 "$root/tools/tile-aot" \
    --build-dir "${TILE_BUILD_DIR:-$root/build}" "$@"
}
compile() {
  aot compile -o "$out" --target "$target" "$@"
}

rm -rf "$out"
mkdir -p "$out"

# The vector add (BLOCK 1024), with Triton's :16 hints and without them: the
# dispatcher picks the first whose hints hold for the arguments.
compile "$corpus/add_f32_b1024.ttir" -w 4 --num-stages 3 \
  -s '*fp32:16, *fp32:16, *fp32:16, i32:16, 1024' -g 'cdiv(n, 1024)'
compile "$corpus/add_f32_b1024.ttir" -w 4 --num-stages 3 \
  -s '*fp32, *fp32, *fp32, i32, 1024' -g 'cdiv(n, 1024)'
aot link "$out"/add_kernel_*.h -o "$out/add_kernel"

# The row softmax (BLOCK 4096): one program a row, and the number of rows is
# not an argument, so the caller passes the grid.
compile "$corpus/softmax_f32_4096.ttir" -w 8 --num-stages 1 \
  -s '*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 4096'
compile "$corpus/softmax_f32_4096.ttir" -w 8 --num-stages 1 \
  -s '*fp32, *fp32, i32, i32, i32, 4096'
aot link "$out"/softmax_kernel_*.h -o "$out/softmax_kernel"

# The fp16 matmul (128x256x64 tiles, group 8; 147456 B of shared memory on
# sm_90): its unit strides s_ak, s_bn, s_cn are Triton's :1 specializations,
# which the dispatcher checks.
compile "$corpus/matmul_f16_hopper.ttir" -w 8 --num-stages 3 \
  -s '*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8' \
  -g 'cdiv(M, 128) * cdiv(N, 256)'
aot link "$out"/matmul_kernel_*.h -o "$out/matmul_kernel"

cp "$here/main.c" "$here/run.sh" "$out/"
echo "examples/aot: wrote $out ($target); on the GPU machine: cd $(basename "$out") && ./run.sh"

# Shared set-up of scripts/run and scripts/test (sourced, not executed):
# installs what is missing from Debian's archive, then configures and builds
# tile in $TILE_BUILD_DIR (default: build/) with clang-22 and ccache.

set -euo pipefail

TILE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TILE_BUILD_DIR=${TILE_BUILD_DIR:-$TILE_ROOT/build}
TILE_LLVM_PREFIX=${TILE_LLVM_PREFIX:-/usr/lib/llvm-22}
TILE_PACKAGES=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22
  clang-format-22 ccache ninja-build libgtest-dev cmake python3)
# Extra -D options for the configure step (scripts/test-sanitizers).
TILE_CMAKE_ARGS=(${TILE_CMAKE_ARGS[@]+"${TILE_CMAKE_ARGS[@]}"})

log() { printf '==> %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_packages() {
  log "apt-get update"
  as_root apt-get update -qq
  local missing=()
  for pkg in "${TILE_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" ||
      missing+=("$pkg")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    log "apt-get install ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq --no-install-recommends "${missing[@]}"
  else
    log "all packages present"
  fi
}

configure_and_build() {
  # ccache hits across fresh clones: paths are rewritten relative to the
  # repository, and the build directory is not part of the hash.
  export CCACHE_BASEDIR=$TILE_ROOT
  export CCACHE_NOHASHDIR=1
  log "configure $TILE_BUILD_DIR"
  cmake -G Ninja -S "$TILE_ROOT" -B "$TILE_BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR="$TILE_LLVM_PREFIX/lib/cmake/mlir" \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DLLVM_EXTERNAL_LIT="$TILE_LLVM_PREFIX/bin/lit" \
    ${TILE_CMAKE_ARGS[@]+"${TILE_CMAKE_ARGS[@]}"} >/dev/null
  log "build (ninja)"
  ninja -C "$TILE_BUILD_DIR"
}

# Runs the whole lit suite of $TILE_BUILD_DIR and ends with the line
# `N passed, N failed`; returns lit's exit status.
run_lit_suite() {
  local results=$TILE_BUILD_DIR/test/results.json lit_status
  set +e
  "$TILE_LLVM_PREFIX/bin/lit" -sv --output "$results" "$TILE_BUILD_DIR/test"
  lit_status=$?
  set -e
  python3 - "$results" <<'PY'
import collections, json, sys
tests = json.load(open(sys.argv[1]))["tests"]
codes = collections.Counter(t["code"] for t in tests)
passed = codes["PASS"] + codes["XFAIL"]
skipped = codes["UNSUPPORTED"]
failed = sum(n for code, n in codes.items()
             if code not in ("PASS", "XFAIL", "UNSUPPORTED"))
if skipped:
    print(f"{skipped} skipped (UNSUPPORTED: a required tool is missing)")
print(f"{passed} passed, {failed} failed")
PY
  return $lit_status
}

export PATH=$TILE_LLVM_PREFIX/bin:/usr/local/cuda/bin:$PATH

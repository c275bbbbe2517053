# Shared set-up of scripts/run and scripts/test (sourced, not executed):
# installs what is missing from Debian's archive, then configures and builds
# tile in $TILE_BUILD_DIR (default: build/) with clang-22 and ccache.

set -euo pipefail

TILE_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TILE_BUILD_DIR=${TILE_BUILD_DIR:-$TILE_ROOT/build}
TILE_LLVM_PREFIX=${TILE_LLVM_PREFIX:-/usr/lib/llvm-22}
TILE_PACKAGES=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22
  clang-format-22 ccache ninja-build libgtest-dev cmake python3 python3-venv
  libzstd-dev)
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
  local lit_status
  set +e
  run_lit_only
  lit_status=$?
  set -e
  summarize_results "$TILE_BUILD_DIR/test/results.json"
  return $lit_status
}

# Runs the lit suite, keeping its results for summarize_results.
run_lit_only() {
  "$TILE_LLVM_PREFIX/bin/lit" -sv --output "$TILE_BUILD_DIR/test/results.json" \
    "$TILE_BUILD_DIR/test"
}

# The Python side (python/): a virtual environment in $TILE_BUILD_DIR
# with triton==3.6.0 from PyPI and the tile package installed from python/
# (with the self-contained compiler library and its .pth), then the pytest
# suite, compile-only, its results kept for summarize_results.
run_python_suite() {
  local venv=$TILE_BUILD_DIR/python-venv
  if [ ! -x "$venv/bin/python" ]; then
    log "python virtual environment $venv"
    python3 -m venv "$venv"
  fi
  log "pip install triton==3.6.0 pytest, and python/ (tile)"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    "triton==3.6.0" pytest "setuptools>=70.1" wheel
  TILE_COMPILER_LIBRARY=$TILE_BUILD_DIR/lib/self-contained/libtile-compiler.so \
    "$venv/bin/python" -m pip install -q --disable-pip-version-check \
    --no-build-isolation --force-reinstall --no-deps "$TILE_ROOT/python"
  log "pytest python/tests"
  (cd "$TILE_ROOT/python" && TILE_BUILD_DIR=$TILE_BUILD_DIR \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider \
    --junitxml="$TILE_BUILD_DIR/test/python-results.xml" tests)
}

# summarize_results LIT_JSON [PYTEST_XML]: the totals of the lit suite and,
# when given, the pytest suite; the last line is `N passed, N failed`.
summarize_results() {
  python3 - "$@" <<'PY'
import collections, json, os, sys
import xml.etree.ElementTree as ElementTree
passed = failed = skipped = 0
if os.path.exists(sys.argv[1]):
    tests = json.load(open(sys.argv[1]))["tests"]
    codes = collections.Counter(t["code"] for t in tests)
    passed += codes["PASS"] + codes["XFAIL"]
    skipped += codes["UNSUPPORTED"]
    failed += sum(n for code, n in codes.items()
                  if code not in ("PASS", "XFAIL", "UNSUPPORTED"))
else:
    print("lit: no results (the suite did not run)")
    failed += 1
if len(sys.argv) > 2 and os.path.exists(sys.argv[2]):
    root = ElementTree.parse(sys.argv[2]).getroot()
    suites = [root] if root.tag == "testsuite" else list(root)
    for suite in suites:
        total = int(suite.get("tests", 0))
        bad = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
        skip = int(suite.get("skipped", 0))
        print(f"pytest: {total - bad - skip} passed, {bad} failed, "
              f"{skip} skipped")
        passed += total - bad - skip
        failed += bad
        skipped += skip
if skipped:
    print(f"{skipped} skipped (a required tool is missing, or the case does "
          "not apply)")
print(f"{passed} passed, {failed} failed")
PY
}

export PATH=$TILE_LLVM_PREFIX/bin:/usr/local/cuda/bin:$PATH

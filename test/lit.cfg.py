# -*- Python -*-
# The lit configuration of tile's test suite. RUN lines use the product path:
# stock mlir-opt with libtile.so loaded (%tile_plugin).
import os
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TILE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs",
                   "corpus-data"]

llvm_config.use_default_substitutions()

# TILE_ENABLE_SANITIZERS: libtile.so and tile's tools are built with
# ASan+UBSan (-shared-libsan). Stock mlir-opt is not, so the ASan runtime
# must be loaded first: it is preloaded into every command of the suite
# (harmless for FileCheck, llc, python). Leaks are off by design: MLIR's
# global registries are never freed.
if config.tile_asan_runtime:
    config.available_features.add("asan")
    config.environment["LD_PRELOAD"] = config.tile_asan_runtime
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    symbolizer = os.path.join(config.llvm_tools_dir, "llvm-symbolizer")
    if os.path.exists(symbolizer):
        config.environment["ASAN_SYMBOLIZER_PATH"] = symbolizer
        config.environment["UBSAN_SYMBOLIZER_PATH"] = symbolizer

# A fuzz build (scripts/fuzz) builds tile-fuzz and not necessarily the other
# tools: there a missing tool is not fatal (only fuzz/smoke.test is meant to
# run against it).
fuzzer = os.path.join(config.tile_tools_dir, "tile-fuzz")
tool_missing = "ignore" if os.path.exists(fuzzer) else "fatal"
# The normal suite runs the smoke test too when TILE_FUZZ_BIN names a
# fuzzer built beside it (scripts/test does that where libFuzzer exists).
if not os.path.exists(fuzzer) and os.environ.get("TILE_FUZZ_BIN"):
    fuzzer = os.environ["TILE_FUZZ_BIN"]
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["mlir-opt", "mlir-translate", "llc", "opt",
     ToolSubst("tile-opt", unresolved=tool_missing),
     ToolSubst("tile-lsp-server", unresolved=tool_missing),
     ToolSubst("tile-layout", unresolved=tool_missing),
     ToolSubst("tile-run", unresolved=tool_missing)],
    [config.tile_tools_dir, config.llvm_tools_dir])

plugin = os.path.join(config.tile_lib_dir, "libtile.so")
config.substitutions.append(("%tile_plugin", plugin))
config.substitutions.append(("%tile_src", config.tile_src_root))
config.substitutions.append(("%tile_build", config.tile_obj_root))
config.substitutions.append(("%python", config.python_executable))
# The driver runs from the source tree against this build.
config.substitutions.append(
    ("%tile_compile", config.python_executable + " "
     + os.path.join(config.tile_src_root, "tools", "tile-compile")
     + " --build-dir " + config.tile_obj_root))
config.substitutions.append(
    ("%tile_aot", config.python_executable + " "
     + os.path.join(config.tile_src_root, "tools", "tile-aot")
     + " --build-dir " + config.tile_obj_root))
# The CPU stand-in for libcuda.so.1 that tile-run's tests load, and the C
# launchers of tile-aot's tests link (the folder is their run-time path).
config.substitutions.append(
    ("%fake_cuda", os.path.join(config.tile_lib_dir, "libtile-fake-cuda.so")))
config.substitutions.append(("%tile_lib_dir", config.tile_lib_dir))
# tile-aot writes C: its tests compile it with clang-22 (a build
# requirement), against CUDA's cuda.h where the toolkit is installed (next
# to ptxas, or TILE_CUDA_INCLUDE) and otherwise against a stand-in header.
cc = os.path.join(config.llvm_tools_dir, "clang")
config.substitutions.append(("%cc", cc if os.path.exists(cc) else "cc"))
cuda_bin = (os.path.dirname(config.ptxas)
            if config.ptxas and os.path.exists(config.ptxas)
            else "/usr/local/cuda/bin")
cuda_include = (os.environ.get("TILE_CUDA_INCLUDE")
                or os.path.join(os.path.dirname(cuda_bin), "include"))
if os.path.exists(os.path.join(cuda_include, "cuda.h")):
    config.available_features.add("cuda-h")
    config.substitutions.append(("%cuda_include", cuda_include))
else:
    lit_config.note(f"no cuda.h in {cuda_include} (set TILE_CUDA_INCLUDE): "
                    "tile-aot's launchers are compiled against the stand-in "
                    "header only")
# `%mlir-tile` is stock mlir-opt with the plugin loaded.
config.substitutions.append(
    ("%mlir-tile", "mlir-opt --load-dialect-plugin=" + plugin))

if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
else:
    lit_config.note("ptxas not found (looked in PATH and /usr/local/cuda/bin):"
                    " the PTX end-to-end tests are skipped")

# Pass statistics (-mlir-pass-statistics) exist only where MLIR was built with
# them (assertions on, or LLVM_FORCE_ENABLE_STATS): a release build such as
# Debian's compiles both the counters and the report out. Ask mlir-opt
# whether cse reports what it removed.
def mlir_prints_pass_statistics():
    module = ("func.func @f(%a: i32) -> (i32, i32) {\n"
              "  %0 = arith.addi %a, %a : i32\n"
              "  %1 = arith.addi %a, %a : i32\n"
              "  return %0, %1 : i32, i32\n}\n")
    try:
        result = subprocess.run(
            [os.path.join(config.llvm_tools_dir, "mlir-opt"),
             "-p", "builtin.module(func.func(cse))", "-mlir-pass-statistics",
             "-mlir-pass-statistics-display=list", "-o", os.devnull],
            input=module, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "num-cse'd" in result.stderr


if mlir_prints_pass_statistics():
    config.available_features.add("pass-statistics")
else:
    lit_config.note("mlir-opt prints no pass statistics (MLIR built without "
                    "them): the pass-statistics tests are skipped")

if config.clang_format and os.path.exists(config.clang_format):
    config.available_features.add("clang-format")
    config.substitutions.append(("%clang_format", config.clang_format))

# The fuzz smoke test needs a fuzz build (scripts/fuzz, TILE_ENABLE_FUZZER=ON):
# its own test folder, or TILE_FUZZ_BIN above.
if os.path.exists(fuzzer):
    config.available_features.add("tile-fuzz")
    config.substitutions.append(("%tile_fuzz", fuzzer))
else:
    lit_config.note("tile-fuzz not built (a fuzz build: scripts/fuzz --build):"
                    " the fuzz smoke test is skipped")

# The self-contained compiler library (TILE_BUILD_SELF_CONTAINED=ON, which
# scripts/test turns on).
if os.path.exists(os.path.join(config.tile_lib_dir, "self-contained",
                               "libtile-compiler.so")):
    config.available_features.add("self-contained-compiler")
else:
    lit_config.note("no self-contained libtile-compiler.so (configure with "
                    "-DTILE_BUILD_SELF_CONTAINED=ON): its test is skipped")

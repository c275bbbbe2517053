"""libtile-compiler.so through its C API (ctypes): stages, metadata,
diagnostics with source positions, option errors, concurrent compiles."""

from __future__ import annotations

import concurrent.futures
from pathlib import Path

import pytest

import tile

REPO = Path(__file__).resolve().parents[2]
ADD_KERNEL = (REPO / "examples" / "add_kernel.ttir").read_text()


def test_version_matches_the_package(library):
    assert library.version.split()[0] == tile.__version__
    assert "LLVM 22" in library.version


def test_compiles_ttir_to_ptx_with_every_stage(library):
    result = library.compile(ADD_KERNEL, target="cuda:90", num_warps=4,
                             keep=tile.STAGES)
    assert result.succeeded, result.error
    assert result.failed_stage == "" and result.error == ""
    assert set(result.stages) == set(tile.STAGES)
    assert "\"ttg.num-warps\" = 4 : i32" in result.stages["ttgir"]
    assert "llvm.func @add_kernel" in result.stages["llvm_mlir"]
    assert "define ptx_kernel void @add_kernel" in result.stages["llir"]
    assert ".visible .entry add_kernel(" in result.stages["ptx"]
    assert result.kernel_name == "add_kernel"
    meta = result.metadata
    assert meta["name"] == "add_kernel"
    assert meta["num_warps"] == 4 and meta["num_ctas"] == 1
    assert meta["shared"] == 0 and meta["tmem_size"] == 0
    assert meta["global_scratch_size"] == 0
    assert meta["profile_scratch_size"] == 0
    assert meta["tensordesc_meta"] == []
    assert meta["ptx_version"] == 80


def test_ttgir_input_keeps_its_own_options(library):
    ttgir = library.compile(ADD_KERNEL, target="cuda:80", num_warps=8,
                            keep=("ttgir",)).stages["ttgir"]
    result = library.compile(ttgir, target="cuda:90", num_warps=2,
                             keep=("ttir", "ptx"))
    assert result.succeeded, result.error
    assert "ttir" not in result.stages  # TTGIR starts after the ttir stage
    assert result.metadata["num_warps"] == 8
    assert ".target sm_80" in result.stages["ptx"]
    assert ".reqntid 256" in result.stages["ptx"]


ATOMIC_ADD_KERNEL = """
module {
  tt.func public @accumulate(%out: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                             %src: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %offs = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %sp = tt.splat %src : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %sa = tt.addptr %sp, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %v = tt.load %sa : tensor<1024x!tt.ptr<f32>>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %oa = tt.addptr %op, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %old = tt.atomic_rmw fadd, relaxed, gpu, %oa, %v : (tensor<1024x!tt.ptr<f32>>, tensor<1024xf32>) -> tensor<1024xf32>
    tt.return
  }
}
"""


@pytest.mark.parametrize("target,ptx_version,instruction", [
    ("cuda:90", 81, "atom.global.gpu.relaxed.add.v4.f32"),
    ("cuda:80", 80, "atom.global.gpu.relaxed.add.f32"),
])
def test_vector_atomics_raise_the_default_ptx_version(library, target,
                                                      ptx_version,
                                                      instruction):
    # sm_90 adds contiguous f32 as vectors, which need PTX 8.1.
    result = library.compile(ATOMIC_ADD_KERNEL, target=target, num_warps=4,
                             keep=("ptx",))
    assert result.succeeded, result.error
    assert result.metadata["ptx_version"] == ptx_version
    assert instruction in result.stages["ptx"]


def test_ptx_options(library):
    result = library.compile(ADD_KERNEL, ptx_version=87, maxnreg=40,
                             line_info=False)
    ptx = result.stages["ptx"]
    assert ".version 8.7" in ptx and ".maxnreg 40" in ptx
    assert ".loc" not in ptx and ", debug" not in ptx
    with_lines = library.compile(ADD_KERNEL).stages["ptx"]
    assert ".loc" in with_lines and ", debug" not in with_lines


def test_parse_error_has_a_source_position(library):
    result = library.compile("module {\n  tt.func @k() {\n    %0 = tt.bogus\n",
                             source_name="broken.ttir")
    assert not result.succeeded
    assert result.failed_stage == "parse"
    assert result.error.startswith("broken.ttir:3:")
    assert result.metadata == {} and "ptx" not in result.stages
    first = result.diagnostics[0]
    assert first["severity"] == "error" and first["stage"] == "parse"
    assert first["file"] == "broken.ttir" and first["line"] == 3


def test_option_errors_name_the_option(library):
    result = library.compile(ADD_KERNEL, num_warps=3)
    assert result.failed_stage == "options"
    assert "num-warps" in result.error
    result = library.compile(ADD_KERNEL, target="cuda:75")
    assert result.failed_stage == "options" and "cuda:75" in result.error
    result = library.compile(ADD_KERNEL, ptx_version=70)
    assert result.failed_stage == "options"
    assert "ptx-version=70 for cuda:90" in result.error
    # PTX 7.0 has sm_80, the target the kernel's own options do not fix.
    result = library.compile(ADD_KERNEL, ptx_version=70, target="cuda:80")
    assert result.succeeded, result.error
    assert ".version 7.0" in result.stages["ptx"]


def test_verifier_error_names_the_op_and_its_python_line(library):
    bad = ADD_KERNEL.replace("{end = 1024 : i32, start = 0 : i32}",
                             "{end = 1000 : i32, start = 0 : i32}", 1)
    assert bad != ADD_KERNEL
    result = library.compile(bad)
    assert not result.succeeded and result.failed_stage == "parse"
    # The op's own location: the Python line of the kernel's tl.arange.
    assert result.error.startswith("triton_kernels.py:46:"), result.error
    assert "tt.make_range" in result.error


ERF_KERNEL = """
module {
  tt.func public @erf_kernel(%x_ptr: !tt.ptr<f32>, %y_ptr: !tt.ptr<f32>) {
    %offsets = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %xs = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %x_ptrs = tt.addptr %xs, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %x = tt.load %x_ptrs : tensor<128x!tt.ptr<f32>>
    %y = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<128xf32>) -> tensor<128xf32>
    %ys = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %y_ptrs = tt.addptr %ys, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %y_ptrs, %y : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}
"""


def _libdevice():
    from pathlib import Path as P
    import triton
    path = P(triton.__file__).parent / "backends" / "nvidia" / "lib" / "libdevice.10.bc"
    return str(path) if path.is_file() else None


def test_libdevice_is_linked_when_called(library):
    result = library.compile(ERF_KERNEL)
    assert not result.succeeded and result.failed_stage == "llir"
    assert "libdevice" in result.error
    libdevice = _libdevice()
    if libdevice is None:
        pytest.skip("triton's wheel has no libdevice.10.bc")
    result = library.compile(ERF_KERNEL, libdevice_path=libdevice,
                             keep=("llir", "ptx"))
    assert result.succeeded, result.error
    # Linked, inlined and internalized: no call or declaration is left.
    assert "declare float @__nv_erff" not in result.stages["llir"]
    assert "@__nv_erff(" not in result.stages["llir"]
    assert "call" not in result.stages["ptx"]
    assert '!"nvvm-reflect-ftz", i32 1' in result.stages["llir"]
    missing = library.compile(ERF_KERNEL, libdevice_path="/nonexistent.bc")
    assert missing.failed_stage == "llir"
    assert "cannot read libdevice '/nonexistent.bc'" in missing.error


def test_concurrent_compiles_agree(library):
    expected = library.compile(ADD_KERNEL).stages["ptx"]
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: library.compile(ADD_KERNEL),
                                range(8)))
    assert all(r.stages["ptx"] == expected for r in results)

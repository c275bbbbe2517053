"""triton.compile of an IR file (.ttir, .ttgir) with tile enabled: Triton
starts after that file's stage, so tile's first stage receives the file's
text and compiles it from there (it used to look for the previous stage's
result and raise AttributeError: test_line_info's test_line_info_ir_source)."""

from __future__ import annotations

import triton
from triton.backends.compiler import GPUTarget

import tile.triton

SCALAR_COPY = """
#loc = loc("/path/test.py":7:0)
module {
  tt.func public @scalar_copy(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("/path/test.py":7:0), %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32} loc("/path/test.py":7:0)) attributes {noinline = false} {
    %0 = tt.load %arg0 : !tt.ptr<f32> loc(#loc1)
    tt.store %arg1, %0 : !tt.ptr<f32> loc(#loc2)
    tt.return loc(#loc3)
  } loc(#loc)
} loc(#loc)
#loc1 = loc("/path/test.py":8:16)
#loc2 = loc("/path/test.py":9:20)
#loc3 = loc("/path/test.py":9:4)
"""

TARGET = GPUTarget("cuda", 90, 32)


def test_ttir_and_ttgir_files_compile_with_tile(tile_enabled, fresh_triton_cache,
                                               tmp_path):
    ttir = tmp_path / "scalar_copy.ttir"
    ttir.write_text(SCALAR_COPY)
    from_ttir = triton.compile(str(ttir), target=TARGET)
    assert tile.triton.stats()["compiled"] == 1
    assert from_ttir.metadata.name == "scalar_copy"
    assert ".visible .entry scalar_copy(" in from_ttir.asm["ptx"]
    assert "ttg.num-warps" in from_ttir.asm["ttgir"]

    ttgir = tmp_path / "scalar_copy.ttgir"
    ttgir.write_text(from_ttir.asm["ttgir"])
    from_ttgir = triton.compile(str(ttgir), target=TARGET)
    assert tile.triton.stats()["compiled"] == 2
    assert from_ttgir.asm["cubin"][:4] == b"\x7fELF"


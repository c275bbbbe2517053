"""The ways into tile from outside Python code: ``python -m tile.triton``,
and ``TILE_TRITON=1`` at interpreter start (the installed .pth), which is
how Inductor's compile workers, processes of their own, get tile."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tile.triton.__main__ import _pth_installed

TESTS = Path(__file__).resolve().parent

PROGRAM = textwrap.dedent("""
    import sys
    sys.path.insert(0, {tests!r})
    import tile.triton
    from compile_helpers import compile_case
    from kernels import CASES
    kernel = compile_case(CASES[0], 90)
    print("enabled", tile.triton.is_enabled())
    print("stats", tile.triton.stats())
    print("argv", sys.argv[1:])
""")


def _run(args, tmp_path, **env):
    environment = {**os.environ, "TRITON_CACHE_DIR": str(tmp_path / "cache"),
                   **env}
    return subprocess.run([sys.executable, *args], capture_output=True,
                          text=True, env=environment, timeout=300)


def test_python_m_tile_triton_runs_a_program(tmp_path):
    program = tmp_path / "program.py"
    program.write_text(PROGRAM.format(tests=str(TESTS)))
    run = _run(["-m", "tile.triton", "--stats", str(program), "a", "--b"],
               tmp_path)
    assert run.returncode == 0, run.stderr
    assert "enabled True" in run.stdout
    assert "'compiled': 1" in run.stdout
    assert "argv ['a', '--b']" in run.stdout
    assert "tile.triton.stats(): {'compiled': 1" in run.stderr


def test_python_m_tile_triton_usage(tmp_path):
    run = _run(["-m", "tile.triton"], tmp_path)
    assert run.returncode == 2 and "usage" in run.stderr


@pytest.mark.skipif(not _pth_installed(), reason="the tile package is not "
                    "installed into this interpreter (no tile-triton.pth)")
def test_environment_switch_enables_tile_at_start(tmp_path):
    program = tmp_path / "worker.py"
    program.write_text(PROGRAM.format(tests=str(TESTS)))
    run = _run([str(program)], tmp_path, TILE_TRITON="1")
    assert run.returncode == 0, run.stderr
    assert "enabled True" in run.stdout and "'compiled': 1" in run.stdout
    off = _run([str(program)], tmp_path, TILE_TRITON="0")
    assert "enabled False" in off.stdout

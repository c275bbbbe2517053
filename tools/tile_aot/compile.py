"""`tile-aot compile`: one specialization of a kernel into NAME.h and
NAME.c."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import tempfile

from .common import UsageError, log, tc, write_files
from .compiled import (Compiled, apply_hints, check_compiled_hints,
                       check_options, find_metadata, run_tile_compile)
from .grid import parse_grid
from .launcher import Launcher
from .signature import match_signature, parse_signature


def read_kernel(path: str, kernel_name: str | None
                ) -> tuple[str, list[dict], str]:
    """(kernel name, params, module text) of a .ttir/.ttgir input."""
    with open(path) as f:
        text = f.read()
    try:
        name, params, _ = tc.find_kernel(text, kernel_name)
    except ValueError as e:
        raise UsageError(f"{path}: {e}")
    return name, params, text


def compile_command(args: argparse.Namespace) -> int:
    source = args.input
    entries = parse_signature(args.signature)
    if not os.path.exists(source):
        raise UsageError(f"no such file or folder: {source}")
    is_ir = os.path.isfile(source) and source.endswith((".ttir", ".ttgir"))
    if is_ir:
        kernel, params, text = read_kernel(source, args.kernel)
    else:
        if os.path.isfile(source) and not source.endswith(".json"):
            raise UsageError(f"{source}: give a .ttir, a .ttgir, or a folder "
                             "(or NAME.json) that tools/tile-compile wrote")
        json_path = find_metadata(source)
        compiled = Compiled(json_path)
        kernel, params = compiled.meta["name"], compiled.meta["params"]
        if args.kernel and args.kernel != kernel:
            raise UsageError(f"{json_path} holds {kernel}, not {args.kernel}")
    match_signature(entries, kernel, params, args.signature)
    grid_exprs, helpers = parse_grid(args.grid, entries)
    if not re.fullmatch(r"[A-Za-z_]\w*", args.out_name or kernel):
        raise UsageError(f"'{args.out_name or kernel}' is not a C identifier:"
                         " give --out-name")

    runtime = [e for e in entries if e.runtime]
    stages = args.stages or tempfile.mkdtemp(prefix="tile-aot-")
    try:
        if is_ir:
            os.makedirs(stages, exist_ok=True)
            ext = ".ttgir" if source.endswith(".ttgir") else ".ttir"
            hinted = os.path.join(stages, kernel + ".hinted" + ext)
            with open(hinted, "w") as f:
                f.write(apply_hints(text, kernel, runtime))
            run_tile_compile(args, hinted, stages, kernel, source)
            compiled = Compiled(os.path.join(stages, kernel + ".json"))
        else:
            check_compiled_hints(entries, compiled.meta, source)
            check_options(args, compiled.meta, source)
        launcher = Launcher(args, entries, kernel, compiled, source,
                            grid_exprs, helpers, args.grid)
    finally:
        if not args.stages:
            shutil.rmtree(stages, ignore_errors=True)

    base = os.path.join(args.output, launcher.function)
    write_files({base + ".h": launcher.header(),
                 base + ".c": launcher.source_text()})
    log(f"{launcher.function}: {base}.h, {base}.c ({launcher.image_kind}, "
        f"{len(launcher.image)} bytes; {launcher.num_warps} warps, "
        f"{launcher.shared} B shared"
        + (f", {launcher.scratch} scratch pointers" if launcher.scratch
           else "") + ")")
    return 0

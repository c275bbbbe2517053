"""Compiling a specialization: the signature's hints into the TTIR, then
tools/tile-compile; and reading what it wrote (metadata, PTX, cubin)."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys

from .common import TILE_COMPILE, CompileError, UsageError, tc
from .signature import C_SIZES, Entry, c_type


def set_param_hint(decl: str, divisible: bool) -> str:
    """One parameter declaration (`%x: !tt.ptr<f32> {attrs} loc(...)`) with
    its tt.divisibility set to 16 or removed."""
    decl = decl.strip()
    m = re.match(r"%[\w$.-]+\s*:\s*", decl)
    rest = decl[m.end():]
    depth, attrs, end = 0, None, len(rest)
    for i, c in enumerate(rest):
        if c in "<([":
            depth += 1
        elif c in ">)]" and not (c == ">" and i and rest[i - 1] == "-"):
            depth -= 1
        elif depth == 0 and c == "{":
            attrs = i
            break
        elif depth == 0 and rest.startswith("loc(", i):
            end = i
            break
    entries, tail = [], rest[end:]
    if attrs is not None:
        close = tc.find_matching(rest, attrs)
        entries = [a.strip() for a in tc.split_top_level(rest[attrs + 1: close])
                   if not re.match(r'\s*"?tt\.divisibility"?\s*=', a)]
        end, tail = attrs, rest[close + 1:]
    if divisible:
        entries.append("tt.divisibility = 16 : i32")
    attr_text = " {" + ", ".join(entries) + "}" if entries else ""
    tail = tail.strip()
    return (decl[:m.end()] + rest[:end].rstrip() + attr_text
            + (" " + tail if tail else ""))


def apply_hints(text: str, kernel: str, runtime_entries: list[Entry]) -> str:
    """The module text with the kernel's parameters hinted as the signature
    says: Triton compiles each specialization from its own hints, and so
    must we."""
    m = re.search(r"\btt\.func\s+(?:public\s+)?@\"?" + re.escape(kernel)
                  + r"\"?\s*\(", text)
    if not m:
        raise UsageError(f"cannot find tt.func @{kernel} to apply the hints")
    open_paren = m.end() - 1
    close = tc.find_matching(text, open_paren)
    decls = tc.split_top_level(text[open_paren + 1: close])
    hinted = [hint_in_place(d, e.hint == 16)
              for d, e in zip(decls, runtime_entries)]
    return text[:open_paren + 1] + ",".join(hinted) + text[close:]


def hint_in_place(decl: str, divisible: bool) -> str:
    """set_param_hint, keeping the whitespace (line breaks) around the
    declaration, so that diagnostics about the compiled copy point at the
    input's lines."""
    lead = decl[:len(decl) - len(decl.lstrip())]
    trail = decl[len(decl.rstrip()):]
    return lead + set_param_hint(decl.strip(), divisible) + trail


def run_tile_compile(args: argparse.Namespace, src: str, stages: str,
                     kernel: str, source: str) -> None:
    """Compiles src (the hinted copy of source) into stages with
    tools/tile-compile; raises CompileError after showing its output."""
    cmd = [sys.executable, TILE_COMPILE, src, "-o", stages, "--name", kernel,
           "--kernel", kernel]
    for flag, value in (("--target", args.target),
                        ("--num-warps", args.num_warps),
                        ("--num-stages", args.num_stages),
                        ("--build-dir", args.build_dir),
                        ("--plugin", args.plugin)):
        if value is not None:
            cmd += [flag, str(value)]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if args.verbose or proc.returncode != 0:
        sys.stdout.write(proc.stdout)
        sys.stdout.flush()
    if proc.returncode != 0:
        raise CompileError(f"tools/tile-compile failed on {source} with the "
                           f"signature's hints (status {proc.returncode}); "
                           "its output is above")


class Compiled:
    """What a compiled kernel gives the launcher: its metadata, PTX and
    cubin (None without ptxas)."""

    def __init__(self, json_path: str):
        folder = os.path.dirname(json_path)
        try:
            with open(json_path) as f:
                self.meta = json.load(f)
        except ValueError as e:
            raise UsageError(f"{json_path}: not JSON ({e})")
        if not isinstance(self.meta, dict) or "params" not in self.meta:
            raise UsageError(f"{json_path} is not tile-compile's metadata "
                             "(no \"params\")")
        stem = os.path.basename(json_path)[:-len(".json")]
        self.ptx_path = os.path.join(folder, stem + ".ptx")
        self.cubin_path = os.path.join(folder, stem + ".cubin")
        if not os.path.isfile(self.ptx_path):
            raise UsageError(f"{json_path}: no {stem}.ptx beside it")
        with open(self.ptx_path) as f:
            self.ptx = f.read()
        self.cubin = None
        if os.path.isfile(self.cubin_path):
            with open(self.cubin_path, "rb") as f:
                self.cubin = f.read()


def find_metadata(path: str) -> str:
    """The NAME.json that tile-compile wrote in a folder (or the file)."""
    if os.path.isfile(path):
        return path
    found = []
    for name in sorted(os.listdir(path)):
        if not name.endswith(".json"):
            continue
        try:
            with open(os.path.join(path, name)) as f:
                meta = json.load(f)
        except (OSError, ValueError):
            continue
        if isinstance(meta, dict) and "params" in meta and "name" in meta:
            found.append(name)
    if len(found) != 1:
        raise UsageError(f"{path}: expected one tile-compile NAME.json, "
                         f"found {len(found)}"
                         + (f" ({', '.join(found)}): give the file" if found
                            else ""))
    return os.path.join(path, found[0])


def check_compiled_hints(entries: list[Entry], meta: dict,
                         source: str) -> None:
    """A compiled kernel carries its hints: the signature must state exactly
    those, or the launcher would run code on arguments it was not built
    for (or check what it need not)."""
    for entry, param in zip([e for e in entries if e.runtime],
                            meta["params"]):
        compiled = int(param.get("divisibility", 1)) == 16
        if compiled != (entry.hint == 16):
            raise UsageError(
                f"signature entry {entry.index} ('{entry.text}'): {source} "
                f"was compiled {'with' if compiled else 'without'} "
                f"tt.divisibility = 16 on {param['name']}; a compiled kernel "
                "cannot be re-specialized (give its .ttir instead)")


def check_options(args: argparse.Namespace, meta: dict, source: str) -> None:
    """Options given with an already-compiled kernel must be its own."""
    target = f"cuda:{meta['target']['arch']}"
    for flag, given, have in (("--num-warps", args.num_warps,
                               meta["num_warps"]),
                              ("--num-stages", args.num_stages,
                               meta["num_stages"]),
                              ("--target", args.target, target)):
        if given is not None and str(given) != str(have):
            raise UsageError(f"{flag} {given}: {source} was compiled with "
                             f"{have}")


def ptx_param_sizes(ptx: str, name: str) -> list[int] | None:
    """Byte sizes of the .params of `.entry name(...)`, or None."""
    m = re.search(r"\.entry\s+" + re.escape(name) + r"\s*\(([^)]*)\)", ptx)
    if not m:
        return None
    sizes = []
    for decl in m.group(1).split(","):
        if ".param" not in decl:
            continue
        array = re.search(r"\[(\d+)\]", decl)
        bits = re.search(r"\.[usbf](\d+)\b", decl)
        sizes.append(int(array.group(1)) if array
                     else int(bits.group(1)) // 8 if bits else 0)
    return sizes


def scratch_count(ptx: str, kernel: str,
                  runtime_entries: list[Entry]) -> int:
    """How many trailing scratch pointers the PTX entry takes beyond the
    kernel's parameters (two, global and profile scratch, in Triton 3.6's
    PTX and in tile's; kernels that need scratch memory are refused); each
    gets a null pointer. Checks the sizes, since a mismatch is silent at
    launch."""
    sizes = ptx_param_sizes(ptx, kernel)
    if sizes is None:
        raise CompileError(f"the PTX has no '.entry {kernel}'")
    want = [C_SIZES[c_type(e.type)] for e in runtime_entries]
    extra = sizes[len(want):]
    if sizes[:len(want)] != want or any(s != 8 for s in extra):
        raise CompileError(f"the PTX entry {kernel} takes parameters of "
                           f"{sizes} bytes; the signature gives {want} "
                           "(plus trailing 8-byte scratch pointers)")
    return len(extra)

#!/usr/bin/env python3
"""Vector-add TTIR variants for every dtype, with and without hints.

From examples/add_kernel.ttir (Triton 3.6's TTIR of anchors' add_kernel: f32,
BLOCK = 1024, tt.divisibility = 16 on every argument) this writes, for each
dtype in i1 i8 i16 i32 i64 f16 bf16 f32 f64, the TTIR Triton 3.6 prints for
the same kernel on tensors of that dtype:

  examples/variants/add_<dtype>.ttir         hints kept (aligned tensors,
                                             n % 16 == 0)
  examples/variants/add_<dtype>_nohint.ttir  every {tt.divisibility = 16 : i32}
                                             removed (any n, any alignment)

The edits follow Triton 3.6's semantics (python/triton/language/semantic.py):

  * i8 i16 i32 i64 f16 bf16 f64: pointee and element types replaced;
    `x + y` is arith.addi on integers, arith.addf on floats (f16 + f16 and
    bf16 + bf16 stay in their type).
  * i1 (torch.bool): memory is bytes. tl.load of a !tt.ptr<i1> bitcasts the
    pointers to !tt.ptr<i8>, loads i8 and casts to i1 with
    `arith.cmpi ne, %v, dense<0>`; `x + y` is arith.addi on i1 (so modulo 2:
    x xor y); tl.store bitcasts the pointers again and stores
    `arith.extui` of the i1 sum. The zero constant is hoisted to the top by
    the canonicalizer; SSA names are renumbered as MLIR's printer does.

The generated text equals Triton 3.6's own dumps byte for byte (checked with
--check-against against bench/dump_add_variants_triton.py's output).

--compile runs tools/tile-compile --target cuda:90 --num-warps 4 on each into
out/variants/<name>/ (ptxas included) and prints which global loads and stores
each PTX got.

  python3 bench/make_add_variants.py --compile
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from tilebench import tile_compile  # noqa: E402

DTYPES = ["i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64"]
HINT = " {tt.divisibility = 16 : i32}"


def variant_names():
    return [f"add_{d}{s}" for d in DTYPES for s in ("", "_nohint")]


# --------------------------------------------------------------------------
# SSA renaming, as MLIR's AsmPrinter names values
# --------------------------------------------------------------------------

DEF = re.compile(r"^(\s*)(%[\w.$#-]+) = ")
VALUE = re.compile(r"%[\w.$#-]+")


def renumber(body):
    """Renames the values defined in `body` (lines of one function body) the
    way MLIR's printer does: a value named by its NameLoc (or an op's asm
    name, e.g. %cst) gets the bare name the first time and name_<k> after,
    k from one counter shared by all names; unnamed values are %0, %1, ...
    in order. A temporary name `%base.tag` counts as base; `%#tag` as
    unnamed."""
    used, mapping = set(), {}
    counter, unnamed = 0, 0
    for line in body:
        m = DEF.match(line)
        if not m:
            continue
        old = m.group(2)[1:]
        if old.startswith("#") or old.isdigit():
            mapping[old] = str(unnamed)
            unnamed += 1
            continue
        base = re.sub(r"(\.\w+|_\d+)$", "", old)
        name = base
        while name in used:
            name = f"{base}_{counter}"
            counter += 1
        used.add(name)
        mapping[old] = name
    return [VALUE.sub(lambda v: "%" + mapping.get(v.group(0)[1:], v.group(0)[1:]), l)
            for l in body]


# --------------------------------------------------------------------------
# The variants
# --------------------------------------------------------------------------

def split_module(text):
    """(head through the tt.func line, body lines, tail from its closing
    brace)."""
    lines = text.split("\n")
    start = next(i for i, l in enumerate(lines) if "tt.func" in l) + 1
    end = next(i for i in range(start, len(lines))
               if lines[i].lstrip().startswith("} loc("))
    return lines[:start], lines[start:end], lines[end:]


def retype(text, dtype):
    """f32 -> dtype in pointee and tensor element types; addf -> addi for
    integers."""
    if "f32" in text.replace("!tt.ptr<f32>", "").replace("xf32>", ""):
        raise SystemExit("make_add_variants: f32 somewhere other than a "
                         "pointee or tensor element type; update retype()")
    text = text.replace("!tt.ptr<f32>", f"!tt.ptr<{dtype}>")
    text = text.replace("xf32>", f"x{dtype}>")
    if dtype.startswith("i"):
        text = text.replace("arith.addf ", "arith.addi ")
    return text


LOAD = re.compile(r"^(\s*)%([\w.]+) = tt\.load (%[\w.]+), (%[\w.]+) : "
                  r"tensor<(\d+)x!tt\.ptr<i1>> (loc\(.*\))$")
STORE = re.compile(r"^(\s*)tt\.store (%[\w.]+), (%[\w.]+), (%[\w.]+) : "
                   r"tensor<(\d+)x!tt\.ptr<i1>> (loc\(.*\))$")


def bool_memory(text):
    """Triton's treatment of !tt.ptr<i1>: i8 in memory (see the docstring)."""
    head, body, tail = split_module(text)
    out, shape, k = [], None, 0
    for line in body:
        m = LOAD.match(line)
        if m:
            ind, res, ptr, mask, shape, loc = m.groups()
            k += 1
            p8 = f"tensor<{shape}x!tt.ptr<i8>>"
            base = re.sub(r"_\d+$", "", res)
            out += [f"{ind}%{base}.bc{k} = tt.bitcast {ptr} : "
                    f"tensor<{shape}x!tt.ptr<i1>> -> {p8} {loc}",
                    f"{ind}%{base}.ld{k} = tt.load %{base}.bc{k}, {mask} : {p8} {loc}",
                    f"{ind}%{res} = arith.cmpi ne, %{base}.ld{k}, %cst.zero : "
                    f"tensor<{shape}xi8> {loc}"]
            continue
        m = STORE.match(line)
        if m:
            ind, ptr, val, mask, shape, loc = m.groups()
            k += 1
            p8 = f"tensor<{shape}x!tt.ptr<i8>>"
            out += [f"{ind}%#bc{k} = tt.bitcast {ptr} : "
                    f"tensor<{shape}x!tt.ptr<i1>> -> {p8} {loc}",
                    f"{ind}%#ext{k} = arith.extui {val} : tensor<{shape}xi1> to "
                    f"tensor<{shape}xi8> {loc}",
                    f"{ind}tt.store %#bc{k}, %#ext{k}, {mask} : {p8} {loc}"]
            continue
        out.append(line)
    if shape is None:
        raise SystemExit("make_add_variants: no i1 load/store found")
    # The canonicalizer hoists the (CSE'd) zero to the front of the body,
    # location erased (#loc1 is loc(unknown) in the f32 dump).
    unknown = re.search(r"^(#loc\d*) = loc\(unknown\)$", text, re.M)
    if not unknown:
        raise SystemExit("make_add_variants: no loc(unknown) alias in the input")
    ind = re.match(r"\s*", body[0]).group(0)
    out.insert(0, f"{ind}%cst.zero = arith.constant dense<0> : "
                  f"tensor<{shape}xi8> loc({unknown.group(1)})")
    return "\n".join(head + renumber(out) + tail)


def make_variant(base, dtype, hints):
    text = retype(base, dtype)
    if dtype == "i1":
        text = bool_memory(text)
    if not hints:
        text = text.replace(HINT, "")
    return text


# --------------------------------------------------------------------------
# Compiling and the PTX summary
# --------------------------------------------------------------------------

def ptx_accesses(ptx):
    """{'ld': Counter-like dict, 'st': ...} of global load/store forms, e.g.
    {'ld.global.v4.b32': 4}; predicates and cache hints dropped."""
    acc = {"ld": {}, "st": {}}
    for m in re.finditer(r"\b((ld|st)\.global(?:\.[\w:]+)*)", ptx):
        form = re.sub(r"\.(L1|L2)::\w+|\.(ca|cg|cs|lu|cv|wb|wt|nc)\b", "",
                      m.group(1))
        d = acc[m.group(2)]
        d[form] = d.get(form, 0) + 1
    return acc


def fmt_acc(d):
    return ", ".join(f"{n}x {f.split('.global.', 1)[1]}" for f, n in sorted(d.items())) or "-"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--input", default=os.path.join(ROOT, "examples", "add_kernel.ttir"))
    p.add_argument("--variants-dir", default=os.path.join(ROOT, "examples", "variants"))
    p.add_argument("--compile", action="store_true",
                   help="compile each with tools/tile-compile into --out-dir")
    p.add_argument("--out-dir", default=os.path.join(ROOT, "out", "variants"))
    p.add_argument("--target", default="cuda:90")
    p.add_argument("--check-against", metavar="DIR",
                   help="compare each variant with DIR/<name>.ttir (Triton's dump "
                        "from dump_add_variants_triton.py); exit 1 on a difference")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)

    with open(args.input) as f:
        base = f.read()
    if HINT not in base or "arith.addf " not in base:
        raise SystemExit(f"{args.input}: not the hinted f32 add kernel")
    os.makedirs(args.variants_dir, exist_ok=True)
    written = []
    for d in DTYPES:
        for hints in (True, False):
            name = f"add_{d}" + ("" if hints else "_nohint")
            path = os.path.join(args.variants_dir, name + ".ttir")
            with open(path, "w") as f:
                f.write(make_variant(base, d, hints))
            written.append((name, path))
    print(f"wrote {len(written)} variants to "
          f"{os.path.relpath(args.variants_dir, os.getcwd())}/")

    status = 0
    if args.check_against:
        diffs = []
        for name, path in written:
            ref = os.path.join(args.check_against, name + ".ttir")
            if not os.path.isfile(ref):
                diffs.append(f"{name}: no {ref}")
                continue
            if open(ref).read() != open(path).read():
                diffs.append(f"{name}: differs from {ref}")
        for line in diffs:
            print("  " + line)
        print(f"check against Triton's dumps: "
              f"{len(written) - len(diffs)}/{len(written)} identical")
        status |= 1 if diffs else 0

    if args.compile:
        failed = []
        rows = []
        for name, path in written:
            outdir = os.path.join(args.out_dir, name)
            err = tile_compile(path, outdir, args.target, 4,
                               outputs=(".ptx", ".cubin", ".json"),
                               verbose=args.verbose)
            if err:
                failed.append((name, err))
                rows.append((name, "COMPILE FAILED", ""))
                continue
            with open(os.path.join(outdir, name + ".ptx")) as f:
                acc = ptx_accesses(f.read())
            rows.append((name, fmt_acc(acc["ld"]), fmt_acc(acc["st"])))
        w = max(len(r[0]) for r in rows)
        wl = max(len(r[1]) for r in rows + [("", "global loads", "")])
        print(f"\n{'variant':<{w}}  {'global loads':<{wl}}  global stores")
        print("-" * (w + wl + 20))
        for r in rows:
            print(f"{r[0]:<{w}}  {r[1]:<{wl}}  {r[2]}")
        for name, err in failed:
            print(f"\n{name}: tile-compile failed:\n{err}")
        print(f"\ncompiled {len(rows) - len(failed)}/{len(rows)} for {args.target} "
              f"into {os.path.relpath(args.out_dir, os.getcwd())}/ (ptxas included)")
        status |= 1 if failed else 0
    return status


if __name__ == "__main__":
    sys.exit(main())

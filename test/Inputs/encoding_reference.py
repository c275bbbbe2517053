#!/usr/bin/env python3
"""Known-answer test of tile's layout encodings against Triton's semantics.

For every TTGIR file of the corpus folder, this collects every encoding used in
a `tensor<AxBxT, ENC>`, `!ttg.memdesc<AxBxT, ENC, ...>` or bare `<AxBxT, ENC,
...>` type (ENC is `#alias` or an inline `#ttg.slice<...>` / `#ttg.dot_op<...>`
whose parent is an alias), resolves the aliases from the file's `#name = ...`
lines, and for each distinct (encoding, shape) compares

  * the reference below: Python written from the definitions of Triton's
    layouts (blocked and slice, the mma.sync m16n8k16 fragment tables of the
    PTX ISA, the wgmma accumulator, swizzled_shared and the PTX
    128/64/32-byte swizzle of nvmma_shared), NOT derived from tile's
    EncodingToLinearLayout.cpp, with
  * tile's meaning, printed by `tile-layout ENC SHAPE --format=list`.

Comparison is element by element, on the full set of holders: for register
(distributed) layouts `w<warp>:l<lane>:r<register>` (so the register numbering
is checked too), for shared layouts `o<offset>`.

The reference is a *forward* map (hardware location -> tensor element), the
direction in which the PTX fragment tables and triton.md's formulas are
written; the driver inverts it to "element -> all holders".

Output: `ok ENC SHAPE` / `FAIL ENC SHAPE: ...` (first differing elements) per
check and a final `N checks, M failures`. Exit status 1 on a failure.

Usage: encoding_reference.py --tile-layout PATH/TO/tile-layout CORPUS_DIR
"""
import argparse
import ast
import collections
import itertools
import pathlib
import re
import subprocess
import sys

THREADS_PER_WARP = 32


# ----------------------------------------------------------------------------
# Encoding text parsing (a tiny recursive parser of the attribute syntax).
# ----------------------------------------------------------------------------

def _balanced_end(text, start):
    """Index just past the `<...>` group that opens at text[start] == '<'."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "<":
            depth += 1
        elif text[i] == ">":
            depth -= 1
            if depth == 0:
                return i + 1
    raise ValueError("unbalanced <> in " + text)


def _split_top(text, sep=","):
    """Splits at `sep` outside of [], {}, <>."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "[{<":
            depth += 1
        elif ch in "]}>":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return [p.strip() for p in parts]


def parse_encoding(text):
    """`#ttg.kind<{k = v, ...}>` -> dict(kind=..., params...). Nested
    encodings (parent = #ttg....) are parsed recursively."""
    text = text.strip()
    m = re.match(r"#ttg\.([a-z_]+)<\{(.*)\}>$", text, re.S)
    if not m:
        raise ValueError("cannot parse encoding: " + text)
    enc = {"kind": m.group(1)}
    for item in _split_top(m.group(2)):
        key, value = [s.strip() for s in item.split("=", 1)]
        if value.startswith("#ttg."):
            enc[key] = parse_encoding(value)
        elif value.startswith("["):
            enc[key] = ast.literal_eval(value)
        elif value in ("true", "false"):
            enc[key] = value == "true"
        else:
            enc[key] = int(value)
    return enc


def expand_aliases(text, aliases):
    """Replaces #name references (whole names) by their definitions."""
    for _ in range(8):
        new = re.sub(r"#([A-Za-z_][\w]*)(?![\w.])",
                     lambda m: aliases.get(m.group(1), m.group(0)), text)
        if new == text:
            return text
        text = new
    return text


# ----------------------------------------------------------------------------
# The reference: forward maps written from triton.md.
#
# A distributed reference returns (num_warps, R, f) with f(warp, lane, reg) ->
# element tuple, for reg in range(R).  R is the *full* register count; register
# index bits that never change the element (a basis zeroed because the tensor
# is smaller than the tile along that dim) are dropped afterwards by
# `compact_registers` ("duplicate register bases are dropped", §6.1), keeping
# the order of the remaining bits.
# ----------------------------------------------------------------------------

def digits(value, radices):
    """Mixed-radix decomposition, first radix fastest."""
    out = []
    for r in radices:
        out.append(value % r)
        value //= r
    return out


def product(values):
    out = 1
    for v in values:
        out *= v
    return out


def pow2(n):
    return n > 0 and (n & (n - 1)) == 0


def ref_blocked(enc, shape):
    """§6.1. Along dim d an element index is
         x_d = s_d + spt_d*l_d + spt_d*tpw_d*w_d + T_d*rep_d   (mod S_d)
    with T_d = spt_d*tpw_d*wpc_d the CTA tile. Lanes, warps and the
    sizePerThread registers are numbered with order[0] fastest; repetitions
    (S_d > T_d) are appended as further registers, fastest dim first. When
    S_d < T_d, the parts pointing outside the shape wrap (mod S_d), i.e.
    broadcast over lanes/warps; register bits that then point outside are
    dropped by compact_registers."""
    spt, tpw, wpc, order = (enc["sizePerThread"], enc["threadsPerWarp"],
                            enc["warpsPerCTA"], enc["order"])
    rank = len(shape)
    assert len(spt) == rank, "blocked rank != tensor rank"
    tile = [spt[d] * tpw[d] * wpc[d] for d in range(rank)]
    reps = [max(1, shape[d] // tile[d]) for d in range(rank)]
    num_warps = product(wpc)
    assert product(tpw) == THREADS_PER_WARP
    reg_radices = [spt[d] for d in order] + [reps[d] for d in order]
    nregs = 1
    for r in reg_radices:
        nregs *= r

    def f(warp, lane, reg):
        ld = dict(zip(order, digits(lane, [tpw[d] for d in order])))
        wd = dict(zip(order, digits(warp, [wpc[d] for d in order])))
        rd = digits(reg, reg_radices)
        sd = dict(zip(order, rd[:rank]))
        pd = dict(zip(order, rd[rank:]))
        return tuple((sd[d] + spt[d] * ld[d] + spt[d] * tpw[d] * wd[d]
                      + tile[d] * pd[d]) % shape[d] for d in range(rank))

    return num_warps, nregs, f


def _mma_warp_coords(mma, warp):
    """(w0, w1) of a warp. v2 (Ampere) numbers warps row-major (warp 1 to the
    right of warp 0, §6.3); v3 (Hopper) column-major (a warpgroup's 4 warps
    stack along M, §6.4)."""
    W0, W1 = mma["warpsPerCTA"]
    if mma["versionMajor"] == 2:
        return warp // W1, warp % W1
    assert mma["versionMajor"] == 3
    return warp % W0, warp // W0


def ref_mma(enc, shape):
    """Accumulator. §6.3 (v2, instrShape [16, 8]): c0,c1 at (g, 2t+{0,1}),
    c2,c3 at (g+8, 2t+{0,1}), g = lane/4, t = lane%4. §6.4 (v3, instrShape
    [16, N, K]): per warp 16 rows x N columns, the PTX wgmma D fragment
    d_i at (g + 8*((i/2)%2), 8*(i/4) + 2t + i%2). Warp tiles are 16 x N
    (N = 8 for v2); repetitions over the CTA tile (16*W0) x (N*W1) are
    appended dim1 first, then dim0 (worked examples of §6.3 and §6.4)."""
    assert len(shape) == 2, "only rank-2 mma"
    W0, W1 = enc["warpsPerCTA"]
    n = 8 if enc["versionMajor"] == 2 else enc["instrShape"][1]
    per_tile = 4 * (n // 8)                     # c/d registers of one tile
    reps0 = max(1, shape[0] // (16 * W0))
    reps1 = max(1, shape[1] // (n * W1))

    def f(warp, lane, reg):
        g, t = lane // 4, lane % 4
        w0, w1 = _mma_warp_coords(enc, warp)
        i, rest = reg % per_tile, reg // per_tile
        rep1, rep0 = rest % reps1, rest // reps1
        row = g + 8 * ((i // 2) % 2) + 16 * w0 + 16 * W0 * rep0
        col = 2 * t + i % 2 + 8 * (i // 4) + n * w1 + n * W1 * rep1
        return (row % shape[0], col % shape[1])

    return W0 * W1, per_tile * reps0 * reps1, f


def ref_dot_op(enc, shape):
    """§6.3 operand fragments of mma.sync m16n8k16 (f16, kWidth = 2):
      A (16x16, MxK): a0,a1 (g, 2t+{0,1}); a2,a3 (g+8, 2t+{0,1});
                      a4,a5 (g, 2t+8+{0,1}); a6,a7 (g+8, 2t+8+{0,1})
      B (16x8, KxN):  b0,b1 (k=2t+{0,1}, n=g); b2,b3 (k=2t+8+{0,1}, n=g)
    The wgmma (v3) register A operand uses the same per-warp 16x16 fragment
    with the warpgroup's warps along M (§6.4, column-major warps).
    Warps along the dimension the operand does not span (K) are broadcast: A
    uses only the warp's M coordinate, B only its N coordinate.
    Repetitions: the operand tiles are K-contiguous, so -- reading "repeats
    appended fastest dim first" (§6.1) with K as the fastest dim of both
    operands -- K repetitions come first, then M (A) or N (B). triton.md does
    not spell out this order for dot operands; it is the one Triton uses
    (repOrder = K-contiguous order)."""
    assert len(shape) == 2, "only rank-2 dot_op"
    mma = enc["parent"]
    assert mma["kind"] == "nvidia_mma", "dot_op parent must be nvidia_mma"
    assert enc.get("kWidth") == 2, "reference covers kWidth = 2 (16-bit)"
    W0, W1 = mma["warpsPerCTA"]
    if enc["opIdx"] == 0:
        M, K = shape
        repsK = max(1, K // 16)
        repsM = max(1, M // (16 * W0))

        def f(warp, lane, reg):
            g, t = lane // 4, lane % 4
            w0, _ = _mma_warp_coords(mma, warp)
            i, rest = reg % 8, reg // 8
            repK, repM = rest % repsK, rest // repsK
            m = g + 8 * ((i // 2) % 2) + 16 * w0 + 16 * W0 * repM
            k = 2 * t + i % 2 + 8 * (i // 4) + 16 * repK
            return (m % M, k % K)

        return W0 * W1, 8 * repsK * repsM, f
    assert mma["versionMajor"] == 2, "B is never in registers for wgmma"
    K, N = shape
    repsK = max(1, K // 16)
    repsN = max(1, N // (8 * W1))

    def f(warp, lane, reg):
        g, t = lane // 4, lane % 4
        _, w1 = _mma_warp_coords(mma, warp)
        i, rest = reg % 4, reg // 4
        repK, repN = rest % repsK, rest // repsK
        k = 2 * t + i % 2 + 8 * (i // 2) + 16 * repK
        n = g + 8 * w1 + 8 * W1 * repN
        return (k % K, n % N)

    return W0 * W1, 4 * repsK * repsN, f


def ref_distributed(enc, shape):
    kind = enc["kind"]
    if kind == "blocked":
        return ref_blocked(enc, shape)
    if kind == "nvidia_mma":
        return ref_mma(enc, shape)
    if kind == "dot_op":
        return ref_dot_op(enc, shape)
    if kind == "slice":
        # §6.1: the parent at the shape with a size-1 dim inserted at `dim`,
        # that dim removed; register bits that no longer move are dropped.
        dim = enc["dim"]
        pshape = list(shape[:dim]) + [1] + list(shape[dim:])
        nw, nr, pf = ref_distributed(enc["parent"], pshape)
        return nw, nr, lambda w, l, r: tuple(
            x for i, x in enumerate(pf(w, l, r)) if i != dim)
    raise NotImplementedError("no reference for #ttg." + kind)


def compact_registers(num_warps, nregs, f):
    """Drops the register index bits that never change the element and
    renumbers the remaining registers (relative bit order kept)."""
    assert pow2(nregs)
    nbits = nregs.bit_length() - 1
    keep = []
    for b in range(nbits):
        moves = any(f(w, l, r) != f(w, l, r ^ (1 << b))
                    for w in range(num_warps) for l in range(THREADS_PER_WARP)
                    for r in range(nregs) if not r & (1 << b))
        if moves:
            keep.append(b)
    holders = collections.defaultdict(set)
    for w in range(num_warps):
        for l in range(THREADS_PER_WARP):
            for new in range(1 << len(keep)):
                old = sum(1 << b for i, b in enumerate(keep) if new >> i & 1)
                holders[f(w, l, old)].add("w%d:l%d:r%d" % (w, l, new))
    return holders


def swizzled_offset(enc, idx):
    """§2.3, rank-2 swizzled_shared: with c the contiguous dim (order[0]) and
    r the other one, element (r, c) sits in row r at column
    ((c/vec) ^ ((r/perPhase) % maxPhase))*vec + c%vec. (The XOR cannot leave
    the row: phases beyond the row's vector count wrap.)"""
    vec, per_phase, max_phase = enc["vec"], enc["perPhase"], enc["maxPhase"]
    cdim, rdim = enc["order"]
    extent = idx["extent"]
    c, r = idx["i"][cdim], idx["i"][rdim]
    ncols = extent[cdim]
    nvec = max(1, ncols // vec)
    phase = (r // per_phase) % max_phase
    col = (((c // vec) ^ phase) % nvec) * vec + c % vec
    return r * ncols + col


def nvmma_offset(enc, idx):
    """nvmma_shared = the PTX wgmma/TMA canonical layout. The contiguous dim
    (dim1, or dim0 when transposed) is cut into boxes of one swizzle row
    (swizzlingByteWidth bytes; a TMA box's inner extent is at most the swizzle
    span); boxes are stored one after the other, each box holding all rows
    contiguously, rows swizzlingByteWidth bytes apart. Inside a box the byte
    address a = row*SW + col*elemBytes is swizzled as PTX specifies: the
    16-byte chunk index (bits 4..) is XORed with bits 7.. of the address,
    i.e. 128B: chunk ^= row % 8, 64B: chunk ^= (row/2) % 4, 32B:
    chunk ^= (row/4) % 2 (CUTLASS Swizzle<3|2|1, 4, 3>)."""
    sw = enc["swizzlingByteWidth"]
    bits = enc["elementBitWidth"]
    extent = idx["extent"]
    cdim, rdim = (0, 1) if enc.get("transposed") else (1, 0)
    c, r = idx["i"][cdim], idx["i"][rdim]
    ncols, nrows = extent[cdim], extent[rdim]
    if sw == 0:
        return r * ncols + c
    box_cols = sw * 8 // bits
    assert ncols % box_cols == 0, "contiguous dim smaller than a swizzle row"
    assert nrows <= 256, "TMA boxes have at most 256 rows"
    box, cc = c // box_cols, c % box_cols
    addr = r * sw + cc * bits // 8
    b = {128: 3, 64: 2, 32: 1}[sw]
    addr ^= ((addr >> 7) & ((1 << b) - 1)) << 4
    return box * nrows * box_cols + addr * 8 // bits


def ref_shared(enc, shape):
    """element -> {"o<offset>"}. The encodings of the corpus are rank 2; a
    memdesc with one more (leading) dim is a pipeline-buffer array (§2.4):
    buffer b starts at b * (elements of one buffer)."""
    kind = enc["kind"]
    func = {"swizzled_shared": swizzled_offset,
            "nvmma_shared": nvmma_offset}[kind]
    enc_rank = len(enc["order"]) if kind == "swizzled_shared" else enc.get(
        "rank", 2)
    lead = len(shape) - enc_rank
    assert lead >= 0
    inner = shape[lead:]
    per_buffer = 1
    for s in inner:
        per_buffer *= s
    holders = {}
    for el in itertools.product(*[range(s) for s in shape]):
        buf = 0
        for d in range(lead):
            buf = buf * shape[d] + el[d]
        off = func(enc, {"i": el[lead:], "extent": inner})
        holders[el] = {"o%d" % (buf * per_buffer + off)}
    offsets = sorted(int(next(iter(h))[1:]) for h in holders.values())
    assert offsets == list(range(len(offsets))), "reference not a bijection"
    return holders


def reference(enc, shape):
    if enc["kind"] in ("swizzled_shared", "nvmma_shared"):
        return ref_shared(enc, shape)
    return compact_registers(*ref_distributed(enc, shape))


# ----------------------------------------------------------------------------
# tile's side.
# ----------------------------------------------------------------------------

def tile_list(binary, enc_text, shape):
    """Runs tile-layout --format=list; element -> set of holders. The list
    printer handles rank 1 and 2 only, so for rank-3 memdescs the driver
    prints --format=bases and evaluates tile's linear layout itself
    (element = XOR of the bases of the set bits of the offset)."""
    shape_arg = "x".join(map(str, shape))
    if len(shape) <= 2:
        out = run(binary, [enc_text, shape_arg, "--format=list"])
        holders = {}
        for line in out.splitlines():
            m = re.match(r"\[([\d, ]+)\]:(.*)$", line)
            if not m:
                raise RuntimeError("unexpected line: " + line)
            el = tuple(int(x) for x in m.group(1).split(","))
            holders[el] = set(m.group(2).split())
        return holders
    out = run(binary, [enc_text, shape_arg, "--format=bases"])
    m = re.match(r"\{(.*)\} -> \{(.*)\}\s*$", out.strip(), re.S)
    if not m:
        raise RuntimeError("unexpected bases output: " + out)
    bases = {}
    for item in _split_top(m.group(1)):
        key, value = [s.strip() for s in item.split("=", 1)]
        bases[key] = ast.literal_eval(value)
    if set(bases) != {"offset", "block"} or bases["block"]:
        raise RuntimeError("rank-3 check handles shared layouts only")
    holders = collections.defaultdict(set)
    for off in range(1 << len(bases["offset"])):
        el = [0] * len(shape)
        for b, vec in enumerate(bases["offset"]):
            if off >> b & 1:
                el = [x ^ v for x, v in zip(el, vec)]
        holders[tuple(el)].add("o%d" % off)
    return holders


def run(binary, args):
    proc = subprocess.run([binary] + args, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("tile-layout failed: " + proc.stderr.strip())
    return proc.stdout


# ----------------------------------------------------------------------------
# Corpus scan.
# ----------------------------------------------------------------------------

TYPE_RE = re.compile(
    r"<((?:\d+x)+)(?:!tt\.ptr<[^<>]*>|[A-Za-z][\w]*)\s*,\s*#")


def collect(corpus):
    """(encoding text, shape) -> first (file, encoding as written)."""
    uses = {}
    for path in sorted(pathlib.Path(corpus).glob("*.ttgir")):
        text = path.read_text()
        aliases, used = {}, set()
        for line in text.splitlines():
            m = re.match(r"#([A-Za-z_]\w*)\s*=\s*(#ttg\..*)$", line.strip())
            if m and not m.group(1).startswith("loc"):
                aliases[m.group(1)] = m.group(2)
        for m in TYPE_RE.finditer(text):
            shape = tuple(int(x) for x in m.group(1).rstrip("x").split("x"))
            start = m.end() - 1                      # the '#'
            name = re.match(r"#[\w.]+", text[start:]).group(0)
            end = start + len(name)
            if end < len(text) and text[end] == "<":
                end = _balanced_end(text, end)
            written = text[start:end]
            if written in ("#smem",) or written.startswith("#ttg.shared_mem"):
                continue
            resolved = expand_aliases(written, aliases)
            if not resolved.startswith("#ttg."):
                raise RuntimeError("%s: unresolved encoding %s" % (path.name,
                                                                   written))
            uses.setdefault((resolved, shape), (path.name, written))
            used.update(re.findall(r"#([A-Za-z_]\w*)", written))
        for name, definition in aliases.items():
            # Every encoding alias must be checked at some shape (an alias
            # referenced only through another alias counts as used).
            if name not in used and "shared_memory" not in definition and \
                    not any("#" + name in d for d in aliases.values()):
                uses.setdefault(("UNUSED " + definition, ()),
                                (path.name, "#" + name))
    return uses


def describe_diff(ref, got, limit=3):
    bad = []
    for el in sorted(set(ref) | set(got)):
        r, g = ref.get(el, set()), got.get(el, set())
        if r != g:
            bad.append((el, r, g))
    lines = ["%d differing elements" % len(bad)]
    for el, r, g in bad[:limit]:
        lines.append("  %s: expected %s, tile %s" % (
            list(el), " ".join(sorted(r)) or "-", " ".join(sorted(g)) or "-"))
    return "\n".join(lines)


def plan(uses):
    """The checks, in order: ("layout", enc, shape, label) compares tile with
    the reference; ("reject", enc, shape, label) expects tile to refuse a
    shape with a dim that is not a power of two. A pipeline-buffer count such
    as 3 (§2.4) cannot be a linear-layout dimension (every LL size is a power
    of two, §6.7), so such a memdesc is checked as the rejection plus one
    buffer (the trailing dims)."""
    checks, seen = [], set()
    for (enc_text, shape), (fname, written) in sorted(uses.items()):
        where = "(%s in %s)" % (written, fname)
        if not all(pow2(s) for s in shape):
            checks.append(("reject", enc_text, shape, where))
            assert all(pow2(s) for s in shape[1:])
            shape, where = shape[1:], where[:-1] + ", one buffer)"
        if (enc_text, shape) not in seen:
            seen.add((enc_text, shape))
            checks.append(("layout", enc_text, shape, where))
    return checks


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tile-layout", required=True)
    parser.add_argument("corpus")
    args = parser.parse_args()

    checks = plan(collect(args.corpus))
    failures = 0
    for what, enc_text, shape, where in checks:
        shape_str = "x".join(map(str, shape))
        label = "%s %s  %s" % (enc_text, shape_str, where)
        if enc_text.startswith("UNUSED "):
            failures += 1
            print("FAIL %s: alias used by no tensor/memdesc type the driver "
                  "parses" % label)
            continue
        if what == "reject":
            proc = subprocess.run([args.tile_layout, enc_text, shape_str,
                                   "--format=bases"],
                                  capture_output=True, text=True)
            if proc.returncode != 0 and "power of two" in proc.stderr:
                print("ok %s: rejected (not a power of two)" % label)
            else:
                failures += 1
                print("FAIL %s: expected a 'not a power of two' rejection, "
                      "got rc=%d %s" % (label, proc.returncode,
                                        proc.stderr.strip()))
            continue
        try:
            ref = reference(parse_encoding(enc_text), shape)
            got = tile_list(args.tile_layout, enc_text, shape)
        except Exception as e:  # noqa: BLE001 - reported as a failure
            failures += 1
            print("FAIL %s: %s" % (label, e))
            continue
        if ref == got:
            print("ok %s" % label)
        else:
            failures += 1
            print("FAIL %s: %s" % (label, describe_diff(ref, got)))
    print("%d checks, %d failures" % (len(checks), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

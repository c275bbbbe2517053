"""Triton's signature: its types (as TTIR and as C) and its entries, parsed
and matched with the kernel's parameters."""

from __future__ import annotations

import re

from .common import UsageError


# --------------------------------------------------------------------------
# Types
# --------------------------------------------------------------------------

#: Triton's scalar type names -> (the TTIR type, the C type of the argument).
#: A 16-bit float travels as its bits: C has no portable half type.
SCALARS = {
    "i1": ("i1", "int8_t"), "i8": ("i8", "int8_t"), "i16": ("i16", "int16_t"),
    "i32": ("i32", "int32_t"), "i64": ("i64", "int64_t"),
    "u1": ("i1", "uint8_t"), "u8": ("i8", "uint8_t"),
    "u16": ("i16", "uint16_t"), "u32": ("i32", "uint32_t"),
    "u64": ("i64", "uint64_t"),
    "fp16": ("f16", "uint16_t"), "bf16": ("bf16", "uint16_t"),
    "fp32": ("f32", "float"), "fp64": ("f64", "double"),
}

#: Element types that only pointers can have (no scalar of these is passed).
POINTEES = {
    "fp8e4nv": "f8E4M3FN", "fp8e5": "f8E5M2", "fp8e4b15": "f8E4M3B11FNUZ",
    "fp8e4b8": "f8E4M3FNUZ", "fp8e5b16": "f8E5M2FNUZ",
}

#: Bytes of each C type, to check against the PTX .param list.
C_SIZES = {"int8_t": 1, "uint8_t": 1, "int16_t": 2, "uint16_t": 2,
           "int32_t": 4, "uint32_t": 4, "float": 4, "int64_t": 8,
           "uint64_t": 8, "double": 8, "CUdeviceptr": 8}

C_KEYWORDS = set("""auto break case char const continue default do double else
enum extern float for goto if inline int long register restrict return short
signed sizeof static struct switch typedef union unsigned void volatile while
bool true false""".split())

#: Names the generated functions use themselves.
RESERVED = {"stream", "gX", "gY", "gZ"}


def is_integer(ty: str) -> bool:
    return ty in SCALARS and ty[0] in "iu"


def is_pointer(ty: str) -> bool:
    return ty.startswith("*")


def ttir_type(ty: str) -> str:
    """The TTIR parameter type of a signature type: `*fp32` -> !tt.ptr<f32>."""
    if is_pointer(ty):
        elem = ty[1:]
        return f"!tt.ptr<{POINTEES.get(elem) or SCALARS[elem][0]}>"
    return SCALARS[ty][0]


def c_type(ty: str) -> str:
    return "CUdeviceptr" if is_pointer(ty) else SCALARS[ty][1]


def known_types() -> str:
    return ("*T for a pointer; scalars " + " ".join(SCALARS)
            + "; pointees also " + " ".join(POINTEES))


def same_ttir_type(param_type: str, ty: str) -> bool:
    """Whether a TTIR parameter type (as printed, e.g. `!tt.ptr<f32, 1>`) is
    the signature type's; the pointer's address space does not matter."""
    want = ttir_type(ty)
    if is_pointer(ty):
        m = re.fullmatch(r"!tt\.ptr<\s*([^,>\s]+)\s*(?:,\s*\d+\s*)?>",
                         param_type.strip())
        return bool(m) and f"!tt.ptr<{m.group(1)}>" == want
    return param_type.strip() == want


# --------------------------------------------------------------------------
# The signature
# --------------------------------------------------------------------------

CONSTANT = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


class Entry:
    """One entry of the signature: a run-time argument (`type`, maybe a
    :16 `hint`), an argument equal to 1 (`hint` 1) or a constant (`value`).
    """

    def __init__(self, index: int, text: str, ty: str | None = None,
                 hint: int | None = None, value: str | None = None):
        self.index, self.text = index, text
        self.type, self.hint, self.value = ty, hint, value
        self.name = self.cname = None  # set when matched with the kernel

    @property
    def runtime(self) -> bool:
        """Passed to the kernel at run time (the TTIR has it)."""
        return self.type is not None and self.hint != 1

    @property
    def dispatched(self) -> bool:
        """An argument of the linked dispatcher (constants are not)."""
        return self.type is not None


def parse_signature(text: str) -> list[Entry]:
    """Parses Triton's signature syntax (`*fp32:16, i32, 1024`) into
    Entries; raises UsageError naming the entry."""
    if not text.strip():
        raise UsageError("the signature is empty")
    entries = []
    for i, raw in enumerate(text.split(",")):
        item = raw.strip()
        where = f"signature entry {i} ('{item}')"
        if not item:
            raise UsageError(f"signature entry {i} is empty in '{text}'")
        if CONSTANT.fullmatch(item):
            entries.append(Entry(i, item, value=item))
            continue
        ty, colon, hint = item.partition(":")
        ty, hint = ty.strip(), hint.strip()
        elem = ty[1:] if is_pointer(ty) else ty
        if elem not in SCALARS and not (is_pointer(ty) and elem in POINTEES):
            raise UsageError(f"{where}: unknown type '{ty}' (types: "
                             f"{known_types()}; or a constant)")
        if not colon:
            entries.append(Entry(i, item, ty=ty))
            continue
        if hint not in ("16", "1"):
            raise UsageError(f"{where}: the hint must be :16 (a multiple of "
                             "16) or :1 (equal to 1), as in Triton")
        if not (is_pointer(ty) or is_integer(ty)):
            raise UsageError(f"{where}: only pointers and integers take a "
                             "hint")
        if hint == "1" and is_pointer(ty):
            raise UsageError(f"{where}: a pointer cannot be specialized to "
                             "1; use :16 for its alignment")
        entries.append(Entry(i, item, ty=ty, hint=int(hint)))
    return entries


def c_name(name: str | None, index: int, taken: set[str]) -> str:
    """A C identifier for a kernel parameter: its own name where C allows
    it, else one that says where it came from."""
    if not re.fullmatch(r"[A-Za-z_]\w*", name or ""):
        name = f"arg{index}"
    if name in C_KEYWORDS or name in RESERVED or name.startswith("tile_"):
        name += "_"
    while name in taken:
        name += "_"
    taken.add(name)
    return name


def describe_params(params: list[dict]) -> str:
    return ", ".join(f"{p['name']}: {p['type']}" for p in params)


def match_signature(entries: list[Entry], kernel: str, params: list[dict],
                    signature: str) -> None:
    """Pairs the run-time entries with the kernel's parameters (count and
    types) and names every dispatched entry; raises UsageError naming both
    sides."""
    runtime = [e for e in entries if e.runtime]
    if len(runtime) != len(params):
        raise UsageError(
            f"the signature '{signature}' has {len(runtime)} run-time "
            f"argument(s) ({', '.join(e.text for e in runtime) or 'none'}), "
            f"but the kernel {kernel} takes {len(params)}: "
            f"{describe_params(params) or 'none'} (constants and :1 entries "
            "are constexprs, which a TTIR no longer has)")
    taken = set()
    for k, (entry, param) in enumerate(zip(runtime, params)):
        if not same_ttir_type(param["type"], entry.type):
            raise UsageError(
                f"signature entry {entry.index} ('{entry.text}') is "
                f"{ttir_type(entry.type)}, but parameter {k} of the kernel "
                f"{kernel} is {param['name']}: {param['type']}")
        entry.name = param["name"]
        entry.cname = c_name(param["name"], entry.index, taken)
    for entry in entries:
        if entry.dispatched and not entry.runtime:
            entry.name = None
            entry.cname = c_name(None, entry.index, taken)

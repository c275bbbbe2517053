"""Helpers that write C text: comments, calls and prototypes wrapped as
clang-format wraps them, byte arrays, hint checks, grid helpers."""

from __future__ import annotations

import re
import textwrap


def comment(text: str) -> list[str]:
    """A C block comment, wrapped to 80 columns."""
    lines = textwrap.wrap(text, 76)
    if len(lines) == 1 and len(lines[0]) <= 74:
        return [f"/* {lines[0]} */"]
    return ["/* " + lines[0]] + [" * " + l for l in lines[1:]] + [" */"]


def c_call(lead: str, name: str, items: list[str], end: str,
           brackets: str = "()") -> list[str]:
    """`lead name(items)end` as C lines of at most 80 columns, the items
    aligned after the bracket as clang-format puts them (or indented by four
    on the next line when the head is long)."""
    head = f"{lead}{name}{brackets[0]}"
    one = head + ", ".join(items) + brackets[1] + end
    if len(one) <= 80 or not items:
        return [one]
    lines, indent = [], " " * len(head)
    if len(head) > 40:
        lines, indent = [head], " " * 4
    cur = head if not lines else indent
    for i, item in enumerate(items):
        piece = item + (", " if i + 1 < len(items) else brackets[1] + end)
        if cur.strip() and cur != head and len(cur + piece.rstrip()) > 80:
            lines.append(cur.rstrip())
            cur = indent
        cur += piece
    lines.append(cur.rstrip())
    return lines


def c_bytes(data: bytes, indent: str = "  ", per_line: int = 16) -> str:
    """The bytes as the lines of a C array initializer."""
    lines = []
    for i in range(0, len(data), per_line):
        lines.append(indent + ", ".join(f"0x{b:02x}" for b in
                                        data[i:i + per_line]) + ",")
    return "\n".join(lines)


def guard_name(name: str) -> str:
    return "TILE_AOT_" + re.sub(r"\W", "_", name).upper() + "_H"


def c_params(args: list[tuple[str, str]]) -> str:
    """`T a, U b` for a list of (C type, name)."""
    return ", ".join(f"{t} {n}" for t, n in args)


def c_proto(ret: str, name: str, args: list[tuple[str, str]],
            end: str) -> list[str]:
    """A function's declaration (end `;`) or definition (end ` {`)."""
    return c_call(ret + " ", name, [f"{t} {n}" for t, n in args] or ["void"],
                  end)


def launch_prefix(grid_exprs: list[str] | None) -> list[tuple[str, str]]:
    """The parameters before the kernel's: the stream, and the grid when no
    expressions compute it."""
    head = [("CUstream", "stream")]
    if grid_exprs is None:
        head += [("unsigned int", "gX"), ("unsigned int", "gY"),
                 ("unsigned int", "gZ")]
    return head


def hint_conditions(args: list[tuple[str, int | None]]) -> list[str]:
    """C conditions that hold where the hints do; args: (cname, hint)."""
    conds = []
    for name, hint in args:
        if hint == 16:
            conds.append(f"{name} % 16 == 0")
        elif hint == 1:
            conds.append(f"{name} == 1")
    return conds


HELPERS = {
    "tile_div": """\
static int64_t tile_div(int64_t a, int64_t b, int *bad) {
  if (b == 0) {
    *bad = 1;
    return 0;
  }
  return a / b;
}
""",
    "tile_rem": """\
static int64_t tile_rem(int64_t a, int64_t b, int *bad) {
  if (b == 0) {
    *bad = 1;
    return 0;
  }
  return a % b;
}
""",
    "tile_cdiv": """\
static int64_t tile_cdiv(int64_t a, int64_t b, int *bad) {
  if (b == 0) {
    *bad = 1;
    return 0;
  }
  return (a + b - 1) / b;
}
""",
}

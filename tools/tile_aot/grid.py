"""The --grid expressions over the run-time integer arguments, written as
C over int64_t."""

from __future__ import annotations

import re

from .common import UsageError
from .signature import Entry, is_integer


GRID_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_]\w*)|(.))")


class GridParser:
    """Reads the grid expressions (integers, names, + - * / %, parentheses,
    cdiv) and writes them as C over int64_t. Division and remainder go
    through helpers that flag a zero divisor instead of trapping."""

    def __init__(self, text: str, names: dict[str, Entry]):
        self.text, self.names = text, names  # names: name -> Entry
        self.tokens = []
        for m in GRID_TOKEN.finditer(text):
            if m.group(1):
                self.tokens.append(("int", m.group(1)))
            elif m.group(2):
                self.tokens.append(("name", m.group(2)))
            elif m.group(3) and not m.group(3).isspace():
                self.tokens.append(("op", m.group(3)))
        self.pos = 0
        self.helpers = set()

    def error(self, why: str) -> UsageError:
        return UsageError(f"grid '{self.text}': {why}")

    def peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, op=None):
        tok = self.peek()
        if tok is None:
            raise self.error("ends early")
        if op is not None and tok != ("op", op):
            raise self.error(f"expected '{op}', found '{tok[1]}'")
        self.pos += 1
        return tok

    def parse(self) -> list[str]:
        """All the expressions, as C text, padded to three with 1."""
        exprs = [self.expr()]
        while self.peek() == ("op", ","):
            self.take(",")
            exprs.append(self.expr())
        if self.peek() is not None:
            raise self.error(f"unexpected '{self.peek()[1]}'")
        if len(exprs) > 3:
            raise self.error(f"{len(exprs)} dimensions; a grid has at most 3")
        return exprs + ["1"] * (3 - len(exprs))

    def expr(self) -> str:
        left = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            left = f"({left} {op} {self.term()})"
        return left

    def term(self) -> str:
        left = self.unary()
        while self.peek() in (("op", "*"), ("op", "/"), ("op", "%")):
            op = self.take()[1]
            right = self.unary()
            if op == "*":
                left = f"({left} * {right})"
            else:
                helper = "tile_div" if op == "/" else "tile_rem"
                self.helpers.add(helper)
                left = f"{helper}({left}, {right}, &tile_bad)"
        return left

    def unary(self) -> str:
        if self.peek() == ("op", "-"):
            self.take()
            return f"(-{self.unary()})"
        return self.atom()

    def atom(self) -> str:
        kind, value = self.take()
        if kind == "int":
            return value
        if kind == "op":
            if value != "(":
                raise self.error(f"unexpected '{value}'")
            inner = self.expr()
            self.take(")")
            return inner
        if value == "cdiv" and self.peek() == ("op", "("):
            self.take("(")
            a = self.expr()
            self.take(",")
            b = self.expr()
            self.take(")")
            self.helpers.add("tile_cdiv")
            return f"tile_cdiv({a}, {b}, &tile_bad)"
        entry = self.names.get(value)
        if entry is None:
            raise self.error(
                f"unknown variable '{value}' (the run-time arguments are "
                + (", ".join(self.names) or "none") + ")")
        if not is_integer(entry.type):
            raise self.error(f"'{value}' is {entry.type}; only integer "
                             "arguments can size the grid")
        return f"(int64_t){entry.cname}"


def parse_grid(text: str | None, entries: list[Entry]
               ) -> tuple[list[str] | None, set[str]]:
    """The grid's three C expressions and the helpers they use, or None for
    a launch function that takes the grid."""
    if text is None:
        return None, set()
    names = {}
    for e in entries:
        if e.runtime:
            names.setdefault(e.name, e)
            names.setdefault(e.cname, e)
    parser = GridParser(text, names)
    return parser.parse(), parser.helpers

"""One kernel specialization for the compile-only tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional


@dataclass
class Case:
    """One kernel specialization to compile."""

    name: str
    fn: Callable
    signature: dict[str, str]
    constexprs: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    #: Compute capabilities the case compiles for (Triton's own limits).
    capabilities: tuple[int, ...] = (80, 90)
    #: Arguments (by position) specialized as divisible by 16.
    aligned: Optional[tuple[int, ...]] = None

    def source(self):
        from triton.compiler import ASTSource
        names = list(self.signature)
        aligned = self.aligned
        if aligned is None:
            aligned = tuple(i for i, name in enumerate(names)
                            if self.signature[name].startswith("*"))
        attrs = {(i,): [["tt.divisibility", 16]] for i in aligned}
        return ASTSource(self.fn, self.signature, constexprs=self.constexprs,
                         attrs=attrs)

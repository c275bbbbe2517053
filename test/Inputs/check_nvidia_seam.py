#!/usr/bin/env python3
"""Fails when C++ under passes/ outside the NVIDIA seam
(passes/conversion/TTGToLLVM/nvidia/) names an NVVM op or attribute
(`NVVM::`), builds inline asm, or spells PTX or an NVVM intrinsic in a
string literal. The lowerings call the seam's target-neutral functions
instead (nvidia/TargetInfo.h)."""
import re
import sys

from lint_support import cpp_sources, summarize

SEAM = "passes/conversion/TTGToLLVM/nvidia/"
NVVM = re.compile(r"\bNVVM::")
INLINE_ASM = re.compile(r"\bInlineAsmOp\b")
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
# PTX in a string: an NVVM intrinsic name, a PTX special register or
# directive, or an instruction with operands (`$0`, `%r1`) or a terminating
# `;`. Diagnostics may still name an instruction ("no mma.sync for ...").
PTX_ALWAYS = re.compile(
    r"llvm\.nvvm\.|%(?:tid|ctaid|ntid|nctaid|laneid|warpid)\b|\.reg\s+\.")
MNEMONIC = re.compile(
    r"\b(?:ld|st|cp|mma|wgmma|ldmatrix|stmatrix|shfl|bar|mbarrier|fence|"
    r"atom|red|mov|cvt|div|ex2|lg2|rsqrt|sqrt|setp|selp|prmt)\.[a-z0-9_:]+")
OPERAND = re.compile(r"\$\d|%\w|;")


def is_ptx(literal):
    return bool(PTX_ALWAYS.search(literal) or
                (MNEMONIC.search(literal) and OPERAND.search(literal)))


def strip_comment(line):
    """The line without a trailing // comment (outside strings)."""
    in_string = False
    i = 0
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif line.startswith("//", i):
            return line[:i]
        i += 1
    return line


def violations_in(text):
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = strip_comment(raw)
        if line.lstrip().startswith("#include"):
            continue
        if NVVM.search(line):
            yield lineno, "names an NVVM op or attribute"
        if INLINE_ASM.search(line):
            yield lineno, "builds inline asm"
        for literal in STRING.findall(line):
            if is_ptx(literal):
                yield lineno, f"spells PTX in {literal}"


def main():
    checked = 0
    violations = 0
    for rel, path in cpp_sources(sys.argv[1], "passes"):
        if rel.startswith(SEAM):
            continue
        checked += 1
        for lineno, what in violations_in(path.read_text()):
            violations += 1
            print(f"{rel}:{lineno}: {what}; move it behind the NVIDIA seam "
                  f"({SEAM}TargetInfo.h)")
    return summarize(checked, violations,
                     "uses of NVVM or PTX outside the NVIDIA seam")


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fails when C++ under passes/ or dialects/ passes two arguments to one
call that both emit IR: a call whose first argument is a builder
(`create(builder, ...)`, `xorOfBits(rewriter, ...)`). C++ leaves the order
in which arguments are evaluated to the compiler, so the emitted ops would
come out in one order when the plugin is built with clang and in another
with gcc, and so would the PTX. Constants do not count (they become
immediates, wherever they are created), nor do region-building lambdas
(they run when the op builds its regions)."""
import re
import sys

from lint_support import cpp_sources, summarize

BUILDER = r"(?:rewriter|builder|b|\w+Builder|cloner|atYield|atReturn)"
# A call taking a builder first: `name(builder,` or `Op::create(b,`.
EMITTING_CALL = re.compile(r"[\w>]\s*\(\s*" + BUILDER + r"\s*,")
# Calls that create only constants.
CONSTANT_CALL = re.compile(
    r"^\s*(?:LLVM::ConstantOp::create|arith::ConstantOp::create|"
    r"arith::ConstantIntOp::create|i\d+Constant|allOnes)\s*\(")
COMMENT = re.compile(r"//[^\n]*")


def arguments(text, start):
    """The top-level arguments of the call whose `(` is at `start`."""
    depth, current, args = 0, [], []
    for i in range(start, len(text)):
        ch = text[i]
        if ch in "([{":
            depth += 1
            if depth == 1:
                continue
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                args.append("".join(current))
                return args
        if depth == 1 and ch == ",":
            args.append("".join(current))
            current = []
        else:
            current.append(ch)
    return args


def emits(argument):
    argument = argument.strip()
    if argument.startswith("["):  # a lambda
        return False
    if CONSTANT_CALL.match(argument):
        return False
    return bool(EMITTING_CALL.search(argument))


def check(text):
    """Line numbers of calls with two or more emitting arguments."""
    text = COMMENT.sub("", text)
    lines = []
    for match in re.finditer(r"\(", text):
        args = arguments(text, match.start())
        if len(args) >= 2 and sum(emits(a) for a in args) >= 2:
            lines.append(text.count("\n", 0, match.start()) + 1)
    return sorted(set(lines))


def main(root):
    checked = violations = 0
    for under in ("passes", "dialects"):
        for rel, path in cpp_sources(root, under):
            checked += 1
            for line in check(path.read_text()):
                print(f"{rel}:{line}: two arguments of one call emit IR "
                      "(name them in separate statements)")
                violations += 1
    return summarize(checked, violations, "calls whose arguments emit IR")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

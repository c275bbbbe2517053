"""Runs loop nests before and after tritongpu-fuse-nested-loops on the CPU
and compares what they compute.

Each nest folds its prologue, inner body and epilogue values (the outer and
inner induction variables, carried values) into a hash; the nests are
tt.func's of scalar arith and scf, which become func.func's and run under
stock mlir-runner. Bounds cover empty, negative and partial trip counts of
both loops and non-unit steps; the nests are marked tt.flatten (the
versioned, speculated path) or ttg.always-fuse (Triton's test hook, with
inner loops that run at least once, some whose length depends on the outer
iteration).

usage: fused_nests_agree.py LIBTILE WORKDIR
Prints one line per disagreeing nest and `N of N nests agree`."""

import os
import shutil
import subprocess
import sys

NEST = """
tt.func @{name}() -> i32 {{
  %lbi = arith.constant {lbi} : i32
  %ubi = arith.constant {ubi} : i32
  %si = arith.constant {si} : i32
  %lbj = arith.constant {lbj} : i32
  %sj = arith.constant {sj} : i32
  %ubj_base = arith.constant {ubj} : i32
  %c7 = arith.constant 7 : i32
  %c31 = arith.constant 31 : i32
  %c1000 = arith.constant 1000 : i32
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %r:2 = scf.for %i = %lbi to %ubi step %si iter_args(%h = %one, %count = %zero) -> (i32, i32) : i32 {{
    %p = arith.muli %h, %c7 : i32
    %start = arith.addi %p, %i : i32
    %ubj = {ubj_expr}
    %inner:2 = scf.for %j = %lbj to %ubj step %sj iter_args(%a = %start, %n = %zero) -> (i32, i32) : i32 {{
      %t = arith.muli %a, %c31 : i32
      %ij = arith.muli %i, %c1000 : i32
      %ij2 = arith.addi %ij, %j : i32
      %t2 = arith.addi %t, %ij2 : i32
      %n2 = arith.addi %n, %sj : i32
      scf.yield %t2, %n2 : i32, i32
    }}
    %e = arith.muli %inner#0, %c7 : i32
    %e2 = arith.addi %e, %inner#1 : i32
    %count2 = arith.addi %count, %c7 : i32
    scf.yield %e2, %count2 : i32, i32
  }} {attr}
  %out = arith.addi %r#0, %r#1 : i32
  tt.return %out : i32
}}
"""

OUTER = [(0, 5, 1), (2, 11, 3), (0, 0, 1), (5, 3, 1), (1, 2, 1), (-4, 4, 3)]
INNER = [(0, 4, 1), (1, 10, 4), (0, 0, 1), (3, 1, 1), (0, 1, 1), (-2, 5, 2)]


def nests():
    for lbi, ubi, si in OUTER:
        for lbj, ubj, sj in INNER:
            bounds = dict(lbi=lbi, ubi=ubi, si=si, lbj=lbj, ubj=ubj, sj=sj)
            yield dict(bounds, attr="{tt.flatten}", ubj_expr="arith.addi "
                       "%ubj_base, %zero : i32")
            if ubj > lbj:
                yield dict(bounds, attr='{"ttg.always-fuse"}',
                           ubj_expr="arith.addi %ubj_base, %zero : i32")
                # An inner length growing with the outer iteration.
                if lbi >= 0:
                    yield dict(bounds, attr='{"ttg.always-fuse"}',
                               ubj_expr="arith.addi %ubj_base, %i : i32")


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True,
                          **kw).stdout


def lower(src, dst, count):
    """`src` as func.func's with a main printing every nest's result."""
    text = open(src).read()
    for old, new in (("tt.func", "func.func"), ("tt.return", "return"),
                     ("{tt.flatten}", ""), ('{"ttg.always-fuse"}', "")):
        text = text.replace(old, new)
    # The pass's output is one printed module: main goes inside it.
    closing = ""
    if text.lstrip().startswith("module"):
        text, closing = text[:text.rindex("}")], "}\n"
    text += "func.func private @printI64(i64)\n"
    text += "func.func private @printNewline()\n"
    text += "func.func @main() {\n"
    for k in range(count):
        text += (f"  %r{k} = func.call @nest{k}() : () -> i32\n"
                 f"  %w{k} = arith.extsi %r{k} : i32 to i64\n"
                 f"  func.call @printI64(%w{k}) : (i64) -> ()\n"
                 "  func.call @printNewline() : () -> ()\n")
    text += "  return\n}\n" + closing
    std = dst + ".std.mlir"
    open(std, "w").write(text)
    run(["mlir-opt", std, "-o", dst, "-p",
         "builtin.module(arith-expand, convert-scf-to-cf, convert-ub-to-llvm,"
         " convert-arith-to-llvm, convert-cf-to-llvm, convert-func-to-llvm,"
         " reconcile-unrealized-casts)"])


def execute(module):
    """The lines `module`'s main prints, run by stock mlir-runner with
    MLIR's runner utilities (beside the runner, in LLVM's lib)."""
    runner = shutil.which("mlir-runner")
    utils = os.path.join(os.path.dirname(os.path.dirname(runner)), "lib",
                         "libmlir_c_runner_utils.so")
    out = run([runner, module, "-e", "main", "-entry-point-result=void",
               "-shared-libs=" + utils])
    return out.split()


def main():
    plugin, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    cases = list(nests())
    source = os.path.join(work, "nests.mlir")
    with open(source, "w") as f:
        for k, case in enumerate(cases):
            f.write(NEST.format(name=f"nest{k}", **case))
    fused = os.path.join(work, "fused.mlir")
    run(["mlir-opt", "--load-dialect-plugin=" + plugin,
         "--load-pass-plugin=" + plugin, source, "-o", fused,
         "-p", "builtin.module(tritongpu-fuse-nested-loops)"])
    fused_text = open(fused).read()
    if "ttg.must-execute" in fused_text:
        print("a ttg.must-execute mark survived the pass")
    # Every nest is fused: ttg.always-fuse loops lose the attribute, and a
    # tt.flatten nest (all have invariant bounds) leaves one version of its
    # outer loop without the inner one (for an inner length of at most
    # zero), which keeps tt.flatten.
    flatten = sum(case["attr"] == "{tt.flatten}" for case in cases)
    if ("ttg.always-fuse" in fused_text
            or fused_text.count("tt.flatten") != flatten):
        print("the pass fused no nest, or not every one")
    lower(source, os.path.join(work, "nests.ll.mlir"), len(cases))
    lower(fused, os.path.join(work, "fused.ll.mlir"), len(cases))
    before = execute(os.path.join(work, "nests.ll.mlir"))
    after = execute(os.path.join(work, "fused.ll.mlir"))
    if len(before) != len(cases) or len(after) != len(cases):
        print(f"expected {len(cases)} results, got {len(before)} before and"
              f" {len(after)} after")
        return
    agree = 0
    for k, case in enumerate(cases):
        if before[k] == after[k]:
            agree += 1
            continue
        print(f"nest{k} {case['attr']} outer {case['lbi']}..{case['ubi']}"
              f" step {case['si']} inner {case['lbj']}..{case['ubj']}"
              f" step {case['sj']}: {before[k]} before, {after[k]} after")
    print(f"{agree} of {len(cases)} nests agree")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""tile against Triton 3.6 on every kernel family, in one process, on a GPU.

Families (bench/families/): add (f32 vector add), rows (softmax f32, layer
norm f16), matmul (f16 mma.sync, 1 and 4 stages). For each family, target
and kernel this loads our PTX (built here with --build) and Triton 3.6's
PTX of the same kernel (bench/data), both through one launcher
(tilebench.Driver: cuModuleLoadDataEx + cuLaunchKernel via ctypes, on
torch's stream, same grid, same block, each with its own dynamic shared
memory; Triton's two trailing scratch pointers get null, but for the
global scratch buffer a kernel with `global_scratch_size` in its metadata
needs: size x programs bytes, as Triton's launcher allocates), then

  * checks every problem against torch before anything is timed: ours
    always (the first of our variants whose tt.divisibility hints hold),
    Triton's where its hints hold; edge shapes are checked only;
  * times the timed shapes: ours and Triton's launches alternating in one
    loop, then torch's (or cuBLAS's) in its own, each the median of --iters
    launches after --warmup rounds, the L2 cache cleared before each launch;
    --reps repetitions;
  * applies the ratio rule: ours/Triton (Triton's time / ours, > 1: ours
    faster) per repetition; ">= 1.00x" holds when the median ratio is
    >= 1.00 and no repetition is below 0.98 (3 repetitions of >= 100
    launches; fewer are "not judged");
  * writes OUT/report.md (the table, the per-repetition ratios, the
    verdicts, the checks), OUT/bench.json (everything) and OUT/<family>.png
    (with matplotlib).

Here (LLVM 22, no GPU):   python3 bench/bench.py --build
On the GPU machine:       python3 bench/bench.py --out results/

Exit status: 0 every check passed, 1 a check failed, 2 bad input or no GPU.
"""

import argparse
import copy
import datetime
import json
import os
import platform
import random
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from families import FAMILIES, TARGETS  # noqa: E402
from tilebench import (ROOT, BenchError, Driver, KernelImage, Timer, gbps,  # noqa: E402
                       ratio_verdict, scratch_args, tile_compile, wait_or_exit)

ARG_BYTES = {"ptr": 8, "i32": 4, "i64": 8, "f32": 4, "desc": 128}


def parse_args(argv):
    names = [f.name for f in FAMILIES]
    kernels = [k for f in FAMILIES for k in f.kernels]
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="shapes: " + "; ".join(f"{f.name}: {f.shape_help}" for f in FAMILIES))
    p.add_argument("--family", nargs="+", choices=names,
                   default=[f.name for f in FAMILIES if not f.opt_in],
                   help="families to run (default: all but the opt-in ones, "
                        + ", ".join(f.name for f in FAMILIES if f.opt_in) + ")")
    p.add_argument("--kernel", nargs="+", choices=kernels,
                   help="only these kernels (default: every kernel of the families)")
    p.add_argument("--target", choices=["all"] + list(TARGETS), default="all",
                   help="all (default): every target of every family (add, rows: "
                        "sm_90 and sm_80; matmul: sm_80); sm_80 or sm_90: only the "
                        "families with Triton PTX for it")
    p.add_argument("--shapes", action="append", default=[], metavar="KEY=S1,S2",
                   help="timed shapes of a family or kernel (KEY), replacing its "
                        "defaults; repeatable")
    p.add_argument("--check-shapes", action="append", default=[], metavar="KEY=S1,S2",
                   help="shapes only checked, replacing the defaults (KEY= for none)")
    p.add_argument("--random", type=int, default=0, metavar="N",
                   help="also check N random shapes per kernel (not timed)")
    p.add_argument("--seed", type=int, default=7, help="for --random")
    p.add_argument("--iters", type=int, default=100,
                   help="timed launches of each kernel per repetition (median; "
                        "the ratio rule needs >= 100)")
    p.add_argument("--warmup", type=int, default=25,
                   help="untimed interleaved rounds before each repetition")
    p.add_argument("--reps", type=int, default=3,
                   help="repetitions (the ratio rule needs 3)")
    p.add_argument("--check-only", action="store_true",
                   help="check every problem, time nothing")
    p.add_argument("--ours-only", action="store_true",
                   help="with --check-only: launch our kernels only, not Triton's "
                        "(a compute-sanitizer report then names ours alone; both "
                        "images often share a kernel name)")
    p.add_argument("--small", action="store_true",
                   help="cap every shape (e.g. for compute-sanitizer)")
    p.add_argument("--cubin", action="store_true",
                   help="load our NAME.cubin (ptxas output) instead of NAME.ptx")
    p.add_argument("--ours-dir", default=os.path.join(ROOT, "out", "bench"),
                   help="our compiled kernels, TARGET/NAME/NAME.{ptx,json} "
                        "(default out/bench)")
    p.add_argument("--triton-dir", default=os.path.join(HERE, "data"),
                   help="Triton 3.6's PTX and .json (default bench/data)")
    p.add_argument("--out", default="bench-out",
                   help="folder for report.md, bench.json, FAMILY.png")
    p.add_argument("--build", action="store_true",
                   help="here, with LLVM 22: compile our kernels into --ours-dir "
                        "with tools/tile-compile, and stop")
    p.add_argument("--build-dir", default=None,
                   help="tile's build folder for --build (default build/)")
    p.add_argument("--report-from", metavar="BENCH.json",
                   help="no run: write the report and plots again from a bench.json")
    p.add_argument("--self-check", action="store_true",
                   help="calibrate the harness: time Triton's image against a second, "
                   "separately loaded copy of itself in the place of ours (every "
                   "ratio should then be 1.00 within the noise)")
    p.add_argument("--dry-run", action="store_true",
                   help="load and check the inputs, print the plan; no GPU")
    args = p.parse_args(argv)
    if args.ours_only and not args.check_only:
        p.error("--ours-only needs --check-only (timing compares both images)")
    if args.iters < 1 or args.warmup < 0 or args.reps < 1:
        p.error("--iters and --reps must be >= 1, --warmup >= 0")
    args.plan = []  # (family, target, kernel)
    for family in FAMILIES:
        if family.name not in args.family:
            continue
        targets = [t for t in family.targets if args.target in ("all", t)]
        if not targets:
            print(f"note: {family.name} has no Triton PTX for {args.target}: skipped")
        for target in targets:
            for kernel in family.kernels:
                if not args.kernel or kernel in args.kernel:
                    args.plan.append((family, target, kernel))
    if not args.plan:
        p.error("nothing selected")
    try:
        args.timed = shape_lists(args.plan, args.shapes, "timed_shapes")
        args.checked = shape_lists(args.plan, args.check_shapes, "check_shapes")
    except (ValueError, KeyError) as e:
        p.error(f"bad shape list: {e}")
    return args


def shape_lists(plan, specs, default):
    """{(family, kernel): [shape]} from KEY=S1,S2 specs over the defaults."""
    given = {}
    for spec in specs:
        key, _, values = spec.partition("=")
        given[key] = [v for v in values.split(",") if v.strip()]
    keys = {f.name for f, _, _ in plan} | {k for _, _, k in plan}
    unknown = set(given) - keys
    if unknown:
        raise KeyError(f"{', '.join(sorted(unknown))} selects no family or kernel")
    lists = {}
    for family, _, kernel in plan:
        texts = given.get(kernel, given.get(family.name))
        lists[(family.name, kernel)] = (
            [family.parse_shape(t) for t in texts] if texts is not None
            else getattr(family, default)(kernel))
    return lists


# --------------------------------------------------------------------------
# Building (here) and loading the kernels
# --------------------------------------------------------------------------

def variants(args, family, target):
    """The variants of `family` that the selected kernels run."""
    kernels = {k for f, t, k in args.plan if f is family and t == target}
    return [v for v in family.variants(target) if v.kernel in kernels]


def family_targets(args):
    seen = []
    for family, target, _ in args.plan:
        if (family, target) not in seen:
            seen.append((family, target))
    return seen


def build(args):
    failed = 0
    for family, target in family_targets(args):
        for v in variants(args, family, target):
            src = os.path.join(args.ours_dir, target, "src")
            os.makedirs(src, exist_ok=True)
            ttir = os.path.join(src, v.name + v.suffix)
            with open(ttir, "w") as f:
                f.write(v.text())
            outdir = os.path.join(args.ours_dir, target, v.name)
            err = tile_compile(ttir, outdir, TARGETS[target][0], v.num_warps,
                               v.num_stages, args.build_dir)
            print(f"{family.name} {target} {v.name}: "
                  + (f"FAILED\n{err}" if err else os.path.join(outdir, v.name + ".ptx")))
            failed += bool(err)
    return 1 if failed else 0


def load_images(args):
    """{(family, target, kernel): (Triton's KernelImage, {name: ours})}."""
    images = {}
    for family, target, kernel in args.plan:
        stem = family.triton(kernel, target) + TARGETS[target][1]
        triton = KernelImage.load(f"triton {stem}",
                                  os.path.join(args.triton_dir, stem + ".ptx"),
                                  os.path.join(args.triton_dir, stem + ".json"))
        ours = {}
        for v in variants(args, family, target):
            if v.kernel != kernel:
                continue
            folder = os.path.join(args.ours_dir, target, v.name)
            image = os.path.join(folder, v.name + (".cubin" if args.cubin else ".ptx"))
            ours[v.name] = KernelImage.load(f"ours {target} {v.name}", image,
                                            os.path.join(folder, v.name + ".json"))
        sizes = [ARG_BYTES[t] for t in family.arg_types[kernel]]
        for image in [triton] + list(ours.values()):
            image.launch_params(sizes)  # raises on a signature mismatch
        images[(family, target, kernel)] = (triton, ours)
    return images


def cases(args, family, kernel):
    """[(shape, timed)] of one kernel: timed shapes, then checked-only ones."""
    timed = args.timed[(family.name, kernel)]
    checked = args.checked[(family.name, kernel)]
    if args.random:
        rng = random.Random(f"{args.seed}/{family.name}/{kernel}")
        checked = checked + family.random_shapes(rng, kernel, args.random)
    out = []
    for shape, is_timed in [(s, True) for s in timed] + [(s, False) for s in checked]:
        if args.small:
            shape = family.small(shape)
        if args.check_only:
            is_timed = False
        if all(s != shape for s, _ in out):
            out.append((shape, is_timed))
    return out


def print_plan(args, images):
    for (family, target, kernel), (triton, ours) in images.items():
        sizes = [ARG_BYTES[t] for t in family.arg_types[kernel]]
        print(f"{family.name} / {kernel} / {target}:")
        for image in [triton] + list(ours.values()):
            scratch = image.global_scratch()[0]
            print(f"  {image.describe()}; {image.launch_params(sizes)} "
                  + (f"trailing pointer(s), the first to {scratch} B of "
                     "global scratch per program" if scratch
                     else "trailing null pointer(s)"))
        todo = cases(args, family, kernel)
        print("  timed: " + (", ".join(family.shape_str(s) for s, t in todo if t) or "none"))
        print("  checked only: "
              + (", ".join(family.shape_str(s) for s, t in todo if not t) or "none"))
    print(f"timing: {args.reps} repetition(s) of {args.iters} interleaved launches "
          f"after {args.warmup} warm-up rounds, median")
    if args.self_check:
        print("self-check: 'ours' is a second copy of Triton's image")


# --------------------------------------------------------------------------
# The run
# --------------------------------------------------------------------------

class Run:
    def __init__(self, args, images, torch):
        self.args, self.images, self.torch = args, images, torch
        self.driver = Driver(torch.cuda.current_device())
        self.stream = torch.cuda.current_stream().cuda_stream
        self.loaded = {}
        self.copies = {}  # --self-check: Triton's image -> its second copy
        self.timer = None if args.check_only else Timer(torch, args.iters, args.warmup)
        self.rows, self.failures, self.stopped = [], 0, None

    def launcher(self, image, problem):
        if id(image) not in self.loaded:
            self.loaded[id(image)] = self.driver.load(image)
        sizes = [ARG_BYTES[t] for t, _ in problem.args]
        extra = image.launch_params(sizes)
        trailing, scratch = scratch_args(image, problem.grid, extra, self.torch)
        launch = self.loaded[id(image)].launcher(
            problem.grid, list(problem.args) + trailing, self.stream)
        launch.keepalive.append(scratch)
        return launch

    def checked(self, image, problem):
        """Launches on a poisoned output and checks: a result dict."""
        launch = self.launcher(image, problem)
        problem.reset()
        try:
            launch()
            wait_or_exit(self.torch, f"{image.label}: the check's launch")
            self.torch.cuda.synchronize()
        except Exception as e:  # a launch or asynchronous error
            self.stopped = f"{image.label}: {e}"
            return {"ok": False, "note": f"launch: {e}"}, launch
        ok, err, note = problem.check()
        return {"ok": bool(ok), "max_err": err, "note": note}, launch

    def case(self, family, target, kernel, shape, timed):
        args, torch = self.args, self.torch
        triton, ours = self.images[(family, target, kernel)]
        problem = family.problem(torch, kernel, shape)
        row = {"family": family.name, "kernel": kernel, "target": target,
               "shape": family.shape_str(shape), "shape_values": list(shape),
               "timed": timed, "unit": family.unit}
        if args.self_check:
            # A second module of Triton's own image takes our place; where
            # its hints do not hold, neither copy may run.
            if not triton.hints_hold(problem.args):
                row["ours"] = row["triton"] = {"skipped": "its hints do not hold"}
                return row
            if id(triton) not in self.copies:
                self.copies[id(triton)] = copy.copy(triton)
            ours = {"triton-copy": self.copies[id(triton)]}
            name = "triton-copy"
        else:
            name = next((n for n in problem.candidates
                         if n in ours and ours[n].hints_hold(problem.args)), None)
        if name is None:
            row["ours"] = {"ok": False, "note": "no variant of ours whose hints hold "
                           f"(candidates {list(problem.candidates)})"}
            self.failures += 1
            return row
        row["ours"], ours_fn = self.checked(ours[name], problem)
        row["ours"]["variant"] = name
        self.failures += not row["ours"]["ok"]
        triton_fn = None
        if self.stopped:
            return row
        if args.ours_only:
            row["triton"] = {"skipped": "--ours-only"}
        elif triton.hints_hold(problem.args):
            row["triton"], triton_fn = self.checked(triton, problem)
            self.failures += not row["triton"]["ok"]
            if self.stopped:
                return row
        else:
            row["triton"] = {"skipped": "its hints do not hold"}
        if not timed or not row["ours"]["ok"] or not row["triton"].get("ok", True):
            return row
        pair = {"ours": ours_fn}
        if triton_fn:
            pair["triton"] = triton_fn
        base = problem.baseline()
        reps = []
        for _ in range(args.reps):
            # Ours and Triton's alternate (each follows the other as often as
            # itself); the library is timed on its own after them, so that
            # neither of the two follows it more often than the other.
            times = self.timer.interleaved(pair)
            if base:
                times.update(self.timer.interleaved({"baseline": base}))
            reps.append(times)
        keys = reps[0]
        row["reps_ms"] = reps
        rate = (lambda ms: gbps(problem.work, ms)) if family.unit == "GB/s" else \
            (lambda ms: problem.work / ms / 1e9)
        for key in keys:
            row[f"{key}_rate"] = rate(statistics.median(r[key] for r in reps))
        if "triton" in keys:
            row["ratio"] = ratio_verdict([r["triton"] / r["ours"] for r in reps],
                                         args.iters)
        if "baseline" in keys:
            row["baseline_ratio"] = statistics.median(r["baseline"] / r["ours"]
                                                      for r in reps)
        return row

    def run(self):
        for family, target, kernel in self.args.plan:
            for shape, timed in cases(self.args, family, kernel):
                row = self.case(family, target, kernel, shape, timed)
                self.rows.append(row)
                print(row_line(row), flush=True)
                self.torch.cuda.empty_cache()
                if self.stopped:
                    print(f"stopped after a launch error (the context is unusable): "
                          f"{self.stopped}")
                    return


def row_line(row):
    """One progress line per problem."""
    def side(d):
        if d is None:
            return "-"
        if "skipped" in d:
            return "skipped (hints)" if "hints" in d["skipped"] else \
                f"skipped ({d['skipped']})"
        return ("OK" if d["ok"] else "FAIL") + (f" {d['max_err']:.2e}" if "max_err" in d else "") \
            + (f" ({d['note']})" if d.get("note") else "")
    line = (f"{row['family']:7} {row['kernel']:14} {row['target']:6} {row['shape']:>16}  "
            f"ours {row['ours'].get('variant', '-')}: {side(row['ours'])}; "
            f"triton: {side(row.get('triton'))}")
    if "ours_rate" in row:
        line += f"; ours {row['ours_rate']:.1f} {row['unit']}"
        if "ratio" in row:
            r = row["ratio"]
            line += (f", ours/Triton {r['median']:.4f} ("
                     + " ".join(f"{v:.4f}" for v in r["ratios"]) + f") {r['verdict']}")
    return line


# --------------------------------------------------------------------------
# The report
# --------------------------------------------------------------------------

def fmt(v, spec=".1f"):
    return "-" if v is None else format(v, spec)


def markdown(data):
    """report.md from bench.json's data."""
    env, cfg, rows = data["env"], data["config"], data["rows"]
    lines = [f"# tile vs Triton 3.6: {env['gpu']}", ""]
    if cfg.get("self_check"):
        lines += ["**Self-check**: the column \"ours\" is a second, separately loaded "
                  "copy of Triton's image; the ratios calibrate the harness.", ""]
    lines.append(f"{env['gpu']} ({env['sms']} SMs, sm_{env['cap'][0]}{env['cap'][1]}), "
                 f"CUDA driver {env['driver']}, torch {env['torch']}, "
                 f"Triton {env['triton'] or '(not installed)'}; {env['date']}.")
    lines.append("")
    lines.append(f"`{' '.join(['python3 bench/bench.py'] + env['command'].split())}`")
    lines.append("")
    lines.append("Ours and Triton 3.6's PTX are loaded and launched by the same driver-API "
                 "launcher (same grid, same block). Each timed problem: ours and Triton's "
                 f"launches alternating, {cfg['iters']} launches each after {cfg['warmup']} "
                 "warm-up rounds, the L2 cache cleared before each launch, the median of "
                 f"each; then the library's the same way; {cfg['reps']} repetitions. "
                 "Rates are the median over the "
                 "repetitions. ours/Triton = Triton's time / ours (> 1: ours faster), one per "
                 "repetition; **>= 1.00x** holds when their median is >= 1.00 and none is "
                 "below 0.98. Every problem is checked against torch before it is timed.")
    lines.append("")
    timed = [r for r in rows if "ours_rate" in r]
    if timed:
        lines.append("| kernel | target | shape | unit | tile | Triton 3.6 | torch / cuBLAS "
                     "| ours/Triton per rep | median | min | verdict | ours/library |")
        lines.append("|---|---|---|---|--:|--:|--:|---|--:|--:|---|--:|")
        for r in timed:
            ratio = r.get("ratio")
            lines.append(
                f"| {r['kernel']} | {r['target']} | {r['shape']} | {r['unit']} "
                f"| {fmt(r.get('ours_rate'))} | {fmt(r.get('triton_rate'))} "
                f"| {fmt(r.get('baseline_rate'))} "
                f"| {' '.join(f'{v:.4f}' for v in ratio['ratios']) if ratio else '-'} "
                f"| {fmt(ratio and ratio['median'], '.4f')} "
                f"| {fmt(ratio and ratio['min'], '.4f')} "
                f"| {ratio['verdict'] if ratio else '-'} "
                f"| {fmt(r.get('baseline_ratio'), '.3f')} |")
        judged = [r["ratio"]["verdict"] for r in timed if "ratio" in r]
        lines.append("")
        lines.append(f"Against Triton 3.6: {judged.count('>= 1.00x')} of {len(judged)} "
                     f"timed problems >= 1.00x, {judged.count('< 1.00x')} < 1.00x, "
                     f"{judged.count('not judged')} not judged (fewer than 3 "
                     "repetitions or 100 launches).")
        lines.append("")
    lines.append("## Checks against torch")
    lines.append("")
    lines.append("| kernel | target | problems | ours failed | Triton checked | Triton failed "
                 "| variants of ours run |")
    lines.append("|---|---|--:|--:|--:|--:|---|")
    groups = {}
    for r in rows:
        groups.setdefault((r["kernel"], r["target"]), []).append(r)
    for (kernel, target), rs in groups.items():
        tri = [r["triton"] for r in rs if "ok" in r.get("triton", {})]
        used = sorted({r["ours"].get("variant") for r in rs if r["ours"].get("variant")})
        lines.append(f"| {kernel} | {target} | {len(rs)} "
                     f"| {sum(not r['ours'].get('ok', True) for r in rs)} | {len(tri)} "
                     f"| {sum(not t['ok'] for t in tri)} | {', '.join(used)} |")
    lines.append("")
    for r in rows:
        for side in ("ours", "triton"):
            d = r.get(side, {})
            if "ok" in d and not d["ok"]:
                lines.append(f"- FAIL {side} {r['kernel']} {r['target']} {r['shape']}: "
                             f"{d.get('note') or 'max err %s' % d.get('max_err')}")
    if data["stopped"]:
        lines.append(f"- stopped after a launch error: {data['stopped']}")
    lines.append(f"{len(rows)} problems checked, {data['failures']} failed.")
    return "\n".join(lines) + "\n"


def plot(family, rows, path):
    """Top: the rates of ours, Triton's and the library's (lines against the
    size, or bars per problem); bottom: ours/Triton, the median of the
    repetitions with their range, against 1.00 and the 0.98 floor."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    sides = [("ours", "tile"), ("triton", "Triton 3.6 PTX"), ("baseline", family.baseline)]
    colors = ["C0", "C1", "C2"]
    fig, (ax, rax) = plt.subplots(2, 1, figsize=(9, 8), sharex=True,
                                  gridspec_kw={"height_ratios": [3, 2]})
    xs = [family.plot_x(tuple(r["shape_values"])) for r in rows]
    lines = all(x is not None for x in xs)
    if not lines:
        xs = list(range(len(rows)))
        width = 0.27
        for i, ((key, label), color) in enumerate(zip(sides, colors)):
            ax.bar([x + (i - 1) * width for x in xs], [r.get(f"{key}_rate", 0) for r in rows],
                   width, label=label, color=color)
    for target, style, shift in zip(family.targets, ["-", "--"], [-0.06, 0.06]):
        mine = [(x, r) for x, r in zip(xs, rows) if r["target"] == target]
        if lines:
            for (key, label), color in zip(sides, colors):
                pts = [(x, r[f"{key}_rate"]) for x, r in mine if f"{key}_rate" in r]
                if pts:
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], style, color=color,
                            marker="o", label=f"{label} ({target})")
        judged = [(x, r["ratio"]) for x, r in mine if "ratio" in r]
        if judged:
            rx = [x * 2 ** shift if lines else x for x, _ in judged]
            med = [q["median"] for _, q in judged]
            rax.errorbar(rx, med, yerr=[[m - q["min"] for m, (_, q) in zip(med, judged)],
                                        [max(q["ratios"]) - m for m, (_, q) in zip(med, judged)]],
                         fmt="o" + (style if lines else ""), capsize=3, label=target)
    if lines:
        ax.set_xscale("log", base=2)
        rax.set_xlabel(family.plot_xlabel)
    else:
        rax.set_xticks(xs, [f"{r['kernel']}\n{r['target']}\n{r['shape']}" for r in rows],
                       fontsize=8)
    rax.axhline(1.0, color="k", linewidth=0.8)
    rax.axhline(0.98, color="r", linestyle=":", linewidth=0.8, label="0.98 floor")
    ax.set_ylabel(family.unit)
    rax.set_ylabel("ours/Triton (median, rep range)")
    ax.set_title(f"{family.name}: tile vs Triton 3.6 (same driver-API launcher)")
    for a in (ax, rax):
        a.grid(True, alpha=0.3)
        a.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def command_line(argv):
    """The arguments as run, --out left out (it names a local folder)."""
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
        elif a == "--out":
            skip = True
        elif not a.startswith("--out="):
            out.append(a)
    return " ".join(out)


def environment(torch, driver, argv):
    props = torch.cuda.get_device_properties(0)
    try:
        import triton
        triton_version = triton.__version__
    except Exception:  # not installed, or failing to import: only the version is used
        triton_version = None
    return {"gpu": props.name, "sms": props.multi_processor_count,
            "cap": list(torch.cuda.get_device_capability()), "driver": driver.version(),
            "torch": torch.__version__, "triton": triton_version,
            "python": platform.python_version(),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "command": command_line(argv)}


def config(args):
    return {"iters": args.iters, "warmup": args.warmup, "reps": args.reps,
            "self_check": args.self_check,
            "timing": "CUDA events; per repetition ours and Triton's launches "
                      "alternating (ours first in even rounds), then the "
                      "library's; L2 cleared before each launch; median per kernel",
            "launcher": "tilebench.Driver: cuModuleLoadDataEx + cuLaunchKernel "
                        "(ctypes), torch's current stream",
            "ratio": "Triton's time / ours per repetition; >= 1.00x when the "
                     "median >= 1.00 and the min >= 0.98"}


def report(out, data):
    """Writes OUT/report.md, OUT/bench.json and a plot per family."""
    os.makedirs(out, exist_ok=True)
    text = markdown(data)
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "bench.json"), "w") as f:
        json.dump(data, f, indent=1)
    print("\n" + text)
    for family in FAMILIES:
        timed = [r for r in data["rows"] if r["family"] == family.name and "ours_rate" in r]
        if not timed:
            continue
        try:
            plot(family, timed, os.path.join(out, family.name + ".png"))
            print(f"wrote {family.name}.png")
        except ImportError:
            print(f"note: matplotlib is not installed: no {family.name} plot")
        except Exception as e:  # a plot must not lose the measurements
            print(f"note: the {family.name} plot failed: {e!r}")
    print("wrote report.md and bench.json")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    try:
        if args.build:
            return build(args)
        if args.report_from:
            with open(args.report_from) as f:
                data = json.load(f)
            report(args.out, data)
            return 1 if data["failures"] or data["stopped"] else 0
        images = load_images(args)
        if args.dry_run:
            print_plan(args, images)
            print("dry run: no GPU touched")
            return 0
        try:
            import torch
        except ImportError:
            raise BenchError("torch is not installed: run this on the GPU machine")
        if not torch.cuda.is_available():
            raise BenchError("no GPU: torch.cuda.is_available() is False")
        torch.zeros(1, device="cuda")  # torch's (primary) context first
        run = Run(args, images, torch)
        env = environment(torch, run.driver, argv)
        print({k: v for k, v in env.items() if k != "command"})
        print_plan(args, images)
        run.run()
        report(args.out, {"env": env, "config": config(args), "failures": run.failures,
                          "stopped": run.stopped, "rows": run.rows})
        return 1 if run.failures or run.stopped else 0
    except BenchError as e:
        print(f"bench: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

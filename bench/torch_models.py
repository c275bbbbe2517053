#!/usr/bin/env python3
"""torch.compile (Inductor) workloads compiled by Triton, then by tile, in one
process on a CUDA GPU: outputs compared, step times interleaved.

    python bench/torch_models.py OUTDIR [--only NAME...] [--steps N] [--reps N]
    python bench/torch_models.py OUTDIR --only NAME --phase tile --steps 2

With --phase, only that compiler's phase runs: it compiles and runs --steps
steps, no comparison and no timing (for a profiler such as ncu, whose
kernel filter then sees one compiler's kernels).

Phase "triton" compiles model A with tile disabled, phase "tile" a deep copy
B with tile enabled (TILE_TRITON_LOG=OUTDIR/<name>.jsonl). Each phase empties
Inductor's in-memory caches, uses a new TRITON_CACHE_DIR and compiles an entry
function of its own (Dynamo cannot reuse A's graph); --tile-first runs the
tile phase first (Inductor autotunes each phase's kernels as it compiles
them, so the order shows whether a phase's picks follow its place). Writes
OUTDIR/models.json
after each workload (time_ratio = triton_ms / tile_ms: > 1 is tile faster;
`autotune` holds every config Inductor's autotuner benchmarked in each
phase, with its time, for bench/autotune_picks.py).
A step of these models launches its kernels faster than the GPU runs them
only barely, so time_ratio also measures the CPU; graph_time_ratio times
the same steps replayed from CUDA graphs (the GPU's time alone), and the
profile's kernel_time_ratio sums each compiler's kernel times.
"""

from __future__ import annotations

import os

os.environ.setdefault("TORCHINDUCTOR_FORCE_DISABLE_CACHES", "1")
os.environ.setdefault("TORCHINDUCTOR_COMPILE_THREADS", "1")

import argparse
import collections
import contextlib
import copy
import functools
import gc
import json
import math
import operator
import shutil
import statistics
import sys
import tempfile
import time
import traceback
import types
from pathlib import Path
from typing import Any, Callable

import torch
import torch._dynamo
import torch._inductor.config
import torch.nn as nn
import torch.nn.functional as F
import triton

sys.path.append(str(Path(__file__).resolve().parent.parent / "python"))
import tile.triton as tile_triton  # noqa: E402

Tensors = list[torch.Tensor]
Step = Callable[[], Tensors]
Built = tuple[Any, Callable[[Callable, Any], Step]]  # target, make_step
TOLERANCE = {torch.float32: 1e-5, torch.bfloat16: 1e-2, torch.float16: 1e-2}
WARMUP, PROFILE_STEPS, SLOW_RATIO, SLOW_TOP = 3, 5, 0.98, 30


#: build() -> (target to compile, make_step(compiled entry, target) -> step).
Spec = collections.namedtuple("Spec", "build compile_kwargs inductor_config "
                              "tolerance", defaults=({}, {}, None))


class GPTBlock(nn.Module):
    def __init__(self, d: int, heads: int):
        super().__init__()
        self.heads = heads
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv, self.proj = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU("tanh"),
                                 nn.Linear(4 * d, d))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t, c = x.shape
        q, k, v = (z.view(b, t, self.heads, -1).transpose(1, 2)
                   for z in self.qkv(self.ln1(x)).split(c, dim=2))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(y.transpose(1, 2).reshape(b, t, c))
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    """GPT-2 style causal LM with a tied head; forward returns the loss."""

    def __init__(self, vocab: int, d: int, heads: int, layers: int, seq: int):
        super().__init__()
        self.tok_emb, self.pos_emb = (nn.Embedding(n, d) for n in (vocab, seq))
        for embedding in (self.tok_emb, self.pos_emb):
            nn.init.normal_(embedding.weight, std=0.02)
        self.blocks = nn.Sequential(*(GPTBlock(d, heads)
                                      for _ in range(layers)))
        self.ln_f, self.lm_head = nn.LayerNorm(d), nn.Linear(d, vocab, False)
        self.lm_head.weight = self.tok_emb.weight

    def forward(self, tokens: torch.Tensor, targets: torch.Tensor):
        positions = torch.arange(tokens.shape[1], device=tokens.device)
        x = self.blocks(self.tok_emb(tokens) + self.pos_emb(positions))
        logits = self.lm_head(self.ln_f(x))
        return F.cross_entropy(logits.flatten(0, 1), targets.flatten())


def apply_rotary(x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor):
    x1, x2 = x.float().chunk(2, dim=-1)
    return torch.cat((x1 * cos - x2 * sin, x1 * sin + x2 * cos),
                     dim=-1).type_as(x)


class LlamaBlock(nn.Module):
    def __init__(self, d: int, heads: int, kv_heads: int, hidden: int):
        super().__init__()
        self.groups, self.head_dim = heads // kv_heads, d // heads
        self.attn_norm, self.mlp_norm = (nn.RMSNorm(d, 1e-6) for _ in range(2))
        self.wq, self.wo = (nn.Linear(d, d, bias=False) for _ in range(2))
        self.wk, self.wv = (nn.Linear(d, kv_heads * self.head_dim, bias=False)
                            for _ in range(2))
        self.w1, self.w3 = (nn.Linear(d, hidden, bias=False) for _ in range(2))
        self.w2 = nn.Linear(hidden, d, bias=False)

    def forward(self, x: torch.Tensor, cos: torch.Tensor, sin: torch.Tensor):
        b, t, _ = x.shape
        h = self.attn_norm(x)
        q, k, v = (w(h).view(b, t, -1, self.head_dim).transpose(1, 2)
                   for w in (self.wq, self.wk, self.wv))
        q, k = apply_rotary(q, cos, sin), apply_rotary(k, cos, sin)
        k, v = (z.repeat_interleave(self.groups, dim=1) for z in (k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.wo(y.transpose(1, 2).reshape(b, t, -1))
        h = self.mlp_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class Llama(nn.Module):
    def __init__(self, vocab: int, d: int, heads: int, kv_heads: int,
                 layers: int, hidden: int):
        super().__init__()
        self.head_dim = d // heads
        self.embed = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList(LlamaBlock(d, heads, kv_heads, hidden)
                                    for _ in range(layers))
        self.norm, self.head = nn.RMSNorm(d, 1e-6), nn.Linear(d, vocab, False)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        d, device = self.head_dim, tokens.device
        inv_freq = 10000.0 ** (-torch.arange(0, d, 2, device=device) / d)
        positions = torch.arange(tokens.shape[1], device=device).float()
        angles = torch.outer(positions, inv_freq)
        x = self.embed(tokens)
        for layer in self.layers:
            x = layer(x, angles.cos(), angles.sin())
        return self.head(self.norm(x))


def rand(shape: tuple[int, ...], seed: int, high: int = 0) -> torch.Tensor:
    gen = torch.Generator(device="cuda").manual_seed(seed)
    if high:
        return torch.randint(0, high, shape, device="cuda", generator=gen)
    return torch.randn(shape, device="cuda", generator=gen).bfloat16()


def inference(model: nn.Module, *inputs: torch.Tensor) -> Built:
    def make_step(compiled: Callable, target: Any) -> Step:
        def step() -> Tensors:
            with torch.no_grad():
                return [compiled(*inputs)]
        return step
    return model, make_step


def build_gpt2() -> Built:
    model = GPT(vocab=8192, d=512, heads=8, layers=4, seq=256).cuda()
    tokens, targets = rand((8, 256), 1, 8192), rand((8, 256), 2, 8192)

    def make_step(compiled: Callable, target: nn.Module) -> Step:
        def step() -> Tensors:
            target.zero_grad(set_to_none=True)
            with torch.autocast("cuda", dtype=torch.bfloat16):
                loss = compiled(tokens, targets)
            loss.backward()
            return [loss] + [torch.zeros_like(p) if p.grad is None else p.grad
                             for p in target.parameters()]
        return step
    return model, make_step


def build_resnet18() -> Built:
    import torchvision
    model = torchvision.models.resnet18(weights=None).eval().cuda()
    cl = torch.channels_last
    return inference(model.to(dtype=torch.bfloat16, memory_format=cl),
                     rand((32, 3, 224, 224), 1).contiguous(memory_format=cl))


def build_flex(head_dim: int) -> Built:
    from torch.nn.attention import flex_attention as flex
    slopes = -torch.linspace(0.01, 0.1, 8, device="cuda")

    def relative_bias(score, b, h, q_idx, kv_idx):
        return score + slopes[h] * (q_idx - kv_idx)

    mask = flex.create_block_mask(lambda b, h, q_idx, kv_idx: q_idx >= kv_idx,
                                  None, None, 1024, 1024, device="cuda")
    shape = (4, 8, 1024, head_dim)
    q, k, v = (rand(shape, seed).requires_grad_() for seed in (1, 2, 3))
    grad_out = rand(shape, 4)
    attention = functools.partial(flex.flex_attention, block_mask=mask,
                                  score_mod=relative_bias)

    def make_step(compiled: Callable, target: Any) -> Step:
        def step() -> Tensors:
            q.grad = k.grad = v.grad = None
            out = compiled(q, k, v)
            out.backward(grad_out)
            return [out, q.grad, k.grad, v.grad]
        return step
    return attention, make_step


WORKLOADS: dict[str, Spec] = {
    "gpt2_train": Spec(build_gpt2, tolerance=1e-2),
    "llama_infer": Spec(lambda: inference(
        Llama(vocab=8192, d=1024, heads=16, kv_heads=4, layers=4, hidden=2816)
        .cuda().bfloat16().eval(), rand((4, 512), 1, 8192))),
    "resnet18_channels_last": Spec(build_resnet18),
    "flex_attention": Spec(lambda: build_flex(64)),
    "flex_attention_d128": Spec(lambda: build_flex(128)),
    "maxautotune_gemm": Spec(
        lambda: inference(nn.Sequential(
            nn.Linear(4096, 4096), nn.GELU(), nn.Linear(4096, 4096))
            .cuda().bfloat16(), rand((4096, 4096), 1)),
        compile_kwargs={"mode": "max-autotune-no-cudagraphs"},
        inductor_config={"max_autotune_gemm_backends": "TRITON"}),
}


def fresh_entry(target: Any, tag: str) -> Callable:
    """A function calling `target` whose code object is new (entry_<tag>):
    Dynamo caches compiled code per code object, so it compiles anew."""
    def entry(*args):
        return target(*args)
    code = entry.__code__.replace(co_name=f"entry_{tag}")
    return types.FunctionType(code, entry.__globals__, code.co_name,
                              entry.__defaults__, entry.__closure__)


def clear_inductor_caches() -> list[str]:
    """Empties Inductor's in-memory caches (generated modules, kernels by
    source, all fresh_cache() empties); says what worked."""
    from torch._inductor import async_compile, codecache, utils
    done = []
    registered = ("clear_caches" if hasattr(utils, "clear_caches")
                  else "clear_inductor_caches")
    for module, name in ((utils, registered),
                         (codecache, "PyCodeCache.cache_clear"),
                         (async_compile, "CompiledTritonKernels.cache_clear")):
        try:
            operator.attrgetter(name)(module)()
            done.append(name)
        except Exception as e:
            done.append(f"{name} failed: {e!r}")
    return done


def snapshot(outputs: Tensors) -> list[tuple[torch.dtype, torch.Tensor]]:
    return [(t.dtype, t.detach().float().clone()) for t in outputs]


def relative_errors(got: list, want: list) -> list[float]:
    """max |got - want| / max |want| per tensor (NaN as inf)."""
    errors = []
    for (_, a), (_, b) in zip(got, want, strict=True):
        error = float((a - b).abs().max() / b.abs().max().clamp_min(1e-30))
        errors.append(math.inf if math.isnan(error) else error)
    return errors


def median_step_ms(step: Step, steps: int) -> float:
    for _ in range(WARMUP):
        step()
    torch.cuda.synchronize()
    events = [[torch.cuda.Event(enable_timing=True) for _ in range(2)]
              for _ in range(steps)]
    for start, end in events:
        start.record()
        step()
        end.record()
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in events)


def captured(step: Step) -> Callable[[], None] | None:
    """`step` captured in a CUDA graph (after warm-up on a side stream), as
    its replay; None where the step cannot be captured. A replay launches
    the same kernels with no Python or launcher in between, so its time is
    the GPU's, where a step of these small models is mostly the CPU's."""
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    try:
        with torch.cuda.stream(stream):
            for _ in range(WARMUP):
                step()
        torch.cuda.current_stream().wait_stream(stream)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            step()
        torch.cuda.synchronize()
    except Exception:  # e.g. a CPU sync inside the step
        torch.cuda.synchronize()
        return None
    return graph.replay


def kernel_launches(prof: Any) -> dict[str, list]:
    """Grid, block, registers and shared bytes of each kernel the profile
    saw, by name: which of Inductor's autotuned configs each compiler's run
    took (the profiler's trace carries them; its key averages do not)."""
    with tempfile.NamedTemporaryFile(suffix=".json") as trace:
        prof.export_chrome_trace(trace.name)
        events = json.load(open(trace.name)).get("traceEvents", [])
    seen: dict[str, list] = collections.defaultdict(list)
    for event in events:
        args = event.get("args") or {}
        if event.get("cat") != "kernel" or "grid" not in args:
            continue
        launch = [args.get("grid"), args.get("block"),
                  args.get("registers per thread"), args.get("shared memory")]
        if launch not in seen[event["name"]]:
            seen[event["name"]].append(launch)
    return dict(seen)


def time_interleaved(step_a: Callable, step_b: Callable, steps: int,
                     reps: int, label: str, prefix: str, result: dict) -> None:
    """Median step times of Triton's (a) and tile's (b) steps, alternating
    which goes first each repetition; result[PREFIX + "step_ms"],
    PREFIX + "time_ratios" (Triton's time over tile's, one a repetition)
    and their median PREFIX + "time_ratio"."""
    ms_a, ms_b = [], []
    for rep in range(reps):
        order = [(ms_a, step_a), (ms_b, step_b)]
        for ms, step in order[::-1] if rep % 2 else order:
            ms.append(median_step_ms(step, steps))
        print(f"[{label} rep {rep}: triton {ms_a[-1]:.4f} ms, tile "
              f"{ms_b[-1]:.4f} ms", flush=True)
    ratios = [a / b for a, b in zip(ms_a, ms_b)]
    result[prefix + "step_ms"] = {"triton": round(statistics.median(ms_a), 4),
                                  "tile": round(statistics.median(ms_b), 4)}
    result[prefix + "time_ratios"] = [round(r, 4) for r in ratios]
    result[prefix + "time_ratio"] = round(statistics.median(ratios), 4)


def time_graphs(step_a: Step, step_b: Step, steps: int, reps: int,
                name: str, result: dict) -> None:
    """Step times of both compilers' steps replayed from CUDA graphs,
    interleaved as the launched steps are (graph_time_ratio)."""
    replays = captured(step_a), captured(step_b)
    if None in replays:
        result["notes"].append("a step could not be captured in a CUDA "
                               "graph: no graph_time_ratio")
        return
    time_interleaved(*replays, steps, reps, f"{name}] graphs", "graph_",
                     result)


def slow_kernels(step_a: Step, step_b: Step, result: dict) -> None:
    """CUDA time per step (us) by kernel name, Triton's against tile's."""
    from torch.profiler import ProfilerActivity, profile
    theirs: dict[str, float] = collections.defaultdict(float)
    ours: dict[str, float] = collections.defaultdict(float)
    launches: dict[int, dict[str, list]] = {}
    for step, times in ((step_a, theirs), (step_b, ours)):
        step()
        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(PROFILE_STEPS):
                step()
            torch.cuda.synchronize()
        launches[id(times)] = kernel_launches(prof)
        for event in prof.key_averages():
            kind = str(getattr(event, "device_type", "CUDA"))
            us = (getattr(event, "self_device_time_total", None)
                  or getattr(event, "self_cuda_time_total", 0.0))
            if us > 0 and kind.endswith("CUDA"):
                times[event.key] += us / PROFILE_STEPS
    result["profile_us"] = {"triton": round(sum(theirs.values()), 1),
                            "tile": round(sum(ours.values()), 1)}
    result["kernel_time_ratio"] = round(sum(theirs.values())
                                        / max(sum(ours.values()), 1e-9), 4)
    rows = [{"name": name, "triton_us": round(theirs[name], 2),
             "tile_us": round(ours[name], 2),
             "ratio": round(theirs[name] / ours[name], 4),
             "triton_launch": launches[id(theirs)].get(name),
             "tile_launch": launches[id(ours)].get(name)}
            for name in set(ours) & set(theirs)]
    slow = [row for row in rows if row["ratio"] < SLOW_RATIO]
    slow.sort(key=lambda k: k["tile_us"] - k["triton_us"], reverse=True)
    result["slow_kernels"] = slow[:SLOW_TOP]
    # Kernels Inductor's autotuner ran with a different config under the two
    # compilers, whichever way the time went: the slow list alone only shows
    # the picks that went against tile.
    differing = [row for row in rows
                 if row["triton_launch"] != row["tile_launch"]]
    differing.sort(key=lambda k: k["ratio"])
    result["different_configs"] = differing


@contextlib.contextmanager
def autotune_timings(into: dict[str, list]) -> Any:
    """Records every config Inductor's autotuner benchmarks while compiling:
    into[kernel] gets [[config, ms], ...] per benchmark. The timings of the
    configs a compiler did not pick tell selection noise (the other config
    timed alike) from a compiler effect (it timed slower)."""
    from torch._inductor.runtime import triton_heuristics
    autotuner = triton_heuristics.CachingAutotuner
    original = getattr(autotuner, "benchmark_all_configs", None)
    if original is None:
        yield
        return

    @functools.wraps(original)
    def recording(self, *args, **kwargs):
        timings = original(self, *args, **kwargs)
        name = getattr(getattr(self, "fn", None), "__name__", "?")
        into.setdefault(name, []).append(sorted(
            [str(launcher.config), round(float(ms), 5)]
            for launcher, ms in timings.items()))
        return timings

    autotuner.benchmark_all_configs = recording
    try:
        yield
    finally:
        autotuner.benchmark_all_configs = original


def run_workload(name: str, spec: Spec, outdir: Path, steps: int, reps: int,
                 result: dict, caches: list[str], tile_first: bool) -> None:
    torch._dynamo.reset()
    torch.manual_seed(0)
    target, make_step = spec.build()
    targets = {"triton": target, "tile": copy.deepcopy(target)
               if isinstance(target, nn.Module) else target}
    run, outputs = {}, {}
    stats = None
    result["phase_order"] = ["tile", "triton"] if tile_first else [
        "triton", "tile"]
    for phase in result["phase_order"]:
        # New Dynamo entry, no cached modules or kernels: all compile anew.
        print(f"[{name}] phase {phase}: compiling", flush=True)
        result["cache_clear"][phase] = clear_inductor_caches()
        path = tempfile.mkdtemp(prefix=f"tile-models-{name}-{phase}-")
        caches.append(path)
        os.environ["TRITON_CACHE_DIR"] = path
        with contextlib.suppress(Exception):  # Triton's own knob
            triton.knobs.cache.dir = path
        if phase == "tile":
            (outdir / f"{name}.jsonl").write_text("")
            os.environ["TILE_TRITON_LOG"] = str(outdir / f"{name}.jsonl")
            os.environ["TILE_TRITON_COMPARE"] = "1"
            tile_triton.enable()
            tile_triton.reset_stats()
        else:
            tile_triton.disable()
            for variable in ("TILE_TRITON_LOG", "TILE_TRITON_COMPARE"):
                os.environ.pop(variable, None)
        entry = fresh_entry(targets[phase], f"{name}_{phase}")
        compiled = torch.compile(entry, fullgraph=True, **spec.compile_kwargs)
        run[phase] = make_step(compiled, targets[phase])
        t0 = time.perf_counter()
        with autotune_timings(result["autotune"].setdefault(phase, {})):
            outputs[phase] = snapshot(run[phase]())
            torch.cuda.synchronize()
        result["compile_seconds"][phase] = round(time.perf_counter() - t0, 3)
        result[f"kernels_{phase}"] = len(list(Path(path).rglob("*.cubin")))
        if phase == "tile":
            stats = tile_triton.stats()
    result["tile_stats"] = stats
    step_a, step_b, want = run["triton"], run["tile"], outputs["triton"]
    result["triton_self_rel_err"] = max(relative_errors(snapshot(step_a()),
                                                        want))
    if stats["compiled"] == 0:
        result["error"] = ("tile compiled no kernels (Inductor reused the "
                           "first phase's kernels)")
    errors = relative_errors(outputs["tile"], want)
    tolerances = [spec.tolerance or TOLERANCE.get(dtype, 1e-2)
                  for dtype, _ in want]
    result["max_rel_err"], result["tolerance"] = max(errors), max(tolerances)
    result["worst_output"] = max(range(len(errors)),
                                 key=lambda i: errors[i] / tolerances[i])
    result["outputs_match"] = all(e <= t for e, t in zip(errors, tolerances))
    print(f"[{name}] tile {stats}, cubins {result['kernels_triton']}/"
          f"{result['kernels_tile']}, max error {result['max_rel_err']}, "
          f"match {result['outputs_match']}", flush=True)
    if result["error"]:
        return
    time_interleaved(step_a, step_b, steps, reps, f"{name}]", "", result)
    time_graphs(step_a, step_b, steps, reps, name, result)
    try:
        slow_kernels(step_a, step_b, result)
    except Exception as e:
        result["notes"].append(f"profile failed: {e!r}")
    if tile_triton.stats()["compiled"] > stats["compiled"]:
        result["notes"].append("tile compiled kernels after the first step")


def keep_sources(cache: str, keep: Path) -> None:
    """Copies the IR, PTX and options of every kernel in Triton cache
    `cache` to `keep`/<cache's name> (no cubins), for bench/sass_compare.py."""
    for path in Path(cache).rglob("*"):
        if path.suffix in (".ttir", ".ttgir", ".ptx", ".json"):
            target = keep / Path(cache).name / path.relative_to(cache)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)


def run_one(name: str, outdir: Path, steps: int, reps: int,
            keep: Path | None = None,
            tile_first: bool = False) -> dict[str, Any]:
    spec, caches = WORKLOADS[name], []
    result: dict[str, Any] = dict.fromkeys((
        "kernels_triton", "kernels_tile", "tile_stats", "max_rel_err",
        "tolerance", "outputs_match", "time_ratio", "error"))
    result.update(compile_seconds={"triton": None, "tile": None},
                  step_ms={"triton": None, "tile": None}, time_ratios=[],
                  slow_kernels=[], cache_clear={}, notes=[], autotune={})
    try:
        with torch._inductor.config.patch(**spec.inductor_config):
            run_workload(name, spec, outdir, steps, reps, result, caches,
                         tile_first)
    except Exception as e:
        result["error"] = f"{type(e).__name__}: {e}"[:2000]
        result["traceback"] = traceback.format_exc()[-4000:]
        print(f"[{name}] FAILED: {result['error'][:300]}", flush=True)
    finally:
        tile_triton.disable()
        os.environ.pop("TILE_TRITON_LOG", None)
        os.environ.pop("TILE_TRITON_COMPARE", None)
        torch._dynamo.reset()
        gc.collect()
        with contextlib.suppress(Exception):
            torch.cuda.synchronize()
            torch.cuda.empty_cache()
        for path in caches:
            if keep:
                keep_sources(path, keep)
            shutil.rmtree(path, ignore_errors=True)
    return result


def run_phase(name: str, phase: str, steps: int) -> None:
    """Compiles workload `name` with one compiler and runs it `steps` times."""
    spec = WORKLOADS[name]
    torch.manual_seed(0)
    with torch._inductor.config.patch(**spec.inductor_config):
        target, make_step = spec.build()
        if phase == "tile":
            tile_triton.enable()
        else:
            tile_triton.disable()
        step = make_step(torch.compile(target, fullgraph=True,
                                       **spec.compile_kwargs), target)
        for _ in range(steps):
            step()
        torch.cuda.synchronize()
    print(f"[{name}] phase {phase}: {steps} steps, tile "
          f"{tile_triton.stats()}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--only", nargs="+", choices=list(WORKLOADS))
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--phase", choices=("triton", "tile"))
    parser.add_argument("--keep-caches", type=Path, metavar="DIR",
                        help="keep each phase's kernel IR, PTX and options "
                             "(not cubins) under DIR")
    parser.add_argument("--tile-first", action="store_true",
                        help="compile and autotune the tile phase first")
    args = parser.parse_args()
    args.outdir.mkdir(parents=True, exist_ok=True)
    if args.phase:
        for name in args.only or list(WORKLOADS):
            run_phase(name, args.phase, args.steps)
        return 0
    out_json, results = args.outdir / "models.json", {}
    print(f"torch {torch.__version__} on {torch.cuda.get_device_name()}")
    for name in args.only or list(WORKLOADS):
        results[name] = run_one(name, args.outdir, max(args.steps, 1),
                                max(args.reps, 1), args.keep_caches,
                                args.tile_first)
        tmp = out_json.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(results, indent=1, default=str))
        os.replace(tmp, out_json)
    line = "{:<23} {:>10} {:>9} {:>9} {:>5} {:>15} {:>6} {:>6} {:>6}  {}"
    print(line.format("workload", "cubins T/t", "tile ok/x", "max err",
                      "match", "ms triton/tile", "ratio", "graphs",
                      "kernel", "error"))
    for name, r in results.items():
        stats, err, ms = r["tile_stats"] or {}, r["max_rel_err"], r["step_ms"]
        print(line.format(
            name, f"{r['kernels_triton']}/{r['kernels_tile']}",
            f"{stats.get('compiled')}/{stats.get('failed')}",
            "-" if err is None else f"{err:.2e}", str(r["outputs_match"]),
            f"{ms['triton']}/{ms['tile']}", str(r["time_ratio"]),
            str(r.get("graph_time_ratio")), str(r.get("kernel_time_ratio")),
            (r["error"] or "").split("\n")[0][:60]))
    print(f"wrote {out_json}", flush=True)
    return 1 if all(r["error"] for r in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())

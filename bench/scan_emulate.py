#!/usr/bin/env python3
"""Runs the scan kernels of bench/checks/scan.py on the CPU: a check of the
tt.scan lowering for machines without a GPU.

Each kernel's LLVM IR (from `language_check.py --build`) is compiled for the
host with clang-22 as bench/convert_layout_emulate.py does it: one pthread
per GPU thread of a CTA, the CTAs one after the other, bar.sync a CTA-wide
barrier, warp shuffles (idx, up, down) an exchange between two barriers,
the global accesses plain loads and stores. The inputs follow the GPU
check's distributions; the references are computed here in plain Python
(float64 for floats) and compared with the same tolerances.

  python3 bench/language_check.py --build --only scan
  python3 bench/scan_emulate.py [CASE...]

Exit status: 0 all passed, 1 a mismatch or a build failure.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "checks"))
import convert_layout_emulate  # noqa: E402
import scan  # noqa: E402  (bench/checks/scan.py)

CLANG = convert_layout_emulate.CLANG

#: The CTAs on pthreads; KERNEL is the kernel's name (up to 8 pointers).
HARNESS = r"""
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
char global_smem[1 << 17] __attribute__((aligned(128)));
static pthread_barrier_t bar;
static __thread int tid;
static uint32_t slots[1024];
int emu_tid(void) { return tid; }
static int ctaid;
int emu_ctaid(void) { return ctaid; }
void emu_bar(int id) { pthread_barrier_wait(&bar); }
/* mode 0: idx, 1: up, 2: down */
static uint32_t shfl(uint32_t v, int mode, int b) {
  int lane = tid & 31, src = lane;
  if (mode == 0) src = b & 31;
  if (mode == 1 && lane - b >= 0) src = lane - b;
  if (mode == 2 && lane + b <= 31) src = lane + b;
  slots[tid] = v;
  pthread_barrier_wait(&bar);
  uint32_t r = slots[(tid & ~31) + src];
  pthread_barrier_wait(&bar);
  return r;
}
#define SHFL(name, mode)                                                    \
  uint32_t emu_##name##_i32(int m, uint32_t v, int b, int c) {              \
    return shfl(v, mode, b);                                                \
  }                                                                         \
  float emu_##name##_f32(int m, float v, int b, int c) {                    \
    uint32_t x; memcpy(&x, &v, 4); x = shfl(x, mode, b); memcpy(&v, &x, 4); \
    return v;                                                               \
  }
SHFL(idx, 0)
SHFL(up, 1)
SHFL(down, 2)
extern void KERNEL();
static void *args[8];
static void *run(void *arg) {
  tid = (int)(intptr_t)arg;
  ((void (*)(void *, void *, void *, void *, void *, void *, void *, void *))KERNEL)(
      args[0], args[1], args[2], args[3], args[4], args[5], args[6], args[7]);
  return 0;
}
int main(int argc, char **argv) {
  /* argv: CTAs, threads, then per buffer: bytes, input file or "-",
     output file or "-" */
  int ctas = atoi(argv[1]), threads = atoi(argv[2]);
  int n = (argc - 3) / 3;
  for (int i = 0; i < n; ++i) {
    size_t bytes = atol(argv[3 + 3 * i]);
    args[i] = malloc(bytes);
    memset(args[i], 0xA5, bytes);
    const char *in = argv[4 + 3 * i];
    if (strcmp(in, "-")) { FILE *f = fopen(in, "rb"); fread(args[i], 1, bytes, f); fclose(f); }
  }
  /* The CTAs one after the other. */
  for (ctaid = 0; ctaid < ctas; ++ctaid) {
    memset(global_smem, 0x5A, sizeof global_smem);
    pthread_barrier_init(&bar, 0, threads);
    pthread_t t[1024];
    for (int i = 0; i < threads; ++i) pthread_create(&t[i], 0, run, (void *)(intptr_t)i);
    for (int i = 0; i < threads; ++i) pthread_join(t[i], 0);
    pthread_barrier_destroy(&bar);
  }
  for (int i = 0; i < n; ++i) {
    const char *out = argv[5 + 3 * i];
    if (strcmp(out, "-")) {
      FILE *f = fopen(out, "wb"); fwrite(args[i], 1, atol(argv[3 + 3 * i]), f); fclose(f);
    }
  }
  return 0;
}
"""

STAND_INS = [
    ("@llvm.nvvm.read.ptx.sreg.ctaid.x", "@emu_ctaid"),
    ("@llvm.nvvm.shfl.sync.up.f32", "@emu_up_f32"),
    ("@llvm.nvvm.shfl.sync.up.i32", "@emu_up_i32"),
    ("@llvm.nvvm.shfl.sync.down.f32", "@emu_down_f32"),
    ("@llvm.nvvm.shfl.sync.down.i32", "@emu_down_i32"),
    ("@llvm.nvvm.shfl.sync.idx.f32", "@emu_idx_f32"),
    ("@llvm.nvvm.shfl.sync.idx.i32", "@emu_idx_i32"),
]


def host_ir(ll):
    # The line tables' attachments would hide the end of the inline-asm
    # calls from convert_layout_emulate's pattern.
    ll = re.sub(r", !dbg ![0-9]+", "", ll)
    for intrinsic, stand_in in STAND_INS:
        ll = ll.replace(intrinsic, stand_in)
    return convert_layout_emulate.host_ir(ll)


def run_kernel(case, work, programs, inputs, output_bytes):
    """Builds `case`'s kernel (its .llir from language_check.py --build)
    with the harness in `work`, runs it over `programs` CTAs with the
    `inputs` (Tensors), and returns the bytes of each output (sizes
    `output_bytes`), or a string saying what failed."""
    stem = case.stem()
    with open(stem + ".llir") as f:
        ll = host_ir(f.read())
    name = os.path.basename(stem)
    src = os.path.join(work, case.name + ".ll")
    exe = os.path.join(work, case.name)
    with open(src, "w") as f:
        f.write(ll)
    r = subprocess.run([CLANG, "-O1", "-w", "-no-pie", f"-DKERNEL={name}",
                        os.path.join(work, "harness.c"), src, "-lpthread",
                        "-o", exe], capture_output=True, text=True)
    if r.returncode:
        return f"build failed: {r.stderr[-1500:]}"
    argv = [exe, str(programs), str(case.num_warps * 32)]
    for i, tensor in enumerate(inputs):
        path = os.path.join(work, f"{case.name}.in{i}")
        with open(path, "wb") as f:
            f.write(tensor.pack())
        argv += [str(len(tensor.pack())), path, "-"]
    outs = []
    for i, size in enumerate(output_bytes):
        path = os.path.join(work, f"{case.name}.out{i}")
        outs.append(path)
        argv += [str(size), "-", path]
    r = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    if r.returncode:
        return f"run failed: {r.stdout[-500:]} {r.stderr[-500:]}"
    results = []
    for path in outs:
        with open(path, "rb") as f:
            results.append(f.read())
    return results


def run_case(case, work):
    spec = scan.EMULATION[case.name]
    rng = random.Random(1)
    inputs = spec.inputs(rng)
    wants = spec.reference(inputs)
    outputs = run_kernel(case, work, scan.PROGRAMS, inputs,
                         [len(want.pack()) for want in wants])
    if isinstance(outputs, str):
        return [outputs]
    problems = []
    for i, (data, want) in enumerate(zip(outputs, wants)):
        got = scan.Tensor.unpack(data, want.dtype)
        tolerance = spec.tolerance(inputs, i)
        bad = [k for k in range(len(want))
               if not abs(got[k] - want[k]) <= tolerance[k]]
        if bad:
            k = bad[0]
            problems.append(f"output {i}: {len(bad)} of {len(want)} differ; "
                            f"first at {k}: got {got[k]}, want {want[k]}")
    return problems


def run_all(cases, run_case, description, argv=None):
    """Runs `run_case(case, work)` (a list of problems) for each of `cases`
    (or those named on the command line), printing one line each and the
    failure count; returns the exit status."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("cases", nargs="*", help="only these cases")
    args = p.parse_args(argv)
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "harness.c"), "w") as f:
            f.write(HARNESS)
        for case in cases:
            if args.cases and case.name not in args.cases:
                continue
            try:
                problems = run_case(case, work)
            except (OSError, ValueError, subprocess.TimeoutExpired) as e:
                problems = [str(e)]
            failures += bool(problems)
            print(f"{'FAIL' if problems else 'ok  '} {case.name}")
            for problem in problems:
                print(f"  {problem}")
    print(f"{failures} failures")
    return 1 if failures else 0


def main():
    return run_all(scan.CASES, run_case, __doc__.split("\n\n")[0])


if __name__ == "__main__":
    sys.exit(main())

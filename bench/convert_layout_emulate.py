#!/usr/bin/env python3
"""Runs the kernels of bench/make_convert_layout_kernels.py on the CPU: a
check of the convert_layout lowering for machines without a GPU.

Each kernel's LLVM IR (<case>.llir, from tile-compile) is compiled for the
host with clang-22, every GPU thread of the one CTA becoming a pthread:
tid.x is the thread's index, bar.sync a CTA-wide barrier, shfl.sync.idx an
exchange through an array between two barriers, and the inline-asm global
loads and stores plain loads and stores (their predicates are always true
in these kernels, which never diverge). The same checks as on the GPU
follow: out == in bit for bit (out == (in != 0) for i1), 3 inputs.

  python3 bench/make_convert_layout_kernels.py
  python3 bench/convert_layout_emulate.py [--dir out/convert_layout] [CASE...]

Exit status: 0 all passed, 1 a mismatch or a build failure.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CLANG = os.environ.get("TILE_CLANG", "clang-22")
ELEM_BYTES = {"f32": 4, "f16": 2, "bf16": 2, "f64": 8, "i8": 1, "i32": 4,
              "i1": 1}

#: One CTA on pthreads; KERNEL is the kernel's name.
HARNESS = r"""// CPU stand-in for one CTA: one pthread per GPU thread; shuffles and bar.sync
// are CTA-wide barriers (the kernels here never diverge).
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
char global_smem[1 << 17] __attribute__((aligned(128)));
static pthread_barrier_t bar;
static __thread int tid;
static uint64_t slots[1024];
int emu_tid(void) { return tid; }
void emu_bar(int id) { pthread_barrier_wait(&bar); }
static uint64_t shfl(uint64_t v, int lane) {
  slots[tid] = v;
  pthread_barrier_wait(&bar);
  uint64_t r = slots[(tid & ~31) + (lane & 31)];
  pthread_barrier_wait(&bar);
  return r;
}
uint32_t emu_shfl_i32(int m, uint32_t v, int lane, int c) { return (uint32_t)shfl(v, lane); }
float emu_shfl_f32(int m, float v, int lane, int c) {
  uint32_t b; memcpy(&b, &v, 4); b = (uint32_t)shfl(b, lane); memcpy(&v, &b, 4); return v;
}
/* ldmatrix.x4 (b16): lane l supplies the address of row l % 8 of matrix
   l / 8. Not transposed, lane l receives, of each matrix, the 32-bit word
   at row l / 4, word l % 4; transposed, column l / 4 of rows 2 (l % 4) and
   2 (l % 4) + 1, the first in the low half of the word. */
static uint64_t rows[1024];
static void ldmatrix_x4(char *address, uint32_t *words, int trans) {
  rows[tid] = (uint64_t)(uintptr_t)address;
  pthread_barrier_wait(&bar);
  int lane = tid & 31, warp = tid & ~31;
  for (int m = 0; m < 4; ++m) {
#define ROW(r) ((char *)(uintptr_t)rows[warp + 8 * m + (r)])
    if (!trans) {
      memcpy(&words[m], ROW(lane / 4) + 4 * (lane % 4), 4);
      continue;
    }
    uint16_t half[2];
    for (int h = 0; h < 2; ++h)
      memcpy(&half[h], ROW(2 * (lane % 4) + h) + 2 * (lane / 4), 2);
#undef ROW
    words[m] = (uint32_t)half[0] | (uint32_t)half[1] << 16;
  }
  pthread_barrier_wait(&bar);
}
void emu_ldmatrix_x4(char *address, uint32_t *words) {
  ldmatrix_x4(address, words, 0);
}
void emu_ldmatrix_x4_trans(char *address, uint32_t *words) {
  ldmatrix_x4(address, words, 1);
}
extern void KERNEL(void *, void *);
static void *in, *out;
static void *run(void *arg) { tid = (int)(intptr_t)arg; KERNEL(in, out); return 0; }
int main(int argc, char **argv) {
  int threads = atoi(argv[1]); size_t numel = atol(argv[2]); int eb = atoi(argv[3]); int isbool = atoi(argv[4]);
  size_t n = numel * eb;
  unsigned char *src = malloc(n), *dst = malloc(n);
  for (int trial = 0; trial < 3; ++trial) {
    srand(trial + 1);
    for (size_t i = 0; i < n; ++i) src[i] = (trial == 1 && i % 3 == 0) ? 0 : rand() & 255;
    memset(dst, 0xA5, n);
    memset(global_smem, 0x5A, sizeof global_smem);
    in = src; out = dst;
    pthread_barrier_init(&bar, 0, threads);
    pthread_t t[1024];
    for (int i = 0; i < threads; ++i) pthread_create(&t[i], 0, run, (void *)(intptr_t)i);
    for (int i = 0; i < threads; ++i) pthread_join(t[i], 0);
    pthread_barrier_destroy(&bar);
    size_t wrong = 0, first = (size_t)-1;
    for (size_t e = 0; e < numel; ++e) {
      int bad = 0;
      for (int b = 0; b < eb; ++b) {
        unsigned char want = isbool ? (src[e] != 0) : src[e * eb + b];
        if (dst[e * eb + b] != want) bad = 1;
      }
      if (bad) { if (first == (size_t)-1) first = e; ++wrong; }
    }
    if (wrong) { printf("trial %d: %zu/%zu wrong, first %zu\n", trial, wrong, numel, first); return 1; }
  }
  printf("ok\n");
  return 0;
}
"""


def accessor(kind, n, width):
    """LLVM IR of a function standing in for an n-wide global load or store
    of i<width> elements."""
    t = f"i{width}"
    name = f"@emu_{kind}_{n}_{width}"
    lines = []
    if kind == "ld":
        ret = t if n == 1 else "{" + ", ".join([t] * n) + "}"
        lines.append(f"define {ret} {name}(ptr addrspace(1) %p, i1 %c) {{")
        cur = "undef"
        for k in range(n):
            lines.append(f"  %a{k} = getelementptr {t}, ptr addrspace(1) %p, i32 {k}")
            lines.append(f"  %v{k} = load {t}, ptr addrspace(1) %a{k}")
            if n == 1:
                cur = f"%v{k}"
            else:
                lines.append(f"  %s{k} = insertvalue {ret} {cur}, {t} %v{k}, {k}")
                cur = f"%s{k}"
        lines.append(f"  ret {ret} {cur}")
    else:
        params = ", ".join(f"{t} %x{k}" for k in range(n))
        lines.append(f"define void {name}({params}, ptr addrspace(1) %p, i1 %c) {{")
        for k in range(n):
            lines.append(f"  %a{k} = getelementptr {t}, ptr addrspace(1) %p, i32 {k}")
            lines.append(f"  store {t} %x{k}, ptr addrspace(1) %a{k}")
        lines.append("  ret void")
    lines.append("}")
    return name, "\n".join(lines)


def shared_store(width):
    """LLVM IR of a function standing in for a predicated st.shared of
    `width` bits: (32-bit shared address, value, predicate), a byte given
    in 16 bits. The harness is linked without PIE, so its shared array
    lies below 4 GiB and the 32-bit address is the host address."""
    name = f"@emu_sts_{width}"
    given = "i16" if width == 8 else f"i{width}"
    value = "%v"
    lines = [f"define void {name}(i32 %a, {given} %v, i1 %c) {{",
             "  br i1 %c, label %store, label %done",
             "store:",
             "  %wide = zext i32 %a to i64",
             "  %p = inttoptr i64 %wide to ptr"]
    if width == 8:
        lines.append("  %byte = trunc i16 %v to i8")
        value = "%byte"
    lines += [f"  store i{width} {value}, ptr %p",
              "  br label %done",
              "done:",
              "  ret void",
              "}"]
    return name, "\n".join(lines)


def host_ir(ll):
    """The kernel's LLVM IR with the NVPTX target, intrinsics and inline asm
    replaced by the harness's stand-ins."""
    ll = re.sub(r"^target (datalayout|triple).*$", "", ll, flags=re.M)
    ll = ll.replace("ptx_kernel ", "")
    for intrinsic, stand_in in [
            ("@llvm.nvvm.read.ptx.sreg.tid.x", "@emu_tid"),
            ("@llvm.nvvm.shfl.sync.idx.f32", "@emu_shfl_f32"),
            ("@llvm.nvvm.shfl.sync.idx.i32", "@emu_shfl_i32"),
            ("@llvm.nvvm.barrier.cta.sync.aligned.all", "@emu_bar"),
            ("@llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3",
             "@emu_ldmatrix"),
            ("@llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3",
             "@emu_ldmatrix_trans")]:
        ll = ll.replace(intrinsic, stand_in)
    for stand_in, harness in (("@emu_ldmatrix", "@emu_ldmatrix_x4"),
                              ("@emu_ldmatrix_trans",
                               "@emu_ldmatrix_x4_trans")):
        if stand_in + "(" not in ll:
            continue
        ll = re.sub(r"^declare .*" + stand_in + r"\(.*$", "", ll, flags=re.M)
        ll += f"""
declare void {harness}(ptr, ptr)
define {{ i32, i32, i32, i32 }} {stand_in}(ptr addrspace(3) %p) {{
  %words = alloca [4 x i32], align 4
  %a = addrspacecast ptr addrspace(3) %p to ptr
  call void {harness}(ptr %a, ptr %words)
  %v = load {{ i32, i32, i32, i32 }}, ptr %words, align 4
  ret {{ i32, i32, i32, i32 }} %v
}}
"""
    defs = {}

    def replace(m):
        shared = re.search(r"st\.shared\.b(\d+)", m.group(2))
        if shared:
            name, body = shared_store(int(shared.group(1)))
            defs[name] = body
            return f"call {m.group(1)} {name}({m.group(3)})"
        op = re.search(r"(ld|st)\.global(?:\.v(\d))?\.[bu](\d+)", m.group(2))
        if not op:
            raise ValueError(f"unexpected inline asm: {m.group(2)}")
        name, body = accessor(op.group(1), int(op.group(2) or 1),
                              int(op.group(3)))
        defs[name] = body
        return f"call {m.group(1)} {name}({m.group(3)})"

    ll = re.sub(r'call (.*?) asm sideeffect "(.*?)", "[^"]*"\((.*)\)'
                r'(?:, !dbg !\d+)?$', replace, ll, flags=re.M)
    unknown = set(re.findall(r"@llvm\.nvvm\.[\w.]+", ll))
    if unknown:
        raise ValueError(f"no stand-in for {', '.join(sorted(unknown))}")
    return ll + "\n" + "\n".join(defs.values()) + "\n"


def run_case(case, base, work):
    name = case["name"]
    with open(os.path.join(base, name, name + ".llir")) as f:
        ll = host_ir(f.read())
    src = os.path.join(work, name + ".ll")
    exe = os.path.join(work, name)
    with open(src, "w") as f:
        f.write(ll)
    r = subprocess.run([CLANG, "-O1", "-w", "-no-pie", f"-DKERNEL={name}",
                        os.path.join(work, "harness.c"), src, "-lpthread",
                        "-o", exe], capture_output=True, text=True)
    if r.returncode:
        return f"build failed: {r.stderr[-1500:]}"
    numel = 1
    for d in case["shape"]:
        numel *= d
    r = subprocess.run([exe, str(case["num_warps"] * 32), str(numel),
                        str(ELEM_BYTES[case["dtype"]]),
                        str(int(case["dtype"] == "i1"))],
                       capture_output=True, text=True, timeout=300)
    return r.stdout.strip() if r.returncode == 0 else \
        f"FAIL {r.stdout.strip()}"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dir", default=os.path.join(ROOT, "out", "convert_layout"))
    p.add_argument("cases", nargs="*", help="only these cases")
    args = p.parse_args()
    with open(os.path.join(args.dir, "cases.json")) as f:
        cases = json.load(f)
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "harness.c"), "w") as f:
            f.write(HARNESS)
        for case in cases:
            if args.cases and case["name"] not in args.cases:
                continue
            try:
                result = run_case(case, args.dir, work)
            except (OSError, ValueError, subprocess.TimeoutExpired) as e:
                result = f"FAIL {e}"
            failures += result != "ok"
            print(f"{case['name']:28s} {case['dtype']:5s} "
                  f"{case.get('strategy', '?'):9s} {result}")
    print(f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

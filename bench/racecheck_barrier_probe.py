#!/usr/bin/env python3
"""A PTX probe of how compute-sanitizer's racecheck orders shared-memory
accesses across the barriers of a warp-specialized kernel's partition-state
protocol.

Eight warps: warps 0-3 (the "default group") store a state word, then
`barrier.sync 1` (the whole CTA); warps 4-7 (the "workers") wait on the same
barrier, read the state, and meet the default group at two more CTA-wide
barriers, after which the default group stores the exit state and the
workers read it again. Every access is ordered by a CTA-wide barrier, so the
readers see 1, then 2 (their sum, 3, is checked).

  bar0           the CTA-wide barriers are barrier 0
  bar1           they are barrier 1, as tile's and Triton's lowering emit them
  bar1_partial0  barrier 1, and the default group synchronizes itself once
                 on barrier 0 with 128 threads between two of them, as the
                 default warps of a warp-specialized kernel do

Run on the GPU machine (no toolkit needed: the driver compiles the PTX):

  python3 bench/racecheck_barrier_probe.py bar0 bar1 bar1_partial0
  compute-sanitizer --tool racecheck python3 bench/racecheck_barrier_probe.py bar1_partial0
"""

import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilebench import Driver, KernelImage  # noqa: E402

THREADS = 256

PTX = r"""
.version 8.0
.target sm_90a
.address_size 64
.shared .align 8 .b8 state[16];
.visible .entry probe(.param .u64 out)
{
  .reg .b32 %r<8>;
  .reg .b16 %rs<3>;
  .reg .pred %p<3>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  shr.u32 %r2, %r1, 5;
  mov.u32 %r3, state;
  setp.lt.u32 %p1, %r2, 4;
  @%p1 bra DEFAULT_GROUP;
  CTA_BARRIER;
  add.s32 %r4, %r3, %r2;
  ld.shared.u8 %rs1, [%r4];
  CTA_BARRIER;
  CTA_BARRIER;
  ld.shared.u8 %rs2, [%r4];
  cvt.u32.u16 %r5, %rs1;
  cvt.u32.u16 %r6, %rs2;
  add.s32 %r7, %r5, %r6;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r7;
  ret;
DEFAULT_GROUP:
  setp.eq.u32 %p2, %r1, 0;
  @%p2 st.shared.v2.b32 [state], {0, 16843009};
  CTA_BARRIER;
  GROUP_BARRIER
  CTA_BARRIER;
  @%p2 st.shared.v2.b32 [state], {33686018, 33686018};
  CTA_BARRIER;
  ret;
}
"""

VARIANTS = {
    "bar0": ("barrier.sync 0;", ""),
    "bar1": ("barrier.sync 1;", ""),
    "bar1_partial0": ("barrier.sync 1;", "bar.sync 0, 128;"),
}


def run(driver: Driver, variant: str) -> None:
    cta, group = VARIANTS[variant]
    ptx = PTX.replace("CTA_BARRIER;", cta).replace("GROUP_BARRIER", group)
    image = KernelImage(variant, ptx.encode(),
                        {"name": "probe", "num_warps": THREADS // 32}, None)
    kernel = driver.load(image)
    lib, check = driver.lib, driver.check
    out = ctypes.c_uint64()
    check(lib.cuMemAlloc_v2(ctypes.byref(out), THREADS * 4), "cuMemAlloc")
    kernel.launcher((1,), [("ptr", out.value)], 0)()
    check(lib.cuCtxSynchronize(), "cuCtxSynchronize")
    host = (ctypes.c_uint32 * THREADS)()
    check(lib.cuMemcpyDtoH_v2(host, out, THREADS * 4), "cuMemcpyDtoH")
    seen = sorted(set(host[THREADS // 2:]))
    print(f"{variant}: the workers read {seen} (3 expected)",
          "ok" if seen == [3] else "WRONG")
    check(lib.cuMemFree_v2(out), "cuMemFree")
    check(lib.cuModuleUnload(kernel.module), "cuModuleUnload")


def main() -> int:
    variants = sys.argv[1:] or list(VARIANTS)
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        raise SystemExit(f"unknown variants {unknown}; expected {list(VARIANTS)}")
    driver = Driver()
    for variant in variants:
        run(driver, variant)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Drives bench/tilebench.py's ctypes launcher against the CPU stand-in driver
(TILE_RUN_LIBCUDA=libtile-fake-cuda.so, which emulates kernels named add* on
host memory): module loading, argument marshalling and the launch, without a
GPU or torch.

usage: check_bench_driver.py TILE_SRC KERNEL.ptx [KERNEL.json]
"""
import ctypes
import sys

sys.path.insert(0, sys.argv[1] + "/bench")
from tilebench import Driver, KernelImage  # noqa: E402

kernel = KernelImage.load("k", sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
print(kernel.describe())
extra = kernel.launch_params([8, 8, 8, 4])
n = 3000
x = (ctypes.c_float * n)(*[i * 0.5 for i in range(n)])
y = (ctypes.c_float * n)(*[1.0] * n)
out = (ctypes.c_float * (n + 16))(*[-7.0] * (n + 16))
drv = Driver()
k = drv.load(kernel)
args = [("ptr", ctypes.addressof(x)), ("ptr", ctypes.addressof(y)),
        ("ptr", ctypes.addressof(out)), ("i32", n)] + [("ptr", 0)] * extra
k.launcher(((n + 1023) // 1024,), args, 0)()
bad = [i for i in range(n) if out[i] != x[i] + y[i]]
tail = [i for i in range(n, n + 16) if out[i] != -7.0]
print(f"extra null pointers: {extra}")
print("add:", "ok" if not bad and not tail else f"FAIL {bad[:3]} {tail[:3]}")

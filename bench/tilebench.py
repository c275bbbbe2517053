"""Shared pieces of tile's GPU benchmarks: reading kernel metadata and PTX
signatures, loading PTX/cubin through the CUDA driver API, launching, and
timing with CUDA events.

Both sides of a comparison (tile's kernel and Triton's) are loaded and
launched by the same code: `DriverKernel` calls libcuda.so.1 through ctypes
(cuModuleLoadDataEx, cuModuleGetFunction, cuLaunchKernel on torch's current
stream), so the only difference between the two measurements is the PTX.

Nothing here imports torch at module level: the metadata and PTX helpers work
on a machine without a GPU (the benchmarks' --dry-run uses them).
"""

import ctypes
import json
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class BenchError(Exception):
    """A problem with the benchmark's inputs or the driver, said plainly."""


# --------------------------------------------------------------------------
# Kernel files
# --------------------------------------------------------------------------

def read_text(path, what):
    """Reads a text file or raises BenchError naming it."""
    if not path:
        raise BenchError(f"no {what} given")
    if not os.path.isfile(path):
        raise BenchError(f"{what} {path} does not exist"
                         + (" (compile it first with tools/tile-compile, "
                            "and carry out/ to the GPU machine)"
                            if path.endswith((".ptx", ".cubin", ".json")) else ""))
    with open(path, "rb") as f:
        data = f.read()
    return data


def ptx_entries(ptx):
    """Returns {entry name: [param byte sizes]} of a PTX text."""
    entries = {}
    for m in re.finditer(r"\.entry\s+([\w$]+)\s*\(([^)]*)\)", ptx):
        sizes = []
        for decl in m.group(2).split(","):
            if ".param" not in decl:
                continue
            arr = re.search(r"\[(\d+)\]", decl)
            if arr:
                sizes.append(int(arr.group(1)))
                continue
            bits = re.search(r"\.[usbf](\d+)\b", decl)
            sizes.append(int(bits.group(1)) // 8 if bits else 0)
        entries[m.group(1)] = sizes
    return entries


def ptx_block_size(ptx, name):
    """The `.reqntid`/`.maxntid` of an entry, or None."""
    m = re.search(r"\.entry\s+" + re.escape(name) + r"\s*\([^)]*\)\s*"
                  r"(?:\.(?:reqntid|maxntid)\s+(\d+))?", ptx)
    return int(m.group(1)) if m and m.group(1) else None


class KernelImage:
    """A compiled kernel: its PTX or cubin and its launch metadata.

    `meta` has Triton's keys (name, num_warps, shared, ...) and, from
    tile-compile, `params` (one {"name", "type"[, "divisibility"]} per kernel
    parameter)."""

    def __init__(self, label, image, meta, source):
        self.label = label
        self.image = image  # bytes; PTX is NUL-terminated on load
        self.meta = meta
        self.source = source
        self.is_cubin = image[:4] == b"\x7fELF"
        self.name = meta["name"]
        # A warp-specialized kernel launches its partitions' warps too
        # (Triton's dumps note them as total_num_warps).
        self.num_warps = int(meta.get("total_num_warps")
                             or meta.get("num_warps", 4))
        self.shared = int(meta.get("shared", 0))
        warp = int((meta.get("target") or {}).get("warp_size", 32)) \
            if isinstance(meta.get("target"), dict) else 32
        self.block = self.num_warps * warp
        self.param_sizes = None
        if not self.is_cubin:
            text = image.decode("utf-8", "replace")
            entries = ptx_entries(text)
            if self.name not in entries:
                raise BenchError(f"{label}: the PTX has no .entry {self.name} "
                                 f"(entries: {', '.join(entries) or 'none'})")
            self.param_sizes = entries[self.name]
            reqntid = ptx_block_size(text, self.name)
            if reqntid and reqntid != self.block:
                raise BenchError(f"{label}: .reqntid {reqntid} but num_warps "
                                 f"{self.num_warps} gives {self.block} threads")

    @classmethod
    def load(cls, label, path, json_path=None):
        """Loads NAME.ptx|NAME.cubin and its metadata (NAME.json beside it
        unless `json_path` is given). Without metadata, a PTX's single entry
        and its .reqntid stand in."""
        image = read_text(path, f"{label} kernel")
        if json_path is None:
            stem = re.sub(r"\.(ptx|cubin)$", "", path)
            json_path = stem + ".json" if os.path.isfile(stem + ".json") else None
        if json_path:
            try:
                meta = json.loads(read_text(json_path, f"{label} metadata"))
            except json.JSONDecodeError as e:
                raise BenchError(f"{label} metadata {json_path}: {e}")
            if "name" not in meta:
                raise BenchError(f"{label} metadata {json_path} has no \"name\"")
        else:
            if image[:4] == b"\x7fELF":
                raise BenchError(f"{label}: a cubin needs its metadata (--json)")
            text = image.decode("utf-8", "replace")
            entries = list(ptx_entries(text))
            if len(entries) != 1:
                raise BenchError(f"{label}: give --json; the PTX has entries "
                                 f"{entries}")
            block = ptx_block_size(text, entries[0]) or 128
            meta = {"name": entries[0], "num_warps": block // 32, "shared": 0}
            json_path = "(from the PTX)"
        return cls(label, image, meta, {"image": path, "json": json_path})

    def launch_params(self, base_sizes):
        """Checks the kernel takes `base_sizes` (byte sizes of the arguments
        the benchmark passes) and returns how many trailing null pointers to
        add (Triton's scratch pointers)."""
        if self.param_sizes is None:  # cubin: extra null pointers are ignored
            return 2
        n = len(base_sizes)
        if self.param_sizes[:n] != base_sizes:
            raise BenchError(f"{self.label}: {self.name} takes parameters of "
                             f"{self.param_sizes} bytes, the benchmark passes "
                             f"{base_sizes}")
        extra = self.param_sizes[n:]
        if any(s != 8 for s in extra):
            raise BenchError(f"{self.label}: extra parameters {extra} are not "
                             "pointers")
        return len(extra)

    def global_scratch(self):
        """(bytes per program, alignment) of the kernel's global scratch
        (Triton's global_scratch_size/_align metadata; device-side tensor
        maps live there); (0, 1) when it needs none."""
        size = int(self.meta.get("global_scratch_size") or 0)
        align = max(int(self.meta.get("global_scratch_align") or 1), 1)
        return size, align

    def hints_hold(self, args):
        """Whether the metadata's tt.divisibility hints hold for these launch
        arguments (("ptr"|"i32"|..., value) per parameter): a kernel
        compiled with a hint must not run where it is false."""
        for param, (_, value) in zip(self.meta.get("params") or [], args):
            d = int(param.get("divisibility", 1))
            if d > 1 and isinstance(value, int) and value % d:
                return False
        return True

    def describe(self):
        image = self.source["image"]
        if os.path.isabs(image) and not os.path.relpath(image, ROOT).startswith(".."):
            image = os.path.relpath(image, ROOT)  # the repository's path
        return (f"{self.label}: {self.name} ({'cubin' if self.is_cubin else 'ptx'} "
                f"{image}, {self.num_warps} warps, "
                f"{self.shared} B shared, params {self.param_sizes})")


def tile_compile(ttir, outdir, target, num_warps, num_stages=None,
                 build_dir=None, outputs=(".ptx", ".json"), verbose=False):
    """Compiles NAME.ttir with tools/tile-compile into `outdir` (every stage,
    NAME.ptx and NAME.json among them); returns None, or what went wrong."""
    cmd = [sys.executable, os.path.join(ROOT, "tools", "tile-compile"), ttir,
           "--target", target, "--num-warps", str(num_warps), "-o", outdir]
    if num_stages is not None:
        cmd += ["--num-stages", str(num_stages)]
    if build_dir:
        cmd += ["--build-dir", build_dir]
    if verbose:
        print("$", " ".join(cmd))
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        return (r.stdout + r.stderr).strip() or f"exit {r.returncode}"
    name = os.path.splitext(os.path.basename(ttir))[0]
    for ext in outputs:
        if not os.path.isfile(os.path.join(outdir, name + ext)):
            return f"tile-compile wrote no {name}{ext}"
    return None


def scratch_args(image, grid, extra, torch):
    """The `extra` trailing pointer arguments of a launch of `image` on
    `grid`, and what keeps their memory alive. As Triton's launcher does:
    when the kernel needs global scratch, the first (the global scratch
    pointer) gets size x programs bytes (size rounded up to the alignment),
    fresh for each launch set-up; the others (profile scratch) stay null."""
    size, align = image.global_scratch()
    if size <= 0:
        return [("ptr", 0)] * extra, None
    if extra < 1:
        raise BenchError(f"{image.label}: needs {size} B of global scratch "
                         "per program but declares no scratch pointer")
    programs = 1
    for g in tuple(grid) + (1, 1):
        programs *= int(g)
    per_program = (size + align - 1) // align * align
    # torch's caching allocator hands out 512-byte aligned blocks; ask for
    # `align` more bytes and round the address up in case it ever is not.
    buffer = torch.empty(per_program * programs + align, dtype=torch.uint8,
                         device="cuda")
    address = (buffer.data_ptr() + align - 1) // align * align
    return [("ptr", address)] + [("ptr", 0)] * (extra - 1), buffer


# --------------------------------------------------------------------------
# The CUDA driver through ctypes
# --------------------------------------------------------------------------

class Driver:
    """libcuda.so.1 through ctypes: the few calls the benchmarks need."""

    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
    CU_JIT_ERROR_LOG_BUFFER = 5
    CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6

    def __init__(self, device=0):
        # TILE_RUN_LIBCUDA (as for tools/tile-run) swaps in another driver,
        # e.g. the tests' CPU stand-in.
        name = os.environ.get("TILE_RUN_LIBCUDA") or "libcuda.so.1"
        try:
            self.lib = ctypes.CDLL(name)
        except OSError as e:
            raise BenchError(f"no CUDA driver (libcuda.so.1) found: {e}")
        lib = self.lib
        self.check(lib.cuInit(0), "cuInit")
        dev = ctypes.c_int()
        self.check(lib.cuDeviceGet(ctypes.byref(dev), device), "cuDeviceGet")
        ctx = ctypes.c_void_p()
        # torch works in the primary context: use the same one.
        self.check(lib.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev),
                   "cuDevicePrimaryCtxRetain")
        self.check(lib.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
        lib.cuLaunchKernel.argtypes = [
            ctypes.c_void_p, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint,
            ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint,
            ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]

    def version(self):
        """The driver's CUDA version, e.g. "13.0"."""
        v = ctypes.c_int()
        self.check(self.lib.cuDriverGetVersion(ctypes.byref(v)),
                   "cuDriverGetVersion")
        return f"{v.value // 1000}.{v.value % 1000 // 10}"

    def error(self, r):
        name, text = ctypes.c_char_p(), ctypes.c_char_p()
        self.lib.cuGetErrorName(r, ctypes.byref(name))
        self.lib.cuGetErrorString(r, ctypes.byref(text))
        return (f"{(name.value or b'CUDA error %d' % r).decode()} "
                f"({(text.value or b'').decode()})")

    def check(self, r, what):
        if r != 0:
            raise BenchError(f"{what} failed: {self.error(r)}")

    def load(self, kernel):
        """Loads a KernelImage; returns a DriverKernel."""
        module = ctypes.c_void_p()
        log = ctypes.create_string_buffer(16384)
        opts = (ctypes.c_int * 2)(self.CU_JIT_ERROR_LOG_BUFFER,
                                  self.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
        vals = (ctypes.c_void_p * 2)(ctypes.cast(log, ctypes.c_void_p),
                                     ctypes.c_void_p(len(log)))
        image = kernel.image if kernel.is_cubin else kernel.image + b"\0"
        buf = ctypes.create_string_buffer(image, len(image))
        r = self.lib.cuModuleLoadDataEx(ctypes.byref(module), buf, 2, opts, vals)
        if r != 0:
            raise BenchError(f"{kernel.label}: cuModuleLoadDataEx failed: "
                             f"{self.error(r)}\n{log.value.decode(errors='replace')}")
        func = ctypes.c_void_p()
        self.check(self.lib.cuModuleGetFunction(ctypes.byref(func), module,
                                                kernel.name.encode()),
                   f"{kernel.label}: cuModuleGetFunction({kernel.name})")
        if kernel.shared > 48 * 1024:
            self.check(self.lib.cuFuncSetAttribute(
                func, self.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                kernel.shared), f"{kernel.label}: cuFuncSetAttribute")
        return DriverKernel(self, kernel, module, func)


class TensorSpec:
    """A tensor a kernel reads or writes through a TMA descriptor: its
    device address, shape and strides (elements, outermost first; the last
    stride 1) and element size. The launcher encodes the CUtensorMap from it
    and the kernel's `tensordesc_meta` (box, swizzle, element type), as
    Triton's launcher does, so both sides of a comparison get maps encoded
    the same way."""

    def __init__(self, ptr, shape, strides, elem_size):
        self.ptr, self.shape, self.strides = ptr, list(shape), list(strides)
        self.elem_size = elem_size

    @classmethod
    def of(cls, tensor):
        return cls(tensor.data_ptr(), tensor.shape, tensor.stride(),
                   tensor.element_size())


#: Triton's tensordesc_meta numbers three element types differently from
#: CUtensorMapDataType (its driver's TMA_DTYPE_DEVICE_TO_HOST).
TMA_ELEM_TYPE_TO_DRIVER = {8: 10, 9: 8, 10: 9}
CU_TENSOR_MAP_BYTES = 128
CU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2


def encode_tensor_map(lib, spec, meta):
    """A CUtensorMap (128 bytes, 64-byte aligned ctypes buffer) for `spec`
    with the box, swizzle and element type of one `tensordesc_meta` entry,
    through cuTensorMapEncodeTiled."""
    rank = len(spec.shape)
    box = meta["block_size"]
    if len(box) != rank or spec.strides[-1] != 1:
        raise BenchError(f"tensor map: shape {spec.shape} / strides "
                         f"{spec.strides} do not fit box {box}")
    u64, u32 = ctypes.c_uint64, ctypes.c_uint32
    dims = (u64 * rank)(*reversed(spec.shape))
    strides = (u64 * max(rank - 1, 1))(
        *[spec.elem_size * s for s in reversed(spec.strides[:-1])])
    boxes = (u32 * rank)(*reversed(box))
    ones = (u32 * rank)(*([1] * rank))
    raw = ctypes.create_string_buffer(CU_TENSOR_MAP_BYTES + 64)
    aligned = (ctypes.addressof(raw) + 63) // 64 * 64
    elem = TMA_ELEM_TYPE_TO_DRIVER.get(meta["elem_type"], meta["elem_type"])
    lib.cuTensorMapEncodeTiled.argtypes = [
        ctypes.c_void_p, ctypes.c_int, u32, ctypes.c_void_p,
        ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
        ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
    r = lib.cuTensorMapEncodeTiled(
        ctypes.c_void_p(aligned), elem, rank, ctypes.c_void_p(spec.ptr), dims,
        strides, boxes, ones, 0, meta["swizzle"],
        CU_TENSOR_MAP_L2_PROMOTION_L2_128B, 0)
    if r != 0:
        raise BenchError(f"cuTensorMapEncodeTiled failed ({r}) for shape "
                         f"{spec.shape}, box {box}, swizzle {meta['swizzle']}")
    return raw, ctypes.c_void_p(aligned)


class DriverKernel:
    """A loaded kernel, launched with cuLaunchKernel on torch's stream."""

    def __init__(self, driver, kernel, module, func):
        self.driver, self.kernel, self.module, self.func = driver, kernel, module, func

    def launcher(self, grid, args, stream):
        """Returns a no-argument function that launches the kernel.

        `args` is a list of ("ptr", int) / ("i32", int) / ("i64", int) /
        ("f32", float) / ("desc", TensorSpec); the arguments are marshalled
        once, so each launch costs one cuLaunchKernel call. The i-th "desc"
        becomes a CUtensorMap encoded with the kernel's i-th
        `tensordesc_meta` entry."""
        ctypes_for = {"ptr": ctypes.c_uint64, "i32": ctypes.c_int32,
                      "i64": ctypes.c_int64, "f32": ctypes.c_float}
        descriptors = list(self.kernel.meta.get("tensordesc_meta") or [])
        values, pointers = [], []
        for t, v in args:
            if t == "desc":
                if not descriptors:
                    raise BenchError(f"{self.kernel.label}: a descriptor "
                                     "argument, but no tensordesc_meta left in "
                                     "the kernel's metadata")
                raw, address = encode_tensor_map(self.driver.lib, v,
                                                 descriptors.pop(0))
                values.append(raw)
                pointers.append(address)
                continue
            values.append(ctypes_for[t](v))
            pointers.append(ctypes.cast(ctypes.pointer(values[-1]),
                                        ctypes.c_void_p))
        params = (ctypes.c_void_p * len(pointers))(*pointers)
        gx, gy, gz = (tuple(grid) + (1, 1))[:3]
        lib, func, block = self.driver.lib, self.func, self.kernel.block
        shared, check = self.kernel.shared, self.driver.check
        stream = ctypes.c_void_p(stream)

        def launch():
            r = lib.cuLaunchKernel(func, gx, gy, gz, block, 1, 1, shared,
                                   stream, params, None)
            if r != 0:
                check(r, f"{self.kernel.label}: cuLaunchKernel")
        launch.keepalive = [values, params]
        return launch


# --------------------------------------------------------------------------
# Timing and the ratio rule
# --------------------------------------------------------------------------

class Timer:
    """Times launch functions with CUDA events, interleaved: each of
    `iters` rounds launches every function once (the order rotating from
    round to round), each launch after clearing the L2 cache (256 MB
    written, as triton.testing.do_bench does; the clearing also keeps the
    GPU busy while the launch is submitted). `warmup` untimed rounds first.
    The result is each function's median over its `iters` launches."""

    def __init__(self, torch, iters=100, warmup=25):
        self.torch, self.iters, self.warmup = torch, iters, warmup
        self.flush = torch.empty(256 * 1024 * 1024 // 4, dtype=torch.int32,
                                 device="cuda")

    def interleaved(self, fns):
        """{key: launch function} -> {key: median ms}."""
        torch, keys = self.torch, list(fns)
        for _ in range(self.warmup):
            for k in keys:
                fns[k]()
        torch.cuda.synchronize()
        events = {k: [(torch.cuda.Event(enable_timing=True),
                       torch.cuda.Event(enable_timing=True))
                      for _ in range(self.iters)] for k in keys}
        for i in range(self.iters):
            for k in keys[i % len(keys):] + keys[:i % len(keys)]:
                start, end = events[k][i]
                self.flush.zero_()
                start.record()
                fns[k]()
                end.record()
        torch.cuda.synchronize()
        return {k: statistics.median(s.elapsed_time(e) for s, e in events[k])
                for k in keys}


#: The project's rule for "ours >= 1.00x Triton": the median of the
#: repetitions' ratios is >= 1.00 and none is below RATIO_FLOOR; each ratio
#: from RULE_REPS repetitions of >= RULE_ITERS interleaved launches each.
RATIO_FLOOR = 0.98
RULE_REPS = 3
RULE_ITERS = 100


def ratio_verdict(ratios, iters):
    """{"ratios", "median", "min", "verdict"} for per-repetition ratios
    (ours/Triton speed, > 1: ours faster)."""
    med, low = statistics.median(ratios), min(ratios)
    if len(ratios) < RULE_REPS or iters < RULE_ITERS:
        verdict = "not judged"  # too few repetitions or launches
    elif med >= 1.0 and low >= RATIO_FLOOR:
        verdict = ">= 1.00x"
    else:
        verdict = "< 1.00x"
    return {"ratios": ratios, "median": med, "min": low, "verdict": verdict}


def gbps(nbytes, ms):
    """Bytes per millisecond as GB/s (10^9 bytes per second)."""
    return nbytes / (ms * 1e-3) / 1e9 if ms else 0.0


#: Seconds a launch may take before the check calls the kernel hung.
LAUNCH_TIMEOUT_S = 60


def wait_or_exit(torch, what):
    """Waits for the work queued on the current stream; a kernel that never
    finishes (a missing barrier_expect, a wrong mbarrier phase, a deadlock)
    ends the run after LAUNCH_TIMEOUT_S with a message and exit code 124
    instead of hanging it (os._exit: CUDA's teardown would wait too)."""
    done = torch.cuda.Event()
    done.record()
    start = time.monotonic()
    while not done.query():
        if time.monotonic() - start > LAUNCH_TIMEOUT_S:
            print(f"error: {what} did not finish within {LAUNCH_TIMEOUT_S} s: "
                  "the kernel hangs (a missing barrier_expect, a wrong "
                  "mbarrier phase, a deadlock?)", file=sys.stderr, flush=True)
            sys.stdout.flush()
            os._exit(124)
        time.sleep(0.0002)

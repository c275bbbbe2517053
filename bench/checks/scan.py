"""tt.scan kernels (test/Inputs/language/scan/): cumsum, cumprod, running
max, reverse scans, a two-operand linear recurrence and a three-operand
segmented sum (f16, i1, i64), 1-D and 2-D along either axis, 4 and 8 warps,
checked against torch.

Each kernel scans one tile per program; the cases launch 3 programs, so
that a tile's offset is checked too. Inputs and references:

* i32 scans are exact (values in [-1000, 1000), no overflow).
* Running max is exact (f32 and i32).
* The segmented sum is exact: values in {-1, 0, 1} (sums of at most 1024
  are integers f16 holds exactly), i64 counts below 2^40 in magnitude; its
  reference is the sequential scan (torch has no segmented scan).
* f32 sums: the lowering combines in another order than a sequential sum
  (in-thread chunk, lane tree, warp and block totals), so element i may
  differ from the float64 reference by up to 2^-17 (128 f32 roundings) times
  the prefix sum of |x| in scan order: the combine tree of any element has
  far fewer than 128 additions on any path, each rounding by at most 2^-24
  of a partial sum bounded by that prefix sum of magnitudes.
* f32 products (factors 1 + 0.01 z): 1e-5 relative.
* The linear recurrence h[t] = a[t] h[t-1] + b[t] (a in [0.9, 1)): the
  product of a within 1e-5 relative (1e-30 absolute for values that
  underflow), h within 2^-16 times the prefix sum of |b|, which bounds
  every term a product of factors below 1 times b[j].

EMULATION holds the same inputs, references and tolerances in plain
Python for bench/scan_emulate.py, which runs the kernels' LLVM IR on the
CPU.
"""

import os
import struct
from dataclasses import dataclass

from language_check import Case, mismatch

INPUTS = "test/Inputs/language/scan"
PROGRAMS = 3
#: Scan-order error bounds (see the docstring).
SUM_BOUND = 2.0 ** -17
RECURRENCE_BOUND = 2.0 ** -16
PRODUCT_RTOL = 1e-5


@dataclass
class Scan:
    """One kernel: what it scans, per program."""
    kernel: str
    combine: str  # "add", "mul", "max" or "linrec" (two operands)
    dtype: str  # "f32" or "i32"
    shape: tuple
    axis: int
    reverse: bool = False

    def numel(self):
        n = 1
        for d in self.shape:
            n *= d
        return n


SCANS = [
    Scan("cumsum_f32_4096", "add", "f32", (4096,), 0),
    Scan("cumsum_i32_4096", "add", "i32", (4096,), 0),
    Scan("cumsum_rev_f32_4096", "add", "f32", (4096,), 0, reverse=True),
    Scan("cumprod_f32_1024", "mul", "f32", (1024,), 0),
    Scan("cummax_i32_4096", "max", "i32", (4096,), 0),
    Scan("cummax_f32_2048", "max", "f32", (2048,), 0),
    Scan("cumsum_rows_f32_32x256", "add", "f32", (32, 256), 1),
    Scan("cumsum_cols_f32_256x32", "add", "f32", (256, 32), 0),
    Scan("cumsum_rev_rows_i32_64x128", "add", "i32", (64, 128), 1,
         reverse=True),
    Scan("cumsum_rev_cols_i32_128x64", "add", "i32", (128, 64), 0,
         reverse=True),
    Scan("cumsum_cols_i32_1024x4", "add", "i32", (1024, 4), 0),
    Scan("linrec_f32_2048", "linrec", "f32", (2048,), 0),
    Scan("linrec_rev_f32_2048", "linrec", "f32", (2048,), 0, reverse=True),
    Scan("segsum_f16_1024", "segsum", "f16", (1024,), 0),
]

# --------------------------------------------------------------------------
# On the GPU, against torch
# --------------------------------------------------------------------------


def torch_inputs(torch, s):
    n = PROGRAMS * s.numel()
    gen = torch.Generator(device="cuda").manual_seed(0)
    if s.combine == "segsum":
        v = torch.randint(-1, 2, (n,), device="cuda", generator=gen)
        f = torch.rand(n, device="cuda", generator=gen) < 0.05
        c = torch.randint(-2**40, 2**40, (n,), device="cuda",
                          dtype=torch.int64, generator=gen)
        return [v.to(torch.float16), f.to(torch.int8), c]
    if s.combine == "linrec":
        a = 0.9 + 0.1 * torch.rand(n, device="cuda", generator=gen)
        b = torch.randn(n, device="cuda", generator=gen)
        return [a, b]
    if s.dtype == "i32":
        return [torch.randint(-1000, 1000, (n,), device="cuda",
                              dtype=torch.int32, generator=gen)]
    x = torch.randn(n, device="cuda", generator=gen)
    if s.combine == "mul":
        x = 1 + 0.01 * x
    return [x]


def torch_scan(torch, s, x, op):
    """`op` (a torch cumulative function of (tensor, dim)) over each
    program's tile along the scan axis, in scan order."""
    dim = s.axis + 1
    x = x.reshape((PROGRAMS,) + s.shape)
    if s.reverse:
        return op(x.flip(dim), dim).flip(dim)
    return op(x, dim)


def torch_recurrence(torch, s, a, b):
    """(prod a, h) of the recurrence, sequentially in float64 on the CPU."""
    dim = s.axis + 1
    a = a.double().cpu().reshape((PROGRAMS,) + s.shape)
    b = b.double().cpu().reshape((PROGRAMS,) + s.shape)
    if s.reverse:
        a, b = a.flip(dim), b.flip(dim)
    prod, h = a.clone(), b.clone()
    for t in range(1, a.shape[dim]):
        prod[:, t] = prod[:, t - 1] * a[:, t]
        h[:, t] = h[:, t - 1] * a[:, t] + b[:, t]
    if s.reverse:
        prod, h = prod.flip(dim), h.flip(dim)
    return prod.cuda(), h.cuda()


def make_check(s):
    def check(ctx):
        torch = ctx.torch
        inputs = torch_inputs(torch, s)
        outputs = [torch.empty_like(x) for x in inputs]
        ctx.launch((PROGRAMS,), *inputs, *outputs)
        shaped = [o.reshape((PROGRAMS,) + s.shape) for o in outputs]
        if s.combine == "segsum":
            # No torch op scans segments: the reference is the sequential
            # scan, exact (the sums are small integers, exact in f16).
            values = list(zip(*(x.cpu().tolist() for x in inputs)))
            want = _scan(s, values, segmented_step)
            names = ("sum", "any", "count")
            return sum((mismatch(name, got, torch.tensor(
                [w[i] for w in want], dtype=got.dtype,
                device="cuda").reshape(got.shape))
                for i, (name, got) in enumerate(zip(names, shaped))), [])
        if s.combine == "linrec":
            prod, h = torch_recurrence(torch, s, *inputs)
            bound = torch_scan(torch, s, inputs[1].double().abs(),
                               torch.cumsum) * RECURRENCE_BOUND
            return (mismatch("prod", shaped[0], prod, atol=1e-30,
                             rtol=PRODUCT_RTOL)
                    + mismatch("h", shaped[1], h, atol=bound))
        x = inputs[0]
        if s.combine == "max":
            want = torch_scan(torch, s, x,
                              lambda t, d: torch.cummax(t, d).values)
            return mismatch("out", shaped[0], want)
        if s.dtype == "i32":
            want = torch_scan(torch, s, x, lambda t, d: torch.cumsum(
                t, d, dtype=torch.int32))
            return mismatch("out", shaped[0], want)
        if s.combine == "mul":
            want = torch_scan(torch, s, x.double(), torch.cumprod)
            return mismatch("out", shaped[0], want, rtol=PRODUCT_RTOL)
        want = torch_scan(torch, s, x.double(), torch.cumsum)
        bound = torch_scan(torch, s, x.double().abs(), torch.cumsum)
        return mismatch("out", shaped[0], want, atol=bound * SUM_BOUND)
    return check


#: (kernel, num_warps, target) of every case.
RUNS = [
    ("cumsum_f32_4096", 4, "cuda:90"), ("cumsum_f32_4096", 8, "cuda:90"),
    ("cumsum_f32_4096", 4, "cuda:80"),
    ("cumsum_i32_4096", 4, "cuda:90"), ("cumsum_i32_4096", 8, "cuda:80"),
    ("cumsum_rev_f32_4096", 4, "cuda:90"),
    ("cumsum_rev_f32_4096", 8, "cuda:90"),
    ("cumprod_f32_1024", 4, "cuda:90"), ("cumprod_f32_1024", 8, "cuda:90"),
    ("cummax_i32_4096", 4, "cuda:90"), ("cummax_f32_2048", 8, "cuda:90"),
    ("cumsum_rows_f32_32x256", 4, "cuda:90"),
    ("cumsum_rows_f32_32x256", 8, "cuda:90"),
    ("cumsum_rows_f32_32x256", 4, "cuda:80"),
    ("cumsum_cols_f32_256x32", 4, "cuda:90"),
    ("cumsum_cols_f32_256x32", 8, "cuda:90"),
    ("cumsum_rev_rows_i32_64x128", 4, "cuda:90"),
    ("cumsum_rev_rows_i32_64x128", 8, "cuda:90"),
    ("cumsum_rev_cols_i32_128x64", 4, "cuda:90"),
    ("cumsum_rev_cols_i32_128x64", 8, "cuda:80"),
    ("cumsum_cols_i32_1024x4", 4, "cuda:90"),
    ("cumsum_cols_i32_1024x4", 8, "cuda:90"),
    ("linrec_f32_2048", 4, "cuda:90"), ("linrec_f32_2048", 8, "cuda:90"),
    ("linrec_f32_2048", 4, "cuda:80"),
    ("linrec_rev_f32_2048", 4, "cuda:90"),
    ("linrec_rev_f32_2048", 8, "cuda:90"),
    ("segsum_f16_1024", 4, "cuda:90"), ("segsum_f16_1024", 8, "cuda:80"),
]

BY_KERNEL = {s.kernel: s for s in SCANS}


def case_name(kernel, num_warps, target):
    return f"scan_{kernel}_w{num_warps}_sm{target.split(':')[1]}"


CASES = [
    Case(case_name(kernel, w, target), os.path.join(INPUTS, kernel + ".ttir"),
         make_check(BY_KERNEL[kernel]), target=target, num_warps=w)
    for kernel, w, target in RUNS
]

# --------------------------------------------------------------------------
# On the CPU, in plain Python (bench/scan_emulate.py)
# --------------------------------------------------------------------------


#: struct codes of the element types the kernels read and write.
STRUCT_CODES = {"f32": "f", "i32": "i", "f16": "e", "i8": "b", "i64": "q"}


class Tensor(list):
    """A flat list of Python numbers and the type it is stored as."""

    def __init__(self, values, dtype):
        super().__init__(values)
        self.dtype = dtype

    def pack(self):
        return struct.pack(f"<{len(self)}{STRUCT_CODES[self.dtype]}", *self)

    @staticmethod
    def unpack(data, dtype):
        code = STRUCT_CODES[dtype]
        n = len(data) // struct.calcsize(code)
        return Tensor(struct.unpack(f"<{n}{code}", data), dtype)


def _tiles(s):
    """For each program and each line of its tile, the flat indices of the
    line's elements in scan order."""
    rows, cols = (1,) + s.shape if len(s.shape) == 1 else s.shape
    axis = s.axis if len(s.shape) == 2 else 1
    lines = []
    for p in range(PROGRAMS):
        base = p * rows * cols
        if axis == 1:
            for r in range(rows):
                lines.append([base + r * cols + c for c in range(cols)])
        else:
            for c in range(cols):
                lines.append([base + r * cols + c for r in range(rows)])
    if s.reverse:
        lines = [line[::-1] for line in lines]
    return lines


def segmented_step(x, y):
    """The segmented scan's combiner on (value, flag, count) triples."""
    return (y[0] if y[1] else x[0] + y[0], x[1] | y[1], x[2] + y[2])


def _scan(s, values, step):
    out = list(values)
    for line in _tiles(s):
        acc = None
        for k in line:
            acc = values[k] if acc is None else step(acc, values[k])
            out[k] = acc
    return out


class Emulation:
    """Inputs, references and per-element tolerances of one Scan."""

    def __init__(self, s):
        self.s = s

    def inputs(self, rng):
        s, n = self.s, PROGRAMS * self.s.numel()
        if s.combine == "segsum":
            return [Tensor([rng.randrange(-1, 2) for _ in range(n)], "f16"),
                    Tensor([int(rng.random() < 0.05) for _ in range(n)], "i8"),
                    Tensor([rng.randrange(-2**40, 2**40) for _ in range(n)],
                           "i64")]
        if s.combine == "linrec":
            return [Tensor([0.9 + 0.1 * rng.random() for _ in range(n)], "f32"),
                    Tensor([rng.gauss(0, 1) for _ in range(n)], "f32")]
        if s.dtype == "i32":
            return [Tensor([rng.randrange(-1000, 1000) for _ in range(n)],
                           "i32")]
        x = [rng.gauss(0, 1) for _ in range(n)]
        if s.combine == "mul":
            x = [1 + 0.01 * v for v in x]
        return [Tensor(x, "f32")]

    def reference(self, inputs):
        s = self.s
        # The kernel sees the inputs rounded to f32.
        values = [Tensor.unpack(t.pack(), t.dtype) for t in inputs]
        if s.combine == "segsum":
            out = _scan(s, list(zip(*values)), segmented_step)
            return [Tensor([v for v, _, _ in out], "f16"),
                    Tensor([f for _, f, _ in out], "i8"),
                    Tensor([c for _, _, c in out], "i64")]
        if s.combine == "linrec":
            pairs = list(zip(values[0], values[1]))
            out = _scan(s, pairs, lambda x, y: (x[0] * y[0], x[1] * y[0] + y[1]))
            return [Tensor([p for p, _ in out], "f32"),
                    Tensor([h for _, h in out], "f32")]
        step = {"add": lambda a, b: a + b, "mul": lambda a, b: a * b,
                "max": max}[s.combine]
        return [Tensor(_scan(s, values[0], step), s.dtype)]

    def tolerance(self, inputs, output):
        s = self.s
        n = len(inputs[0])
        if s.dtype == "i32" or s.combine in ("max", "segsum"):
            return [0] * n
        if s.combine == "mul" or (s.combine == "linrec" and output == 0):
            return [PRODUCT_RTOL * abs(w) + 1e-30
                    for w in self.reference(inputs)[output]]
        source = inputs[1] if s.combine == "linrec" else inputs[0]
        bound = RECURRENCE_BOUND if s.combine == "linrec" else SUM_BOUND
        return [bound * v
                for v in _scan(s, [abs(v) for v in source], lambda a, b: a + b)]


EMULATION = {c.name: Emulation(BY_KERNEL[kernel])
             for c, (kernel, _, _) in zip(CASES, RUNS)}

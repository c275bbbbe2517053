"""The kernel families bench/bench.py runs, one module each.

A family says what to compile (its variants, from TTIR, per target), which
Triton 3.6 PTX in bench/data it is compared with, which shapes to check and
time, and how to set up, check and measure one problem. bench.py does the
rest for every family alike: building, loading and launching through
tilebench's driver-API launcher, the checks, the interleaved timing, the
ratio rule and the report.

A new family (say attention) is a module here with a subclass of Family,
and its name in FAMILIES at the bottom of this file.
"""

import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)

#: --target value -> (tools/tile-compile --target, suffix of Triton's PTX
#: in bench/data: NAME.ptx for sm_90a, NAME.sm80.ptx for sm_80).
TARGETS = {"sm_90": ("cuda:90", ""), "sm_80": ("cuda:80", ".sm80")}


class Variant:
    """One kernel of ours to compile: NAME.ttir (or NAME.ttgir with
    suffix=".ttgir": TritonGPU IR that already names its target, warps and
    stages) from `text()`, compiled with num_warps (and num_stages) for each
    target of its family; it runs problems of the family's kernel `kernel`."""

    def __init__(self, kernel, name, text, num_warps, num_stages=None,
                 suffix=".ttir"):
        self.kernel, self.name, self.text = kernel, name, text
        self.num_warps, self.num_stages = num_warps, num_stages
        self.suffix = suffix


def read(path):
    """A repository file's text (for Variant.text)."""
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


class Problem:
    """One allocated problem of a kernel: what to launch and how to check.

    Subclasses set `candidates` (our variants, the preferred first: the
    first whose hints hold runs), `grid`, `args` (the launch arguments
    without Triton's scratch pointers, ("ptr"|"i32"|"f32", value) each) and
    `work` (bytes moved or floating-point operations, per the family's
    unit), and implement reset(), check() and baseline()."""

    candidates, grid, args, work = (), (1,), (), 0

    def reset(self):
        """Poisons the output (NaN) before a checked launch."""

    def check(self):
        """After a launch: (ok, max abs error, note)."""
        raise NotImplementedError

    def baseline(self):
        """A launch function of torch's (or cuBLAS's) version, or None."""
        return None


class Family:
    name = ""
    #: Kernels of the family (--kernel), each compared with one Triton PTX.
    kernels = ()
    #: Targets with Triton PTX in bench/data.
    targets = ("sm_90",)
    #: "GB/s" (work = bytes) or "TFLOP/s" (work = flops).
    unit = "GB/s"
    #: The library the third column times ("torch", "cuBLAS").
    baseline = "torch"
    #: How --shapes spells a shape of this family.
    shape_help = ""
    #: Launch argument types, per kernel (checked against the PTX signatures).
    arg_types = {}
    #: Run only when --family names it (a compiler path still being
    #: validated), not by default.
    opt_in = False

    def variants(self, target):
        """Variants to compile for `target` (bench.py --build)."""
        raise NotImplementedError

    def triton(self, kernel, target):
        """Stem of Triton's PTX and .json in bench/data."""
        raise NotImplementedError

    def timed_shapes(self, kernel):
        """Shapes checked, then timed against Triton."""
        raise NotImplementedError

    def check_shapes(self, kernel):
        """Shapes only checked (edges, masked, odd sizes)."""
        return []

    def random_shapes(self, rng, kernel, count):
        """`count` random shapes, checked only (--random)."""
        return []

    def small(self, shape):
        """The shape capped for compute-sanitizer runs (--small)."""
        return shape

    def parse_shape(self, text):
        """A shape from --shapes."""
        return tuple(int(v) for v in text.lower().split("x"))

    def shape_str(self, shape):
        return "x".join(str(v) for v in shape)

    def plot_x(self, shape):
        """A number to plot the shape at (a line plot), or None (bars)."""
        return None

    #: The x axis of a line plot.
    plot_xlabel = ""

    def problem(self, torch, kernel, shape):
        """Allocates and returns a Problem."""
        raise NotImplementedError


def cdiv(a, b):
    return (a + b - 1) // b


def size_expr(text):
    """'2^26', '2**26+528', '1024' -> int."""
    total = 0
    for term in text.strip().replace("**", "^").split("+"):
        if "^" in term:
            base, exp = term.split("^")
            total += int(base) ** int(exp)
        else:
            total += int(term)
    return total


def pow2_str(n):
    """2^k for powers of two from 1024, else the number."""
    k = int(math.log2(n)) if n > 0 else 0
    return f"2^{k}" if k >= 10 and 1 << k == n else str(n)


from . import add, rows, matmul, wgmma, tma, attention_ws, attention_bwd  # noqa: E402

#: The registry: every family, in report order.
FAMILIES = [add.Add(), rows.Rows(), matmul.Matmul(), wgmma.MatmulWgmma(),
            wgmma.MatmulHopper(), wgmma.Attention(),
            wgmma.AttentionFromTTIR(), tma.TmaMatmulFromTTGIR(),
            tma.TmaMatmul(), tma.TmaWsMatmul(), tma.GemmWs(),
            attention_ws.AttentionWs(), attention_bwd.AttentionBwd()]

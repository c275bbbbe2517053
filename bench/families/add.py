"""Vector add, f32, BLOCK = 1024, 4 warps: anchors' add_kernel.

Ours: examples/variants/add_f32.ttir (Triton 3.6's TTIR, tt.divisibility =
16 on every argument) and add_f32_nohint.ttir (no hints, for n % 16 != 0).
Triton: bench/data/add_f32_b1024{,.sm80}.ptx. Checked: out == x + y exactly
and out[n:] (NaN) untouched. GB/s counts 3 * 4 * n bytes (two reads, one
write). Baseline: torch.add(x, y, out=...).
"""

from . import Family, Problem, Variant, cdiv, pow2_str, read, size_expr

BLOCK = 1024
PAD = 4096  # elements past n checked to be untouched

#: Sizes only checked: small, around multiples of 1024, large.
CHECK_SIZES = [1, 3, 16, 48, 1000, 1008, 1023, 1024, 1025, 1040, 4096, 10000,
               65536 + 16, 100003, 2**20, 2**20 + 1008, 2**24 + 16, 2**26 + 528,
               2**28]


class AddProblem(Problem):
    def __init__(self, torch, n):
        self.torch, self.n = torch, n
        gen = torch.Generator(device="cuda").manual_seed(n)
        self.x = torch.randn(n, device="cuda", generator=gen)
        self.y = torch.randn(n, device="cuda", generator=gen)
        self.out = torch.full((n + PAD,), float("nan"), device="cuda")
        self.candidates = ("add_f32", "add_f32_nohint")
        self.grid = (cdiv(n, BLOCK),)
        self.args = [("ptr", self.x.data_ptr()), ("ptr", self.y.data_ptr()),
                     ("ptr", self.out.data_ptr()), ("i32", n)]
        self.work = 3 * 4 * n

    def reset(self):
        self.out.fill_(float("nan"))

    def check(self):
        torch, n = self.torch, self.n
        want = self.x + self.y
        tail_ok = bool(torch.isnan(self.out[n:]).all())
        if torch.equal(self.out[:n], want) and tail_ok:
            return True, 0.0, ""
        bad = (self.out[:n] != want).nonzero()
        note = f"{len(bad)} wrong, first at {int(bad[0])}" if len(bad) else ""
        if not tail_ok:
            note += ("; " if note else "") + "wrote past n"
        return False, float("nan"), note

    def baseline(self):
        x, y, out, n = self.x, self.y, self.out, self.n
        return lambda: self.torch.add(x, y, out=out[:n])


class Add(Family):
    name = "add"
    kernels = ("add",)
    targets = ("sm_90", "sm_80")
    unit = "GB/s"
    baseline = "torch"
    shape_help = "n, e.g. 2^26 or 2^20+3"
    arg_types = {"add": ("ptr", "ptr", "ptr", "i32")}

    def variants(self, target):
        return [Variant("add", name, lambda name=name: read(f"examples/variants/{name}.ttir"), 4)
                for name in ("add_f32", "add_f32_nohint")]

    def triton(self, kernel, target):
        return "add_f32_b1024"

    def timed_shapes(self, kernel):
        return [(1 << k,) for k in range(12, 29, 2)]

    def check_shapes(self, kernel):
        return [(n,) for n in CHECK_SIZES]

    def random_shapes(self, rng, kernel, count):
        return [(rng.choice([rng.randint(1, 4096), rng.randint(1, 1 << 22)]),)
                for _ in range(count)]

    def small(self, shape):
        return (min(shape[0], 1 << 16),)

    def parse_shape(self, text):
        return (size_expr(text),)

    def shape_str(self, shape):
        return pow2_str(shape[0])

    def plot_x(self, shape):
        return shape[0]

    plot_xlabel = "n (f32 elements)"

    def problem(self, torch, kernel, shape):
        return AddProblem(torch, shape[0])

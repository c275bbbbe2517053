"""Softmax (f32) and layer norm (f16): one program per row, anchors' kernels.

Ours: bench/make_row_variants.py's variants of examples/rows/*.ttir (BLOCK 1,
1024 and 4096 / 8192; hinted and hint-free). A problem runs the smallest
BLOCK that covers its width (masked beyond it), hinted where the width and
the row strides are multiples of 16. Triton: bench/data/{softmax_f32_4096,
layernorm_f16_8192}{,.sm80}.ptx (BLOCK 4096 / 8192, hinted), so only on
widths up to its BLOCK with the hints holding.

Shapes are ROWSxWIDTH; a trailing "p" pads the rows (row strides larger than
the width, the padding NaN) to check that nothing outside the rows is read
into the result or written. Checked against torch.softmax and
F.layer_norm (f16); GB/s counts one read and one write of the matrix (as
the anchors do). Baseline: the same torch calls.
"""

import make_row_variants

from . import Family, Problem, Variant

EPS = 1e-5
TOP_BLOCK = {"softmax": 4096, "layernorm": 8192}
TRITON = {"softmax": "softmax_f32_4096", "layernorm": "layernorm_f16_8192"}

#: Edge cases, checked only: 1 row, 1 column, masked widths, padded rows.
CHECKS = {
    "softmax": [(1, 4096, True), (1000, 1000, True), (37, 3001, True),
                (4096, 1, True), (64, 4096, False)],
    "layernorm": [(1, 8192, True), (1000, 1000, True), (300, 5000, True),
                  (7, 1, True), (64, 8192, False)],
}


class RowsProblem(Problem):
    def __init__(self, torch, kernel, rows, width, padded):
        self.torch, self.kernel, self.rows, self.width = torch, kernel, rows, width
        dtype = torch.float32 if kernel == "softmax" else torch.float16
        # layernorm_kernel takes one stride for X and Y.
        pad_in, pad_out = ((5, 3) if kernel == "softmax" else (3, 3)) if padded else (0, 0)
        g = torch.Generator(device="cuda").manual_seed(rows * 7919 + width)
        full_in = torch.randn(rows, width + pad_in, device="cuda", dtype=dtype, generator=g)
        if pad_in:
            full_in[:, width:] = float("nan")
        self.x = full_in[:, :width]
        self.full_out = torch.full((rows, width + pad_out), float("nan"),
                                   device="cuda", dtype=dtype)
        self.out = self.full_out[:, :width]
        self.pad_out = pad_out
        stride_in, stride_out = full_in.stride(0), self.full_out.stride(0)
        if kernel == "softmax":
            self.args = [("ptr", self.out.data_ptr()), ("ptr", self.x.data_ptr()),
                         ("i32", stride_in), ("i32", stride_out), ("i32", width)]
        else:
            self.w = torch.rand(width, device="cuda", dtype=dtype, generator=g)
            self.b = torch.rand(width, device="cuda", dtype=dtype, generator=g)
            self.args = [("ptr", self.x.data_ptr()), ("ptr", self.out.data_ptr()),
                         ("ptr", self.w.data_ptr()), ("ptr", self.b.data_ptr()),
                         ("i32", stride_in), ("i32", width), ("f32", EPS)]
        top = TOP_BLOCK[kernel]
        block = next(b for b in (1, 1024, top) if b >= width)
        warps = {1: 1, 1024: 4}.get(block, 8)
        name = make_row_variants.variant_name(kernel, block, warps, True)
        # The hinted variant exists at the top BLOCK only; the hints decide.
        self.candidates = ((name,) if block == top else ()) + (
            make_row_variants.variant_name(kernel, block, warps, False),)
        self.grid = (rows,)
        self.work = 2 * self.x.element_size() * rows * width

    def reset(self):
        self.full_out.fill_(float("nan"))

    def reference(self):
        torch = self.torch
        if self.kernel == "softmax":
            return torch.softmax(self.x, 1)
        return torch.nn.functional.layer_norm(self.x, (self.width,), self.w, self.b, EPS)

    def check(self):
        torch = self.torch
        ref = self.reference().float()
        out = self.out.float()
        err = (out - ref).abs().max().item() if self.out.numel() else 0.0
        if self.kernel == "softmax":
            ok = torch.allclose(out, ref, atol=1e-6, rtol=1e-4)
        else:
            ok = torch.allclose(out, ref, atol=1e-2, rtol=0)
        note = ""
        if self.pad_out and not torch.isnan(self.full_out[:, self.width:]).all().item():
            ok, note = False, "wrote outside the rows"
        return ok, err, note

    def baseline(self):
        return self.reference


class Rows(Family):
    name = "rows"
    kernels = ("softmax", "layernorm")
    targets = ("sm_90", "sm_80")
    unit = "GB/s"
    baseline = "torch"
    shape_help = "ROWSxWIDTH[p], e.g. 8192x4096 or 37x3001p (padded rows)"
    arg_types = {"softmax": ("ptr", "ptr", "i32", "i32", "i32"),
                 "layernorm": ("ptr", "ptr", "ptr", "ptr", "i32", "i32", "f32")}

    def variants(self, target):
        return [Variant(k, make_row_variants.variant_name(k, b, w, h),
                        lambda k=k, b=b, h=h: make_row_variants.variant_text(k, b, h), w)
                for k, b, w, h in make_row_variants.VARIANTS]

    def triton(self, kernel, target):
        return TRITON[kernel]

    def timed_shapes(self, kernel):
        return [(8192, 4096, False)] if kernel == "softmax" else [(4096, 8192, False)]

    def check_shapes(self, kernel):
        return CHECKS[kernel]

    def random_shapes(self, rng, kernel, count):
        top = TOP_BLOCK[kernel]
        shapes = []
        for _ in range(count):
            width = rng.choice([1, 2, 15, 16, 17, 1023, 1024, 1025, top - 1, top,
                                rng.randint(1, top), rng.randint(1, 64)])
            rows = rng.choice([1, 2, 3, rng.randint(1, 64)])
            shapes.append((rows, width, rng.random() < 0.5))
        return shapes

    def small(self, shape):
        return (min(shape[0], 8),) + shape[1:]

    def parse_shape(self, text):
        text = text.lower()
        padded = text.endswith("p")
        rows, width = (int(v) for v in text.rstrip("p").split("x"))
        return (rows, width, padded)

    def shape_str(self, shape):
        return f"{shape[0]}x{shape[1]}" + ("p" if shape[2] else "")

    def problem(self, torch, kernel, shape):
        return RowsProblem(torch, kernel, *shape)

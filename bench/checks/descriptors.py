"""Tensor descriptors (tt.make_tensor_descriptor, tt.descriptor_load/store,
tt.descriptor_reduce).

The copies (2-D copies of blocks that overhang the tensor, with zero and NaN
padding; the block-pointer copies' checks: same arguments, same blocks: a
100 x 70 source, 32 x 64 blocks, a 4 x 2 grid) run twice:
  * sm_80: triton-rewrite-tensor-descriptor-to-pointer makes masked pointer
    accesses of them;
  * sm_90: TMA; each program writes its two tensor maps into its slice of
    global scratch (docs/DeviceDescriptors.md), which the launcher allocates
    from the metadata's global_scratch_size; TMA fills the overhang of a
    load (zeros, or NaN) and drops the overhang of a store.

On sm_90, tt.descriptor_reduce is a TMA reduction
(cp.reduce.async.bulk.tensor) through a host-side descriptor, as Triton 3.6
writes desc.atomic_add/min/max: each program loads a block of `src` (masked
to M x N) and reduces it into `out`, whose descriptor covers M x N of a
wider buffer; M and N are not multiples of the block, so TMA clips the
edge blocks, and the columns past N must keep their values. min and max
run on a signed descriptor (si32, as Triton marks int32) with negative
values, so a signed comparison shows.

TMA clips a row's end only in 16-byte units: a row whose last element ends
inside a 16-byte unit has the whole unit written (seen on the H100: 70 f32
columns wrote columns 70 and 71 too). The sm_90 shapes keep rows a
multiple of 16 bytes (68 columns of 4 bytes, 72 of 2), still not a
multiple of the block; Triton's TMA path has the same limit.

The kernels are test/Inputs/language/descriptors/*.ttir."""

from language_check import Case, mismatch
from checks.block_pointers import copy_checker, cdiv, round16

DIR = "test/Inputs/language/descriptors/"

COPIES = [
    ("copy_f32_zero", "float32", "zero"),
    ("copy_f32_nan", "float32", "nan"),
    ("copy_i32_zero", "int32", "zero"),
]


def reduce_checker(kind, dtype_name, block, M=100, N=68):
    """Checks a `desc_reduce_<kind>_<type>` kernel (block = (BM, BN)) on an
    M x N region of a buffer with a wider row stride."""
    def check(ctx):
        from tilebench import TensorSpec
        torch = ctx.torch
        dtype = getattr(torch, dtype_name)
        bm, bn = block
        grid = (cdiv(M, bm), cdiv(N, bn))
        stride_src, stride_out = round16(N + 3), round16(N + 5)
        g = torch.Generator(device="cuda").manual_seed(M * 131 + N)
        if dtype.is_floating_point:
            src = torch.randn(M, stride_src, device="cuda",
                              generator=g).to(dtype)
            out = torch.randn(M, stride_out, device="cuda",
                              generator=g).to(dtype)
        else:
            src = torch.randint(-1000, 1000, (M, stride_src), device="cuda",
                                generator=g, dtype=dtype)
            out = torch.randint(-1000, 1000, (M, stride_out), device="cuda",
                                generator=g, dtype=dtype)
        before = out.clone()
        spec = TensorSpec(out.data_ptr(), [M, N], [stride_out, 1],
                          out.element_size())
        ctx.launch(grid, ("desc", spec), ("i32", M), ("i32", N),
                   ("i64", stride_out), ("i64", 1), src, ("i32", M),
                   ("i32", N), ("i32", stride_src))
        want = before.clone()
        a, b = before[:, :N], src[:, :N]
        if kind == "add":
            want[:, :N] = a + b
        elif kind == "min":
            want[:, :N] = torch.minimum(a, b)
        else:
            want[:, :N] = torch.maximum(a, b)
        rtol = {torch.float16: 1e-3, torch.float32: 1e-6}.get(dtype, 0.0)
        return mismatch(f"reduce {kind}", out, want, rtol=rtol)
    return check


REDUCES = [
    ("add", "f32", "float32", (32, 64)),
    ("add", "f16", "float16", (32, 64)),
    ("min", "i32", "int32", (16, 64)),
    ("max", "i32", "int32", (16, 64)),
]

CASES = [
    Case(f"descriptor_{name}_{sm}", DIR + name + ".ttir",
         copy_checker(dtype, padding, N=70 if sm == "sm80" else 68),
         target=target)
    for sm, target in (("sm80", "cuda:80"), ("sm90", "cuda:90"))
    for name, dtype, padding in COPIES
] + [
    Case(f"descriptor_reduce_{kind}_{ty}_sm90",
         DIR + f"reduce_{kind}_{ty}.ttir",
         reduce_checker(kind, dtype, block,
                        N=72 if dtype == "float16" else 68),
         target="cuda:90")
    for kind, ty, dtype, block in REDUCES
]

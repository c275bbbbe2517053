"""TMA matmuls on Hopper (sm_90): tensor descriptors, mbarriers, wgmma.

The kernels take host-side tensor descriptors (Triton's TensorDescriptor:
a CUtensorMap passed by value, then the shape and strides), A M x K, B N x K
(K-major), C M x N; bench/dump_tma_matmuls_triton.py wrote Triton 3.6's
TTIR, TTGIR, PTX and metadata of each config to bench/data. The launcher
encodes every CUtensorMap from the kernel's own `tensordesc_meta` (box,
swizzle, element type), as Triton's does, so each side gets the maps its
compiler asked for.

  tma_ttgir  Triton's TTGIR compiled by tile from the llir stage on (tile's
             lowering of the mbarriers, TMA copies and wgmma under Triton's
             decisions)
  tma        Triton's TTIR through tile's own passes

matmul_tma_persistent_* loops over output tiles (tl.range(..., flatten=True)
around the K loop) in NUM_SMS programs.

  tma_ws     matmul_tma_ws_*: Triton's warp-specialized persistent TMA matmul
             (tl.range(..., warp_specialize=True)), whose descriptors the
             kernel makes itself with tl.make_tensor_descriptor: it takes
             plain pointers a, b, c and M, N, K, runs min(tiles, NUM_SMS)
             programs, and both sides need global scratch for their tensor
             maps (the launcher allocates the metadata's
             global_scratch_size per program; docs/DeviceDescriptors.md).
             tile's nvgpu-warp-specialization splits it as Triton's does
             (12 warps).
  gemm_ws    the plain and persistent 128x256 kernels above with their loop
             marked tt.warp_specialize and 4 warps: tile's producer and two
             consumer warp groups, against Triton's 8-warp compile of the
             unmarked TTIR.

Checked against torch's f32 matmul of the same inputs (relative error 1e-2,
3e-2 for fp8); TMA clamps out-of-bounds reads to zero and drops
out-of-bounds writes, so any M, N, K multiple of 16 (the kernels'
tt.divisibility hints, and TMA's 16-byte stride rule) runs.
"""

from . import Problem, Variant, cdiv, read
from .wgmma import Sm90Matmul

#: kernel -> (operand dtype, output dtype, BM, BN, warps, stages).
TMA = {
    "matmul_tma_f16_w8_s3": ("f16", "f16", 128, 256, 8, 3),
    "matmul_tma_f16_w4_s3": ("f16", "f16", 128, 128, 4, 3),
    "matmul_tma_fp8_w8_s3": ("fp8", "f16", 128, 256, 8, 3),
    "matmul_tma_persistent_f16_w8_s3": ("f16", "f16", 128, 256, 8, 3),
}

#: The persistent kernels' program count (their TTIR has it as NUM_SMS):
#: the H100's SMs.
NUM_SMS = 132

DESC = ("desc", "i32", "i32", "i64", "i64")


class TmaMatmulProblem(Problem):
    def __init__(self, torch, kernel, candidates, M, N, K):
        from tilebench import TensorSpec
        dt, out, bm, bn, _, _ = TMA[kernel]
        types = {"f16": torch.float16, "fp8": torch.float8_e4m3fn}
        self.torch = torch
        g = torch.Generator(device="cuda").manual_seed(M * 31 + N * 7 + K)
        self.a = torch.randn(M, K, device="cuda", generator=g).to(types[dt])
        self.b = torch.randn(N, K, device="cuda", generator=g).to(types[dt])
        self.c = torch.full((M, N), float("nan"), device="cuda", dtype=types[out])
        self.tol = 3e-2 if dt == "fp8" else 1e-2
        self.ref = None
        self.candidates = tuple(candidates)
        tiles = cdiv(M, bm) * cdiv(N, bn)
        self.grid = (min(tiles, NUM_SMS) if "persistent" in kernel else tiles,)
        self.args = []
        for t in (self.a, self.b, self.c):
            rows, cols = t.shape
            self.args += [("desc", TensorSpec.of(t)), ("i32", rows), ("i32", cols),
                          ("i64", t.stride(0)), ("i64", 1)]
        self.args += [("i32", M), ("i32", N), ("i32", K)]
        self.work = 2.0 * M * N * K

    def reset(self):
        self.c.fill_(float("nan"))

    def check(self):
        if self.ref is None:
            self.ref = self.a.float() @ self.b.float().t()
        err = (self.c.float() - self.ref).abs().max().item()
        ok = err <= self.tol * self.ref.abs().max().item() and \
            not self.torch.isnan(self.c).any().item()
        return ok, err, ""

    def baseline(self):
        if self.a.dtype != self.torch.float16:
            return None
        a, bt = self.a, self.b.t()
        return lambda: self.torch.matmul(a, bt)


class TmaMatmulFromTTGIR(Sm90Matmul):
    name = "tma_ttgir"
    kernels = tuple(TMA)
    arg_types = {k: DESC * 3 + ("i32",) * 3 for k in kernels}
    suffix = "_ttgir"

    def variants(self, target):
        return [Variant(kernel, kernel + self.suffix,
                        lambda k=kernel: read(f"bench/data/{k}.ttgir"), warps,
                        suffix=".ttgir")
                for kernel, (_, _, _, _, warps, _) in TMA.items()]

    def triton(self, kernel, target):
        return kernel

    def timed_shapes(self, kernel):
        if TMA[kernel][0] == "fp8":
            return [(8192, 8192, 8192), (4096, 4096, 4096)]
        return [(8192, 8192, 8192), (4096, 4096, 4096)]

    def check_shapes(self, kernel):
        return [(512, 256, 1024), (1040, 784, 208), (128, 256, 4096), (16, 48, 64)]

    def problem(self, torch, kernel, shape):
        return TmaMatmulProblem(torch, kernel, (kernel + self.suffix,), *shape)


class TmaMatmul(TmaMatmulFromTTGIR):
    name = "tma"
    suffix = "_ttir"

    def variants(self, target):
        return [Variant(kernel, kernel + self.suffix,
                        lambda k=kernel: read(f"bench/data/{k}.ttir"), warps,
                        num_stages=stages)
                for kernel, (_, _, _, _, warps, stages) in TMA.items()]


#: Warp-specialized kernels with device-side descriptors: kernel ->
#: (operand dtype, output dtype, BM, BN, warps, stages).
TMA_WS = {
    "matmul_tma_ws_f16_w4_s3": ("f16", "f16", 128, 128, 4, 3),
}


class TmaWsMatmulProblem(TmaMatmulProblem):
    """A problem of a kernel that makes its descriptors from plain pointers:
    A M x K, B N x K, C M x N, contiguous (the kernels' strides are K, K
    and N)."""

    def __init__(self, torch, kernel, candidates, M, N, K):
        dt, out, bm, bn, _, _ = TMA_WS[kernel]
        types = {"f16": torch.float16}
        self.torch = torch
        g = torch.Generator(device="cuda").manual_seed(M * 31 + N * 7 + K)
        self.a = torch.randn(M, K, device="cuda", generator=g).to(types[dt])
        self.b = torch.randn(N, K, device="cuda", generator=g).to(types[dt])
        self.c = torch.full((M, N), float("nan"), device="cuda",
                            dtype=types[out])
        self.tol = 1e-2
        self.ref = None
        self.candidates = tuple(candidates)
        self.grid = (min(cdiv(M, bm) * cdiv(N, bn), NUM_SMS),)
        self.args = [("ptr", t.data_ptr()) for t in (self.a, self.b, self.c)]
        self.args += [("i32", M), ("i32", N), ("i32", K)]
        self.work = 2.0 * M * N * K


class TmaWsMatmul(TmaMatmulFromTTGIR):
    name = "tma_ws"
    kernels = tuple(TMA_WS)
    arg_types = {k: ("ptr",) * 3 + ("i32",) * 3 for k in kernels}
    suffix = "_ttir"

    def variants(self, target):
        return [Variant(kernel, kernel + self.suffix,
                        lambda k=kernel: read(f"bench/data/{k}.ttir"), warps,
                        num_stages=stages)
                for kernel, (_, _, _, _, warps, stages) in TMA_WS.items()]

    def timed_shapes(self, kernel):
        return [(8192, 8192, 8192), (4096, 4096, 4096)]

    def problem(self, torch, kernel, shape):
        return TmaWsMatmulProblem(torch, kernel, (kernel + self.suffix,),
                                  *shape)


#: tile's warp specialization of Triton's plain 128x256 TMA matmuls, from
#: the same TTIR with the loop marked `tt.warp_specialize` and 4 warps:
#: a TMA producer and two consumer warp groups of 64 rows each (12 warps).
#: kernel -> (Triton's kernel it is timed against, the loop it marks).
GEMM_WS = {
    "matmul_tma_ws_f16_128x256": ("matmul_tma_f16_w8_s3", "k"),
    "matmul_tma_persistent_ws_f16_128x256":
        ("matmul_tma_persistent_f16_w8_s3", "tile"),
}


def mark_warp_specialize(ttir, induction):
    """`ttir` with the scf.for over `%induction` marked tt.warp_specialize
    (and no longer tt.flatten: a flattened nest is not specialized)."""
    lines = ttir.split("\n")
    heads = [i for i, line in enumerate(lines)
             if f"scf.for %{induction} = " in line]
    if len(heads) != 1:
        raise ValueError(f"expected one scf.for over %{induction}, found "
                         f"{len(heads)}")
    head = heads[0]
    indent = lines[head][:len(lines[head]) - len(lines[head].lstrip())]
    ends = [i for i in range(head + 1, len(lines))
            if lines[i].startswith(indent + "}")]
    if not ends:
        raise ValueError(f"the scf.for over %{induction} has no end")
    close, sep, loc = lines[ends[0]].partition(" loc(")
    if close.strip() not in ("}", "} {tt.flatten}"):
        raise ValueError(f"unexpected end of the loop: {close.strip()}")
    lines[ends[0]] = indent + "} {tt.warp_specialize}" + sep + loc
    return "\n".join(lines)


class GemmWs(TmaMatmul):
    """Issue 30's GEMM: tile's warp-specialized 128x256 TMA matmuls against
    Triton's 8-warp compile of the same TTIR and against cuBLAS."""
    name = "gemm_ws"
    # Opt-in: it does not beat tile's own pipelined kernel yet
    # (results/h100-hopper-beyond/gemm-ws/).
    opt_in = True
    kernels = tuple(GEMM_WS)
    arg_types = {k: DESC * 3 + ("i32",) * 3 for k in kernels}

    def variants(self, target):
        out = []
        for kernel, (source, induction) in GEMM_WS.items():
            text = (lambda s=source, i=induction: mark_warp_specialize(
                read(f"bench/data/{s}.ttir"), i))
            out.append(Variant(kernel, kernel + self.suffix, text, 4,
                               num_stages=TMA[source][5]))
        return out

    def triton(self, kernel, target):
        return GEMM_WS[kernel][0]

    def timed_shapes(self, kernel):
        return super().timed_shapes(GEMM_WS[kernel][0])

    def problem(self, torch, kernel, shape):
        return TmaMatmulProblem(torch, GEMM_WS[kernel][0],
                                (kernel + self.suffix,), *shape)

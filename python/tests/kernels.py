"""tile's own @triton.jit kernels for the compile-only tests: each case is a
kernel, the signature and constexprs Triton's launcher would specialize it
with, and the options (num_warps, num_stages, ...) of one config."""

from __future__ import annotations

import triton
import triton.language as tl

from attention_kernels import ATTENTION_CASES, attention_ws_causal  # noqa: F401
from case import Case


@triton.jit
def masked_axpy(x_ptr, y_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    y = tl.load(y_ptr + offsets, mask=mask, other=0.0)
    tl.store(out_ptr + offsets, alpha * x + y, mask=mask)


@triton.jit
def row_sum_max(x_ptr, sum_ptr, max_ptr, cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + offsets, mask=offsets < cols,
                other=float("-inf"))
    tl.store(max_ptr + row, tl.max(x, axis=0))
    tl.store(sum_ptr + row, tl.sum(tl.where(offsets < cols, x, 0.0), axis=0))


@triton.jit
def _add_pairs(a, a2, b, b2):
    return a + b, a2 + b2


@triton.jit
def row_moments(x_ptr, sum_ptr, squares_ptr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * BLOCK + tl.arange(0, BLOCK))
    total, squares = tl.reduce((x, x * x), 0, _add_pairs)
    tl.store(sum_ptr + row, total)
    tl.store(squares_ptr + row, squares)


@triton.jit
def int_row_reductions(x_ptr, sum_ptr, xor_ptr, max_ptr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * BLOCK + tl.arange(0, BLOCK))
    tl.store(sum_ptr + row, tl.sum(x, 0))
    tl.store(xor_ptr + row, tl.xor_sum(x, 0))
    tl.store(max_ptr + row, tl.max(x, 0))


@triton.jit
def cumulative_sum(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.cumsum(tl.load(x_ptr + offsets), axis=0))


@triton.jit
def softmax(out_ptr, in_ptr, in_stride, out_stride, cols,
            BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offsets = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * in_stride + offsets, mask=offsets < cols,
                other=-float("inf")).to(tl.float32)
    x = x - tl.max(x, axis=0)
    numerator = tl.exp(x)
    y = numerator / tl.sum(numerator, axis=0)
    tl.store(out_ptr + row * out_stride + offsets, y.to(out_ptr.dtype.element_ty),
             mask=offsets < cols)


@triton.jit
def matmul_bias_relu(a_ptr, b_ptr, c_ptr, bias_ptr, M, N, K,
                     stride_am, stride_bk, stride_cm,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     BLOCK_K: tl.constexpr, INPUT_PRECISION: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] + k < K),
                    other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] + k < K) & (rn[None, :] < N),
                    other=0.0)
        acc = tl.dot(a, b, acc, input_precision=INPUT_PRECISION)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * stride_bk
    bias = tl.load(bias_ptr + rn, mask=rn < N, other=0.0)
    acc = tl.maximum(acc + bias[None, :], 0.0)
    c_ptrs = c_ptr + rm[:, None] * stride_cm + rn[None, :]
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def atomic_histogram(x_ptr, bins_ptr, total_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0)
    tl.atomic_add(bins_ptr + x, 1, mask=mask)
    tl.atomic_max(total_ptr, tl.max(tl.where(mask, x, 0), axis=0))


@triton.jit
def print_and_assert(x_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets, mask=offsets < n, other=0)
    tl.device_assert(x >= 0, "negative input")
    tl.device_print("x", x)


@triton.jit
def abs_fp8(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.abs(tl.load(x_ptr + offsets)))


@triton.jit
def checked_add(a, b):
    wide = a.to(tl.int64) + b.to(tl.int64)
    tl.device_assert((wide >= -2**31) & (wide <= 2**31 - 1), "int32 overflow")
    return a + b


@triton.jit
def checked_sum(z_ptr, x_ptr, BLOCK: tl.constexpr):
    # A combine function with an assert: its message is a global that the
    # inlined call site's location reached (enable-line-info crashed on it).
    tl.store(z_ptr, tl.reduce(tl.load(x_ptr + tl.arange(0, BLOCK)), 0,
                              checked_add))


@triton.jit
def descriptor_copy(in_desc, out_desc, BLOCK_M: tl.constexpr,
                    BLOCK_N: tl.constexpr):
    m = tl.program_id(0) * BLOCK_M
    n = tl.program_id(1) * BLOCK_N
    tile = in_desc.load([m, n])
    out_desc.store([m, n], tile * 2)


@triton.jit
def persistent_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk,
                      stride_cm, NUM_SMS: tl.constexpr, BLOCK_M: tl.constexpr,
                      BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    for tile_id in tl.range(tl.program_id(0), tiles_m * tiles_n, NUM_SMS,
                            flatten=True):
        rm = (tile_id // tiles_n) * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = (tile_id % tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            rk = k + tl.arange(0, BLOCK_K)
            a = tl.load(a_ptr + rm[:, None] * stride_am + rk[None, :],
                        mask=rk[None, :] < K, other=0.0)
            b = tl.load(b_ptr + rk[:, None] * stride_bk + rn[None, :],
                        mask=rk[:, None] < K, other=0.0)
            acc = tl.dot(a, b, acc)
        tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :],
                 acc.to(tl.float16),
                 mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def persistent_matmul_k_major_b(a_ptr, b_ptr, c_ptr, M, N, K, stride_am,
                                stride_bn, stride_cm, NUM_SMS: tl.constexpr,
                                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                                BLOCK_K: tl.constexpr):
    # B is read K-contiguous (a transposed view of an N x K matrix), rows
    # and columns clamped into range and the K tail masked, as in the
    # persistent matmul tutorial's pointer kernel.
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    k_steps = tl.cdiv(K, BLOCK_K)
    lanes_k = tl.arange(0, BLOCK_K)
    for tile_id in tl.range(tl.program_id(0), tiles_m * tiles_n, NUM_SMS,
                            flatten=True):
        rm = (tile_id // tiles_n) * BLOCK_M + tl.arange(0, BLOCK_M)
        rn = (tile_id % tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
        rm_in = tl.max_contiguous(
            tl.multiple_of(tl.where(rm < M, rm, 0), BLOCK_M), BLOCK_M)
        rn_in = tl.max_contiguous(
            tl.multiple_of(tl.where(rn < N, rn, 0), BLOCK_N), BLOCK_N)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for step in range(k_steps):
            rk = step * BLOCK_K + lanes_k
            a = tl.load(a_ptr + rm_in[:, None] * stride_am + rk[None, :],
                        mask=lanes_k[None, :] < K - step * BLOCK_K, other=0.0)
            b = tl.load(b_ptr + rk[:, None] + rn_in[None, :] * stride_bn,
                        mask=lanes_k[:, None] < K - step * BLOCK_K, other=0.0)
            acc = tl.dot(a, b, acc)
        tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :],
                 acc.to(tl.float16),
                 mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def persistent_split_epilogue(a_ptr, b_ptr, c_ptr, M, N, K,
                              NUM_SMS: tl.constexpr, BLOCK_M: tl.constexpr,
                              BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # The accumulator is stored as two halves of BLOCK_N // 2 columns, split
    # off through reshape, permute and split (EPILOGUE_SUBTILE in Triton's
    # persistent matmul tutorial).
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1],
                                       block_shape=[BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BLOCK_M, BLOCK_N // 2])
    tiles_n = tl.cdiv(N, BLOCK_N)
    for tile_id in tl.range(tl.program_id(0), tl.cdiv(M, BLOCK_M) * tiles_n,
                            NUM_SMS, flatten=True):
        m = (tile_id // tiles_n) * BLOCK_M
        n = (tile_id % tiles_n) * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BLOCK_K)):
            acc = tl.dot(a_desc.load([m, k * BLOCK_K]),
                         b_desc.load([n, k * BLOCK_K]).T, acc)
        halves = tl.permute(tl.reshape(acc, (BLOCK_M, 2, BLOCK_N // 2)),
                            (0, 2, 1))
        left, right = tl.split(halves)
        c_desc.store([m, n], left.to(tl.float16))
        c_desc.store([m, n + BLOCK_N // 2], right.to(tl.float16))


@triton.jit
def warp_specialized_matmul(a_desc, b_desc, c_desc, M, N, K,
                            NUM_SMS: tl.constexpr, BLOCK_M: tl.constexpr,
                            BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    for tile_id in tl.range(tl.program_id(0), tiles_m * tiles_n, NUM_SMS,
                            flatten=True, warp_specialize=True):
        m = (tile_id // tiles_n) * BLOCK_M
        n = (tile_id % tiles_n) * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, K, BLOCK_K):
            a = a_desc.load([m, k])
            b = b_desc.load([n, k])
            acc = tl.dot(a, b.T, acc)
        c_desc.store([m, n], acc.to(tl.float16))


@triton.jit
def warp_specialized_tile_matmul(a_ptr, b_ptr, c_ptr, M, N, K,
                                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                                 BLOCK_K: tl.constexpr):
    # One tile per program: the K loop itself is warp-specialized, with
    # its own number of stages.
    a_desc = tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1],
                                       [BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, [N, K], [K, 1],
                                       [BLOCK_N, BLOCK_K])
    c_desc = tl.make_tensor_descriptor(c_ptr, [M, N], [N, 1],
                                       [BLOCK_M, BLOCK_N])
    m = tl.program_id(0) * BLOCK_M
    n = tl.program_id(1) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BLOCK_K), warp_specialize=True,
                      num_stages=2):
        a = a_desc.load([m, k * BLOCK_K])
        b = b_desc.load([n, k * BLOCK_K])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([m, n], acc.to(tl.float16))


autotuned_configs = [
    triton.Config({"BLOCK": 256}, num_warps=2, num_stages=1),
    triton.Config({"BLOCK": 1024}, num_warps=4, num_stages=2),
    triton.Config({"BLOCK": 4096}, num_warps=8, num_stages=3),
]


@triton.autotune(configs=autotuned_configs, key=["n"])
@triton.jit
def autotuned_scale(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets, mask=offsets < n)
    tl.store(out_ptr + offsets, tl.sqrt(x) * 0.5, mask=offsets < n)


@triton.jit
def batched_dot(x_ptr, y_ptr, out_ptr, B: tl.constexpr, M: tl.constexpr,
                N: tl.constexpr, K: tl.constexpr):
    b = tl.arange(0, B)[:, None, None]
    m = tl.arange(0, M)[None, :, None]
    n = tl.arange(0, N)[None, None, :]
    k = tl.arange(0, K)
    x = tl.load(x_ptr + b * M * K + m * K + k[None, None, :])
    y = tl.load(y_ptr + b * K * N + k[None, :, None] * N + n)
    tl.store(out_ptr + b * M * N + m * N + n, tl.dot(x, y))


@triton.jit
def small_dot(x_ptr, y_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
              K: tl.constexpr):
    m = tl.arange(0, M)[:, None]
    n = tl.arange(0, N)[None, :]
    k = tl.arange(0, K)
    x = tl.load(x_ptr + m * K + k[None, :])
    y = tl.load(y_ptr + k[:, None] * N + n)
    tl.store(out_ptr + m * N + n, tl.dot(x, y))


@triton.jit
def atomic_accumulate(out_ptr, x_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.atomic_add(out_ptr + offsets, tl.load(x_ptr + offsets))


@triton.jit
def exp2_rows(x_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.store(x_ptr + offsets, tl.math.exp2(tl.load(x_ptr + offsets)))


@triton.jit
def running_sum_no_licm(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    total = tl.zeros((BLOCK,), tl.float32)
    for i in tl.range(0, n, disable_licm=True):
        total += tl.load(x_ptr + i * BLOCK + offsets)
    tl.store(out_ptr + offsets, total)


@triton.jit
def three_way_compare(x, y):
    if x < y:
        return -1
    elif x == y:
        return 0
    else:
        return 1


@triton.jit
def map_compare(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    y = tl.load(y_ptr + offsets)
    tl.store(out_ptr + offsets,
             tl.map_elementwise(three_way_compare, x, y))


@triton.jit(noinline=True)
def doubled_tile(out_ptr, in_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # Descriptors made in a device function: their tensor maps live in the
    # global scratch its caller passes it.
    src = tl.make_tensor_descriptor(in_ptr, shape=[M, N], strides=[N, 1],
                                    block_shape=[BM, BN])
    dst = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1],
                                    block_shape=[BM, BN])
    row = tl.program_id(0) * BM
    dst.store([row, 0], src.load([row, 0]) * 2)


@triton.jit
def descriptor_in_function(out_ptr, in_ptr, M, N, BM: tl.constexpr,
                           BN: tl.constexpr):
    doubled_tile(out_ptr, in_ptr, M, N, BM, BN)


@triton.jit
def batch_row_sums(out_ptr, in_ptr, B, M, N, BM: tl.constexpr,
                   BN: tl.constexpr):
    # A rank-reducing load: block 1 x BM x BN of a B x M x N tensor as a
    # BM x BN tile.
    desc = tl.make_tensor_descriptor(in_ptr, shape=[B, M, N],
                                     strides=[M * N, N, 1],
                                     block_shape=[1, BM, BN])
    b = tl.program_id(0)
    tile = desc.load([b, 0, 0]).reshape(BM, BN)
    tl.store(out_ptr + b * BM + tl.arange(0, BM), tl.sum(tile, axis=1))


@triton.jit
def indirect_matmul(out_ptr, stride_out, a_ptr, stride_a, b_ptr, stride_b,
                    index_ptr, K, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr,
                    BLOCK_N: tl.constexpr):
    # The tiles' rows come from an index load of the same iteration.
    rows = index_ptr + tl.arange(0, BLOCK_K)
    m = tl.arange(0, BLOCK_M)
    n = tl.arange(0, BLOCK_N)[None, :]
    acc = tl.zeros([BLOCK_M, BLOCK_N], tl.float32)
    for k in range(0, K, BLOCK_K):
        index = tl.load(rows)
        a = tl.load(a_ptr + n + index[:, None] * stride_a)
        b = tl.load(b_ptr + m + index[:, None] * stride_b)
        acc = tl.dot(b.T, a, acc=acc)
        rows += BLOCK_K
    tl.store(out_ptr + m[:, None] + n * stride_out, acc)


@triton.jit
def tma_matmul_loop_stages(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                           BN: tl.constexpr, BK: tl.constexpr,
                           LOOP_STAGES: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, [N, K], [K, 1], [BN, BK])
    m = tl.program_id(0) * BM
    n = tl.program_id(1) * BN
    acc = tl.zeros([BM, BN], tl.float32)
    for k in tl.range(0, K, BK, num_stages=LOOP_STAGES):
        acc = tl.dot(a_desc.load([m, k]), b_desc.load([n, k]).T, acc)
    rows = (m + tl.arange(0, BM))[:, None]
    cols = (n + tl.arange(0, BN))[None, :]
    tl.store(c_ptr + rows * N + cols, acc.to(tl.float16))


@triton.jit
def addmm_bf16(bias_ptr, x_ptr, w_ptr, out_ptr, M, N, K,
               BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
               BLOCK_K: tl.constexpr):
    # out = x @ w.T + bias in bf16, as Inductor's addmm template computes a
    # Linear layer: w is N x K row-major (read K-contiguous), the bias is
    # one row broadcast over the tile and added to the f32 accumulator.
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        x = tl.load(x_ptr + rows[:, None] * K + (k * BLOCK_K + ks)[None, :])
        w = tl.load(w_ptr + cols[None, :] * K + (k * BLOCK_K + ks)[:, None])
        acc += tl.dot(x, w)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    bias = tl.load(bias_ptr + tl.broadcast_to(cols[None, :], acc.shape), mask)
    tl.store(out_ptr + rows[:, None] * N + cols[None, :],
             acc + bias.to(tl.float32), mask)


def matmul_case(name, dtype, out_dtype, precision, capabilities=(80, 90),
                block=(64, 64, 32), **options):
    """matmul_bias_relu with `dtype` operands and one tile `block`."""
    signature = {"a_ptr": f"*{dtype}", "b_ptr": f"*{dtype}",
                 "c_ptr": f"*{out_dtype}", "bias_ptr": "*fp32", "M": "i32",
                 "N": "i32", "K": "i32", "stride_am": "i32", "stride_bk": "i32",
                 "stride_cm": "i32", "BLOCK_M": "constexpr",
                 "BLOCK_N": "constexpr", "BLOCK_K": "constexpr",
                 "INPUT_PRECISION": "constexpr"}
    constexprs = {"BLOCK_M": block[0], "BLOCK_N": block[1],
                  "BLOCK_K": block[2], "INPUT_PRECISION": precision}
    return Case(name, matmul_bias_relu, signature, constexprs,
                {"num_warps": 4, "num_stages": 3, **options}, capabilities,
                aligned=(0, 1, 2, 3, 7, 8, 9))


def _descriptor(dtype, block):
    return f"tensordesc<{dtype}[{block[0]}, {block[1]}]>"


#: persistent_matmul's parameters: f16 operands, i32 sizes and strides.
_PERSISTENT_MATMUL_SIGNATURE = {
    "a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32",
    "N": "i32", "K": "i32", "stride_am": "i32", "stride_bk": "i32",
    "stride_cm": "i32", "NUM_SMS": "constexpr", "BLOCK_M": "constexpr",
    "BLOCK_N": "constexpr", "BLOCK_K": "constexpr"}

#: persistent_matmul_k_major_b's signature: B's stride along N, not K.
_PERSISTENT_MATMUL_K_MAJOR_B_SIGNATURE = {
    ("stride_bn" if name == "stride_bk" else name): kind
    for name, kind in _PERSISTENT_MATMUL_SIGNATURE.items()}

CASES = [
    Case("masked_axpy", masked_axpy,
         {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32",
          "alpha": "fp32", "n": "i32", "BLOCK": "constexpr"},
         {"BLOCK": 1024}, {"num_warps": 4}),
    Case("row_sum_max", row_sum_max,
         {"x_ptr": "*fp32", "sum_ptr": "*fp32", "max_ptr": "*fp32",
          "cols": "i32", "stride": "i32", "BLOCK": "constexpr"},
         {"BLOCK": 2048}, {"num_warps": 8}),
    # One warp per row: the lanes' shuffles are the whole reduction.
    Case("row_moments_w1", row_moments,
         {"x_ptr": "*fp32", "sum_ptr": "*fp32", "squares_ptr": "*fp32",
          "BLOCK": "constexpr"}, {"BLOCK": 1024}, {"num_warps": 1}),
    *(Case(f"int_row_reductions_{t}_w1", int_row_reductions,
           {"x_ptr": f"*{t}", "sum_ptr": "*i32", "xor_ptr": "*i32",
            "max_ptr": "*i32", "BLOCK": "constexpr"}, {"BLOCK": 256},
           {"num_warps": 1}) for t in ("i32", "i8")),
    Case("cumulative_sum", cumulative_sum,
         {"x_ptr": "*i32", "out_ptr": "*i32", "BLOCK": "constexpr"},
         {"BLOCK": 512}, {"num_warps": 4}),
    Case("softmax_f16", softmax,
         {"out_ptr": "*fp16", "in_ptr": "*fp16", "in_stride": "i32",
          "out_stride": "i32", "cols": "i32", "BLOCK": "constexpr"},
         {"BLOCK": 1024}, {"num_warps": 4}),
    # 16 warps along the row: the warps' partials are combined by shuffles.
    Case("softmax_bf16_w16", softmax,
         {"out_ptr": "*bf16", "in_ptr": "*bf16", "in_stride": "i32",
          "out_stride": "i32", "cols": "i32", "BLOCK": "constexpr"},
         {"BLOCK": 8192}, {"num_warps": 16}),
    matmul_case("dot_f16", "fp16", "fp16", "ieee"),
    matmul_case("dot_bf16", "bf16", "bf16", "ieee", num_stages=4),
    matmul_case("dot_tf32", "fp32", "fp32", "tf32"),
    matmul_case("dot_fp8e5", "fp8e5", "fp16", "ieee", block=(64, 64, 64)),
    # FMA dots: their operands hold whole rows and columns of K, which fit
    # in registers only in the dot's own 4x4-per-thread layout (test_core's
    # test_dot and test_dot3d found the default layout needing 2048).
    matmul_case("dot_fp32_ieee", "fp32", "fp32", "ieee", block=(64, 64, 64)),
    Case("batched_dot_fp64", batched_dot,
         {"x_ptr": "*fp64", "y_ptr": "*fp64", "out_ptr": "*fp64",
          "B": "constexpr", "M": "constexpr", "N": "constexpr",
          "K": "constexpr"},
         {"B": 2, "M": 32, "N": 32, "K": 64}, {"num_warps": 2}),
    matmul_case("dot_fp8e4nv", "fp8e4nv", "fp16", "ieee", capabilities=(90,),
            block=(128, 128, 64), num_warps=8),
    Case("atomic_histogram", atomic_histogram,
         {"x_ptr": "*i32", "bins_ptr": "*i32", "total_ptr": "*i32",
          "n": "i32", "BLOCK": "constexpr"},
         {"BLOCK": 256}, {"num_warps": 4}),
    Case("print_and_assert", print_and_assert,
         {"x_ptr": "*i32", "n": "i32", "BLOCK": "constexpr"},
         {"BLOCK": 128}, {"num_warps": 4, "debug": True}),
    Case("abs_fp8e5", abs_fp8, {"x_ptr": "*fp8e5", "out_ptr": "*fp8e5",
                                "BLOCK": "constexpr"}, {"BLOCK": 512}),
    Case("abs_fp8e4nv", abs_fp8, {"x_ptr": "*fp8e4nv", "out_ptr": "*fp8e4nv",
                                  "BLOCK": "constexpr"}, {"BLOCK": 512},
         capabilities=(90,)),
    # A mapped function with early returns: a body of several blocks.
    Case("map_compare", map_compare,
         {"x_ptr": "*i32", "y_ptr": "*i32", "out_ptr": "*i32",
          "BLOCK": "constexpr"}, {"BLOCK": 128}, {"num_warps": 4}),
    Case("checked_sum", checked_sum,
         {"z_ptr": "*i32", "x_ptr": "*i32", "BLOCK": "constexpr"},
         {"BLOCK": 512}, {"num_warps": 4, "debug": True}),
    Case("descriptor_in_function", descriptor_in_function,
         {"out_ptr": "*fp16", "in_ptr": "*fp16", "M": "i32", "N": "i32",
          "BM": "constexpr", "BN": "constexpr"},
         {"BM": 64, "BN": 64}, {"num_warps": 4}, capabilities=(90,),
         aligned=(0, 1, 3)),
    Case("rank_reducing_load", batch_row_sums,
         {"out_ptr": "*fp32", "in_ptr": "*fp16", "B": "i32", "M": "i32",
          "N": "i32", "BM": "constexpr", "BN": "constexpr"},
         {"BM": 64, "BN": 64}, {"num_warps": 4}, capabilities=(90,),
         aligned=(0, 1, 3, 4)),
    # A cluster of two CTAs per program: the first runs it.
    Case("masked_axpy_cluster2", masked_axpy,
         {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32",
          "alpha": "fp32", "n": "i32", "BLOCK": "constexpr"},
         {"BLOCK": 1024}, {"num_warps": 4, "num_ctas": 2}, capabilities=(90,)),
    Case("descriptor_copy", descriptor_copy,
         {"in_desc": _descriptor("fp16", (64, 64)),
          "out_desc": _descriptor("fp16", (64, 64)),
          "BLOCK_M": "constexpr", "BLOCK_N": "constexpr"},
         {"BLOCK_M": 64, "BLOCK_N": 64}, {"num_warps": 4}, aligned=()),
    Case("persistent_matmul", persistent_matmul,
         _PERSISTENT_MATMUL_SIGNATURE,
         {"NUM_SMS": 132, "BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64},
         {"num_warps": 8, "num_stages": 3}, aligned=(0, 1, 2, 6, 7, 8)),
    # The epilogue's conversion runs inside the flattened loop, beside the
    # pipeline's buffers: its scratch must fit where they leave room (it
    # needed 32 KiB above Triton's 81,920 bytes).
    Case("persistent_matmul_128x256", persistent_matmul,
         _PERSISTENT_MATMUL_SIGNATURE,
         {"NUM_SMS": 132, "BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64},
         {"num_warps": 8, "num_stages": 3}, aligned=(0, 1, 2, 6, 7, 8)),
    # Beside rings that leave one block per SM, the epilogue's conversion
    # takes its smallest scratch (it took 64 KiB, 212,992 bytes in all,
    # where Triton's compile takes 163,840).
    Case("persistent_matmul_k_major_b", persistent_matmul_k_major_b,
         _PERSISTENT_MATMUL_K_MAJOR_B_SIGNATURE,
         {"NUM_SMS": 132, "BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64},
         {"num_warps": 4, "num_stages": 3}, capabilities=(90,),
         aligned=(0, 1, 2, 3, 4, 5, 6, 7, 8)),
    # Beside rings that leave two blocks per SM, the epilogue's conversion
    # takes its smallest scratch too (it took 16 KiB, 114,688 bytes in all,
    # where Triton's compile takes 106,496 and two blocks fit either way).
    Case("persistent_matmul_k_major_b_two_blocks",
         persistent_matmul_k_major_b,
         _PERSISTENT_MATMUL_K_MAJOR_B_SIGNATURE,
         {"NUM_SMS": 132, "BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64},
         {"num_warps": 4, "num_stages": 3}, capabilities=(90,),
         aligned=(0, 1, 2, 3, 4, 5, 6, 7, 8)),
    # The split halves stay in the accumulator's registers, as in Triton
    # (a conversion before the split needed 311,320 bytes, over the limit,
    # where Triton's compile takes 180,248).
    Case("persistent_split_epilogue", persistent_split_epilogue,
         {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32",
          "N": "i32", "K": "i32", "NUM_SMS": "constexpr",
          "BLOCK_M": "constexpr", "BLOCK_N": "constexpr",
          "BLOCK_K": "constexpr"},
         {"NUM_SMS": 132, "BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64},
         {"num_warps": 8, "num_stages": 3}, capabilities=(90,),
         aligned=(0, 1, 2, 4, 5)),
    # A matmul whose tile loads take their rows from an index load: the
    # pipeline's stages are split between the two loads, as in Triton (tile
    # gave the tiles all five stages: 327,680 bytes, over the limit, where
    # Triton's compile takes 198,656).
    Case("indirect_matmul_5_stages", indirect_matmul,
         {"out_ptr": "*fp32", "stride_out": "i32", "a_ptr": "*bf16",
          "stride_a": "i32", "b_ptr": "*bf16", "stride_b": "i32",
          "index_ptr": "*i64", "K": "i32", "BLOCK_M": "constexpr",
          "BLOCK_K": "constexpr", "BLOCK_N": "constexpr"},
         {"BLOCK_M": 128, "BLOCK_K": 128, "BLOCK_N": 128},
         {"num_warps": 4, "num_stages": 5}, aligned=tuple(range(8))),
    # The loop's own num_stages sizes the TMA rings, as in Triton (tile
    # took the kernel's 4: 131,104 bytes where Triton's compile takes 65,552).
    Case("tma_matmul_loop_stages", tma_matmul_loop_stages,
         {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32",
          "N": "i32", "K": "i32", "BM": "constexpr", "BN": "constexpr",
          "BK": "constexpr", "LOOP_STAGES": "constexpr"},
         {"BM": 128, "BN": 128, "BK": 64, "LOOP_STAGES": 2},
         {"num_warps": 4, "num_stages": 4}, capabilities=(90,),
         aligned=tuple(range(6))),
    # Dots smaller than one 16x8 mma.sync tile (test_core's small dots) take
    # the tensor cores, as in Triton 3.6; tile computed them with FMA.
    *[Case(f"small_dot_{m}x{n}x{k}_{dtype}", small_dot,
           {"x_ptr": f"*{dtype}", "y_ptr": f"*{dtype}",
            "out_ptr": "*fp64" if dtype == "fp64" else "*fp32",
            "M": "constexpr", "N": "constexpr", "K": "constexpr"},
           {"M": m, "N": n, "K": k}, {"num_warps": warps})
      for m, n, k, dtype, warps in [(2, 4, 32, "fp16", 1),
                                    (1, 2, 32, "fp8e5", 1),
                                    (8, 8, 32, "bf16", 4),
                                    (4, 8, 16, "fp64", 1)]],
    # The bias is converted to the accumulator's layout as bf16 and the bf16
    # sum back, as in Triton (tile converted the f32 accumulator: 254
    # registers against Triton's 227, 0.96x in Inductor's addmm).
    Case("addmm_bf16", addmm_bf16,
         {"bias_ptr": "*bf16", "x_ptr": "*bf16", "w_ptr": "*bf16",
          "out_ptr": "*bf16", "M": "i32", "N": "i32", "K": "i32",
          "BLOCK_M": "constexpr", "BLOCK_N": "constexpr",
          "BLOCK_K": "constexpr"},
         {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64},
         {"num_warps": 4, "num_stages": 3}, aligned=tuple(range(7))),
    Case("warp_specialized_matmul", warp_specialized_matmul,
         {"a_desc": _descriptor("fp16", (128, 64)),
          "b_desc": _descriptor("fp16", (128, 64)),
          "c_desc": _descriptor("fp16", (128, 128)), "M": "i32", "N": "i32",
          "K": "i32", "NUM_SMS": "constexpr", "BLOCK_M": "constexpr",
          "BLOCK_N": "constexpr", "BLOCK_K": "constexpr"},
         {"NUM_SMS": 132, "BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64},
         {"num_warps": 4, "num_stages": 3}, aligned=()),
    Case("warp_specialized_tile_matmul", warp_specialized_tile_matmul,
         {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32",
          "N": "i32", "K": "i32", "BLOCK_M": "constexpr",
          "BLOCK_N": "constexpr", "BLOCK_K": "constexpr"},
         {"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 64},
         {"num_warps": 4, "num_stages": 3}, capabilities=(90,),
         aligned=(0, 1, 2, 4, 5)),
] + ATTENTION_CASES + [
    Case(f"autotuned_scale_{config.kwargs['BLOCK']}", autotuned_scale.fn,
         {"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32",
          "BLOCK": "constexpr"},
         dict(config.kwargs), {"num_warps": config.num_warps,
                               "num_stages": config.num_stages})
    for config in autotuned_configs
]

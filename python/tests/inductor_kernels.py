"""Kernels in the shape Inductor generates for torch.compile'd models
(written for these tests): pointwise kernels that read one tensor in
channels-last and another in NCHW order with per-channel batch-norm
columns, a layer-norm backward over a few rows with a row-vector
weight, and reductions of one row per program (XBLOCK = 1)."""

from __future__ import annotations

import triton
import triton.language as tl

from kernels import Case


@triton.jit
def batch_norm_add_relu(x_ptr, x_mean, x_scale, x_weight, x_bias, y_ptr,
                        y_mean, y_scale, y_weight, y_bias, out_ptr, ynumel,
                        xnumel, YBLOCK: tl.constexpr, XBLOCK: tl.constexpr):
    # Two batch-normed inputs added and clamped at zero: x channels-last,
    # y in NCHW order, 256 channels of 14x14. The channel runs along the
    # XBLOCK dim, so each per-channel operand is a column.
    yindex = tl.program_id(1) * YBLOCK + tl.arange(0, YBLOCK)[None, :]
    ymask = yindex < ynumel
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    pixel = yindex % 196
    image = yindex // 196
    x = tl.load(x_ptr + (xindex + 256 * yindex), xmask & ymask)
    x = (x - tl.load(x_mean + xindex, xmask)) * tl.load(x_scale + xindex, xmask)
    x = x * tl.load(x_weight + xindex, xmask) + tl.load(x_bias + xindex, xmask)
    y = tl.load(y_ptr + (pixel + 196 * xindex + 50176 * image), xmask & ymask)
    y = (y - tl.load(y_mean + xindex, xmask)) * tl.load(y_scale + xindex, xmask)
    y = y * tl.load(y_weight + xindex, xmask) + tl.load(y_bias + xindex, xmask)
    tl.store(out_ptr + (xindex + 256 * yindex), tl.maximum(x + y, 0.0),
             xmask & ymask)


@triton.jit
def row_sum(in_ptr, out_ptr, xnumel, rnumel, XBLOCK: tl.constexpr,
            RBLOCK: tl.constexpr):
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    rindex = tl.arange(0, RBLOCK)[None, :]
    rmask = rindex < rnumel
    values = tl.load(in_ptr + (rindex + rnumel * xindex), rmask & xmask,
                     other=0.0)
    total = tl.sum(tl.where(rmask & xmask, values, 0.0), 1)[:, None]
    tl.store(out_ptr + xindex, total, xmask)


@triton.jit
def layer_norm_backward(grad_ptr, weight_ptr, x_ptr, mean_ptr, rstd_ptr,
                        out_ptr, xnumel, rnumel, XBLOCK: tl.constexpr):
    # The input gradient of a layer norm over rows of 768, one row sum of
    # grad * weight and one of grad * weight * x_hat; the weight is a row
    # vector loaded in its own layout.
    RBLOCK: tl.constexpr = 1024
    xindex = tl.program_id(0) * XBLOCK + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    rindex = tl.arange(0, RBLOCK)[None, :]
    rmask = rindex < rnumel
    mask = rmask & xmask
    grad = tl.load(grad_ptr + (rindex + 768 * xindex), mask, other=0.0)
    weight = tl.load(weight_ptr + rindex, rmask, other=0.0)
    x = tl.load(x_ptr + (rindex + 768 * xindex), mask, other=0.0)
    rstd = tl.load(rstd_ptr + xindex, xmask)
    x_hat = (x.to(tl.float32) - tl.load(mean_ptr + xindex, xmask)) * rstd
    scaled = grad.to(tl.float32) * weight
    sum_scaled = tl.sum(tl.where(mask, scaled, 0.0), 1)[:, None]
    sum_projected = tl.sum(tl.where(mask, scaled * x_hat, 0.0), 1)[:, None]
    grad_x = (rstd / 768.0) * (scaled * 768.0 - sum_scaled -
                               x_hat * sum_projected)
    tl.store(out_ptr + (rindex + 768 * xindex), grad_x.to(tl.bfloat16), mask)


@triton.jit
def residual_rms_norm(acc_ptr, in1_ptr, in2_ptr, in3_ptr, in4_ptr, weight_ptr,
                      out_ptr, xnumel, rnumel):
    # A decoder layer's residual sum and RMSNorm: one 1024-wide row per
    # program, a warp, eight bf16 per load.
    RBLOCK: tl.constexpr = 1024
    xindex = tl.program_id(0)
    rindex = tl.arange(0, RBLOCK)[None, :]
    xmask = tl.full([1, RBLOCK], xindex < 2048, tl.int1)
    offsets = rindex + 1024 * xindex
    x0 = tl.load(acc_ptr + offsets, xmask, other=0.0).to(tl.float32)
    x1 = tl.load(in1_ptr + offsets, xmask, other=0.0).to(tl.float32)
    x2 = tl.load(in2_ptr + offsets, xmask, other=0.0).to(tl.float32)
    x3 = tl.load(in3_ptr + offsets, xmask, other=0.0).to(tl.float32)
    x4 = tl.load(in4_ptr + offsets, xmask, other=0.0).to(tl.float32)
    weight = tl.load(weight_ptr + rindex, eviction_policy="evict_last")
    total = x0 + x1 + x2 + x3 + x4
    squares = tl.where(xmask, total * total, 0.0)
    scale = tl.extra.cuda.libdevice.rsqrt(
        tl.sum(squares, 1)[:, None] / 1024.0 + 1e-6)
    tl.store(acc_ptr + offsets, total.to(tl.bfloat16), xmask)
    tl.store(out_ptr + offsets,
             (total * scale * weight.to(tl.float32)).to(tl.bfloat16), xmask)


_BATCH_NORM_ADD_RELU_SIGNATURE = {
    **{name: "*fp32" for name in (
        "x_ptr", "x_mean", "x_scale", "x_weight", "x_bias", "y_ptr", "y_mean",
        "y_scale", "y_weight", "y_bias", "out_ptr")},
    "ynumel": "i32", "xnumel": "i32", "YBLOCK": "constexpr",
    "XBLOCK": "constexpr"}

_ROW_SUM_SIGNATURE = {"in_ptr": "*fp32", "out_ptr": "*fp32", "xnumel": "i32",
                      "rnumel": "i32", "XBLOCK": "constexpr",
                      "RBLOCK": "constexpr"}

_LAYER_NORM_BACKWARD_SIGNATURE = {
    "grad_ptr": "*bf16", "weight_ptr": "*fp32", "x_ptr": "*bf16",
    "mean_ptr": "*fp32", "rstd_ptr": "*fp32", "out_ptr": "*bf16",
    "xnumel": "i32", "rnumel": "i32", "XBLOCK": "constexpr"}

_RESIDUAL_RMS_NORM_SIGNATURE = {
    **{name: "*bf16" for name in ("acc_ptr", "in1_ptr", "in2_ptr", "in3_ptr",
                                  "in4_ptr", "weight_ptr", "out_ptr")},
    "xnumel": "i32", "rnumel": "i32"}

INDUCTOR_CASES = [
    Case("batch_norm_add_relu", batch_norm_add_relu,
         _BATCH_NORM_ADD_RELU_SIGNATURE, {"YBLOCK": 16, "XBLOCK": 256},
         {"num_warps": 4}),
    Case("layer_norm_backward_4_rows", layer_norm_backward,
         _LAYER_NORM_BACKWARD_SIGNATURE, {"XBLOCK": 4}, {"num_warps": 8}),
    Case("row_sum_xblock1", row_sum, _ROW_SUM_SIGNATURE,
         {"XBLOCK": 1, "RBLOCK": 64}, {"num_warps": 2}),
    Case("row_sum_xblock8", row_sum, _ROW_SUM_SIGNATURE,
         {"XBLOCK": 8, "RBLOCK": 64}, {"num_warps": 4}),
    Case("residual_rms_norm", residual_rms_norm, _RESIDUAL_RMS_NORM_SIGNATURE,
         {}, {"num_warps": 1}),
]

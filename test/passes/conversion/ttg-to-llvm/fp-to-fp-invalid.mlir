// convert-triton-gpu-to-llvm refuses, before rewriting anything, the
// float conversions Triton 3.6 has no lowering for on NVIDIA GPUs, naming
// the op, the types, the rounding mode and the target; arith and math on
// fp8 values get a diagnostic too (they used to crash the conversion).

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// f8E4M3FN exists from sm_89 on; Triton 3.6 refuses it on sm_80, both ways.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f32_to_e4m3_sm80(%x: tensor<128xf32, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f32' to 'f8E4M3FN' with rounding = rtne cannot be lowered for cuda:80: f8E4M3FN conversions need compute capability 89 or higher}}
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #b> -> tensor<128xf8E4M3FN, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @e4m3_to_f16_sm80(%x: tensor<128xf8E4M3FN, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f8E4M3FN' to 'f16' cannot be lowered for cuda:80: f8E4M3FN conversions need compute capability 89 or higher}}
    %y = tt.fp_to_fp %x : tensor<128xf8E4M3FN, #b> -> tensor<128xf16, #b>
    tt.return
  }
}

// -----

// Triton 3.6 rounds toward zero to fp8 only from f32 to f8E5M2.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_to_e5m2_rtz(%x: tensor<128xf16, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f16' to 'f8E5M2' with rounding = rtz cannot be lowered for cuda:90: rounding = rtz to fp8 exists only from f32 to f8E5M2}}
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<128xf16, #b> -> tensor<128xf8E5M2, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f32_to_e4m3_rtz(%x: tensor<128xf32, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f32' to 'f8E4M3FN' with rounding = rtz cannot be lowered for cuda:90: rounding = rtz to fp8 exists only from f32 to f8E5M2}}
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<128xf32, #b> -> tensor<128xf8E4M3FN, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bf16_to_e5m2_rtz(%x: tensor<128xbf16, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'bf16' to 'f8E5M2' with rounding = rtz cannot be lowered for cuda:80: rounding = rtz to fp8 exists only from f32 to f8E5M2}}
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<128xbf16, #b> -> tensor<128xf8E5M2, #b>
    tt.return
  }
}

// -----

// rtz narrowing between wider floats exists only from f32.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f64_to_f32_rtz(%x: tensor<128xf64, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f64' to 'f32' with rounding = rtz cannot be lowered for cuda:90: rounding = rtz narrows only f32 (to f16, bf16 or f8E5M2)}}
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<128xf64, #b> -> tensor<128xf32, #b>
    tt.return
  }
}

// -----

// A widening conversion from fp8 takes no rounding mode.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @e5m2_to_f16_with_rounding(%x: tensor<128xf8E5M2, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f8E5M2' to 'f16' with rounding = rtne cannot be lowered for cuda:90: a widening conversion from fp8 is exact and takes no rounding mode}}
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf8E5M2, #b> -> tensor<128xf16, #b>
    tt.return
  }
}

// -----

// fp8 converts only to and from f16, bf16 and f32.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @e5m2_to_f64(%x: tensor<128xf8E5M2, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f8E5M2' to 'f64' cannot be lowered for cuda:90: Triton 3.6 converts fp8 only to and from f16, bf16 and f32}}
    %y = tt.fp_to_fp %x : tensor<128xf8E5M2, #b> -> tensor<128xf64, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f64_to_e4m3(%x: tensor<128xf64, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f64' to 'f8E4M3FN' with rounding = rtne cannot be lowered for cuda:90: Triton 3.6 converts fp8 only to and from f16, bf16 and f32}}
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf64, #b> -> tensor<128xf8E4M3FN, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @e5m2_to_e4m3(%x: tensor<128xf8E5M2, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f8E5M2' to 'f8E4M3FN' cannot be lowered for cuda:90: Triton 3.6 converts fp8 only to and from f16, bf16 and f32}}
    %y = tt.fp_to_fp %x : tensor<128xf8E5M2, #b> -> tensor<128xf8E4M3FN, #b>
    tt.return
  }
}

// -----

// A narrowing conversion without a rounding mode fails the verifier
// already (Triton's does too).
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f32_to_e5m2_without_rounding(%x: f32) {
    // expected-error @+1 {{'tt.fp_to_fp' op a narrowing conversion from 'f32' to 'f8E5M2' needs a rounding mode (rounding = rtne or rtz)}}
    %y = tt.fp_to_fp %x : f32 -> f8E5M2
    tt.return
  }
}

// -----

// AMD's fp8 formats have no NVIDIA conversion.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_to_e4m3fnuz(%x: tensor<128xf16, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f16' to 'f8E4M3FNUZ' with rounding = rtne cannot be lowered for cuda:90: f8E4M3FNUZ is not an NVIDIA fp8 type (f8E4M3FN, f8E5M2)}}
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf16, #b> -> tensor<128xf8E4M3FNUZ, #b>
    tt.return
  }
}

// -----

// f16 <-> bf16 has no entry: Triton's frontend casts through f32.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f16_to_bf16(%x: tensor<128xf16, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f16' to 'bf16' with rounding = rtz cannot be lowered for cuda:90: Triton 3.6 has no conversion between f16 and bf16; convert through f32}}
    %y = tt.fp_to_fp %x, rounding = rtz : tensor<128xf16, #b> -> tensor<128xbf16, #b>
    tt.return
  }
}

// -----

// fp8 conversions depend on the target: a module without ttg.target has none.
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_target(%x: tensor<128xf32, #b>) {
    // expected-error @+1 {{'tt.fp_to_fp' op from 'f32' to 'f8E5M2' with rounding = rtne cannot be lowered: fp8 conversions need the target (module attribute ttg.target)}}
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #b> -> tensor<128xf8E5M2, #b>
    tt.return
  }
}

// -----

// arith casts and arithmetic on fp8 have no lowering (Triton's frontend emits tt.fp_to_fp and computes in f16/f32).
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @truncf_to_fp8(%x: tensor<128xf32, #b>) {
    // expected-error @+1 {{'arith.truncf' op with 'f8E4M3FN' cannot be lowered: convert fp8 with tt.fp_to_fp (rounding = rtne to narrow), as Triton's frontend does}}
    %y = arith.truncf %x : tensor<128xf32, #b> to tensor<128xf8E4M3FN, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @extf_from_fp8(%x: tensor<128xf8E5M2, #b>) {
    // expected-error @+1 {{'arith.extf' op with 'f8E5M2' cannot be lowered: convert fp8 with tt.fp_to_fp (rounding = rtne to narrow), as Triton's frontend does}}
    %y = arith.extf %x : tensor<128xf8E5M2, #b> to tensor<128xf32, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @addf_on_fp8(%x: tensor<128xf8E5M2, #b>) {
    // expected-error @+1 {{'arith.addf' op on 'f8E5M2' cannot be lowered: the GPU has no arithmetic on this type; widen it with tt.fp_to_fp first, as Triton's frontend does}}
    %y = arith.addf %x, %x : tensor<128xf8E5M2, #b>
    tt.return
  }
}

// -----

#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @exp_on_fp8(%x: tensor<128xf8E4M3FN, #b>) {
    // expected-error @+1 {{'math.exp' op on 'f8E4M3FN' cannot be lowered: the GPU has no arithmetic on this type; widen it with tt.fp_to_fp first, as Triton's frontend does}}
    %y = math.exp %x : tensor<128xf8E4M3FN, #b>
    tt.return
  }
}

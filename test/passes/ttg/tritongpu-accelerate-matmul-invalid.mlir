// tritongpu-accelerate-matmul on dots it must not lower silently: a
// diagnostic naming the op, the types and the target.
//
// Where Triton 3.6 falls back to the FMA path (f32 with ieee precision,
// targets below sm_80) tile does too (see tritongpu-accelerate-matmul.mlir);
// where Triton converts the operands (fp8 below sm_89 becomes f16) tile does
// too. A dot whose operands mma.sync takes but whose accumulator type no
// mma.sync instruction has is an error here; Triton builds the mma layout
// and fails in the lowering. Malformed dots (mismatched K, mixed element
// types) never reach the pass: the tt.dot verifier rejects them.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(tritongpu-accelerate-matmul)' -o /dev/null

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @bf16_acc(%a: tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xbf16, #blocked>) -> tensor<64x64xbf16, #blocked> {
    // expected-error @below {{'tt.dot' op with 'bf16' x 'bf16' -> 'bf16' has no mma.sync instruction on cuda:80 (it accumulates bf16 and tf32 products into f32)}}
    %d = tt.dot %a, %b, %c : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xbf16, #blocked>
    tt.return %d : tensor<64x64xbf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @i8_acc(%a: tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xi8, #blocked>) -> tensor<64x64xi8, #blocked> {
    // expected-error @below {{'tt.dot' op with 'i8' x 'i8' -> 'i8' has no mma.sync instruction on cuda:90 (it accumulates i8 products into i32)}}
    %d = tt.dot %a, %b, %c : tensor<64x64xi8, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x64xi8, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xi8, #blocked>
    tt.return %d : tensor<64x64xi8, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @tf32_f16_acc(%a: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf16, #blocked>) -> tensor<64x64xf16, #blocked> {
    // expected-error @below {{'tt.dot' op with 'f32' x 'f32' -> 'f16' has no mma.sync instruction on cuda:80}}
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf16, #blocked>
    tt.return %d : tensor<64x64xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @fp8_bf16_acc(%a: tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xbf16, #blocked>) -> tensor<64x64xbf16, #blocked> {
    // expected-error @below {{'tt.dot' op with 'f8E5M2' x 'f8E5M2' -> 'bf16' has no mma.sync instruction on cuda:80 (it accumulates f16 and fp8 products into f16 or f32)}}
    %d = tt.dot %a, %b, %c : tensor<64x32xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E5M2, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xbf16, #blocked>
    tt.return %d : tensor<64x64xbf16, #blocked>
  }
}

// -----

// Without a target there is no instruction set to choose from.
// expected-error @below {{tritongpu-accelerate-matmul needs the module attribute ttg.target = "cuda:<capability>"}}
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_target(%a: tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}>>, %b: tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}>>, %c: tensor<16x16xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>) {
    %d = tt.dot %a, %b, %c : tensor<16x16xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}>> * tensor<16x16xf16, #ttg.dot_op<{opIdx = 1, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>}>> -> tensor<16x16xf32, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>
    tt.return
  }
}

// -----

// A mismatched K is caught by the tt.dot verifier before any pass runs.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @mismatched_k(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) {
    // expected-error @below {{'tt.dot' op expected the last dimension of the first operand to be equal to the second-to-last dimension of the second operand}}
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return
  }
}

// -----

// e4m3 operands have no conversion below cuda:89, and every path widens
// fp8 there.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @e4m3_sm80(%a: tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-error @below {{'tt.dot' op with 'f8E4M3FN' operands needs cuda:89 or higher (no e4m3 conversion instructions on cuda:80); use f8E5M2 or convert the operands first}}
    %d = tt.dot %a, %b, %c : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<32x64xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// tt.dot_scaled is decomposed into upcasts; e4m3 has none below cuda:89.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @scaled_e4m3_sm80(%a: tensor<64x64xf8E4M3FN, #blocked>, %sa: tensor<64x2xi8, #blocked>, %b: tensor<64x64xf8E5M2, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-error @below {{'tt.dot_scaled' op cannot be decomposed for cuda:80: lhs = e4m3: e4m3 operands need cuda:89 or higher (the e4m3 conversion instructions)}}
    %d = tt.dot_scaled %a scale %sa, %b, %c lhs = e4m3 rhs = e5m2 {fastMath = false} : tensor<64x64xf8E4M3FN, #blocked>, tensor<64x2xi8, #blocked> * tensor<64x64xf8E5M2, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// fp6 formats have no upcast on these targets.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @scaled_fp6(%a: tensor<64x64xf8E5M2, #blocked>, %b: tensor<64x64xf8E5M2, #blocked>, %sb: tensor<64x2xi8, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-error @below {{'tt.dot_scaled' op cannot be decomposed for cuda:90: rhs = e3m2: e3m2 (fp6) operands have no upcast before cuda:100}}
    %d = tt.dot_scaled %a, %b scale %sb, %c lhs = e5m2 rhs = e3m2 {fastMath = false} : tensor<64x64xf8E5M2, #blocked> * tensor<64x64xf8E5M2, #blocked>, tensor<64x2xi8, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// e2m1 packed along M (lhs_k_pack = false) is only for cuda:100's scaled
// MMA.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @scaled_mn_packed(%a: tensor<32x64xi8, #blocked>, %sa: tensor<64x2xi8, #blocked>, %b: tensor<64x64xbf16, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-error @below {{'tt.dot_scaled' op cannot be decomposed for cuda:90: lhs = e2m1: e2m1 operands packed along M or N (k_pack = false) are only taken by cuda:100's scaled MMA}}
    %d = tt.dot_scaled %a scale %sa, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false, lhs_k_pack = false} : tensor<32x64xi8, #blocked>, tensor<64x2xi8, #blocked> * tensor<64x64xbf16, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// The operand's element type must be its format's.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @scaled_wrong_type(%a: tensor<64x64xf16, #blocked>, %b: tensor<64x64xbf16, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-error @below {{'tt.dot_scaled' op cannot be decomposed for cuda:90: lhs = bf16: bf16 operands must be tensors of bf16, got f16}}
    %d = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<64x64xf16, #blocked> * tensor<64x64xbf16, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// Scales are e8m0 exponents in i8.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @scaled_float_scale(%a: tensor<64x64xbf16, #blocked>, %sa: tensor<64x2xbf16, #blocked>, %b: tensor<64x64xbf16, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    // expected-error @below {{'tt.dot_scaled' op cannot be decomposed for cuda:90: lhs = bf16: scales must be i8 (e8m0 exponents)}}
    %d = tt.dot_scaled %a scale %sa, %b, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<64x64xbf16, #blocked>, tensor<64x2xbf16, #blocked> * tensor<64x64xbf16, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// tritongpu-accelerate-matmul decomposes tt.dot_scaled (Triton's
// DecomposeScaledBlocked): each operand is upcast to bf16 (f16 when an
// operand is fp16), e2m1 with ttg.fp4_to_fp along K and fp8 with
// tt.fp_to_fp; an e8m0 scale s becomes 2^(s - 127) by a shift into the
// exponent field, is repeated 32 times along K (expand_dims, broadcast,
// reshape; transposed for B, whose scale is N x K/32), multiplied in, and
// without fastMath a 0xFF scale gives NaN. The tt.dot that remains is
// accelerated like any other.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-accelerate-matmul)' | FileCheck %s --implicit-check-not=tt.dot_scaled

// e2m1 x e5m2, both scaled, cuda:80: bf16 operands of an mma.sync dot.
// CHECK-LABEL: tt.func @e2m1_e5m2
// CHECK: %[[A:.+]] = ttg.fp4_to_fp %arg0 {axis = 1 : i32} : tensor<64x32xi8, #blocked> -> tensor<64x64xbf16, #[[A_LAYOUT:blocked[0-9]*]]>
// CHECK: %[[SA:.+]] = arith.extui %arg1 : tensor<64x2xi8, #blocked> to tensor<64x2xi16, #blocked>
// CHECK: %[[SEVEN:.+]] = arith.constant dense<7> : tensor<64x2xi16, #blocked>
// CHECK: %[[SHIFTED:.+]] = arith.shli %[[SA]], %[[SEVEN]]
// CHECK: %[[FACTOR:.+]] = tt.bitcast %[[SHIFTED]] : tensor<64x2xi16, #blocked> -> tensor<64x2xbf16, #blocked>
// CHECK: %[[SLICED:.+]] = ttg.convert_layout %[[FACTOR]] : tensor<64x2xbf16, #blocked> -> tensor<64x2xbf16, #ttg.slice<{dim = 2, parent = #[[B3:blocked[0-9]*]]}>>
// CHECK: %[[EXPANDED:.+]] = tt.expand_dims %[[SLICED]] {axis = 2 : i32} {{.*}} -> tensor<64x2x1xbf16, #[[B3]]>
// CHECK: %[[REPEATED:.+]] = tt.broadcast %[[EXPANDED]] : tensor<64x2x1xbf16, #[[B3]]> -> tensor<64x2x32xbf16, #[[B3]]>
// CHECK: %[[FLAT:.+]] = tt.reshape %[[REPEATED]] : tensor<64x2x32xbf16, #[[B3]]> -> tensor<64x64xbf16
// CHECK: %[[AFACTOR:.+]] = ttg.convert_layout %[[FLAT]] {{.*}} -> tensor<64x64xbf16, #[[A_LAYOUT]]>
// CHECK: %[[ASCALED:.+]] = arith.mulf %[[A]], %[[AFACTOR]] : tensor<64x64xbf16, #[[A_LAYOUT]]>
// CHECK: %[[FF:.+]] = arith.constant dense<-1> : tensor<64x2xi8, #blocked>
// CHECK: %[[ISNAN:.+]] = arith.cmpi eq, %arg1, %[[FF]] : tensor<64x2xi8, #blocked>
// CHECK: %[[NANMASK:.+]] = ttg.convert_layout {{.*}} -> tensor<64x64xi1, #[[A_LAYOUT]]>
// CHECK: %[[NAN:.+]] = arith.constant dense<0x7FC0> : tensor<64x64xbf16, #[[A_LAYOUT]]>
// CHECK: %[[AFINAL:.+]] = arith.select %[[NANMASK]], %[[NAN]], %[[ASCALED]]
// CHECK: %[[B:.+]] = tt.fp_to_fp %arg2 : tensor<64x64xf8E5M2, #blocked> -> tensor<64x64xbf16, #blocked>
// CHECK: tt.reshape {{.*}} : tensor<64x2x32xbf16, {{.*}}> -> tensor<64x64xbf16
// CHECK: tt.trans {{.*}} {order = array<i32: 1, 0>} : tensor<64x64xbf16
// CHECK: %[[BSCALED:.+]] = arith.mulf %[[B]], {{.*}} : tensor<64x64xbf16, #blocked>
// CHECK: %[[BFINAL:.+]] = arith.select {{.*}}, {{.*}}, %[[BSCALED]]
// CHECK: %[[AOP:.+]] = ttg.convert_layout %[[AFINAL]] {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[BOP:.+]] = ttg.convert_layout %[[BFINAL]] {{.*}} -> tensor<64x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
// CHECK: tt.dot %[[AOP]], %[[BOP]], {{.*}} -> tensor<64x64xf32, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @e2m1_e5m2(%a: tensor<64x32xi8, #blocked>, %sa: tensor<64x2xi8, #blocked>, %b: tensor<64x64xf8E5M2, #blocked>, %sb: tensor<64x2xi8, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot_scaled %a scale %sa, %b scale %sb, %c lhs = e2m1 rhs = e5m2 {fastMath = false} : tensor<64x32xi8, #blocked>, tensor<64x2xi8, #blocked> * tensor<64x64xf8E5M2, #blocked>, tensor<64x2xi8, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// fp16 x e2m1 with B scaled and fastMath: f16 compute type, the scale
// shifted into an f32 exponent and rounded to f16; no NaN select. A stays
// f16 unscaled. B's e2m1 unpacks along K = dim 0, which is not the
// blocked layout's fastest dim: a #ttg.linear result.
// CHECK-LABEL: tt.func @fp16_e2m1
// CHECK-NOT: arith.select
// CHECK: %[[B:.+]] = ttg.fp4_to_fp %arg1 {axis = 0 : i32} : tensor<32x64xi8, #blocked> -> tensor<64x64xf16, #linear>
// CHECK: %[[WIDE:.+]] = arith.extui %arg2 : tensor<64x2xi8, #blocked> to tensor<64x2xi32, #blocked>
// CHECK: %[[C23:.+]] = arith.constant dense<23> : tensor<64x2xi32, #blocked>
// CHECK: %[[SHIFTED:.+]] = arith.shli %[[WIDE]], %[[C23]]
// CHECK: %[[F32:.+]] = tt.bitcast %[[SHIFTED]] : tensor<64x2xi32, #blocked> -> tensor<64x2xf32, #blocked>
// CHECK: arith.truncf %[[F32]] : tensor<64x2xf32, #blocked> to tensor<64x2xf16, #blocked>
// CHECK: arith.mulf %[[B]], {{.*}} : tensor<64x64xf16, #linear>
// CHECK-NOT: arith.select
// CHECK: tt.dot {{.*}} : tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func @fp16_e2m1(%a: tensor<64x64xf16, #blocked>, %b: tensor<32x64xi8, #blocked>, %sb: tensor<64x2xi8, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot_scaled %a, %b scale %sb, %c lhs = fp16 rhs = e2m1 {fastMath = true} : tensor<64x64xf16, #blocked> * tensor<32x64xi8, #blocked>, tensor<64x2xi8, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// -----

// bf16 x fp16 without scales on cuda:90: the bf16 operand is rounded to f16
// through f32, and the dot becomes a wgmma.
// CHECK-LABEL: tt.func @bf16_fp16
// CHECK: %[[WIDE:.+]] = arith.extf %arg0 : tensor<64x64xbf16, #blocked> to tensor<64x64xf32, #blocked>
// CHECK: arith.truncf %[[WIDE]] : tensor<64x64xf32, #blocked> to tensor<64x64xf16, #blocked>
// CHECK: ttng.warp_group_dot {{.*}} -> tensor<64x64xf32, #mma>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @bf16_fp16(%a: tensor<64x64xbf16, #blocked>, %b: tensor<64x64xf16, #blocked>, %c: tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked> {
    %d = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = fp16 {fastMath = false} : tensor<64x64xbf16, #blocked> * tensor<64x64xf16, #blocked> -> tensor<64x64xf32, #blocked>
    tt.return %d : tensor<64x64xf32, #blocked>
  }
}

// triton-nvidia-gpu-plan-cta: with one CTA per cluster every layout stays
// as it is; a cluster of several CTAs is refused.

// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(triton-nvidia-gpu-plan-cta)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @one_cta
  // CHECK: %[[D:.+]] = tt.dot %{{.+}}, %{{.+}}, %{{.+}} : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
  // CHECK: %[[R:.+]] = "tt.reduce"(%{{.+}}) <{axis = 1 : i32}>
  // CHECK: (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  // CHECK: tt.store %{{.+}}, %[[R]] : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>
  tt.func @one_cta(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>, %p: tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>) -> tensor<32x32xf32, #mma> {
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    %x = ttg.convert_layout %d : tensor<32x32xf32, #mma> -> tensor<32x32xf32, #blocked>
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%l: f32, %m: f32):
      %s = arith.addf %l, %m : f32
      tt.reduce.return %s : f32
    }) : (tensor<32x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.store %p, %r : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

// expected-error @below {{triton-nvidia-gpu-plan-cta: ttg.num-ctas = 2 is not supported (tile compiles one CTA per cluster)}}
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_ctas() {
    tt.return
  }
}

// convert-triton-gpu-to-llvm computes an elementwise op once per block of
// registers that axis analysis proves equal, as Triton does: a mask
// `range < n` with n divisible by 16 is constant over 16 elements, so a
// thread's four consecutive registers share one compare.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm)' \
// RUN:   | FileCheck %s

// CHECK-LABEL: llvm.func @mask_over_block
// CHECK: %[[M:.+]] = llvm.icmp "slt"
// CHECK-NOT: llvm.icmp
// CHECK-COUNT-4: llvm.insertvalue %[[M]]
// CHECK-NOT: llvm.icmp
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mask_over_block(%p: tensor<128x!tt.ptr<f32>, #blocked>, %n: i32 {tt.divisibility = 16 : i32}) {
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %bound = tt.splat %n : i32 -> tensor<128xi32, #blocked>
    %mask = arith.cmpi slt, %range, %bound : tensor<128xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<128xf32, #blocked>
    tt.store %p, %zero, %mask : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Without the hint each element gets its own compare.
// CHECK-LABEL: llvm.func @mask_per_element
// CHECK-COUNT-4: llvm.icmp "slt"
// CHECK-NOT: llvm.icmp
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @mask_per_element(%p: tensor<128x!tt.ptr<f32>, #blocked>, %n: i32) {
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %bound = tt.splat %n : i32 -> tensor<128xi32, #blocked>
    %mask = arith.cmpi slt, %range, %bound : tensor<128xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<128xf32, #blocked>
    tt.store %p, %zero, %mask : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// Canonicalization of ttg.convert_layout (Triton 3.6's rules): conversions
// fold into producers that can make any layout, and writes to shared memory
// read through them.

// RUN: %mlir-tile %s -split-input-file -canonicalize | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#b1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b1d2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-DAG: #[[$B:.+]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$B1:.+]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[$B2:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$R2:.+]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // Two conversions in a row become one.
  // CHECK-LABEL: tt.func @convert_of_convert
  // CHECK-SAME: (%[[X:[^:]+]]: tensor<32x32xf32, #[[$B]]>)
  // CHECK-NEXT: %[[C:.+]] = ttg.convert_layout %[[X]] : tensor<32x32xf32, #[[$B]]> -> tensor<32x32xf32, #[[$B2]]>
  // CHECK-NEXT: tt.return %[[C]]
  tt.func @convert_of_convert(%x: tensor<32x32xf32, #blocked>) -> tensor<32x32xf32, #blocked2> {
    %a = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    %b = ttg.convert_layout %a : tensor<32x32xf32, #blocked1> -> tensor<32x32xf32, #blocked2>
    tt.return %b : tensor<32x32xf32, #blocked2>
  }

  // Splats, ranges and splat constants are made in the target layout.
  // CHECK-LABEL: tt.func @producers_in_any_layout
  // CHECK-DAG: %[[CST:.+]] = arith.constant dense<2.000000e+00> : tensor<32x32xf32, #[[$B1]]>
  // CHECK-DAG: %[[S:.+]] = tt.splat %{{.+}} : f32 -> tensor<32x32xf32, #[[$B1]]>
  // CHECK-DAG: %[[R:.+]] = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #[[$R2]]>
  // CHECK-NOT: ttg.convert_layout
  // CHECK: tt.return %[[CST]], %[[S]], %[[R]]
  tt.func @producers_in_any_layout(%v: f32) -> (tensor<32x32xf32, #blocked1>, tensor<32x32xf32, #blocked1>, tensor<128xi32, #b1d2>) {
    %c = arith.constant dense<2.0> : tensor<32x32xf32, #blocked>
    %c1 = ttg.convert_layout %c : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    %s = tt.splat %v : f32 -> tensor<32x32xf32, #blocked>
    %s1 = ttg.convert_layout %s : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b1d>
    %r1 = ttg.convert_layout %r : tensor<128xi32, #b1d> -> tensor<128xi32, #b1d2>
    tt.return %c1, %s1, %r1 : tensor<32x32xf32, #blocked1>, tensor<32x32xf32, #blocked1>, tensor<128xi32, #b1d2>
  }

  // A shared-memory read is made in the target layout where it was (before
  // the store); allocs and stores take the unconverted value.
  // CHECK-LABEL: tt.func @shared_memory
  // CHECK-SAME: (%[[M:[^:]+]]: !ttg.memdesc<32x32xf32, #shared, #smem, mutable>, %[[X:[^:]+]]: tensor<32x32xf32, #[[$B]]>)
  // CHECK-NEXT: %[[L:.+]] = ttg.local_load %[[M]] : !ttg.memdesc<32x32xf32, #shared, #smem, mutable> -> tensor<32x32xf32, #[[$B1]]>
  // CHECK-NEXT: ttg.local_store %[[X]], %[[M]] : tensor<32x32xf32, #[[$B]]> ->
  // CHECK-NEXT: %[[A:.+]] = ttg.local_alloc %[[X]] : (tensor<32x32xf32, #[[$B]]>) ->
  // CHECK-NEXT: tt.return %[[L]], %[[A]]
  tt.func @shared_memory(%m: !ttg.memdesc<32x32xf32, #shared, #smem, mutable>, %x: tensor<32x32xf32, #blocked>) -> (tensor<32x32xf32, #blocked1>, !ttg.memdesc<32x32xf32, #shared, #smem>) {
    %l = ttg.local_load %m : !ttg.memdesc<32x32xf32, #shared, #smem, mutable> -> tensor<32x32xf32, #blocked>
    %x1 = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    ttg.local_store %x1, %m : tensor<32x32xf32, #blocked1> -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    %l1 = ttg.convert_layout %l : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    %a = ttg.local_alloc %x1 : (tensor<32x32xf32, #blocked1>) -> !ttg.memdesc<32x32xf32, #shared, #smem>
    tt.return %l1, %a : tensor<32x32xf32, #blocked1>, !ttg.memdesc<32x32xf32, #shared, #smem>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // An mma accumulator converted to a dot operand keeps its conversion
  // chain (Triton's rule for fused attention).
  // CHECK-LABEL: tt.func @mma_to_dot_operand_kept
  // CHECK: ttg.convert_layout %{{.+}} : tensor<32x32xf16, #[[$B]]> -> tensor<32x32xf16, #mma>
  // CHECK-NEXT: ttg.convert_layout %{{.+}} : tensor<32x32xf16, #mma> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  tt.func @mma_to_dot_operand_kept(%x: tensor<32x32xf16, #blocked>) -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %a = ttg.convert_layout %x : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #mma>
    %b = ttg.convert_layout %a : tensor<32x32xf16, #mma> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %b : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// tritongpu-prefetch: the one mma v2 dot of a loop is split along K into
// slices of 8 * kWidth; the first slice of the next iteration's buffers is
// loaded at the end of the body and carried, the others one slice ahead of
// the dot that takes them.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-prefetch)' | FileCheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#opa = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opb = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// K = 32 in slices of 16. Before the loop: columns 0..15 of A and rows
// 0..15 of B of the first buffers.
// CHECK-LABEL: tt.func @carried_buffers
// CHECK: %[[A0V:.+]] = ttg.memdesc_subslice %arg0[0, 0] : !ttg.memdesc<64x32xf16, #{{.+}}, #smem> -> !ttg.memdesc<64x16xf16, #{{.+}}, #smem, 64x32>
// CHECK: %[[A0:.+]] = ttg.local_load %[[A0V]] : {{.+}} -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK: %[[B0V:.+]] = ttg.memdesc_subslice %arg1[0, 0] : !ttg.memdesc<32x64xf16, #{{.+}}, #smem> -> !ttg.memdesc<16x64xf16, #{{.+}}, #smem, 32x64>
// CHECK: %[[B0:.+]] = ttg.local_load %[[B0V]]
// CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}}, %[[SA:.+]] = %arg0, %[[SB:.+]] = %arg1, %[[PA:.+]] = %[[A0]], %[[PB:.+]] = %[[B0]])
// The second slice is read before the first dot.
// CHECK-NEXT: %[[A1V:.+]] = ttg.memdesc_subslice %[[SA]][0, 16]
// CHECK-NEXT: %[[A1:.+]] = ttg.local_load %[[A1V]]
// CHECK-NEXT: %[[B1V:.+]] = ttg.memdesc_subslice %[[SB]][16, 0]
// CHECK-NEXT: %[[B1:.+]] = ttg.local_load %[[B1V]]
// CHECK-NEXT: %[[D0:.+]] = tt.dot %[[PA]], %[[PB]], %[[ACC]] : tensor<64x16xf16, {{.+}}> * tensor<16x64xf16, {{.+}}> -> tensor<64x64xf32, #mma>
// The next buffers' first slices are read before the last dot.
// CHECK-NEXT: %[[NA:.+]] = ttg.memdesc_subslice %arg2[0, 0]
// CHECK-NEXT: %[[NEXTA:.+]] = ttg.local_load %[[NA]]
// CHECK-NEXT: %[[NB:.+]] = ttg.memdesc_subslice %arg3[0, 0]
// CHECK-NEXT: %[[NEXTB:.+]] = ttg.local_load %[[NB]]
// CHECK-NEXT: %[[D1:.+]] = tt.dot %[[A1]], %[[B1]], %[[D0]]
// CHECK-NEXT: scf.yield %[[D1]], %arg2, %arg3, %[[NEXTA]], %[[NEXTB]]
// CHECK-NOT: ttg.local_load
  tt.func @carried_buffers(%a0: !ttg.memdesc<64x32xf16, #sa, #smem>, %b0: !ttg.memdesc<32x64xf16, #sb, #smem>, %a1: !ttg.memdesc<64x32xf16, #sa, #smem>, %b1: !ttg.memdesc<32x64xf16, #sb, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %sa = %a0, %sb = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #sa, #smem>, !ttg.memdesc<32x64xf16, #sb, #smem>) : i32 {
      %a = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #sa, #smem> -> tensor<64x32xf16, #opa>
      %b = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #sb, #smem> -> tensor<32x64xf16, #opb>
      %d = tt.dot %a, %b, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      scf.yield %d, %a1, %b1 : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #sa, #smem>, !ttg.memdesc<32x64xf16, #sb, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#opa = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opb = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// An fp8 A upcast after the load: every slice is upcast on its own, with
// the slice's shape. A use of the result inside the loop stops the
// sinking of the last dot: the use follows it and the next iteration's
// slices are read after the use.
// CHECK-LABEL: tt.func @upcast_chain
// CHECK: %[[A0:.+]] = ttg.local_load {{.+}} -> tensor<64x16xf8E5M2, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NEXT: %[[A0H:.+]] = tt.fp_to_fp %[[A0]] : tensor<64x16xf8E5M2, {{.+}}> -> tensor<64x16xf16, {{.+}}>
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %arg0, %{{.+}} = %arg1, %[[PA:.+]] = %[[A0H]], %[[PB:.+]] = %{{.+}})
// CHECK: %[[A1:.+]] = ttg.local_load {{.+}} -> tensor<64x16xf8E5M2,
// CHECK-NEXT: %[[A1H:.+]] = tt.fp_to_fp %[[A1]]
// CHECK: %[[D0:.+]] = tt.dot %[[PA]], %[[PB]]
// CHECK-NEXT: %[[D1:.+]] = tt.dot %[[A1H]], %{{.+}}, %[[D0]]
// CHECK-NEXT: %[[S:.+]] = arith.addf %[[D1]], %[[D1]]
// CHECK: %[[NEXTA:.+]] = tt.fp_to_fp
// CHECK: scf.yield %[[S]], %{{.+}}, %{{.+}}, %[[NEXTA]], %{{.+}} :
  tt.func @upcast_chain(%a0: !ttg.memdesc<64x32xf8E5M2, #sa, #smem>, %b0: !ttg.memdesc<32x64xf16, #sb, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %sa = %a0, %sb = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf8E5M2, #sa, #smem>, !ttg.memdesc<32x64xf16, #sb, #smem>) : i32 {
      %a8 = ttg.local_load %sa : !ttg.memdesc<64x32xf8E5M2, #sa, #smem> -> tensor<64x32xf8E5M2, #opa>
      %a = tt.fp_to_fp %a8 : tensor<64x32xf8E5M2, #opa> -> tensor<64x32xf16, #opa>
      %b = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #sb, #smem> -> tensor<32x64xf16, #opb>
      %d = tt.dot %a, %b, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %s = arith.addf %d, %d : tensor<64x64xf32, #mma>
      scf.yield %s, %sa, %sb : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf8E5M2, #sa, #smem>, !ttg.memdesc<32x64xf16, #sb, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#opa = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
#opb = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
// Left alone: buffers the loop does not carry (a pipeliner's ring slot),
// K of 8 (less than one slice), and two dots in one loop.
// CHECK-LABEL: tt.func @not_carried
// CHECK-NOT: ttg.memdesc_subslice
// CHECK-LABEL: tt.func @short_k
// CHECK-NOT: ttg.memdesc_subslice
// CHECK-LABEL: tt.func @two_dots
// CHECK-NOT: ttg.memdesc_subslice
  tt.func @not_carried(%ring: !ttg.memdesc<2x64x32xf16, #sa, #smem, mutable>, %b0: !ttg.memdesc<32x64xf16, #sb, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %slot = ttg.memdesc_index %ring[%k] : !ttg.memdesc<2x64x32xf16, #sa, #smem, mutable> -> !ttg.memdesc<64x32xf16, #sa, #smem, mutable>
      %a = ttg.local_load %slot : !ttg.memdesc<64x32xf16, #sa, #smem, mutable> -> tensor<64x32xf16, #opa>
      %b = ttg.local_load %b0 : !ttg.memdesc<32x64xf16, #sb, #smem> -> tensor<32x64xf16, #opb>
      %d = tt.dot %a, %b, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
  tt.func @short_k(%a0: !ttg.memdesc<64x8xf16, #sa, #smem>, %b0: !ttg.memdesc<8x64xf16, #sb, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %sa = %a0, %sb = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x8xf16, #sa, #smem>, !ttg.memdesc<8x64xf16, #sb, #smem>) : i32 {
      %a = ttg.local_load %sa : !ttg.memdesc<64x8xf16, #sa, #smem> -> tensor<64x8xf16, #opa>
      %b = ttg.local_load %sb : !ttg.memdesc<8x64xf16, #sb, #smem> -> tensor<8x64xf16, #opb>
      %d = tt.dot %a, %b, %acc : tensor<64x8xf16, #opa> * tensor<8x64xf16, #opb> -> tensor<64x64xf32, #mma>
      scf.yield %d, %sa, %sb : tensor<64x64xf32, #mma>, !ttg.memdesc<64x8xf16, #sa, #smem>, !ttg.memdesc<8x64xf16, #sb, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
  tt.func @two_dots(%a0: !ttg.memdesc<64x32xf16, #sa, #smem>, %b0: !ttg.memdesc<32x64xf16, #sb, #smem>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %sa = %a0, %sb = %b0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #sa, #smem>, !ttg.memdesc<32x64xf16, #sb, #smem>) : i32 {
      %a = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #sa, #smem> -> tensor<64x32xf16, #opa>
      %b = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #sb, #smem> -> tensor<32x64xf16, #opb>
      %d = tt.dot %a, %b, %acc : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      %a2 = ttg.local_load %sa : !ttg.memdesc<64x32xf16, #sa, #smem> -> tensor<64x32xf16, #opa>
      %b2 = ttg.local_load %sb : !ttg.memdesc<32x64xf16, #sb, #smem> -> tensor<32x64xf16, #opb>
      %e = tt.dot %a2, %b2, %d : tensor<64x32xf16, #opa> * tensor<32x64xf16, #opb> -> tensor<64x64xf32, #mma>
      scf.yield %e, %sa, %sb : tensor<64x64xf32, #mma>, !ttg.memdesc<64x32xf16, #sa, #smem>, !ttg.memdesc<32x64xf16, #sb, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// AMD's mfma dots qualify as in Triton: K = 64 with kWidth 4 in slices of
// 32, the first carried, the second read before the first dot.
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = false}>
#sa = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
#opa = #ttg.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>
#opb = #ttg.dot_op<{opIdx = 1, parent = #mfma, kWidth = 4}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
// CHECK-LABEL: tt.func @mfma_slices
// CHECK: %[[A0V:.+]] = ttg.memdesc_subslice %arg0[0, 0] : !ttg.memdesc<64x64xf16, #{{.+}}, #smem> -> !ttg.memdesc<64x32xf16, #{{.+}}, #smem, 64x64>
// CHECK: %[[A0:.+]] = ttg.local_load %[[A0V]]
// CHECK: %[[B0V:.+]] = ttg.memdesc_subslice %arg1[0, 0] : !ttg.memdesc<64x64xf16, #{{.+}}, #smem> -> !ttg.memdesc<32x64xf16, #{{.+}}, #smem, 64x64>
// CHECK: %[[B0:.+]] = ttg.local_load %[[B0V]]
// CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}}, %[[SA:.+]] = %arg0, %[[SB:.+]] = %arg1, %[[PA:.+]] = %[[A0]], %[[PB:.+]] = %[[B0]])
// CHECK-NEXT: %[[A1V:.+]] = ttg.memdesc_subslice %[[SA]][0, 32]
// CHECK-NEXT: %[[A1:.+]] = ttg.local_load %[[A1V]]
// CHECK-NEXT: %[[B1V:.+]] = ttg.memdesc_subslice %[[SB]][32, 0]
// CHECK-NEXT: %[[B1:.+]] = ttg.local_load %[[B1V]]
// CHECK-NEXT: %[[D0:.+]] = tt.dot %[[PA]], %[[PB]], %[[ACC]] : tensor<64x32xf16, {{.+}}> * tensor<32x64xf16, {{.+}}> -> tensor<64x64xf32, #mma>
  tt.func @mfma_slices(%a0: !ttg.memdesc<64x64xf16, #sa, #smem>, %b0: !ttg.memdesc<64x64xf16, #sa, #smem>, %n: i32) -> tensor<64x64xf32, #mfma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mfma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %sa = %a0, %sb = %b0) -> (tensor<64x64xf32, #mfma>, !ttg.memdesc<64x64xf16, #sa, #smem>, !ttg.memdesc<64x64xf16, #sa, #smem>) : i32 {
      %a = ttg.local_load %sa : !ttg.memdesc<64x64xf16, #sa, #smem> -> tensor<64x64xf16, #opa>
      %b = ttg.local_load %sb : !ttg.memdesc<64x64xf16, #sa, #smem> -> tensor<64x64xf16, #opb>
      %d = tt.dot %a, %b, %acc : tensor<64x64xf16, #opa> * tensor<64x64xf16, #opb> -> tensor<64x64xf32, #mfma>
      scf.yield %d, %sa, %sb : tensor<64x64xf32, #mfma>, !ttg.memdesc<64x64xf16, #sa, #smem>, !ttg.memdesc<64x64xf16, #sa, #smem>
    }
    tt.return %r#0 : tensor<64x64xf32, #mfma>
  }
}

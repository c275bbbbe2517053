// tritongpu-reorder-instructions: conversions after the deallocs before
// their use, register-hungry values sunk into the loop that uses them,
// shared stores right after the stored value, transposes right after
// their operand, and the dot's A operand read before its B operand.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-reorder-instructions)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // The conversion moves after the last dealloc before its first use; the
  // alloc of a loaded value moves right after the load, the alloc of a
  // constant stays.
  // CHECK-LABEL: tt.func @sink_and_hoist
  // CHECK: %[[X:.+]] = tt.load
  // CHECK-NEXT: ttg.local_alloc %[[X]]
  // CHECK: %[[CST:.+]] = arith.constant
  // CHECK-NEXT: ttg.local_dealloc
  // CHECK-NEXT: ttg.local_dealloc
  // CHECK-NEXT: %[[CVT:.+]] = ttg.convert_layout %[[X]]
  // CHECK-NEXT: ttg.local_alloc %[[CST]]
  // CHECK-NEXT: tt.store %{{.+}}, %[[CVT]]
  tt.func @sink_and_hoist(%p: tensor<32x32x!tt.ptr<f16>, #blocked>, %q: tensor<32x32x!tt.ptr<f16>, #blocked1>) {
    %m0 = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %m1 = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %x = tt.load %p : tensor<32x32x!tt.ptr<f16>, #blocked>
    %cvt = ttg.convert_layout %x : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked1>
    %cst = arith.constant dense<0.0> : tensor<32x32xf16, #blocked>
    ttg.local_dealloc %m0 : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %m1 : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %a = ttg.local_alloc %x : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %c = ttg.local_alloc %cst : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    tt.store %q, %cvt : tensor<32x32x!tt.ptr<f16>, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // A dot operand read outside the loop that uses it moves into the loop,
  // before its user; inside the loop the B read moves after the A read.
  // CHECK-LABEL: tt.func @into_loop_and_a_first
  // CHECK: scf.for
  // CHECK-NEXT: %[[A:.+]] = ttg.local_load %{{.+}} : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0
  // CHECK-NEXT: %[[B:.+]] = ttg.local_load %{{.+}} : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1
  // CHECK-NEXT: tt.dot %[[A]], %[[B]]
  tt.func @into_loop_and_a_first(%ma: !ttg.memdesc<32x32xf16, #shared, #smem>, %mb: !ttg.memdesc<32x32xf16, #shared, #smem>, %n: i32) -> tensor<32x32xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %b = ttg.local_load %mb : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32, #mma>) : i32 {
      %a = ttg.local_load %ma : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %d = tt.dot %a, %b, %acc : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      scf.yield %d : tensor<32x32xf32, #mma>
    }
    tt.return %r : tensor<32x32xf32, #mma>
  }

  // A store between the two reads keeps the B read where it is.
  // CHECK-LABEL: tt.func @b_first_across_store
  // CHECK: ttg.local_load %{{.+}} -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: ttg.local_load %{{.+}} -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0
  tt.func @b_first_across_store(%ma: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, %mb: !ttg.memdesc<32x32xf16, #shared, #smem, mutable>, %v: tensor<32x32xf16, #blocked>) -> tensor<32x32xf32, #mma> {
    %zero = arith.constant dense<0.0> : tensor<32x32xf32, #mma>
    %b = ttg.local_load %mb : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    ttg.local_store %v, %ma : tensor<32x32xf16, #blocked> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %a = ttg.local_load %ma : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %zero : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return %d : tensor<32x32xf32, #mma>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // A transpose moves right after its operand's definition.
  // CHECK-LABEL: tt.func @hoist_trans
  // CHECK: %[[X:.+]] = tt.load
  // CHECK-NEXT: tt.trans %[[X]]
  // CHECK-NEXT: arith.addf
  tt.func @hoist_trans(%p: tensor<32x32x!tt.ptr<f16>, #blocked>) -> tensor<32x32xf16, #blocked1> {
    %x = tt.load %p : tensor<32x32x!tt.ptr<f16>, #blocked>
    %y = arith.addf %x, %x : tensor<32x32xf16, #blocked>
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked1>
    tt.return %t : tensor<32x32xf16, #blocked1>
  }
}

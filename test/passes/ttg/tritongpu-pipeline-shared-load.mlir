// A load whose value goes to shared memory twice (two dots read it, as
// tf32x3's split dots do) is pipelined once: both local_allocs become the
// same ring slot. tile's pipeliner used to handle only the first alloc and
// erase the load under the second: a segmentation fault.
// When the two buffers have different encodings no ring serves both: the
// load stays synchronous.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops{num-stages=3},tritongpu-pipeline{num-stages=3})' | FileCheck %s

// CHECK-LABEL: tt.func public @two_allocs_one_ring
// CHECK: %[[RING:.+]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf32
// CHECK-NOT: ttg.local_alloc :
// CHECK: scf.for
// CHECK: %[[SLOT:.+]] = ttg.memdesc_index %[[RING]]
// CHECK-NOT: ttg.local_alloc
// CHECK: ttg.local_load %[[SLOT]]
// CHECK: ttg.local_load %[[SLOT]]
// CHECK: ttg.async_copy_global_to_local
// CHECK: scf.yield
// CHECK: ttg.local_dealloc %[[RING]]

// CHECK-LABEL: tt.func public @two_encodings_stay_synchronous
// CHECK-NOT: async_copy
// CHECK: scf.for
// CHECK: tt.load
// CHECK: ttg.local_alloc
// CHECK: ttg.local_alloc

#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_allocs_one_ring(%pa: tensor<64x32x!tt.ptr<f32>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %n: i32, %out: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<32> : tensor<64x32xi32, #a>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %qa = %pa) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f32>, #a>) : i32 {
      %x = tt.load %qa : tensor<64x32x!tt.ptr<f32>, #a>
      %s1 = ttg.local_alloc %x : (tensor<64x32xf32, #a>) -> !ttg.memdesc<64x32xf32, #sa, #smem>
      %s2 = ttg.local_alloc %x : (tensor<64x32xf32, #a>) -> !ttg.memdesc<64x32xf32, #sa, #smem>
      %x1 = ttg.local_load %s1 : !ttg.memdesc<64x32xf32, #sa, #smem> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
      %x2 = ttg.local_load %s2 : !ttg.memdesc<64x32xf32, #sa, #smem> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
      %d1 = tt.dot %x1, %b, %acc, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
      %d2 = tt.dot %x2, %b, %d1, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
      %na = tt.addptr %qa, %da : tensor<64x32x!tt.ptr<f32>, #a>, tensor<64x32xi32, #a>
      scf.yield %d2, %na : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f32>, #a>
    }
    tt.store %out, %r#0 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_encodings_stay_synchronous(%pa: tensor<64x32x!tt.ptr<f32>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %n: i32, %out: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<32> : tensor<64x32xi32, #a>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %qa = %pa) -> (tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f32>, #a>) : i32 {
      %x = tt.load %qa : tensor<64x32x!tt.ptr<f32>, #a>
      %s1 = ttg.local_alloc %x : (tensor<64x32xf32, #a>) -> !ttg.memdesc<64x32xf32, #sa, #smem>
      %s2 = ttg.local_alloc %x : (tensor<64x32xf32, #a>) -> !ttg.memdesc<64x32xf32, #sb, #smem>
      %x1 = ttg.local_load %s1 : !ttg.memdesc<64x32xf32, #sa, #smem> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
      %x2 = ttg.local_load %s2 : !ttg.memdesc<64x32xf32, #sb, #smem> -> tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
      %d1 = tt.dot %x1, %b, %acc, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
      %d2 = tt.dot %x2, %b, %d1, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
      %na = tt.addptr %qa, %da : tensor<64x32x!tt.ptr<f32>, #a>, tensor<64x32xi32, #a>
      scf.yield %d2, %na : tensor<64x64xf32, #mma>, tensor<64x32x!tt.ptr<f32>, #a>
    }
    tt.store %out, %r#0 : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// -----

// A load in a dot loop whose users are not local_allocs (here a tt.store,
// an op without results) is not pipelined; deciding so must not read a
// result of the store.
// CHECK-LABEL: tt.func public @stored_load_stays
// CHECK: scf.for
// CHECK: tt.load %{{.+}} : tensor<64x32x!tt.ptr<f32>
// CHECK-NEXT: tt.store
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @stored_load_stays(%pa: tensor<64x32x!tt.ptr<f32>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 4 : i32}, %copy: tensor<64x32x!tt.ptr<f32>, #a>, %x: tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>, %b: tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>>, %n: i32, %out: tensor<64x64x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32, #mma>) : i32 {
      %v = tt.load %pa : tensor<64x32x!tt.ptr<f32>, #a>
      tt.store %copy, %v : tensor<64x32x!tt.ptr<f32>, #a>
      %d = tt.dot %x, %b, %acc, inputPrecision = tf32 : tensor<64x32xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> * tensor<32x64xf32, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 1}>> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.store %out, %r : tensor<64x64x!tt.ptr<f32>, #mma>
    tt.return
  }
}

// tritongpu-assign-latencies takes a loop's own tt.num_stages over its
// num-stages option, as Triton does: triton-loop-unroll marks epilogue
// loops tt.num_stages = 1 so that they are not pipelined.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3})' | FileCheck %s

// CHECK-LABEL: tt.func public @loop_off
// CHECK-NOT: tt.latency
// CHECK: tt.dot
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @loop_off(%pa: tensor<128x32x!tt.ptr<f16>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %pb: tensor<32x128x!tt.ptr<f16>, #b>, %n: i32, %out: tensor<128x128x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<32> : tensor<128x32xi32, #a>
    %db = arith.constant dense<4096> : tensor<32x128xi32, #b>
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %qa = %pa, %qb = %pb) -> (tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>, tensor<32x128x!tt.ptr<f16>, #b>) : i32 {
      %x = tt.load %qa : tensor<128x32x!tt.ptr<f16>, #a>
      %y = tt.load %qb : tensor<32x128x!tt.ptr<f16>, #b>
      %sx = ttg.local_alloc %x : (tensor<128x32xf16, #a>) -> !ttg.memdesc<128x32xf16, #sa, #smem>
      %sy = ttg.local_alloc %y : (tensor<32x128xf16, #b>) -> !ttg.memdesc<32x128xf16, #sb, #smem>
      %dx = ttg.local_load %sx : !ttg.memdesc<128x32xf16, #sa, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %dy = ttg.local_load %sy : !ttg.memdesc<32x128xf16, #sb, #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %dx, %dy, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %na = tt.addptr %qa, %da : tensor<128x32x!tt.ptr<f16>, #a>, tensor<128x32xi32, #a>
      %nb = tt.addptr %qb, %db : tensor<32x128x!tt.ptr<f16>, #b>, tensor<32x128xi32, #b>
      scf.yield %d, %na, %nb : tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>, tensor<32x128x!tt.ptr<f16>, #b>
    } {tt.num_stages = 1 : i32}
    tt.store %out, %r#0 : tensor<128x128x!tt.ptr<f32>, #mma>
    tt.return
  }
}


// -----

// CHECK-LABEL: tt.func public @loop_deeper
// CHECK: tt.load %{{.+}} {tt.latency = 4 : i32} : tensor<128x32x!tt.ptr<f16>
// CHECK: tt.dot
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sa = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sb = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @loop_deeper(%pa: tensor<128x32x!tt.ptr<f16>, #a> {tt.divisibility = 16 : i32, tt.contiguity = 8 : i32}, %pb: tensor<32x128x!tt.ptr<f16>, #b>, %n: i32, %out: tensor<128x128x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %da = arith.constant dense<32> : tensor<128x32xi32, #a>
    %db = arith.constant dense<4096> : tensor<32x128xi32, #b>
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #mma>
    %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %qa = %pa, %qb = %pb) -> (tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>, tensor<32x128x!tt.ptr<f16>, #b>) : i32 {
      %x = tt.load %qa : tensor<128x32x!tt.ptr<f16>, #a>
      %y = tt.load %qb : tensor<32x128x!tt.ptr<f16>, #b>
      %sx = ttg.local_alloc %x : (tensor<128x32xf16, #a>) -> !ttg.memdesc<128x32xf16, #sa, #smem>
      %sy = ttg.local_alloc %y : (tensor<32x128xf16, #b>) -> !ttg.memdesc<32x128xf16, #sb, #smem>
      %dx = ttg.local_load %sx : !ttg.memdesc<128x32xf16, #sa, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %dy = ttg.local_load %sy : !ttg.memdesc<32x128xf16, #sb, #smem> -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %d = tt.dot %dx, %dy, %acc : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x128xf32, #mma>
      %na = tt.addptr %qa, %da : tensor<128x32x!tt.ptr<f16>, #a>, tensor<128x32xi32, #a>
      %nb = tt.addptr %qb, %db : tensor<32x128x!tt.ptr<f16>, #b>, tensor<32x128xi32, #b>
      scf.yield %d, %na, %nb : tensor<128x128xf32, #mma>, tensor<128x32x!tt.ptr<f16>, #a>, tensor<32x128x!tt.ptr<f16>, #b>
    } {tt.num_stages = 5 : i32}
    tt.store %out, %r#0 : tensor<128x128x!tt.ptr<f32>, #mma>
    tt.return
  }
}


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


// -----

// Descriptor loads take the loop's own stages too (here 2 against the
// option's 3). tile gave them the kernel's: tl.range(..., num_stages=2) in
// a TMA matmul compiled with num_stages=4 got rings of four slots (131,104
// bytes of shared memory where Triton's compile takes 65,552).
// CHECK-LABEL: tt.func @tma_loop_stages
// CHECK: tt.descriptor_load {{.*}} {tt.latency = 1 : i32}
// CHECK: tt.descriptor_load {{.*}} {tt.latency = 1 : i32}
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tma_loop_stages(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %m: i32, %b: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32, %k_tiles: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%acc_in = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %off = arith.muli %k, %c64 : i32
      %x = tt.descriptor_load %a[%m, %off] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %xa = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %y = tt.descriptor_load %b[%n, %off] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %yt = tt.trans %y {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #blocked1>
      %ya = ttg.local_alloc %yt : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %xa, %ya, %acc_in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    } {tt.num_stages = 2 : i32}
    tt.return %acc : tensor<128x128xf32, #mma>
  }
}

// The pipelining passes on a wgmma loop fed by descriptor loads: each load
// whose block goes straight into a dot's buffer (B through a transpose)
// becomes a TMA copy into a ring of num-stages slots, the ring's mbarriers
// (one per slot) are armed in stage 0 for all of an iteration's bytes
// (128x64 + 128x64 f16 = 32768) and waited on in the last stage at the
// phase the loop carries (flipped whenever the read slot wraps); B's slot
// is viewed transposed (memdesc_trans) instead of transposing registers.
// The prologue issues the first copies masked by the trip count, the dot
// stays in flight (pendings = 1), and after the loop the mbarriers are
// invalidated and the rings released.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3})' | FileCheck %s --check-prefix=LAT
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-assign-latencies{num-stages=3},tritongpu-schedule-loops{num-stages=3},tritongpu-pipeline{num-stages=3})' | FileCheck %s --check-prefix=PIPE

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // LAT-LABEL: tt.func @matmul_tma
  // LAT: tt.descriptor_load {{.*}} {tt.latency = 2 : i32}
  // LAT: tt.descriptor_load {{.*}} {tt.latency = 2 : i32}

  // PIPE-LABEL: tt.func @matmul_tma
  // PIPE: %[[BARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64
  // PIPE-COUNT-3: ttng.init_barrier
  // PIPE: %[[RA:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
  // PIPE: %[[RB:.*]] = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
  // PIPE: ttng.barrier_expect %{{.*}}, 32768, %{{.*}}
  // PIPE: ttng.async_tma_copy_global_to_local %arg0
  // PIPE: ttng.async_tma_copy_global_to_local %arg2
  // PIPE: ttng.barrier_expect %{{.*}}, 32768, %{{.*}}
  // PIPE: scf.for {{.*}} iter_args(%{{[^,]*}}, %[[WRITE:[^ ]*]] = %{{[^,]*}}, %[[READ:[^ ]*]] = %{{[^,]*}}, %[[PHASE:[^ ]*]] = %{{[^)]*}})
  // PIPE: %[[BAR:.*]] = ttg.memdesc_index %[[BARS]][%[[READ]]]
  // PIPE: ttng.wait_barrier %[[BAR]], %[[PHASE]]
  // PIPE: %[[B:.*]] = ttg.memdesc_index %[[RB]][%[[READ]]]
  // PIPE: %[[BT:.*]] = ttg.memdesc_trans %[[B]] {order = array<i32: 1, 0>} {{.*}} -> !ttg.memdesc<64x128xf16, #{{.*}}, #smem, mutable>
  // PIPE: %[[A:.*]] = ttg.memdesc_index %[[RA]][%[[READ]]]
  // PIPE: ttng.warp_group_dot %[[A]], %[[BT]], {{.*}}isAsync = true
  // PIPE: ttng.warp_group_dot_wait {{.*}} {pendings = 1 : i32}
  // PIPE: arith.xori %[[PHASE]], %{{.*}} : i32
  // PIPE: %[[ARMED:.*]] = ttg.memdesc_index %[[BARS]][%[[WRITE]]]
  // PIPE: ttng.barrier_expect %[[ARMED]], 32768
  // PIPE: ttng.async_tma_copy_global_to_local %arg0[{{.*}}] %{{.*}}, %[[ARMED]]
  // PIPE: ttng.async_tma_copy_global_to_local %arg2[{{.*}}] %{{.*}}, %[[ARMED]]
  // PIPE: scf.yield
  // PIPE: ttng.warp_group_dot_wait {{.*}} {pendings = 0 : i32}
  // PIPE-COUNT-3: ttng.inval_barrier
  // PIPE: ttg.local_dealloc %[[BARS]]
  // PIPE-NOT: tt.descriptor_load
  tt.func @matmul_tma(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %m: i32, %b: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32, %k_tiles: i32) -> tensor<128x128xf32, #mma> {
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
    }
    tt.return %acc : tensor<128x128xf32, #mma>
  }
}

// -----

// A fused persistent loop: the accumulator is reset in the epilogue (an
// scf.if on the last K step yields zero, else the dot's result) and read
// there. The dot stays in flight (pendings = 1) and the epilogue waits for
// it fully before reading it; handing it on to the reset reads nothing.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // PIPE-LABEL: tt.func @fused_epilogue
  // PIPE: scf.for
  // PIPE: %[[D:.*]] = ttng.warp_group_dot {{.*}}isAsync = true
  // PIPE-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D]], {{.*}} {pendings = 1 : i32}
  // PIPE: scf.if
  // PIPE-NEXT: %[[F:.*]]:3 = ttng.warp_group_dot_wait %[[W]]#0, {{.*}} {pendings = 0 : i32}
  // PIPE-NEXT: arith.truncf %[[F]]#0
  // PIPE: } else {
  // PIPE-NEXT: scf.yield %[[W]]#0
  tt.func @fused_epilogue(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %m: i32, %b: !tt.tensordesc<tensor<128x64xf16, #shared>>, %n: i32, %steps: i32, %last: i32, %out: !tt.ptr<f16>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%acc_in = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %off = arith.muli %k, %c64 : i32
      %x = tt.descriptor_load %a[%m, %off] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %xa = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %y = tt.descriptor_load %b[%n, %off] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %yt = tt.trans %y {order = array<i32: 1, 0>} : tensor<128x64xf16, #blocked> -> tensor<64x128xf16, #blocked1>
      %ya = ttg.local_alloc %yt : (tensor<64x128xf16, #blocked1>) -> !ttg.memdesc<64x128xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %xa, %ya, %acc_in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared1, #smem> -> tensor<128x128xf32, #mma>
      %is_last = arith.cmpi eq, %k, %last : i32
      %next = scf.if %is_last -> (tensor<128x128xf32, #mma>) {
        %h = arith.truncf %d : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
        %p = tt.splat %out : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>, #mma>
        tt.store %p, %h : tensor<128x128x!tt.ptr<f16>, #mma>
        scf.yield %zero : tensor<128x128xf32, #mma>
      } else {
        scf.yield %d : tensor<128x128xf32, #mma>
      }
      scf.yield %next : tensor<128x128xf32, #mma>
    }
    tt.return
  }
}

// -----

// A descriptor made inside the loop is one tensor map in global scratch,
// rewritten every iteration: its loads get no latency and stay in their
// iteration.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // LAT-LABEL: tt.func @made_in_loop
  // LAT: tt.make_tensor_descriptor
  // LAT-NOT: tt.latency
  // LAT: tt.return
  // PIPE-LABEL: tt.func @made_in_loop
  // PIPE-NOT: ttng.async_tma_copy_global_to_local
  // PIPE: scf.for
  // PIPE: tt.make_tensor_descriptor
  // PIPE: tt.descriptor_load
  // PIPE: tt.return
  tt.func @made_in_loop(%base: !tt.ptr<f16>, %m: i32, %stride: i64, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %k_tiles: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %one = arith.constant 1 : i64
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%acc_in = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %d = tt.make_tensor_descriptor %base, [%m, %k_tiles], [%stride, %one] : <f16>, <tensor<128x64xf16, #shared>>
      %off = arith.muli %k, %c64 : i32
      %x = tt.descriptor_load %d[%m, %off] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %xa = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %acc_out = ttng.warp_group_dot %xa, %b, %acc_in : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
      scf.yield %acc_out : tensor<128x128xf32, #mma>
    }
    tt.return %acc : tensor<128x128xf32, #mma>
  }
}

// -----

// A rank-reducing load (a 1x256x64 block read as 256x64, a batched gemm's
// B, whose buffer the dot reads transposed) is not pipelined yet: the rings
// hold whole blocks, and a 3-D slot cannot stand for the 2-D buffer. It
// stays a synchronous descriptor load, which triton-nvidia-tma-lowering
// copies into a buffer of its own rank. tile's pipeliner used to put the
// 3-D slot in the buffer's place: "'ttg.memdesc_trans' op order must be a
// permutation of [0, 3)".
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // LAT-LABEL: tt.func @rank_reducing_stays_synchronous
  // LAT: tt.descriptor_load %arg0{{.*}} {tt.latency = 2 : i32}
  // LAT: tt.descriptor_load %arg2[%{{.*}}, %{{.*}}, %{{.*}}] : !tt.tensordesc
  // PIPE-LABEL: tt.func @rank_reducing_stays_synchronous
  // PIPE-NOT: memdesc<3x1x256x64
  // PIPE: scf.for
  // PIPE: tt.descriptor_load %arg2{{.*}} -> tensor<256x64xf16
  // PIPE: ttg.memdesc_trans %{{.*}} : !ttg.memdesc<256x64xf16
  tt.func @rank_reducing_stays_synchronous(%a: !tt.tensordesc<tensor<128x64xf16, #shared>>, %m: i32, %b: !tt.tensordesc<tensor<1x256x64xf16, #shared>>, %n: i32, %k_tiles: i32) -> tensor<128x256xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%acc_in = %zero) -> (tensor<128x256xf32, #mma>) : i32 {
      %off = arith.muli %k, %c64 : i32
      %x = tt.descriptor_load %a[%m, %off] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %xa = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %y = tt.descriptor_load %b[%c0, %n, %off] : !tt.tensordesc<tensor<1x256x64xf16, #shared>> -> tensor<256x64xf16, #blocked>
      %ya = ttg.local_alloc %y : (tensor<256x64xf16, #blocked>) -> !ttg.memdesc<256x64xf16, #shared, #smem>
      %yt = ttg.memdesc_trans %ya {order = array<i32: 1, 0>} : !ttg.memdesc<256x64xf16, #shared, #smem> -> !ttg.memdesc<64x256xf16, #shared1, #smem>
      %d = ttng.warp_group_dot %xa, %yt, %acc_in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared1, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %d : tensor<128x256xf32, #mma>
    }
    tt.return %acc : tensor<128x256xf32, #mma>
  }
}

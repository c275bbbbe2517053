// triton-nvidia-tma-lowering on sm_90: a descriptor load becomes a TMA copy
// into a buffer of the descriptor's layout, completing on a fresh mbarrier
// armed for the block's bytes (128 x 64 f16 = 16384), waited on at phase 0,
// then read back; a descriptor store writes its value to such a buffer,
// fences it for the async proxy, copies it out and waits for the copy to
// have read the buffer. Below sm_90 nothing changes.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(triton-nvidia-tma-lowering)' | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @load
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  // CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  // CHECK: ttng.init_barrier %[[BAR]], 1
  // CHECK: ttng.barrier_expect %[[BAR]], 16384, %true
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1] %[[BUF]], %[[BAR]], %true
  // CHECK: ttng.wait_barrier %[[BAR]], %c0_i32
  // CHECK: ttng.inval_barrier %[[BAR]]
  // CHECK: %[[V:.*]] = ttg.local_load %[[BUF]] : {{.*}} -> tensor<128x64xf16, #blocked>
  // CHECK-NOT: tt.descriptor_load
  // CHECK: tt.return %[[V]]
  tt.func @load(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32) -> tensor<128x64xf16, #blocked> {
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    tt.return %v : tensor<128x64xf16, #blocked>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @store
  // CHECK: %[[BUF:.*]] = ttg.local_alloc %arg2 : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %arg0[%arg1, %arg1] %[[BUF]]
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NOT: tt.descriptor_store
  tt.func @store(%d: !tt.tensordesc<tensor<128x128xf16, #shared>>, %i: i32, %v: tensor<128x128xf16, #blocked>) {
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @sm80_unchanged
  // CHECK: tt.descriptor_load
  // CHECK-NOT: ttng.
  tt.func @sm80_unchanged(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32) -> tensor<128x64xf16, #blocked> {
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    tt.return %v : tensor<128x64xf16, #blocked>
  }
}

// -----

// A device-side descriptor: its tensor map is written into 128 bytes of
// global scratch. Dimensions go innermost first: box [64, 128] (64 f16 fill
// the 128-byte swizzle rows), global dims [%k, %m], the row stride in bytes
// (x2), element strides 1; f16 is element type 6, the 128-byte swizzle mode
// 3, zero padding fill mode 0. The loads then read the reinterpreted map.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @make_descriptor
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
  // CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
  // CHECK-DAG: %[[C128:.*]] = arith.constant 128 : i32
  // CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : i64
  // CHECK: %[[MAP:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
  // CHECK: %[[BYTES:.*]] = arith.muli %arg3, %[[TWO]] : i64
  // CHECK: ttng.tensormap_create %[[MAP]], %arg0, [%[[C64]], %[[C128]]], [%arg2, %arg1], [%[[BYTES]]], [%[[C1]], %[[C1]]] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  // CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[MAP]] : !tt.ptr<i8>
  // CHECK-NEXT: %[[DESC:.*]] = ttng.reinterpret_tensor_descriptor %[[MAP]] : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
  // CHECK-NOT: tt.make_tensor_descriptor
  // CHECK: ttng.async_tma_copy_global_to_local %[[DESC]][%arg4, %arg4]
  // CHECK: ttng.async_tma_copy_global_to_local %[[DESC]][%arg4, %arg4]
  tt.func @make_descriptor(%base: !tt.ptr<f16>, %m: i32, %k: i32, %stride: i64, %i: i32) -> (tensor<128x64xf16, #blocked>, tensor<128x64xf16, #blocked>) {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %base, [%m, %k], [%stride, %c1] : <f16>, <tensor<128x64xf16, #shared>>
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    %w = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
    tt.return %v, %w : tensor<128x64xf16, #blocked>, tensor<128x64xf16, #blocked>
  }
}

// -----

// Byte elements keep their strides as they are (no multiply); NaN padding is
// fill mode 1; a 3-D f32 descriptor lists all three dimensions innermost
// first, with its two outer strides, the box's inner extent the 64-byte
// swizzle's 16 f32; i8 is element type 0 and f32 7.
#s8 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8}>
#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @bytes_nan
  // CHECK: %[[MAP:.*]] = ttg.global_scratch_alloc
  // CHECK-NOT: arith.muli
  // CHECK: ttng.tensormap_create %[[MAP]], %arg0, [%{{.*}}, %{{.*}}], [%arg2, %arg1], [%arg3], [%{{.*}}, %{{.*}}] {elem_type = 0 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 1 : i32}
  tt.func @bytes_nan(%base: !tt.ptr<i8>, %m: i32, %n: i32, %stride: i64) -> !tt.tensordesc<tensor<8x32xi8, #s8>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %base, [%m, %n], [%stride, %c1] {padding = 2 : i32} : <i8>, <tensor<8x32xi8, #s8>>
    tt.return %d : !tt.tensordesc<tensor<8x32xi8, #s8>>
  }

  // CHECK-LABEL: tt.func @rank3
  // CHECK-DAG: %[[C16:.*]] = arith.constant 16 : i32
  // CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
  // CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
  // CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : i64
  // CHECK: %[[S1:.*]] = arith.muli %arg5, %[[FOUR]] : i64
  // CHECK: %[[S0:.*]] = arith.muli %arg4, %[[FOUR]] : i64
  // CHECK: ttng.tensormap_create %{{.*}}, %arg0, [%[[C16]], %[[C8]], %[[C2]]], [%arg3, %arg2, %arg1], [%[[S1]], %[[S0]]], [%{{.*}}, %{{.*}}, %{{.*}}] {elem_type = 7 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32}
  tt.func @rank3(%base: !tt.ptr<f32>, %a: i32, %b: i32, %c: i32, %s0: i64, %s1: i64) -> !tt.tensordesc<tensor<2x8x16xf32, #s32>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %base, [%a, %b, %c], [%s0, %s1, %c1] : <f32>, <tensor<2x8x16xf32, #s32>>
    tt.return %d : !tt.tensordesc<tensor<2x8x16xf32, #s32>>
  }
}

// -----

// A 1-D descriptor: Triton's default encoding for rank 1 is marked
// transposed (its one dimension is dim 0, so the "first dimension is the
// contiguous one" rule fires), which for a single dimension is the same
// layout as untransposed: TMA moves it. The block is Triton's si32 on the
// int32 tensor's i32 pointer: signed 32-bit element type 3; a box of 256
// (TMA's limit) repeated over the 2048 elements, no byte strides.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
#s1 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = true, elementBitWidth = 32, rank = 1}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @rank1_signed
  // CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
  // CHECK-DAG: %[[C256:.*]] = arith.constant 256 : i32
  // CHECK: %[[MAP:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
  // CHECK: ttng.tensormap_create %[[MAP]], %arg0, [%[[C256]]], [%arg1], [], [%[[C1]]] {elem_type = 3 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<i32>, i32, i32, i32) -> ()
  // CHECK: %[[DESC:.*]] = ttng.reinterpret_tensor_descriptor %[[MAP]] : !tt.ptr<i8> to !tt.tensordesc<tensor<2048xsi32, #shared>>
  // CHECK: %[[BUF:.*]] = ttg.local_alloc %arg2 : (tensor<2048xi32, #blocked>) -> !ttg.memdesc<2048xi32, #shared, #smem>
  // CHECK: ttng.async_tma_copy_local_to_global %[[DESC]][%{{.*}}] %[[BUF]]
  tt.func @rank1_signed(%base: !tt.ptr<i32>, %n: i32, %v: tensor<2048xi32, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %base, [%n], [%c1] : <i32>, <tensor<2048xsi32, #s1>>
    tt.descriptor_store %d[%c0], %v : !tt.tensordesc<tensor<2048xsi32, #s1>>, tensor<2048xi32, #blocked>
    tt.return
  }
}

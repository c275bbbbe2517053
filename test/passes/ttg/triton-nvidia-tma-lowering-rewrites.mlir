// triton-nvidia-tma-lowering rewrites as Triton's pass does, whatever TMA
// can later move (convert-triton-gpu-to-llvm decides that): gathers and
// scatters become ttng.async_tma_gather / async_tma_scatter, buffers take the
// tensor's shape and the descriptor's layout, a ttg.local_alloc of a loaded
// tensor in the buffer's layout becomes the buffer itself, and the module is
// folded afterwards.
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(triton-nvidia-tma-lowering)' | FileCheck %s

// A gather lands as a load does, armed for its 32 rows of 128 bf16 (8192
// bytes); a scatter leaves as a store does.
#rows = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @gather
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<32x128xbf16, #shared, #smem, mutable>
  // CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  // CHECK: ttng.init_barrier %[[BAR]], 1
  // CHECK: ttng.barrier_expect %[[BAR]], 8192, %true
  // CHECK: ttng.async_tma_gather %arg0[%arg1, %arg2] %[[BUF]], %[[BAR]], %true
  // CHECK: ttng.wait_barrier %[[BAR]], %c0_i32
  // CHECK: ttng.inval_barrier %[[BAR]]
  // CHECK: %[[V:.*]] = ttg.local_load %[[BUF]] : !ttg.memdesc<32x128xbf16, #shared, #smem, mutable> -> tensor<32x128xbf16, #blocked1>
  // CHECK: tt.return %[[V]]
  tt.func @gather(%d: !tt.tensordesc<tensor<1x128xbf16, #shared>>, %xs: tensor<32xi32, #rows>, %y: i32) -> tensor<32x128xbf16, #blocked> {
    %v = tt.descriptor_gather %d[%xs, %y] : (!tt.tensordesc<tensor<1x128xbf16, #shared>>, tensor<32xi32, #rows>, i32) -> tensor<32x128xbf16, #blocked>
    tt.return %v : tensor<32x128xbf16, #blocked>
  }

  // CHECK-LABEL: tt.func @scatter
  // CHECK-NEXT: %[[BUF:.*]] = ttg.local_alloc %arg3 : (tensor<32x128xbf16, #blocked1>) -> !ttg.memdesc<32x128xbf16, #shared, #smem>
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_scatter %arg0[%arg1, %arg2] %[[BUF]]
  // CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  // CHECK-NEXT: tt.return
  tt.func @scatter(%d: !tt.tensordesc<tensor<1x128xbf16, #shared>>, %xs: tensor<32xi32, #rows>, %y: i32, %v: tensor<32x128xbf16, #blocked>) {
    tt.descriptor_scatter %d[%xs, %y], %v : !tt.tensordesc<tensor<1x128xbf16, #shared>>, tensor<32xi32, #rows>, i32, tensor<32x128xbf16, #blocked>
    tt.return
  }
}

// -----

// The descriptor's layout goes to the buffer as it is, even one TMA cannot
// fill (f32 blocks in a layout for 16-bit elements, an unswizzled
// #ttg.swizzled_shared); indices go to the copy as they are.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma16 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @store_f32_in_16_bit_layout
  // CHECK: %[[BUF:.*]] = ttg.local_alloc %arg2 : (tensor<32x64xf32, #blocked>) -> !ttg.memdesc<32x64xf32, #shared, #smem>
  // CHECK: ttng.async_tma_copy_local_to_global %arg0[%arg1, %arg1] %[[BUF]]
  tt.func @store_f32_in_16_bit_layout(%d: !tt.tensordesc<tensor<32x64xf32, #nvmma16>>, %i: i32, %v: tensor<32x64xf32, #blocked>) {
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<32x64xf32, #nvmma16>>, tensor<32x64xf32, #blocked>
    tt.return
  }

  // CHECK-LABEL: tt.func @store_swizzled_shared
  // CHECK: %[[BUF:.*]] = ttg.local_alloc %arg2 : (tensor<32x64xf32, #blocked>) -> !ttg.memdesc<32x64xf32, #shared1, #smem>
  // CHECK: ttng.async_tma_copy_local_to_global %arg0[%arg1, %arg1] %[[BUF]]
  tt.func @store_swizzled_shared(%d: !tt.tensordesc<tensor<32x64xf32, #plain>>, %i: i32, %v: tensor<32x64xf32, #blocked>) {
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<32x64xf32, #plain>>, tensor<32x64xf32, #blocked>
    tt.return
  }

  // CHECK-LABEL: tt.func @three_indices
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1, %arg1]
  tt.func @three_indices(%d: !tt.tensordesc<tensor<32x64xf32, #nvmma16>>, %i: i32) -> tensor<32x64xf32, #blocked> {
    %v = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<32x64xf32, #nvmma16>> -> tensor<32x64xf32, #blocked>
    tt.return %v : tensor<32x64xf32, #blocked>
  }
}

// -----

// A load that drops the block's leading unit dimension lands in a buffer of
// the tensor's shape (256 x 32 f16: 16384 bytes), copied with all three
// coordinates.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @rank_reducing
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<256x32xf16, #shared, #smem, mutable>
  // CHECK: ttng.barrier_expect %{{.*}}, 16384, %true
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg2, %arg3] %[[BUF]]
  // CHECK: ttg.local_load %[[BUF]] : !ttg.memdesc<256x32xf16, #shared, #smem, mutable> -> tensor<256x32xf16, #blocked>
  tt.func @rank_reducing(%d: !tt.tensordesc<tensor<1x256x32xf16, #shared>>, %b: i32, %i: i32, %j: i32) -> tensor<256x32xf16, #blocked> {
    %v = tt.descriptor_load %d[%b, %i, %j] : !tt.tensordesc<tensor<1x256x32xf16, #shared>> -> tensor<256x32xf16, #blocked>
    tt.return %v : tensor<256x32xf16, #blocked>
  }
}

// -----

// Triton's frontend gives a rank-4 block a rank-4 encoding; a load that
// drops its three leading unit dimensions (test_tensor_descriptor's
// rank-reducing loads) gets the same swizzle at rank 2, which lays the
// buffer out as the block is.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared4 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, rank = 4}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[SHARED2:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
  // CHECK-LABEL: tt.func @rank_reducing_by_three
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<8x32xf16, #[[SHARED2]], #smem, mutable>
  // CHECK: ttng.barrier_expect %{{.*}}, 512, %true
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1, %arg1, %arg2] %[[BUF]]
  // CHECK: ttg.local_load %[[BUF]] : !ttg.memdesc<8x32xf16, #[[SHARED2]], #smem, mutable> -> tensor<8x32xf16, #blocked>
  tt.func @rank_reducing_by_three(%d: !tt.tensordesc<tensor<1x1x8x32xf16, #shared4>>, %i: i32, %j: i32) -> tensor<8x32xf16, #blocked> {
    %v = tt.descriptor_load %d[%i, %i, %i, %j] : !tt.tensordesc<tensor<1x1x8x32xf16, #shared4>> -> tensor<8x32xf16, #blocked>
    tt.return %v : tensor<8x32xf16, #blocked>
  }
}

// -----

// The loaded tensor's users: its ttg.local_alloc in the buffer's layout
// becomes the buffer (mutable now, as are the memdesc_trans of it and the
// warp_group_dot_wait result that passes it on); an alloc in another layout
// and the other users read the buffer back through one ttg.local_load.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sharedT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#other = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @alloc_users
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%arg1, %arg1] %[[BUF]]
  // CHECK: %[[V:.*]] = ttg.local_load %[[BUF]]
  // CHECK-NOT: ttg.local_load %[[BUF]]
  // CHECK: %[[OTHER:.*]] = ttg.local_alloc %[[V]] : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
  // CHECK: %[[T:.*]] = ttg.memdesc_trans %[[BUF]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared3, #smem, mutable>
  // CHECK: %[[DOT:.*]] = ttng.warp_group_dot %[[BUF]], %[[T]], %{{.*}} {isAsync = true}
  // CHECK: %[[W:.*]]:2 = ttng.warp_group_dot_wait %[[DOT]], %[[BUF]] {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  // CHECK: ttg.local_load %[[W]]#1 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  // CHECK: tt.return %[[V]], %[[OTHER]]
  tt.func @alloc_users(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %acc: tensor<64x64xf32, #mma>) -> (tensor<64x64xf16, #blocked>, !ttg.memdesc<64x64xf16, #other, #smem>, tensor<64x64xf32, #mma>, tensor<64x64xf16, #blocked>) {
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    %other = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #other, #smem>
    %same = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %t = ttg.memdesc_trans %same {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #sharedT, #smem>
    %dot = ttng.warp_group_dot %same, %t, %acc {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #sharedT, #smem> -> tensor<64x64xf32, #mma>
    %w:2 = ttng.warp_group_dot_wait %dot, %same {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>
    %back = ttg.local_load %w#1 : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
    tt.return %v, %other, %w#0, %back : tensor<64x64xf16, #blocked>, !ttg.memdesc<64x64xf16, #other, #smem>, tensor<64x64xf32, #mma>, tensor<64x64xf16, #blocked>
  }
}

// -----

// An alloc whose buffer leaves through a terminator keeps its type: it
// copies the tensor read back from the buffer. With no other user, the
// buffer is not read back at all.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @alloc_returned
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  // CHECK: %[[V:.*]] = ttg.local_load %[[BUF]]
  // CHECK: %[[COPY:.*]] = ttg.local_alloc %[[V]] : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  // CHECK: tt.return %[[COPY]]
  tt.func @alloc_returned(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) -> !ttg.memdesc<64x64xf16, #shared, #smem> {
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    %a = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return %a : !ttg.memdesc<64x64xf16, #shared, #smem>
  }

  // CHECK-LABEL: tt.func @alloc_only
  // CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  // CHECK-NOT: ttg.local_load
  // CHECK: %[[L:.*]] = ttg.local_load %[[BUF]] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
  // CHECK-NOT: ttg.local_load
  // CHECK: tt.return %[[L]]
  tt.func @alloc_only(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) -> tensor<64x64xf16, #blocked> {
    %v = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    %a = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %l = ttg.local_load %a : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
    tt.return %l : tensor<64x64xf16, #blocked>
  }
}

// -----

// The module is folded afterwards, as by Triton's greedy rewrite: the
// unused constant goes and the one the pass builds merges with the equal
// one already there.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @folded
  // CHECK-NOT: arith.constant 7
  // CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
  // CHECK-NOT: arith.constant 0 : i32
  // CHECK: ttng.async_tma_copy_global_to_local %arg0[%[[ZERO]], %[[ZERO]]]
  // CHECK: ttng.wait_barrier %{{.*}}, %[[ZERO]]
  tt.func @folded(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>) -> tensor<64x64xf16, #blocked> {
    %unused = arith.constant 7 : i32
    %zero = arith.constant 0 : i32
    %v = tt.descriptor_load %d[%zero, %zero] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    tt.return %v : tensor<64x64xf16, #blocked>
  }
}

// tritongpu-optimize-dot-operands: transposes and reshapes of dot operands
// that go through shared memory become views of an untransposed buffer.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-optimize-dot-operands)' | FileCheck %s

// mma v2: the transpose's source (K-major, order [0, 1]) is stored with
// the swizzle for an A operand read transposed (vec 8; perPhase 2: two
// 32-element K-major rows share a 128-byte line; maxPhase 8 / 2), and the
// operand is a local_load of the transposed view (ldmatrix.trans).
// CHECK-DAG: #[[STORED:.+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1]}>
// CHECK-DAG: #[[VIEW:.+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-LABEL: tt.func @mma_v2_transposed_a
// CHECK: %[[BUF:.+]] = ttg.local_alloc %arg0 : (tensor<32x128xf16, #{{.+}}>) -> !ttg.memdesc<32x128xf16, #[[STORED]], #smem>
// CHECK: %[[T:.+]] = ttg.memdesc_trans %[[BUF]] {order = array<i32: 1, 0>} : !ttg.memdesc<32x128xf16, #[[STORED]], #smem> -> !ttg.memdesc<128x32xf16, #[[VIEW]], #smem>
// CHECK: %[[A:.+]] = ttg.local_load %[[T]] : !ttg.memdesc<128x32xf16, #[[VIEW]], #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-NOT: ttg.convert_layout
// CHECK-NOT: tt.trans
// CHECK: tt.dot %[[A]], %arg1, %arg2
#kmajor = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_v2_transposed_a(%x: tensor<32x128xf16, #kmajor>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x128xf16, #kmajor> -> tensor<128x32xf16, #rows>
    %a = ttg.convert_layout %t : tensor<128x32xf16, #rows> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %a, %b, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
    tt.return %d : tensor<128x64xf32, #mma>
  }
}

// -----

// The conversion feeds an add, not the dot: nothing changes.
// CHECK-LABEL: tt.func @not_a_dot_operand
// CHECK-NOT: ttg.local_alloc
// CHECK: tt.trans
// CHECK: ttg.convert_layout
#kmajor = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#rows = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @not_a_dot_operand(%x: tensor<32x128xf16, #kmajor>, %y: tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<128x64xf32, #mma>) -> tensor<128x64xf32, #mma> {
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x128xf16, #kmajor> -> tensor<128x32xf16, #rows>
    %a = ttg.convert_layout %t : tensor<128x32xf16, #rows> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %s = arith.addf %a, %y : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %d = tt.dot %s, %b, %c : tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x64xf32, #mma>
    tt.return %d : tensor<128x64xf32, #mma>
  }
}

// -----

// wgmma reads either major order: the transposed B is stored in the
// transposed nvmma layout and the dot reads the transposed view.
// CHECK-DAG: #[[NV:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[NVT:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @wgmma_transposed_b
// CHECK: %[[BUF:.+]] = ttg.local_alloc %arg0 : (tensor<128x64xf16, #{{.+}}>) -> !ttg.memdesc<128x64xf16, #[[NVT]], #smem>
// CHECK: %[[T:.+]] = ttg.memdesc_trans %[[BUF]] {order = array<i32: 1, 0>} : !ttg.memdesc<128x64xf16, #[[NVT]], #smem> -> !ttg.memdesc<64x128xf16, #[[NV]], #smem>
// CHECK: ttng.warp_group_dot %arg1, %[[T]], %arg2
#nmajor = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#kmajor = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @wgmma_transposed_b(%x: tensor<128x64xf16, #nmajor>, %a: !ttg.memdesc<64x64xf16, #nv, #smem>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<128x64xf16, #nmajor> -> tensor<64x128xf16, #kmajor>
    %b = ttg.local_alloc %t : (tensor<64x128xf16, #kmajor>) -> !ttg.memdesc<64x128xf16, #nv, #smem>
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #nv, #smem> * !ttg.memdesc<64x128xf16, #nv, #smem> -> tensor<64x128xf32, #mma>
    tt.return %d : tensor<64x128xf32, #mma>
  }
}

// -----

// tcgen05 MMAs read either major order too: the transposed A of a
// tc_gen5_mma is stored in the other nvmma layout and read transposed.
// CHECK-DAG: #[[NV:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[NVT:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-LABEL: tt.func @tcgen05_transposed_a
// CHECK: %[[BUF:.+]] = ttg.local_alloc %arg0 : (tensor<64x128xf16, #{{.+}}>) -> !ttg.memdesc<64x128xf16, #[[NV]], #smem>
// CHECK: %[[T:.+]] = ttg.memdesc_trans %[[BUF]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #[[NV]], #smem> -> !ttg.memdesc<128x64xf16, #[[NVT]], #smem>
// CHECK: ttng.tc_gen5_mma %[[T]], %arg1, %arg2
#nmajor = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#kmajor = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvt = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @tcgen05_transposed_a(%x: tensor<64x128xf16, #nmajor>, %b: !ttg.memdesc<64x128xf16, #nv, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    %true = arith.constant true
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x128xf16, #nmajor> -> tensor<128x64xf16, #kmajor>
    %a = ttg.local_alloc %t : (tensor<128x64xf16, #kmajor>) -> !ttg.memdesc<128x64xf16, #nvt, #smem>
    ttng.tc_gen5_mma %a, %b, %d, %true, %true : !ttg.memdesc<128x64xf16, #nvt, #smem>, !ttg.memdesc<64x128xf16, #nv, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// Splitting the outer dim of an nvmma buffer keeps every element in
// place: the rank-3 buffer is allocated and the 2-D view reshaped from it.
// A transposed nvmma layout (contiguous along the outer dim) does not
// survive the regrouping and is left alone.
// CHECK-DAG: #[[NV2:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[NV3:.+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
// CHECK-LABEL: tt.func @reshape_into_view
// CHECK: %[[BUF:.+]] = ttg.local_alloc %arg0 : (tensor<2x32x64xf16, #{{.+}}>) -> !ttg.memdesc<2x32x64xf16, #[[NV3]], #smem>
// CHECK: %[[R:.+]] = ttg.memdesc_reshape %[[BUF]] : !ttg.memdesc<2x32x64xf16, #[[NV3]], #smem> -> !ttg.memdesc<64x64xf16, #[[NV2]], #smem>
// CHECK: tt.return %[[R]]
// CHECK-LABEL: tt.func @reshape_transposed
// CHECK: tt.reshape
// CHECK-NOT: ttg.memdesc_reshape
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#b2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvt = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @reshape_into_view(%x: tensor<2x32x64xf16, #b3>) -> !ttg.memdesc<64x64xf16, #nv, #smem> {
    %r = tt.reshape %x : tensor<2x32x64xf16, #b3> -> tensor<64x64xf16, #b2>
    %m = ttg.local_alloc %r : (tensor<64x64xf16, #b2>) -> !ttg.memdesc<64x64xf16, #nv, #smem>
    tt.return %m : !ttg.memdesc<64x64xf16, #nv, #smem>
  }
  tt.func @reshape_transposed(%x: tensor<2x32x64xf16, #b3>) -> !ttg.memdesc<64x64xf16, #nvt, #smem> {
    %r = tt.reshape %x : tensor<2x32x64xf16, #b3> -> tensor<64x64xf16, #b2>
    %m = ttg.local_alloc %r : (tensor<64x64xf16, #b2>) -> !ttg.memdesc<64x64xf16, #nvt, #smem>
    tt.return %m : !ttg.memdesc<64x64xf16, #nvt, #smem>
  }
}

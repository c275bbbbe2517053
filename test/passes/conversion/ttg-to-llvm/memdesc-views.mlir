// convert-triton-gpu-to-llvm on memdesc views. memdesc_subslice,
// memdesc_trans and memdesc_reshape keep the source's pointer. A sub-tile
// is read with the layout of the buffer it was cut from (the row stride is
// the buffer's) and the offset of its first element XORed into every
// address: under a swizzle that offset's bits mix with the thread's, so
// an addition would land in the wrong column.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm,canonicalize,cse)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

// K columns 16..31 of a 128x32 A operand swizzled with vec 8, perPhase 2,
// maxPhase 4: element (0, 16) is at offset 16, which the row phase XORs
// with; register groups of rows 32 apart step by 32 rows of the buffer
// (1024 elements), not of the 16-wide slice.
// CHECK-LABEL: llvm.func @subslice_k
// CHECK-DAG: %[[C16:.+]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-DAG: %[[C1040:.+]] = llvm.mlir.constant(1040 : i32) : i32
// CHECK-DAG: %[[SMEM:.+]] = llvm.mlir.addressof @global_smem
// CHECK: %[[FIRST:.+]] = llvm.xor %[[ROW:.+]], %[[C16]] : i32
// CHECK-NEXT: %[[P0:.+]] = llvm.getelementptr %[[SMEM]][%[[FIRST]]]
// CHECK-NEXT: nvvm.ldmatrix %[[P0]] {{.*}}layout = #nvvm.mma_layout<row>
// CHECK: %[[SECOND:.+]] = llvm.xor %[[ROW]], %[[C1040]] : i32
// CHECK-NEXT: %[[P1:.+]] = llvm.getelementptr %[[SMEM]][%[[SECOND]]]
// CHECK-NEXT: nvvm.ldmatrix %[[P1]]
// CHECK-COUNT-2: nvvm.ldmatrix
// CHECK-NOT: nvvm.ldmatrix
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @subslice_k(%x: tensor<128x32xf16, #b>, %q: tensor<128x16x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
    %m = ttg.local_alloc %x : (tensor<128x32xf16, #b>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
    %s = ttg.memdesc_subslice %m[0, 16] : !ttg.memdesc<128x32xf16, #shared, #smem> -> !ttg.memdesc<128x16xf16, #shared, #smem, 128x32>
    %a = ttg.local_load %s : !ttg.memdesc<128x16xf16, #shared, #smem, 128x32> -> tensor<128x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.store %q, %a : tensor<128x16x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return
  }
}

// -----

// Rows 16..31 of an unswizzled 32x64 f32 buffer, stored and read back by a
// thread holding 4 consecutive columns: the offset (16 rows of 64) has no
// bit in common with the thread's, and the 16-byte vectors stay whole.
// CHECK-LABEL: llvm.func @subslice_rows
// CHECK-DAG: %[[C1024:.+]] = llvm.mlir.constant(1024 : i32) : i32
// CHECK: %[[OFF:.+]] = llvm.xor %{{.+}}, %[[C1024]] : i32
// CHECK: %[[P:.+]] = llvm.getelementptr %{{.+}}[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %{{.+}}, %[[P]] {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: llvm.load %[[P]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @subslice_rows(%x: tensor<8x64xf32, #b>, %p: tensor<8x64x!tt.ptr<f32>, #b>) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #plain, #smem, mutable>
    %s = ttg.memdesc_subslice %m[16, 0] : !ttg.memdesc<32x64xf32, #plain, #smem, mutable> -> !ttg.memdesc<16x64xf32, #plain, #smem, mutable, 32x64>
    %t = ttg.memdesc_subslice %s[0, 0] : !ttg.memdesc<16x64xf32, #plain, #smem, mutable, 32x64> -> !ttg.memdesc<8x64xf32, #plain, #smem, mutable, 32x64>
    ttg.local_store %x, %t : tensor<8x64xf32, #b> -> !ttg.memdesc<8x64xf32, #plain, #smem, mutable, 32x64>
    %y = ttg.local_load %t : !ttg.memdesc<8x64xf32, #plain, #smem, mutable, 32x64> -> tensor<8x64xf32, #b>
    tt.store %p, %y : tensor<8x64x!tt.ptr<f32>, #b>
    tt.return
  }
}

// -----

// A transposed view of a K-major buffer: the A operand is read with
// ldmatrix.trans (col) from the source's pointer.
// CHECK-LABEL: llvm.func @trans_view
// CHECK: %[[SMEM:.+]] = llvm.mlir.addressof @global_smem
// CHECK-COUNT-8: nvvm.ldmatrix %{{.+}} {{.*}}layout = #nvvm.mma_layout<col>
// CHECK-NOT: nvvm.ldmatrix
#bt = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sharedT = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @trans_view(%x: tensor<32x128xf16, #bt>, %q: tensor<128x32x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
    %m = ttg.local_alloc %x : (tensor<32x128xf16, #bt>) -> !ttg.memdesc<32x128xf16, #shared, #smem>
    %t = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<32x128xf16, #shared, #smem> -> !ttg.memdesc<128x32xf16, #sharedT, #smem>
    %a = ttg.local_load %t : !ttg.memdesc<128x32xf16, #sharedT, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.store %q, %a : tensor<128x32x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return
  }
}

// -----

// A reshaped view that splits the outer dim of an nvmma buffer: the same
// pointer, read with the view's layout.
// CHECK-LABEL: llvm.func @reshape_view
// CHECK: %[[SMEM:.+]] = llvm.mlir.addressof @global_smem
// CHECK: llvm.getelementptr %[[SMEM]]
// CHECK: llvm.load
#b2 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
#nv2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nv3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshape_view(%x: tensor<64x64xf16, #b2>, %p: tensor<2x32x64x!tt.ptr<f16>, #b3>) {
    %m = ttg.local_alloc %x : (tensor<64x64xf16, #b2>) -> !ttg.memdesc<64x64xf16, #nv2, #smem>
    %r = ttg.memdesc_reshape %m : !ttg.memdesc<64x64xf16, #nv2, #smem> -> !ttg.memdesc<2x32x64xf16, #nv3, #smem>
    %y = ttg.local_load %r : !ttg.memdesc<2x32x64xf16, #nv3, #smem> -> tensor<2x32x64xf16, #b3>
    tt.store %p, %y : tensor<2x32x64x!tt.ptr<f16>, #b3>
    tt.return
  }
}

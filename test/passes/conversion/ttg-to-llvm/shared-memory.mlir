// convert-triton-gpu-to-llvm on shared-memory ops. A memdesc is the
// address-space-3 pointer to its view; local_alloc's buffer is global_smem
// + allocation.offset; local_store, local_load and local_alloc's initial
// value move registers at the offsets the distributed layout composed with
// the inverse shared layout gives (swizzle included), as vectors where
// consecutive registers are consecutive in the buffer, or with ldmatrix
// (.trans) when the registers are its 8x8 fragments, and from sm_90 on
// stores them with stmatrix likewise; memdesc_index steps
// over whole buffers of a stacked allocation.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-gpu-to-llvm,canonicalize,cse)' \
// RUN:   | FileCheck %s --implicit-check-not='{{(= |^ *)(tt|ttg|ttng|arith|math)\.}}'

// The 128x32 f16 buffer (8 KiB) and the ring below (3 x 8 KiB) are never
// live together: both start at offset 0.
// CHECK: ttg.shared = 24576 : i32
// Each thread holds 4 rows of 8 consecutive halves (blocked [1, 8]): with
// vec = 8 swizzling the 8 stay together, so 16-byte stores and loads.
// CHECK-LABEL: llvm.func @alloc_load
// CHECK: %[[BASE:.+]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[P0:.+]] = llvm.getelementptr %[[BASE]][%{{.+}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: llvm.store %{{.+}}, %[[P0]] {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-COUNT-3: llvm.store %{{.+}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// The mma operand layout is made of 8x8 ldmatrix fragments (pairs along k
// in a row, rows 16-byte aligned under the vec = 8 swizzle): 64 rows x 32 k
// per warp is 32 matrices, 8 ldmatrix.x4.
// CHECK-COUNT-8: nvvm.ldmatrix %{{.+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-COUNT-3: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<8xf16>
// CHECK-NOT: llvm.load %{{.+}} : !llvm.ptr<3>

// CHECK-LABEL: llvm.func @ring
// CHECK: %[[RING:.+]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: %[[START:.+]] = llvm.mul %arg1, %{{.+}} : i32
// CHECK: %[[VIEW:.+]] = llvm.getelementptr %[[RING]][%[[START]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: %[[Q:.+]] = llvm.getelementptr %[[VIEW]][%{{.+}}]
// CHECK: llvm.store %{{.+}}, %[[Q]] {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK: llvm.load %[[Q]] {alignment = 16 : i64}
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @alloc_load(%x: tensor<128x32xf16, #b>, %p: tensor<128x32x!tt.ptr<f16>, #b>, %q: tensor<128x32x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
    %m = ttg.local_alloc %x : (tensor<128x32xf16, #b>) -> !ttg.memdesc<128x32xf16, #shared, #smem>
    %a = ttg.local_load %m : !ttg.memdesc<128x32xf16, #shared, #smem> -> tensor<128x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %y = ttg.local_load %m : !ttg.memdesc<128x32xf16, #shared, #smem> -> tensor<128x32xf16, #b>
    tt.store %p, %y : tensor<128x32x!tt.ptr<f16>, #b>
    tt.store %q, %a : tensor<128x32x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return
  }
  tt.func public @ring(%x: tensor<128x32xf16, #b>, %i: i32, %p: tensor<128x32x!tt.ptr<f16>, #b>) {
    %m = ttg.local_alloc : () -> !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable>
    %v = ttg.memdesc_index %m[%i] : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    ttg.local_store %x, %v : tensor<128x32xf16, #b> -> !ttg.memdesc<128x32xf16, #shared, #smem, mutable>
    %y = ttg.local_load %v : !ttg.memdesc<128x32xf16, #shared, #smem, mutable> -> tensor<128x32xf16, #b>
    tt.store %p, %y : tensor<128x32x!tt.ptr<f16>, #b>
    ttg.local_dealloc %m : !ttg.memdesc<3x128x32xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A B operand (k x n, n contiguous in shared memory): the pairs run down a
// column, so ldmatrix.trans.
// CHECK-LABEL: llvm.func @trans
// CHECK-COUNT-4: nvvm.ldmatrix %{{.+}} layout = #nvvm.mma_layout<col>
// CHECK-NOT: nvvm.ldmatrix
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @trans(%m: !ttg.memdesc<32x64xf16, #shared, #smem>, %q: tensor<32x64x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>) {
    %b = ttg.local_load %m : !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.store %q, %b : tensor<32x64x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return
  }
}

// -----

// A wgmma accumulator (f16 after the epilogue's truncf) stored into the
// 128-byte swizzled buffer a TMA store reads: on sm_90 its registers are
// stmatrix fragments (pairs along n in a row, 16-byte rows under the
// swizzle): 64 halves per thread, 8 stmatrix.x4, no st.shared.
// CHECK-LABEL: llvm.func @stmatrix_epilogue
// CHECK-COUNT-8: nvvm.stmatrix %{{.+}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : !llvm.ptr<3>, i32, i32, i32, i32
// CHECK-NOT: nvvm.stmatrix
// CHECK-NOT: llvm.store
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @stmatrix_epilogue(%acc: tensor<128x64xf16, #mma>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttg.local_store %acc, %buf : tensor<128x64xf16, #mma> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// The same store below sm_90 (no stmatrix): 32-bit pairs, one st.shared
// each.
// CHECK-LABEL: llvm.func @no_stmatrix_before_sm90
// CHECK-NOT: nvvm.stmatrix
// CHECK-COUNT-32: llvm.store %{{.+}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_stmatrix_before_sm90(%acc: tensor<128x64xf16, #mma>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttg.local_store %acc, %buf : tensor<128x64xf16, #mma> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// fp8 tensors (f8E5M2 here, from an fp8 dot's operands) go through shared
// memory as vectors of their LLVM form, i8: 16 consecutive bytes per
// thread are one 16-byte store and, read back, one 16-byte load; LLVM has
// no vector of f8E5M2.
// CHECK-LABEL: llvm.func @fp8_vectors
// CHECK: llvm.store %{{.+}} {alignment = 16 : i64} : vector<16xi8>, !llvm.ptr<3>
// CHECK: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<16xi8>
// CHECK-NOT: f8E5M2
#b = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_vectors(%x: tensor<32x64xf8E5M2, #b>, %out: !tt.ptr<f8E5M2>) {
    %buf = ttg.local_alloc %x : (tensor<32x64xf8E5M2, #b>) -> !ttg.memdesc<32x64xf8E5M2, #shared, #smem>
    %y = ttg.local_load %buf : !ttg.memdesc<32x64xf8E5M2, #shared, #smem> -> tensor<32x64xf8E5M2, #b>
    %z = tt.bitcast %y : tensor<32x64xf8E5M2, #b> -> tensor<32x64xi8, #b>
    %ptr = tt.splat %out : !tt.ptr<f8E5M2> -> tensor<32x64x!tt.ptr<f8E5M2>, #b>
    tt.store %ptr, %y : tensor<32x64x!tt.ptr<f8E5M2>, #b>
    tt.return
  }
}

// tritongpu-coalesce-async-copy: a thread's contiguous run of source
// elements is clipped to what one cp.async moves into the swizzled buffer.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(tritongpu-coalesce-async-copy)' | FileCheck %s

// 16 halves per thread but vectors of 4 in the buffer: sizePerThread
// becomes 4 along the rows and the 16 lanes of a row cover all 64 columns.
// CHECK-DAG: #[[CLIPPED:.+]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @clip_f16
// CHECK: %[[P:.+]] = ttg.convert_layout %arg0 : tensor<32x64x!tt.ptr<f16>, #{{.+}}> -> tensor<32x64x!tt.ptr<f16>, #[[CLIPPED]]>
// CHECK: %[[M:.+]] = ttg.convert_layout %arg2 : tensor<32x64xi1, #{{.+}}> -> tensor<32x64xi1, #[[CLIPPED]]>
// CHECK: %[[O:.+]] = ttg.convert_layout %arg3 : tensor<32x64xf16, #{{.+}}> -> tensor<32x64xf16, #[[CLIPPED]]>
// CHECK: ttg.async_copy_global_to_local %[[P]], %arg1 mask %[[M]] other %[[O]] : tensor<32x64x!tt.ptr<f16>, #[[CLIPPED]]>
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @clip_f16(%p: tensor<32x64x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %m: tensor<32x64xi1, #blocked>, %o: tensor<32x64xf16, #blocked>) {
    %t = ttg.async_copy_global_to_local %p, %buf mask %m other %o : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// The run already fits one copy: nothing changes.
// CHECK-LABEL: tt.func @fits
// CHECK-NOT: ttg.convert_layout
// CHECK: ttg.async_copy_global_to_local %arg0, %arg1 : tensor<32x64x!tt.ptr<f16>, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @fits(%p: tensor<32x64x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>) {
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// An nvmma buffer (wgmma's) is left to its own 16-byte rows.
// CHECK-LABEL: tt.func @nvmma_buffer
// CHECK-NOT: ttg.convert_layout
#blocked = #ttg.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @nvmma_buffer(%p: tensor<32x64x!tt.ptr<f16>, #blocked>, %buf: !ttg.memdesc<32x64xf16, #nvmma, #smem, mutable>) {
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #blocked> -> <32x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
}

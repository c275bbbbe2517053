// RUN: %mlir-tile %s -split-input-file -verify-diagnostics -p 'builtin.module(convert-triton-gpu-to-llvm)' -o /dev/null

// What tile parses but does not lower is refused up front, naming the op
// and the reason: AMD encodings and padded shared memory.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
tt.func @amd_mfma(%p: tensor<64x64x!tt.ptr<f32>, #blocked>) {
  // expected-error @below {{'arith.constant' op cannot be lowered: 'tensor<64x64xf32, #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>>': #ttg.amd_mfma is an AMD encoding: tile parses it but targets NVIDIA GPUs only}}
  %c = arith.constant dense<0.0> : tensor<64x64xf32, #mfma>
  %e = ttg.convert_layout %c : tensor<64x64xf32, #mfma> -> tensor<64x64xf32, #blocked>
  tt.store %p, %e : tensor<64x64x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

#wmma = #ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [2, 2]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
// expected-error @below {{'tt.func' op cannot be lowered: 'tensor<64xf32, #ttg.slice<{dim = 0, parent = #ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [2, 2]}>}>>': #ttg.amd_wmma is an AMD encoding}}
tt.func @amd_wmma_slice(%x: tensor<64xf32, #ttg.slice<{dim = 0, parent = #wmma}>>) {
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#padded = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 32]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
tt.func @padded_shared(%x: tensor<64x32xf16, #blocked>) {
  // expected-error @below {{'ttg.local_alloc' op cannot be lowered: '!ttg.memdesc<64x32xf16, #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 32]}>, #ttg.shared_memory>': #ttg.padded_shared pads its rows, which no linear layout describes; tile does not support it}}
  %m = ttg.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #padded, #smem>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#unset = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 0}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
tt.func @nvmma_unset_width(%x: tensor<64x64xf16, #blocked>) {
  // expected-error @below {{'ttg.local_alloc' op cannot be lowered: '!ttg.memdesc<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 0}>, #ttg.shared_memory>': #ttg.nvmma_shared with elementBitWidth = 0 (unset) has no layout}}
  %m = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #unset, #smem>
  tt.return
}
}

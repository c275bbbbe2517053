// RUN: %mlir-tile %s | %mlir-tile | FileCheck %s
// RUN: %mlir-tile %s --mlir-print-op-generic | %mlir-tile | FileCheck %s

// Round trip of the encodings tile reads, prints and verifies as Triton 3.6
// does but gives no layout (AMD's mfma and wmma, padded_shared), and of
// shared_linear. Optional keys print only away from their defaults. Tensors
// with the parse-only encodings pass the tensor-layout checks whatever the
// module's warps and lanes, as they have no layout to check.

// CHECK-DAG: #[[UNSET:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 0}>
// CHECK-DAG: #[[MFMA:.*]] = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-DAG: #[[MFMA_ALL:.*]] = #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 4], instrShape = [16, 16, 32], isTransposed = false, tilesPerWarp = [2, 2], elementBitWidth = 64}>
// CHECK-DAG: #[[MFMA_OLD:.*]] = #ttg.amd_mfma<{version = 0, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-DAG: #[[WMMA:.*]] = #ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [2, 2]}>
// CHECK-DAG: #[[WMMA3:.*]] = #ttg.amd_wmma<{version = 3, isTranspose = false, warpsPerCTA = [2, 2], instrShape = [16, 16, 128]}>
// CHECK-DAG: #[[PAD_SHORT:.*]] = #ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [64, 32]}>
// CHECK-DAG: #[[PAD_BASES:.*]] = #ttg.padded_shared<[4:+4] {offset = {{\[\[}}0, 1], [2, 0], [1, 0]], block = []}>
// CHECK-DAG: #[[PAD_IDENT:.*]] = #ttg.padded_shared<[16:+1] {order = [0, 1], shape = [4, 4]}>
// CHECK-DAG: #[[SL:.*]] = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 2]]}, alignment = 16>
// CHECK-DAG: #[[SL_BLOCK:.*]] = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [1, 0]], block = {{\[\[}}0, 0]]}, alignment = 128>

#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#mfma_all = #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 4], instrShape = [16, 16, 32], isTransposed = false, tilesPerWarp = [2, 2], elementBitWidth = 64}>
// Keys Triton's parser does not know are ignored, as there (version stays 0).
#mfma_old = #ttg.amd_mfma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>
// tilesPerWarp of ones and instrShape [16, 16, 16] are the defaults.
#wmma = #ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [2, 2], tilesPerWarp = [1, 1], instrShape = [16, 16, 16]}>
#wmma3 = #ttg.amd_wmma<{version = 3, warpsPerCTA = [2, 2], instrShape = [16, 16, 128]}>
#pad_short = #ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [64, 32]}>
#pad_bases = #ttg.padded_shared<[4:+4] {offset = [[0, 1], [2, 0], [1, 0]], block = []}>
// Identity bases print in the short form.
#pad_ident = #ttg.padded_shared<[16:+1] {offset = [[1, 0], [2, 0], [0, 1], [0, 2]], block = []}>
#sl = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 2]], block = []}, alignment = 16>
#sl_block = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [[0, 0]]}, alignment = 128>
#smem = #ttg.shared_memory

module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func @amd
// CHECK-SAME: tensor<64x64xf32, #[[MFMA]]>
// CHECK-SAME: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MFMA]], kWidth = 4}>>
// CHECK-SAME: tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[MFMA]]}>>
// CHECK-SAME: tensor<64x64xf32, #[[MFMA_ALL]]>
// CHECK-SAME: tensor<64x64xf32, #[[MFMA_OLD]]>
// CHECK-SAME: tensor<64x64xf32, #[[WMMA]]>
// CHECK-SAME: tensor<64x64xf32, #[[WMMA3]]>
// CHECK-SAME: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[WMMA]], kWidth = 8}>>
tt.func @amd(%a: tensor<64x64xf32, #mfma>,
             %b: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>>,
             %c: tensor<64xf32, #ttg.slice<{dim = 1, parent = #mfma}>>,
             %d: tensor<64x64xf32, #mfma_all>,
             %e: tensor<64x64xf32, #mfma_old>,
             %f: tensor<64x64xf32, #wmma>,
             %g: tensor<64x64xf32, #wmma3>,
             %h: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #wmma, kWidth = 8}>>) -> tensor<64x64xf32, #mfma> {
  // An op using them verifies (the tensor-layout check skips them).
  %0 = arith.addf %a, %a : tensor<64x64xf32, #mfma>
  %1 = tt.expand_dims %c {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #mfma}>> -> tensor<64x1xf32, #mfma>
  tt.return %0 : tensor<64x64xf32, #mfma>
}

// CHECK-LABEL: tt.func @shared
// CHECK-SAME: !ttg.memdesc<64x32xf16, #[[PAD_SHORT]], #smem>
// CHECK-SAME: !ttg.memdesc<4x2xf16, #[[PAD_BASES]], #smem>
// CHECK-SAME: !ttg.memdesc<4x4xf16, #[[PAD_IDENT]], #smem>
// CHECK-SAME: !ttg.memdesc<4x4xf32, #[[SL]], #smem>
// CHECK-SAME: !ttg.memdesc<2x2xf32, #[[SL_BLOCK]], #smem>
tt.func @shared(%a: !ttg.memdesc<64x32xf16, #pad_short, #smem>,
                %b: !ttg.memdesc<4x2xf16, #pad_bases, #smem>,
                %c: !ttg.memdesc<4x4xf16, #pad_ident, #smem>,
                %d: !ttg.memdesc<4x4xf32, #sl, #smem>,
                %e: !ttg.memdesc<2x2xf32, #sl_block, #smem>) {
  tt.return
}
}

// shared_linear has a layout: a buffer of it loads into registers.
// CHECK-LABEL: tt.func @shared_linear_load
// CHECK: ttg.local_load %{{.*}} : !ttg.memdesc<4x4xf32, #[[SL]], #smem> -> tensor<4x4xf32, #blocked>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 4 : i32} {
tt.func @shared_linear_load(%m: !ttg.memdesc<4x4xf32, #sl, #smem>) -> tensor<4x4xf32, #blocked> {
  %t = ttg.local_load %m : !ttg.memdesc<4x4xf32, #sl, #smem> -> tensor<4x4xf32, #blocked>
  tt.return %t : tensor<4x4xf32, #blocked>
}
}

// An #ttg.nvmma_shared whose element width is unset (0, or absent as
// Triton's warp-specialization tests write it) reads and prints with 0.
// CHECK-LABEL: tt.func @nvmma_unset_width
// CHECK-SAME: !ttg.memdesc<128x64xf16, #[[UNSET]], #smem>
// CHECK-SAME: !ttg.memdesc<128x64xf16, #[[UNSET]], #smem>
#unset = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 0}>
#absent = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false}>
tt.func @nvmma_unset_width(%a: !ttg.memdesc<128x64xf16, #unset, #smem>,
                           %b: !ttg.memdesc<128x64xf16, #absent, #smem>) {
  tt.return
}

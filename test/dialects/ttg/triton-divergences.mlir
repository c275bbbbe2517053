// RUN: %mlir-tile %s -split-input-file -verify-diagnostics | FileCheck %s

// Cases where tile's ttg dialect once differed from Triton 3.6; each asserts
// Triton's behaviour.

//===----------------------------------------------------------------------===//
// #ttg.linear applied to a tensor of another shape
//===----------------------------------------------------------------------===//

// Triton's LinearEncodingAttr::toLinearLayout(shape) fits the layout to the
// tensor: ensureLayoutNotSmallerThan repeats it in registers, and
// ensureLayoutNotLargerThan broadcasts. Both tensors below verify in Triton
// (4 warps, 32 lanes); tile rejects them with "#ttg.linear does not describe
// this shape: layout is not surjective".

// A 64x8 layout on 128x8: one more register basis, [64, 0].
#linear = #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @linear_larger_tensor(%x: tensor<128x8xf32, #linear>) -> tensor<128x8xf32, #linear> {
  tt.return %x : tensor<128x8xf32, #linear>
}
}

// -----

// The same layout on 32x8: the second warp basis broadcasts.
#linear = #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @linear_smaller_tensor(%x: tensor<32x8xf32, #linear>) -> tensor<32x8xf32, #linear> {
  tt.return %x : tensor<32x8xf32, #linear>
}
}

//===----------------------------------------------------------------------===//
// Encodings Triton rejects when it parses them
//===----------------------------------------------------------------------===//

// -----

// Triton's DotOperandEncodingAttr::verify accepts only an nvidia_mma (or AMD
// mma) or a blocked parent ("ttg.dot_op unexpected parent layout"); tile
// accepts any distributed parent and fails only when a tensor uses it
// ("#ttg.dot_op: no layout for parent ttg.slice").
#blocked = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// expected-error @+1 {{parent}}
#d = #ttg.dot_op<{opIdx = 0, parent = #ttg.slice<{dim = 0, parent = #blocked}>}>

// -----

#linear = #ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}>
// expected-error @+1 {{parent}}
#d = #ttg.dot_op<{opIdx = 1, parent = #linear}>

// -----

// Triton builds a #ttg.linear's LinearLayout when it parses it, requiring it
// to be surjective onto the out-dims its bases span: here dim1 = 1 is never
// reached. tile parses it and fails only on a tensor using it.
// expected-error @+1 {{surjective}}
#linear = #ttg.linear<{register = [[0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>

//===----------------------------------------------------------------------===//
// #ttg.nvmma_shared of rank != 2 with a CGA layout
//===----------------------------------------------------------------------===//

// -----

// Triton 3.6 prints `rank = N` only when the CGA layout is trivial; with a
// CGA layout the rank is that of its bases and `rank` is left out. tile
// reads the bases with width 2 unless `rank` is given, so it rejects
// Triton's form ("'CGALayout' must be a list of bases of 2 non-negative
// integers, got [[0, 1, 0]]"), and it prints `rank = 3, CGALayout = ...`.
// CHECK: #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}0, 1, 0]]}>
// CHECK-LABEL: tt.func @nvmma_rank3_cga
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1, 0]]}>
tt.func @nvmma_rank3_cga(%m: !ttg.memdesc<2x64x64xf16, #shared, #ttg.shared_memory>) {
  tt.return
}

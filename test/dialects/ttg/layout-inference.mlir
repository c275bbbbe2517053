// RUN: %mlir-tile %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -verify-diagnostics | %mlir-tile -split-input-file | FileCheck %s

// tt's shape ops on encoded tensors, verified through ttg's layout
// inference (TTGDialect.cpp): the result encoding must be the one Triton
// infers, or one with the same linear layout (e.g. the equivalent
// #ttg.linear). Valid cases are printed and checked (the second RUN re-parses
// the printed form); invalid ones are checked with -verify-diagnostics.
// The #ttg.linear bases below are what
//   tile-layout '<encoding>' SHAPE --format=bases
// prints for the operand's encoding, with the op's transformation applied.

//===----------------------------------------------------------------------===//
// tt.reduce: the result is the operand's layout sliced along the axis
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func @reduce
// CHECK:         }) : (tensor<64x32xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK:         }) : (tensor<64x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK:         }) : (tensor<32x16xf32, #mma>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>>
tt.func @reduce(%x: tensor<64x32xf32, #blocked>, %m: tensor<32x16xf32, #mma>) {
  %r0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x32xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  %r1 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maxnumf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %r2 = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16xf32, #mma>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>>
  tt.return
}

// The result may also be given as the slice's linear layout: 32 rows of the
// mma, each held by the four lanes (and two warps) that shared it.
// CHECK-LABEL: tt.func @reduce_linear_result
// CHECK:         }) : (tensor<32x16xf32, #mma>) -> tensor<32xf32, #linear>
tt.func @reduce_linear_result(%m: tensor<32x16xf32, #mma>) {
  %r = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<32x16xf32, #mma>) -> tensor<32xf32, #ttg.linear<{register = [[8]], lane = [[0], [0], [1], [2], [4]], warp = [[0], [16]], block = []}>>
  tt.return
}

// A 1-D tensor reduces to a scalar: there is no result encoding to check.
// CHECK-LABEL: tt.func @reduce_to_scalar
// CHECK:         }) : (tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> f32
tt.func @reduce_to_scalar(%x: tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
  %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>) -> f32
  tt.return
}
}

// -----

//===----------------------------------------------------------------------===//
// tt.expand_dims: a slice goes back to its parent
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func @expand_dims
// CHECK-NEXT:    %0 = tt.expand_dims %arg0 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
// CHECK-NEXT:    %1 = tt.expand_dims %arg1 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
// CHECK-NEXT:    %2 = tt.expand_dims %arg2 {axis = 1 : i32} : tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<32x1xf32, #mma>
tt.func @expand_dims(%a: tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, %b: tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>, %c: tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>>) {
  %e0 = tt.expand_dims %a {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
  %e1 = tt.expand_dims %b {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %e2 = tt.expand_dims %c {axis = 1 : i32} : tensor<32xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<32x1xf32, #mma>
  tt.return
}

// The usual index computation: make_range, expand_dims, broadcast.
// CHECK-LABEL: tt.func @expand_dims_of_make_range
// CHECK-NEXT:    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
// CHECK-NEXT:    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
// CHECK-NEXT:    %2 = tt.broadcast %1 : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
tt.func @expand_dims_of_make_range() {
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %e = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %b = tt.broadcast %e : tensor<1x32xi32, #blocked> -> tensor<64x32xi32, #blocked>
  tt.return
}
}

// -----

//===----------------------------------------------------------------------===//
// tt.trans
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 2, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
#blocked4 = #ttg.blocked<{sizePerThread = [4, 1, 2], threadsPerWarp = [8, 1, 4], warpsPerCTA = [1, 2, 2], order = [0, 2, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// A blocked layout transposes to the permuted blocked layout; order follows
// the dimensions. The 3-D case uses order [2, 0, 1]: result dim i is source
// dim order[i].
// CHECK:       #blocked1 = #ttg.blocked<{sizePerThread = [1, 2, 4], threadsPerWarp = [1, 4, 8], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
// CHECK-NEXT:  #blocked2 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-NEXT:  #blocked3 = #ttg.blocked<{sizePerThread = [4, 1, 2], threadsPerWarp = [8, 1, 4], warpsPerCTA = [1, 2, 2], order = [0, 2, 1]}>
// CHECK-LABEL: tt.func @trans_blocked
// CHECK-NEXT:    %0 = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x32xf16, #blocked> -> tensor<32x64xf16, #blocked2>
// CHECK-NEXT:    %1 = tt.trans %arg1 {order = array<i32: 2, 0, 1>} : tensor<2x8x32xf32, #blocked1> -> tensor<32x2x8xf32, #blocked3>
tt.func @trans_blocked(%x: tensor<64x32xf16, #blocked>, %y: tensor<2x8x32xf32, #blocked3>) {
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16, #blocked> -> tensor<32x64xf16, #blocked1>
  %u = tt.trans %y {order = array<i32: 2, 0, 1>} : tensor<2x8x32xf32, #blocked3> -> tensor<32x2x8xf32, #blocked4>
  tt.return
}

// An mma has no transposed legacy form: the result is the #ttg.linear with
// every basis' coordinates swapped. tile-layout '#mma' 32x16 gives
// register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
// warp = [[0, 8], [16, 0]].
// CHECK-LABEL: tt.func @trans_mma
// CHECK-NEXT:    %0 = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<32x16xf32, #mma> -> tensor<16x32xf32, #linear>
tt.func @trans_mma(%x: tensor<32x16xf32, #mma>) {
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x16xf32, #mma> -> tensor<16x32xf32, #ttg.linear<{register = [[1, 0], [0, 8]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[8, 0], [0, 16]], block = []}>>
  tt.return
}

// Any encoding with the same linear layout is accepted: here the transposed
// blocked layout written as #ttg.linear, and back.
// CHECK-LABEL: tt.func @trans_equivalent
// CHECK-NEXT:    %0 = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x32xf16, #blocked> -> tensor<32x64xf16, #linear1>
// CHECK-NEXT:    %1 = tt.trans %0 {order = array<i32: 1, 0>} : tensor<32x64xf16, #linear1> -> tensor<64x32xf16, #blocked>
tt.func @trans_equivalent(%x: tensor<64x32xf16, #blocked>) {
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16, #blocked> -> tensor<32x64xf16, #ttg.linear<{register = [[1, 0], [2, 0], [16, 0], [0, 32]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>>
  %u = tt.trans %t {order = array<i32: 1, 0>} : tensor<32x64xf16, #ttg.linear<{register = [[1, 0], [2, 0], [16, 0], [0, 32]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 16]], block = []}>> -> tensor<64x32xf16, #blocked>
  tt.return
}
}

// -----

//===----------------------------------------------------------------------===//
// tt.join / tt.split
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// join appends a minor dimension held in two registers of each thread:
// sizePerThread 2, one lane, one warp, order [new, old...]. split undoes it.
// CHECK:       #blocked1 = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-LABEL: tt.func @join_split_blocked
// CHECK-NEXT:    %0 = tt.join %arg0, %arg1 : tensor<64x32xf32, #blocked> -> tensor<64x32x2xf32, #blocked1>
// CHECK-NEXT:    %outLHS, %outRHS = tt.split %0 : tensor<64x32x2xf32, #blocked1> -> tensor<64x32xf32, #blocked>
tt.func @join_split_blocked(%a: tensor<64x32xf32, #blocked>, %b: tensor<64x32xf32, #blocked>) {
  %j = tt.join %a, %b : tensor<64x32xf32, #blocked> -> tensor<64x32x2xf32, #blocked1>
  %l, %r = tt.split %j : tensor<64x32x2xf32, #blocked1> -> tensor<64x32xf32, #blocked>
  tt.return
}

// For other layouts join adds the new register basis first, in linear form.
// CHECK-LABEL: tt.func @join_split_mma
// CHECK-NEXT:    %0 = tt.join %arg0, %arg0 : tensor<32x16xf32, #mma> -> tensor<32x16x2xf32, #linear>
// CHECK-NEXT:    %outLHS, %outRHS = tt.split %0 : tensor<32x16x2xf32, #linear> -> tensor<32x16xf32, #mma>
tt.func @join_split_mma(%a: tensor<32x16xf32, #mma>) {
  %j = tt.join %a, %a : tensor<32x16xf32, #mma> -> tensor<32x16x2xf32, #ttg.linear<{register = [[0, 0, 1], [0, 1, 0], [8, 0, 0]], lane = [[0, 2, 0], [0, 4, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[0, 8, 0], [16, 0, 0]], block = []}>>
  %l, %r = tt.split %j : tensor<32x16x2xf32, #ttg.linear<{register = [[0, 0, 1], [0, 1, 0], [8, 0, 0]], lane = [[0, 2, 0], [0, 4, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[0, 8, 0], [16, 0, 0]], block = []}>> -> tensor<32x16xf32, #mma>
  tt.return
}

// The join of a blocked layout may also be written as its linear layout.
// CHECK-LABEL: tt.func @join_linear_result
// CHECK-NEXT:    %0 = tt.join %arg0, %arg0 : tensor<64x32xf32, #blocked> -> tensor<64x32x2xf32, #linear1>
tt.func @join_linear_result(%a: tensor<64x32xf32, #blocked>) {
  %j = tt.join %a, %a : tensor<64x32xf32, #blocked> -> tensor<64x32x2xf32, #ttg.linear<{register = [[0, 0, 1], [0, 1, 0], [0, 2, 0], [0, 16, 0], [32, 0, 0]], lane = [[0, 4, 0], [0, 8, 0], [1, 0, 0], [2, 0, 0], [4, 0, 0]], warp = [[8, 0, 0], [16, 0, 0]], block = []}>>
  tt.return
}
}

// -----

//===----------------------------------------------------------------------===//
// Multi-CTA (CGALayout) blocked layouts: the CGA bases follow the dimensions
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [0, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = [[0, 1], [0, 0]]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0], CGALayout = [[1, 0, 0], [0, 0, 0]]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// trans permutes every CGA basis like the other per-dimension parameters;
// join gives each a zero entry for the new dimension, split drops it.
// CHECK:       #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0], [0, 0]]}>
// CHECK-LABEL: tt.func @cga_trans_join_split
// CHECK-NEXT:    %0 = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<64x32xf32, #blocked> -> tensor<32x64xf32, #blocked1>
// CHECK-NEXT:    %1 = tt.join %arg0, %arg0 : tensor<64x32xf32, #blocked> -> tensor<64x32x2xf32, #blocked2>
// CHECK-NEXT:    %outLHS, %outRHS = tt.split %1 : tensor<64x32x2xf32, #blocked2> -> tensor<64x32xf32, #blocked>
tt.func @cga_trans_join_split(%a: tensor<64x32xf32, #blocked>) {
  %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<64x32xf32, #blocked> -> tensor<32x64xf32, #blocked1>
  %j = tt.join %a, %a : tensor<64x32xf32, #blocked> -> tensor<64x32x2xf32, #blocked2>
  %l, %r = tt.split %j : tensor<64x32x2xf32, #blocked2> -> tensor<64x32xf32, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0], [0, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1], CGALayout = [[1, 0], [0, 0]]}>
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @cga_trans_unpermuted(%a: tensor<64x32xf32, #blocked>) {
  // expected-error @+2 {{'tt.trans' op inferred type(s) with encoding}}
  // expected-error @+1 {{'tt.trans' op failed to infer returned types}}
  %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<64x32xf32, #blocked> -> tensor<32x64xf32, #blocked1>
  tt.return
}
}

// -----

//===----------------------------------------------------------------------===//
// tt.reshape
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// Row-major reshapes that keep every element in its register, lane and
// warp. 512 elements: registers 1, 2; lanes 4..64; warps 128, 256, which in
// 4x128 is blocked [1, 4] / [1, 32] / [4, 1].
// CHECK:       #blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @reshape_in_place
// CHECK-NEXT:    %0 = tt.reshape %arg0 : tensor<512xf32, #blocked> -> tensor<4x128xf32, #blocked1>
// CHECK-NEXT:    %1 = tt.reshape %0 : tensor<4x128xf32, #blocked1> -> tensor<512xf32, #blocked>
tt.func @reshape_in_place(%x: tensor<512xf32, #blocked>) {
  %r = tt.reshape %x : tensor<512xf32, #blocked> -> tensor<4x128xf32, #blocked1>
  %s = tt.reshape %r : tensor<4x128xf32, #blocked1> -> tensor<512xf32, #blocked>
  tt.return
}

// Flattening a 64x32 blocked tensor: element (i, j) is 32 i + j, so
// tile-layout's bases register = [[0, 1], [0, 2], [0, 16], [32, 0]],
// lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]]
// become 1, 2, 16, 1024 / 4, 8, 32, 64, 128 / 256, 512.
// CHECK-LABEL: tt.func @reshape_flatten
// CHECK-NEXT:    %0 = tt.reshape %arg0 : tensor<64x32xf32, #blocked2> -> tensor<2048xf32, #linear>
tt.func @reshape_flatten(%x: tensor<64x32xf32, #blocked2>) {
  %r = tt.reshape %x : tensor<64x32xf32, #blocked2> -> tensor<2048xf32, #ttg.linear<{register = [[1], [2], [16], [1024]], lane = [[4], [8], [32], [64], [128]], warp = [[256], [512]], block = []}>>
  tt.return
}

// With allow_reorder any result layout is fine.
// CHECK-LABEL: tt.func @reshape_allow_reorder
// CHECK-NEXT:    %0 = tt.reshape %arg0 allow_reorder : tensor<512xf32, #blocked> -> tensor<4x128xf32, #blocked2>
tt.func @reshape_allow_reorder(%x: tensor<512xf32, #blocked>) {
  %r = tt.reshape %x allow_reorder : tensor<512xf32, #blocked> -> tensor<4x128xf32, #blocked2>
  tt.return
}
}

// -----

//===----------------------------------------------------------------------===//
// tt.dot: operands in dot_op layouts of the accumulator's layout
//===----------------------------------------------------------------------===//

#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
// CHECK-LABEL: tt.func @dot_mma
// CHECK-NEXT:    %0 = tt.dot %arg0, %arg1, %arg2 : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
tt.func @dot_mma(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) {
  %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
  tt.return
}

// The FMA path: a blocked accumulator, dot_op operands without kWidth.
// CHECK-LABEL: tt.func @dot_fma
// CHECK-NEXT:    %0 = tt.dot %arg0, %arg1, %arg2 : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
tt.func @dot_fma(%a: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<64x64xf32, #blocked>) {
  %d = tt.dot %a, %b, %c : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x64xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<64x64xf32, #blocked>
  tt.return
}
}

//===----------------------------------------------------------------------===//
// Invalid cases
//===----------------------------------------------------------------------===//

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @expand_dims_not_slice(%x: tensor<64xi32, #blocked1d>) {
  // expected-error @+2 {{expand_dims along axis 1 needs an operand in #ttg.slice<{dim = 1, ...}>}}
  // expected-error @+1 {{failed to infer returned types}}
  %e = tt.expand_dims %x {axis = 1 : i32} : tensor<64xi32, #blocked1d> -> tensor<64x1xi32, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @expand_dims_wrong_axis(%x: tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
  // expected-error @+2 {{expand_dims along axis 0 needs an operand in #ttg.slice<{dim = 0, ...}>}}
  // expected-error @+1 {{failed to infer returned types}}
  %e = tt.expand_dims %x {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @expand_dims_wrong_parent(%x: tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
  // expected-error @+2 {{'tt.expand_dims' op inferred type(s) with encoding}}
  // expected-error @+1 {{failed to infer returned types}}
  %e = tt.expand_dims %x {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked1>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @reduce_wrong_slice_dim(%x: tensor<64x64xf32, #blocked>) {
  // expected-error @+2 {{'tt.reduce' op inferred type(s) with encoding #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}> are incompatible with return type(s) of operation: result encoding #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @reduce_not_slice(%x: tensor<64x32xf32, #blocked>) {
  // expected-error @+2 {{'tt.reduce' op inferred type(s) with encoding}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x32xf32, #blocked>) -> tensor<64xf32, #blocked1d>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @reduce_no_encoding(%x: tensor<64x32xf32, #blocked>) {
  // expected-error @+1 {{'tt.reduce' op source and result must both have a layout encoding or neither}}
  %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x32xf32, #blocked>) -> tensor<64xf32>
  tt.return
}
}

// -----

// The transpose of a blocked layout is not the same blocked layout.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @trans_same_blocked(%x: tensor<64x32xf16, #blocked>) {
  // expected-error @+2 {{inferred type(s) with encoding #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}> are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16, #blocked> -> tensor<32x64xf16, #blocked>
  tt.return
}
}

// -----

// Nor is the transpose of an mma the same mma.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @trans_same_mma(%x: tensor<32x16xf32, #mma>) {
  // expected-error @+2 {{inferred type(s) with encoding #ttg.linear<{register = [[1, 0], [0, 8]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[8, 0], [0, 16]], block = []}> are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x16xf32, #mma> -> tensor<16x32xf32, #mma>
  tt.return
}
}

// -----

// Warps swapped in the linear result.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @trans_wrong_linear(%x: tensor<32x16xf32, #mma>) {
  // expected-error @+2 {{'tt.trans' op inferred type(s) with encoding}}
  // expected-error @+1 {{failed to infer returned types}}
  %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<32x16xf32, #mma> -> tensor<16x32xf32, #ttg.linear<{register = [[1, 0], [0, 8]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 16], [8, 0]], block = []}>>
  tt.return
}
}

// -----

// join's new dimension lives in registers, not the source's layout.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [8, 2, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @join_wrong_result(%a: tensor<64x32xf32, #blocked>) {
  // expected-error @+1 {{split needs the last dimension (size 2) held within each thread}}
  %j = tt.join %a, %a : tensor<64x32xf32, #blocked> -> tensor<64x32x2xf32, #blocked1>
  tt.return
}
}

// -----

// As in Triton, join checks the operand layout the result layout splits
// into: a result that puts the new dimension in registers but differs
// otherwise is incompatible.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 2, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @join_incompatible(%a: tensor<64x32xf32, #blocked>) {
  // expected-error @+1 {{incompatible join layout}}
  %j = tt.join %a, %a : tensor<64x32xf32, #blocked> -> tensor<64x32x2xf32, #blocked1>
  tt.return
}
}

// -----

// Any result layout that splits back into the operands' is accepted, not
// only the one join infers: here the new dimension is not fastest in order.
// CHECK-LABEL: tt.func @join_other_order
// CHECK: tt.join %{{.*}} -> tensor<128x64x2xf32, #blocked1>
#blocked = #ttg.blocked<{sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 64, 2], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [0, 1, 2]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @join_other_order(%a: tensor<128x64xf32, #blocked>) {
  %j = tt.join %a, %a : tensor<128x64xf32, #blocked> -> tensor<128x64x2xf32, #blocked1>
  tt.return
}
}

// -----

// The last dimension is spread over lanes: the two halves are in different
// threads.
#blocked = #ttg.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [8, 2, 2], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @split_over_lanes(%x: tensor<64x32x2xf32, #blocked>) {
  // expected-error @+2 {{split needs the last dimension (size 2) held within each thread}}
  // expected-error @+1 {{failed to infer returned types}}
  %l, %r = tt.split %x : tensor<64x32x2xf32, #blocked> -> tensor<64x32xf32, #blocked1>
  tt.return
}
}

// -----

// ... or over warps.
#blocked = #ttg.blocked<{sizePerThread = [1, 4, 1], threadsPerWarp = [8, 4, 1], warpsPerCTA = [2, 1, 2], order = [2, 1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @split_over_warps(%x: tensor<64x32x2xf32, #blocked>) {
  // expected-error @+2 {{split needs the last dimension (size 2) held within each thread}}
  // expected-error @+1 {{failed to infer returned types}}
  %l, %r = tt.split %x : tensor<64x32x2xf32, #blocked> -> tensor<64x32xf32, #blocked1>
  tt.return
}
}

// -----

// A split result in the wrong layout.
#blocked = #ttg.blocked<{sizePerThread = [1, 4, 2], threadsPerWarp = [8, 4, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @split_wrong_result(%x: tensor<64x32x2xf32, #blocked>) {
  // expected-error @+2 {{inferred type(s) with encoding #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}> are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %l, %r = tt.split %x : tensor<64x32x2xf32, #blocked> -> tensor<64x32xf32, #blocked1>
  tt.return
}
}

// -----

// 512 elements as 4x128: warps must hold rows, not columns, for the data to
// stay in place.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @reshape_moves_data(%x: tensor<512xf32, #blocked>) {
  // expected-error @+1 {{tt.reshape without allow_reorder must keep every element in its thread; the result encoding #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}> moves data (expected #ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], warp = [[1, 0], [2, 0]], block = []}>)}}
  %r = tt.reshape %x : tensor<512xf32, #blocked> -> tensor<4x128xf32, #blocked1>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @reshape_drops_encoding(%x: tensor<512xf32, #blocked>) {
  // expected-error @+1 {{'tt.reshape' op source and result must both have a layout encoding or neither}}
  %r = tt.reshape %x : tensor<512xf32, #blocked> -> tensor<4x128xf32>
  tt.return
}
}

// -----

// A's parent is another mma than the accumulator.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_mismatched_parent(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{'tt.dot' op operand a must have encoding #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>}>}}
  %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
  tt.return
}
}

// -----

// B in the A (opIdx 0) layout.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_wrong_opidx(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{'tt.dot' op operand b must have encoding #ttg.dot_op<{opIdx = 1, parent = }}
  %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
  tt.return
}
}

// -----

// An operand in a plain blocked layout.
#blocked = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_blocked_operand(%a: tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x64xf32, #blocked>, %c: tensor<64x64xf32, #blocked>) {
  // expected-error @+1 {{'tt.dot' op mismatching encoding between A and B operands}}
  %d = tt.dot %a, %b, %c : tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x64xf32, #blocked> -> tensor<64x64xf32, #blocked>
  tt.return
}
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func @dot_missing_encoding(%a: tensor<64x32xf16>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{'tt.dot' op mismatching encoding between A and B operands}}
  %d = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
  tt.return
}
}

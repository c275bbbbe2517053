// convert-triton-to-tritongpu: every tensor gets Triton's default
// #ttg.blocked layout (sizePerThread = 1..1, order = [rank-1 .. 0], lanes
// and warps filled from the fastest dimension by the BlockedEncodingAttr
// builder, triton.md §6.1), the module gets the ttg.* target attributes, and
// ops that need another layout get ttg.convert_layout around them.

// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu)' | FileCheck %s
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu{target=cuda:80 num-warps=8})' | FileCheck %s --check-prefix=W8
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu{target=cuda:86 num-warps=1})' | FileCheck %s --check-prefix=W1
// With a cluster of CTAs per program the layouts stay one CTA's; the
// cluster is recorded apart (dialects/ttg/TargetOptions.h).
// RUN: %mlir-tile %s -split-input-file -p 'builtin.module(convert-triton-to-tritongpu{num-ctas=2})' | FileCheck %s --check-prefix=CLUSTER
// CLUSTER: module attributes {"tile.cluster-ctas" = 2 : i32, "ttg.num-ctas" = 1 : i32

// Expected default layouts, by the builder (threadsPerCTA = clamp(remaining
// threads, 1, shape[d]); threadsPerWarp[d] = clamp(threadsPerCTA, 1,
// remaining lanes); warpsPerCTA[d] = clamp(threadsPerCTA / threadsPerWarp[d],
// 1, remaining warps); the slowest dim takes what is left):
//   1024,  4 warps: [32]     / [4]
//   1024,  8 warps: [32]     / [8]
//   64x64, 4 warps: dim1 tpc 64 -> tpw 32, wpc 2; dim0 -> tpw 1, wpc 2
//   64x64, 8 warps: dim1 tpc 64 -> tpw 32, wpc 2; dim0 -> tpw 1, wpc 4
//   128x32, 4 warps: dim1 tpc 32 -> tpw 32, wpc 1; dim0 -> tpw 1, wpc 4
//   16x16, 4 warps: dim1 tpc 16 -> tpw 16, wpc 1; dim0 -> tpw 2, wpc 4
//   16x16, 8 warps: dim1 tpc 16 -> tpw 16, wpc 1; dim0 -> tpw 2, wpc 8
//   2x2,   4 warps: dim1 tpc 2 -> tpw 2, wpc 1; dim0 -> tpw 16, wpc 4
//   64x1,  4 warps: dim1 tpc 1 -> tpw 1, wpc 1; dim0 -> tpw 32, wpc 4
//   1x64,  4 warps: dim1 tpc 64 -> tpw 32, wpc 2; dim0 -> tpw 1, wpc 2

// CHECK-DAG: #[[B1D:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B64:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[B128:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B16:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B2:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}

// W8-DAG: #[[B1D:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// W8-DAG: #[[B64:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
// W8-DAG: #[[B128:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
// W8-DAG: #[[B16:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
// W8: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32}

// W1: #[[B1D:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// W1: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:86", "ttg.threads-per-warp" = 32 : i32}
// W1-LABEL: tt.func @default_1d
// W1-SAME: tensor<1024xf32, #[[B1D]]>

// tt.func signatures and block arguments are retyped, results included.
// CHECK-LABEL: tt.func @default_1d
// CHECK-SAME: (%{{.*}}: tensor<1024xf32, #[[B1D]]>) -> tensor<1024xf32, #[[B1D]]>
// CHECK: tt.return %{{.*}} : tensor<1024xf32, #[[B1D]]>
// W8-LABEL: tt.func @default_1d
// W8-SAME: (%{{.*}}: tensor<1024xf32, #[[B1D]]>) -> tensor<1024xf32, #[[B1D]]>
tt.func @default_1d(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  tt.return %a : tensor<1024xf32>
}

// CHECK-LABEL: tt.func @default_2d
// CHECK-SAME: tensor<64x64xf32, #[[B64]]>
// CHECK-SAME: tensor<128x32xf32, #[[B128]]>
// CHECK-SAME: tensor<16x16xf32, #[[B16]]>
// CHECK-SAME: tensor<2x2xf32, #[[B2]]>
// W8-LABEL: tt.func @default_2d
// W8-SAME: tensor<64x64xf32, #[[B64]]>
// W8-SAME: tensor<128x32xf32, #[[B128]]>
// W8-SAME: tensor<16x16xf32, #[[B16]]>
tt.func @default_2d(%a: tensor<64x64xf32>, %b: tensor<128x32xf32>,
                    %c: tensor<16x16xf32>, %d: tensor<2x2xf32>) {
  tt.return
}

// Results of ops in the body, scalars untouched.
// CHECK-LABEL: tt.func @body_values
// CHECK-SAME: (%[[N:.+]]: i32)
// CHECK: %[[R:.+]] = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[B1D]]>
// CHECK: %[[S:.+]] = tt.splat %[[N]] : i32 -> tensor<1024xi32, #[[B1D]]>
// CHECK: arith.addi %[[R]], %[[S]] : tensor<1024xi32, #[[B1D]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
tt.func @body_values(%n: i32) -> tensor<1024xi32> {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %s = tt.splat %n : i32 -> tensor<1024xi32>
  %a = arith.addi %r, %s : tensor<1024xi32>
  tt.return %a : tensor<1024xi32>
}

// -----

// CHECK-DAG: #[[B1D:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[COL:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ROW:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>

// expand_dims takes a slice of its result's layout along the new axis.
// CHECK-LABEL: tt.func @expand_dims
// CHECK-SAME: (%[[A:.+]]: tensor<64xi32, #[[B1D]]>)
// CHECK: %[[C0:.+]] = ttg.convert_layout %[[A]] : tensor<64xi32, #[[B1D]]> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[COL]]}>>
// CHECK: tt.expand_dims %[[C0]] {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #[[COL]]}>> -> tensor<64x1xi32, #[[COL]]>
// CHECK: %[[C1:.+]] = ttg.convert_layout %[[A]] : tensor<64xi32, #[[B1D]]> -> tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[ROW]]}>>
// CHECK: tt.expand_dims %[[C1]] {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #[[ROW]]}>> -> tensor<1x64xi32, #[[ROW]]>
tt.func @expand_dims(%a: tensor<64xi32>) -> (tensor<64x1xi32>, tensor<1x64xi32>) {
  %e0 = tt.expand_dims %a {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %e1 = tt.expand_dims %a {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  tt.return %e0, %e1 : tensor<64x1xi32>, tensor<1x64xi32>
}

// -----

// CHECK-DAG: #[[B1D:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B64:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>

// The reduce result is a slice of the operand's layout, converted back to
// the default for its users; a reduction to a scalar needs nothing.
// CHECK-LABEL: tt.func @reduce
// CHECK: %[[R:.+]] = "tt.reduce"(%{{.*}}) <{axis = 1 : i32}>
// CHECK: arith.maxnumf %{{.*}}, %{{.*}} : f32
// CHECK: (tensor<64x64xf32, #[[B64]]>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[B64]]}>>
// CHECK-NEXT: %[[BACK:.+]] = ttg.convert_layout %[[R]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[B64]]}>> -> tensor<64xf32, #[[B1D]]>
// CHECK-NEXT: arith.addf %[[BACK]], %[[BACK]] : tensor<64xf32, #[[B1D]]>
tt.func @reduce(%a: tensor<64x64xf32>) -> tensor<64xf32> {
  %r = "tt.reduce"(%a) <{axis = 1 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %m = arith.maxnumf %x, %y : f32
    tt.reduce.return %m : f32
  }) : (tensor<64x64xf32>) -> tensor<64xf32>
  %d = arith.addf %r, %r : tensor<64xf32>
  tt.return %d : tensor<64xf32>
}

// CHECK-LABEL: tt.func @reduce_to_scalar
// CHECK: "tt.reduce"
// CHECK: (tensor<64xf32, #[[B1D]]>) -> f32
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
tt.func @reduce_to_scalar(%a: tensor<64xf32>) -> f32 {
  %r = "tt.reduce"(%a) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    tt.reduce.return %s : f32
  }) : (tensor<64xf32>) -> f32
  tt.return %r : f32
}

// A scan's results have its operands' layout (the default of their shape),
// for either axis and any number of operands: no conversion.
// CHECK-LABEL: tt.func @scan
// CHECK: %[[S:.+]]:2 = "tt.scan"(%{{.*}}, %{{.*}}) <{axis = 0 : i32, reverse = true}>
// CHECK: (tensor<64x64xf32, #[[B64]]>, tensor<64x64xi32, #[[B64]]>) -> (tensor<64x64xf32, #[[B64]]>, tensor<64x64xi32, #[[B64]]>)
// CHECK-NOT: ttg.convert_layout
// CHECK: "tt.scan"(%[[S]]#0) <{axis = 1 : i32, reverse = false}>
// CHECK: (tensor<64x64xf32, #[[B64]]>) -> tensor<64x64xf32, #[[B64]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
tt.func @scan(%a: tensor<64x64xf32>, %i: tensor<64x64xi32>) -> tensor<64x64xf32> {
  %s:2 = "tt.scan"(%a, %i) <{axis = 0 : i32, reverse = true}> ({
  ^bb0(%x: f32, %xi: i32, %y: f32, %yi: i32):
    %m = arith.addf %x, %y : f32
    %mi = arith.addi %xi, %yi : i32
    tt.scan.return %m, %mi : f32, i32
  }) : (tensor<64x64xf32>, tensor<64x64xi32>) -> (tensor<64x64xf32>, tensor<64x64xi32>)
  %t = "tt.scan"(%s#0) <{axis = 1 : i32, reverse = false}> ({
  ^bb0(%x: f32, %y: f32):
    %m = arith.maxnumf %x, %y : f32
    tt.scan.return %m : f32
  }) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  tt.return %t : tensor<64x64xf32>
}

// -----

// CHECK-DAG: #[[B64:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[B6432:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ACC4:.+]] = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[ACC2:.+]] = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>

// A dot computes in a blocked layout of its own, as Triton's conversion
// picks it: 4x4 outputs per thread when the accumulator has at least 16
// elements per thread (2x2 from 4), so that an FMA dot, whose operands hold
// whole rows and columns of K, fits in registers. The accumulator is
// converted to it, the operands to dot operands of it, and the result back
// to the default.
// CHECK-LABEL: tt.func @dot
// CHECK-SAME: (%[[A:.+]]: tensor<64x32xf16, #[[B6432]]>, %[[B:.+]]: tensor<32x64xf16, #[[B64]]>, %[[C:.+]]: tensor<64x64xf32, #[[B64]]>)
// CHECK: %[[DC:.+]] = ttg.convert_layout %[[C]] : tensor<64x64xf32, #[[B64]]> -> tensor<64x64xf32, #[[ACC4]]>
// CHECK: %[[DA:.+]] = ttg.convert_layout %[[A]] : tensor<64x32xf16, #[[B6432]]> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[ACC4]]}>>
// CHECK: %[[DB:.+]] = ttg.convert_layout %[[B]] : tensor<32x64xf16, #[[B64]]> -> tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[ACC4]]}>>
// CHECK: %[[D:.+]] = tt.dot %[[DA]], %[[DB]], %[[DC]] : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[ACC4]]}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[ACC4]]}>> -> tensor<64x64xf32, #[[ACC4]]>
// CHECK: %[[R:.+]] = ttg.convert_layout %[[D]] : tensor<64x64xf32, #[[ACC4]]> -> tensor<64x64xf32, #[[B64]]>
// CHECK: tt.return %[[R]]
tt.func @dot(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tt.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tt.return %d : tensor<64x64xf32>
}

// CHECK-LABEL: tt.func @small_dot
// CHECK: tt.dot {{.+}} -> tensor<32x16xf32, #[[ACC2]]>
tt.func @small_dot(%a: tensor<32x16xf32>, %b: tensor<16x16xf32>, %c: tensor<32x16xf32>) -> tensor<32x16xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<32x16xf32> * tensor<16x16xf32> -> tensor<32x16xf32>
  tt.return %d : tensor<32x16xf32>
}

// Below 4 elements per thread the dot keeps one output per thread.
// CHECK-LABEL: tt.func @tiny_dot
// CHECK-SAME: %[[TC:[^:]+]]: tensor<16x16xf32, #[[BT:blocked[0-9]*]]>)
// CHECK: %[[TD:.+]] = tt.dot %{{.+}}, %{{.+}}, %[[TC]] : {{.+}} -> tensor<16x16xf32, #[[BT]]>
// CHECK-NEXT: tt.return %[[TD]]
tt.func @tiny_dot(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  tt.return %d : tensor<16x16xf32>
}

// -----

// CHECK-DAG: #[[B1D:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[B2:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>

// scf.for iter_args and results, scf.if results, tensor constants (splat and
// not) are re-encoded; the constants keep their values.
// CHECK-LABEL: tt.func @loop
// CHECK: %[[Z:.+]] = arith.constant dense<0.000000e+00> : tensor<128xf32, #[[B1D]]>
// CHECK: %[[ONE:.+]] = arith.constant dense<1.000000e+00> : tensor<128xf32, #[[B1D]]>
// CHECK: %[[R:.+]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.+]] = %[[Z]]) -> (tensor<128xf32, #[[B1D]]>)
// CHECK: %[[S:.+]] = arith.addf %[[ACC]], %[[ONE]] : tensor<128xf32, #[[B1D]]>
// CHECK: scf.yield %[[S]] : tensor<128xf32, #[[B1D]]>
// CHECK: scf.if %{{.*}} -> (tensor<128xf32, #[[B1D]]>)
// CHECK: scf.yield %[[R]] : tensor<128xf32, #[[B1D]]>
tt.func @loop(%n: i32, %p: i1) -> tensor<128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant dense<0.0> : tensor<128xf32>
  %one = arith.constant dense<1.0> : tensor<128xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<128xf32>) : i32 {
    %s = arith.addf %acc, %one : tensor<128xf32>
    scf.yield %s : tensor<128xf32>
  }
  %q = scf.if %p -> tensor<128xf32> {
    scf.yield %r : tensor<128xf32>
  } else {
    scf.yield %z : tensor<128xf32>
  }
  tt.return %q : tensor<128xf32>
}

// CHECK-LABEL: tt.func @constants
// CHECK: arith.constant dense<true> : tensor<128xi1, #[[B1D]]>
// CHECK: arith.constant dense<[true, false, true, true]> : tensor<4xi1, #[[B1D]]>
// CHECK: arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf16, #[[B2]]>
// CHECK: arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32, #[[B1D]]>
// CHECK: arith.constant dense<7> : tensor<8xi64, #[[B1D]]>
tt.func @constants() -> (tensor<128xi1>, tensor<4xi1>, tensor<2x2xf16>, tensor<4xi32>, tensor<8xi64>) {
  %a = arith.constant dense<true> : tensor<128xi1>
  %b = arith.constant dense<[true, false, true, true]> : tensor<4xi1>
  %c = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %d = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %e = arith.constant dense<7> : tensor<8xi64>
  tt.return %a, %b, %c, %d, %e : tensor<128xi1>, tensor<4xi1>, tensor<2x2xf16>, tensor<4xi32>, tensor<8xi64>
}

// Declarations and calls are retyped too.
// CHECK-LABEL: tt.func private @decl
// CHECK-SAME: (tensor<32xf32, #[[B1D]]>) -> tensor<32xf32, #[[B1D]]>
// CHECK-LABEL: tt.func @caller
// CHECK: tt.call @decl(%{{.*}}) : (tensor<32xf32, #[[B1D]]>) -> tensor<32xf32, #[[B1D]]>
tt.func private @decl(tensor<32xf32>) -> tensor<32xf32>
tt.func @caller(%a: tensor<32xf32>) -> tensor<32xf32> {
  %r = tt.call @decl(%a) : (tensor<32xf32>) -> tensor<32xf32>
  tt.return %r : tensor<32xf32>
}

// -----

// CHECK-DAG: #[[B64:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[B6432:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[TR:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[J:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [1, 32, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[B3:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 16, 2], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>

// trans yields the transposed operand layout (a no-op in registers), then
// the default comes back through a conversion.
// CHECK-LABEL: tt.func @trans
// CHECK: %[[T:.+]] = tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<64x32xf16, #[[B6432]]> -> tensor<32x64xf16, #[[TR]]>
// CHECK-NEXT: ttg.convert_layout %[[T]] : tensor<32x64xf16, #[[TR]]> -> tensor<32x64xf16, #[[B64]]>
tt.func @trans(%a: tensor<64x32xf16>) -> tensor<32x64xf16> {
  %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
  tt.return %t : tensor<32x64xf16>
}

// join puts the new dimension in registers; split takes its operand in that
// form.
// CHECK-LABEL: tt.func @join_split
// CHECK: %[[JN:.+]] = tt.join %{{.*}}, %{{.*}} : tensor<64x32xf32, #[[B6432]]> -> tensor<64x32x2xf32, #[[J]]>
// CHECK-NEXT: %[[D:.+]] = ttg.convert_layout %[[JN]] : tensor<64x32x2xf32, #[[J]]> -> tensor<64x32x2xf32, #[[B3]]>
// CHECK-NEXT: %[[S:.+]] = ttg.convert_layout %[[D]] : tensor<64x32x2xf32, #[[B3]]> -> tensor<64x32x2xf32, #[[J]]>
// CHECK-NEXT: tt.split %[[S]] : tensor<64x32x2xf32, #[[J]]> -> tensor<64x32xf32, #[[B6432]]>
tt.func @join_split(%a: tensor<64x32xf32>, %b: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %j = tt.join %a, %b : tensor<64x32xf32> -> tensor<64x32x2xf32>
  %l, %r = tt.split %j : tensor<64x32x2xf32> -> tensor<64x32xf32>
  tt.return %l : tensor<64x32xf32>
}

// -----

// The other shape ops (Triton's TritonToTritonGPU): a reshape's result takes
// the layout that keeps every element in its thread, which for the default
// layouts of power-of-two shapes is the default one (no conversion); with
// allow_reorder Triton keeps the default layout, which here holds the
// operand's registers too. cat grows sizePerThread of the result's default
// layout until a thread holds the registers of both operands. A 3-D trans
// permutes the blocked parameters and the order.
// CHECK-DAG: #[[R512:.+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[R16:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[R4:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-DAG: #[[R8:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK-DAG: #[[R3D:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 1, 32], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
// CHECK-DAG: #[[CAT64:.+]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[T3D:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 2, 16], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[T3DR:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [16, 1, 2], warpsPerCTA = [1, 1, 4], order = [0, 2, 1]}>
// CHECK-DAG: #[[T3DD:.+]] = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [1, 4, 8], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>
// CHECK-DAG: #[[U:.+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>

// CHECK-LABEL: tt.func @reshape
// CHECK-NEXT: tt.reshape %{{.*}} : tensor<512xi32, #[[R512]]> -> tensor<16x32xi32, #[[R16]]>
// CHECK-NEXT: tt.reshape %{{.*}} allow_reorder : tensor<512xi32, #[[R512]]> -> tensor<4x128xi32, #[[R4]]>
// CHECK-NEXT: tt.return
tt.func @reshape(%a: tensor<512xi32>) -> (tensor<16x32xi32>, tensor<4x128xi32>) {
  %r = tt.reshape %a : tensor<512xi32> -> tensor<16x32xi32>
  %s = tt.reshape %a allow_reorder : tensor<512xi32> -> tensor<4x128xi32>
  tt.return %r, %s : tensor<16x32xi32>, tensor<4x128xi32>
}

// CHECK-LABEL: tt.func @reshape_3d
// CHECK-NEXT: tt.reshape %{{.*}} : tensor<8x64xf32, #[[R8]]> -> tensor<2x4x64xf32, #[[R3D]]>
// CHECK-NEXT: tt.return
tt.func @reshape_3d(%a: tensor<8x64xf32>) -> tensor<2x4x64xf32> {
  %r = tt.reshape %a : tensor<8x64xf32> -> tensor<2x4x64xf32>
  tt.return %r : tensor<2x4x64xf32>
}

// 128 + 128 elements: the default layout of 256 already holds two
// registers per thread. 32 + 32: the default layout of 64 holds one, so
// sizePerThread doubles and the default comes back through a conversion.
// CHECK-LABEL: tt.func @cat
// CHECK-NEXT: tt.cat %{{.*}}, %{{.*}} : tensor<128xf32, #[[R512]]> -> tensor<256xf32, #[[R512]]>
// CHECK-NEXT: %[[D:.+]] = tt.cat %{{.*}}, %{{.*}} : tensor<32xf32, #[[R512]]> -> tensor<64xf32, #[[CAT64]]>
// CHECK-NEXT: ttg.convert_layout %[[D]] : tensor<64xf32, #[[CAT64]]> -> tensor<64xf32, #[[R512]]>
tt.func @cat(%a: tensor<128xf32>, %b: tensor<32xf32>) -> (tensor<256xf32>, tensor<64xf32>) {
  %c = tt.cat %a, %a : tensor<128xf32> -> tensor<256xf32>
  %d = tt.cat %b, %b : tensor<32xf32> -> tensor<64xf32>
  tt.return %c, %d : tensor<256xf32>, tensor<64xf32>
}

// Result dimensions (16, 4, 8) are operand dimensions (2, 0, 1).
// CHECK-LABEL: tt.func @trans_3d
// CHECK-NEXT: %[[T:.+]] = tt.trans %{{.*}} {order = array<i32: 2, 0, 1>} : tensor<4x8x16xf32, #[[T3D]]> -> tensor<16x4x8xf32, #[[T3DR]]>
// CHECK-NEXT: ttg.convert_layout %[[T]] : tensor<16x4x8xf32, #[[T3DR]]> -> tensor<16x4x8xf32, #[[T3DD]]>
tt.func @trans_3d(%a: tensor<4x8x16xf32>) -> tensor<16x4x8xf32> {
  %t = tt.trans %a {order = array<i32: 2, 0, 1>} : tensor<4x8x16xf32> -> tensor<16x4x8xf32>
  tt.return %t : tensor<16x4x8xf32>
}

// CHECK-LABEL: tt.func @unsplat
// CHECK-NEXT: tt.unsplat %{{.*}} : tensor<1x1xf32, #[[U]]>
tt.func @unsplat(%a: tensor<1x1xf32>) -> f32 {
  %s = tt.unsplat %a : tensor<1x1xf32>
  tt.return %s : f32
}

// -----

// A broadcast keeps its operand's layout (the default layouts of 128x1 and
// 128x32 differ); its users get the default layout back.
// CHECK-LABEL: tt.func @broadcast_keeps_operand_layout
// CHECK: %[[B:.*]] = tt.broadcast %{{.*}} : tensor<128x1xi32, #[[SRC:blocked[0-9]*]]> -> tensor<128x32xi32, #[[SRC]]>
// CHECK: ttg.convert_layout %[[B]] : tensor<128x32xi32, #[[SRC]]> -> tensor<128x32xi32, #{{blocked[0-9]*}}>
tt.func @broadcast_keeps_operand_layout(%x: tensor<128x1xi32>, %y: tensor<128x32xi32>) -> tensor<128x32xi32> {
  %b = tt.broadcast %x : tensor<128x1xi32> -> tensor<128x32xi32>
  %s = arith.addi %b, %y : tensor<128x32xi32>
  tt.return %s : tensor<128x32xi32>
}

// -----

// Atomics take the default layout for all their tensors; scalar atomics and
// the gpu.barrier of tl.debug_barrier() stay as they are.
// CHECK: #[[A:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @atomics
// CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %{{.+}}, %{{.+}}, %{{.+}} : (tensor<256x!tt.ptr<f32>, #[[A]]>, tensor<256xf32, #[[A]]>, tensor<256xi1, #[[A]]>) -> tensor<256xf32, #[[A]]>
// CHECK: tt.atomic_cas relaxed, cta, %{{.+}}, %{{.+}}, %{{.+}} : (tensor<256x!tt.ptr<i64>, #[[A]]>, tensor<256xi64, #[[A]]>, tensor<256xi64, #[[A]]>) -> tensor<256xi64, #[[A]]>
// CHECK: tt.atomic_cas acq_rel, gpu, %{{.+}}, %{{.+}}, %{{.+}} : (!tt.ptr<i32>, i32, i32) -> i32
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.atomic_rmw exch, release, sys, %{{.+}}, %{{.+}} : (!tt.ptr<i32>, i32) -> i32
tt.func @atomics(%p: tensor<256x!tt.ptr<f32>>, %v: tensor<256xf32>, %m: tensor<256xi1>,
                 %q: tensor<256x!tt.ptr<i64>>, %w: tensor<256xi64>, %l: !tt.ptr<i32>, %c: i32) -> tensor<256xf32> {
  %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xi1>) -> tensor<256xf32>
  %1 = tt.atomic_cas relaxed, cta, %q, %w, %w : (tensor<256x!tt.ptr<i64>>, tensor<256xi64>, tensor<256xi64>) -> tensor<256xi64>
  %2 = tt.atomic_cas acq_rel, gpu, %l, %c, %c : (!tt.ptr<i32>, i32, i32) -> i32
  gpu.barrier
  %3 = tt.atomic_rmw exch, release, sys, %l, %c : (!tt.ptr<i32>, i32) -> i32
  tt.return %0 : tensor<256xf32>
}

// -----

// A histogram's operands and result take the default layout of their
// shapes (Triton's generic conversion).
// CHECK: #[[H:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: tt.func @histogram
// CHECK: tt.histogram %{{.+}}, %{{.+}} : tensor<1024xi32, #[[H]]> -> tensor<64xi32, #[[H]]>
tt.func @histogram(%x: tensor<1024xi32>, %m: tensor<1024xi1>) -> tensor<64xi32> {
  %h = tt.histogram %x, %m : tensor<1024xi32> -> tensor<64xi32>
  tt.return %h : tensor<64xi32>
}

// -----

// A gather keeps the default layouts: the source that of its shape, the
// indices and the result (one shape) share theirs, as the verifier wants;
// no conversions.
// CHECK: #[[SRC:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
// CHECK: #[[IDX:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: tt.func @gather
// CHECK-NEXT: %[[G:.+]] = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<64x64xf32, #[[SRC]]>, tensor<32x16xi32, #[[IDX]]>) -> tensor<32x16xf32, #[[IDX]]>
// CHECK-NEXT: tt.return %[[G]] : tensor<32x16xf32, #[[IDX]]>
tt.func @gather(%src: tensor<64x64xf32>, %idx: tensor<32x16xi32>) -> tensor<32x16xf32> {
  %0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<64x64xf32>, tensor<32x16xi32>) -> tensor<32x16xf32>
  tt.return %0 : tensor<32x16xf32>
}

// -----

// TTIR may already carry ttg module attributes: the pass's options replace
// them (num-warps 4 by default here, not the 2 written).
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func @preset_attributes
// CHECK: tensor<128xf32, #{{.+}}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32} {
  tt.func @preset_attributes(%a: tensor<128xf32>) -> tensor<128xf32> {
    tt.return %a : tensor<128xf32>
  }
}

// -----

// TMA gather4/scatter4 read their row offsets four at a time: the offsets
// move to a slice of a layout that gives each thread four neighbours and
// every warp all of them.
// CHECK: #[[ROWS:.+]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-LABEL: tt.func @gather_scatter_rows
// CHECK: %[[G:.+]] = ttg.convert_layout %arg1 : tensor<32xi32, #{{.+}}> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[ROWS]]}>>
// CHECK: tt.descriptor_gather %arg0[%[[G]], %arg2]
// CHECK: %[[S:.+]] = ttg.convert_layout %arg1 : tensor<32xi32, #{{.+}}> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[ROWS]]}>>
// CHECK: tt.descriptor_scatter %arg0[%[[S]], %arg2]
// W8: #[[ROWS8:.+]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 8], order = [1, 0]}>
// W8-LABEL: tt.func @gather_scatter_rows
// W8: tensor<32xi32, #ttg.slice<{dim = 0, parent = #[[ROWS8]]}>>
tt.func @gather_scatter_rows(%desc: !tt.tensordesc<tensor<1x128xf32>>, %rows: tensor<32xi32>, %col: i32) {
  %0 = tt.descriptor_gather %desc[%rows, %col] : (!tt.tensordesc<tensor<1x128xf32>>, tensor<32xi32>, i32) -> tensor<32x128xf32>
  tt.descriptor_scatter %desc[%rows, %col], %0 : !tt.tensordesc<tensor<1x128xf32>>, tensor<32xi32>, i32, tensor<32x128xf32>
  tt.return
}

// -----

// tt.map_elementwise keeps one layout for its operands and results (the
// default of their shape); its body stays scalar. Likewise the operands
// and result of tt.dot_scaled get default layouts, with no conversions:
// accelerate-matmul decomposes it later.
// CHECK-LABEL: tt.func @map_elementwise
// CHECK: "tt.map_elementwise"(%arg0, %arg1) <{pack = 2 : i32}> ({
// CHECK: ^bb0(%{{.+}}: f32, %{{.+}}: f32, %{{.+}}: i32, %{{.+}}: i32):
// CHECK: }) : (tensor<256xf32, #[[B:blocked[0-9]*]]>, tensor<256xi32, #[[B]]>) -> (tensor<256xf32, #[[B]]>, tensor<256xi32, #[[B]]>)
// CHECK-LABEL: tt.func @dot_scaled
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.dot_scaled %arg0 scale %arg1, %arg2, %arg3 lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<32x16xi8, #{{.+}}>, tensor<32x1xi8, #{{.+}}> * tensor<32x32xbf16, #[[B2:blocked[0-9]*]]> -> tensor<32x32xf32, #[[B2]]>
module {
  tt.func @map_elementwise(%x: tensor<256xf32>, %y: tensor<256xi32>) -> tensor<256xf32> {
    %r:2 = "tt.map_elementwise"(%x, %y) <{pack = 2 : i32}> ({
    ^bb0(%a0: f32, %a1: f32, %b0: i32, %b1: i32):
      tt.map_elementwise.return %a1, %a0, %b1, %b0 : f32, f32, i32, i32
    }) : (tensor<256xf32>, tensor<256xi32>) -> (tensor<256xf32>, tensor<256xi32>)
    tt.return %r#0 : tensor<256xf32>
  }
  tt.func @dot_scaled(%a: tensor<32x16xi8>, %sa: tensor<32x1xi8>, %b: tensor<32x32xbf16>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %d = tt.dot_scaled %a scale %sa, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<32x16xi8>, tensor<32x1xi8> * tensor<32x32xbf16> -> tensor<32x32xf32>
    tt.return %d : tensor<32x32xf32>
  }
}
